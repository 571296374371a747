// The package ships its config as plain JavaScript: this is its shape, as Stylelint types a config.
declare module "stylelint-config-recommended" {
  const config: import("stylelint").Config
  export default config
}

// eslint-plugin-security ships no types; it is an ESLint plugin object (its rules and its meta).
declare module "eslint-plugin-security" {
  import type { ESLint } from "eslint"
  const plugin: ESLint.Plugin & { readonly meta: { readonly name: string; readonly version: string } }
  export default plugin
}

// postcss-less ships no types: it is a PostCSS syntax (`parse` and `stringify`), as Stylelint takes one.
declare module "postcss-less" {
  const syntax: Exclude<import("stylelint").CustomSyntax, string>
  export default syntax
}

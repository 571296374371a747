import type { StylelintSyntax } from "@tidemark/catalogue/StylelintSyntaxes"
import postcssLess from "postcss-less"
import postcssScss from "postcss-scss"
import type { CustomSyntax } from "stylelint"
import { languageOfPath } from "../Language.js"
import { looksMinified } from "../ScriptFiles.js"
import type { SourceFile } from "../SourceTree.js"

/**
 * The stylesheets Stylelint reads: `.css`, `.scss` and `.less` files, each parsed with its own
 * syntax (postcss-scss, postcss-less). An indented `.sass` file needs a parser Tidemark does not
 * ship: it is counted in no language and not linted. A build's output is not the team's
 * stylesheet, and its issues are the build's (fallbacks and prefixes a PostCSS preset adds, a
 * selector Sass writes once per partial): a `*.min.css` is ignored by name already
 * (DefaultIgnores.ts); minified CSS otherwise named, CSS that ends with the source map comment a
 * compiler writes, and CSS beside its own minified copy are left out here.
 */

/** The syntax of a stylesheet by its extension, as the line counts name it; undefined for any other file. */
export const stylesheetSyntaxOf = (path: string): StylelintSyntax | undefined => {
  const language = languageOfPath(path)
  return language === "CSS" || language === "SCSS" || language === "LESS" ? language : undefined
}

// `/*# sourceMappingURL=bulma.css.map */`, the last thing Sass, Less and PostCSS write.
const sourceMapComment = /\/\*# sourceMappingURL=\S+ *\*\/\s*$/

/** A build's output by its content: minified, or ending with a source map comment. */
export const looksBuilt = (content: string): boolean => looksMinified(content) || sourceMapComment.test(content)

export const takesStylesheet = (file: SourceFile): boolean => stylesheetSyntaxOf(file.path) !== undefined && !looksBuilt(file.content)

/** The minified copy a build writes beside a stylesheet (`css/site.css` → `css/site.min.css`); none for SCSS and Less. */
export const minifiedCopyOf = (path: string): string | undefined =>
  path.toLowerCase().endsWith(".css") ? `${path.slice(0, -".css".length)}.min.css` : undefined

/**
 * The PostCSS parser of each syntax (Stylelint's own for CSS). A file is parsed by its extension
 * whatever a configuration's `customSyntax` says: Tidemark ships these parsers only.
 */
export const customSyntaxOf = (syntax: StylelintSyntax): CustomSyntax | undefined =>
  syntax === "SCSS" ? postcssScss : syntax === "LESS" ? postcssLess : undefined

/** The packages a repository's `customSyntax` may name that are the parsers above. */
export const shippedSyntaxes: ReadonlySet<string> = new Set(["postcss-scss", "postcss-less"])

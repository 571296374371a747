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
 * ship: it is counted in no language and not linted. Minified CSS (most of its characters on lines
 * of a thousand or more) is a build's output, not the team's: a `*.min.css` is ignored by name
 * already (DefaultIgnores.ts), one that is not so named is left out here.
 */

/** The syntax of a stylesheet by its extension, as the line counts name it; undefined for any other file. */
export const stylesheetSyntaxOf = (path: string): StylelintSyntax | undefined => {
  const language = languageOfPath(path)
  return language === "CSS" || language === "SCSS" || language === "LESS" ? language : undefined
}

export const takesStylesheet = (file: SourceFile): boolean =>
  stylesheetSyntaxOf(file.path) !== undefined && !looksMinified(file.content)

/**
 * The PostCSS parser of each syntax (Stylelint's own for CSS). A file is parsed by its extension
 * whatever a configuration's `customSyntax` says: Tidemark ships these parsers only.
 */
export const customSyntaxOf = (syntax: StylelintSyntax): CustomSyntax | undefined =>
  syntax === "SCSS" ? postcssScss : syntax === "LESS" ? postcssLess : undefined

/** The packages a repository's `customSyntax` may name that are the parsers above. */
export const shippedSyntaxes: ReadonlySet<string> = new Set(["postcss-scss", "postcss-less"])

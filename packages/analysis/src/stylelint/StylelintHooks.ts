import type { Issue } from "../LintResult.js"
import type { SourceFile } from "../SourceTree.js"
import { stylesheetSyntaxOf } from "./StylelintFiles.js"

/**
 * Empty blocks that do something in SCSS and Less: a mixin with nothing in it is a hook, which the
 * stylesheet includes where a theme may add declarations (`@mixin hook-button() {}`, Less's
 * `.hook-button() {}`: UIkit has some two thousand), and a Less selector that `:extend`s another
 * says everything in its head (`.card:extend(.uk-light all) when (@mode = light) {}`). Removing
 * either, as `block-no-empty` asks, breaks every call of the hook or the extension. With the
 * default patterns such a report is left out; a repository's own configuration decides for itself.
 */

// The head of the block on the reported line: Sass's `@mixin name(...)`; Less's mixin definition
// (a class or id selector with parentheses, and an optional guard) or a selector with `:extend(`.
const scssMixin = /^\s*@mixin\b/
const lessMixin = /^\s*[.#][\w-]+\s*\([^)]*\)\s*(?:when\b[^{]*)?\{/
const lessExtend = /:extend\(/

const isEmptyOnPurpose = (file: SourceFile, line: number): boolean => {
  const syntax = stylesheetSyntaxOf(file.path)
  const text = file.content.split(/\r?\n/, line)[line - 1] ?? ""
  return (syntax === "SCSS" && scssMixin.test(text)) || (syntax === "LESS" && (lessMixin.test(text) || lessExtend.test(text)))
}

export const withoutEmptyHooks = (issues: ReadonlyArray<Issue>, files: ReadonlyArray<SourceFile>, patternPrefix: string): ReadonlyArray<Issue> => {
  const byPath = new Map(files.map((file) => [file.path, file]))
  const blockNoEmpty = `${patternPrefix}block-no-empty`
  return issues.filter((issue) => {
    const file = byPath.get(issue.file)
    return issue.patternId !== blockNoEmpty || file === undefined || !isEmptyOnPurpose(file, issue.line)
  })
}

import { describe, expect, it } from "vitest"
import { Issue } from "../../src/LintResult.js"
import { withoutEmptyHooks } from "../../src/stylelint/StylelintHooks.js"
import { filesOf } from "./StylelintFixture.js"

const issue = (file: string, line: number, patternId = "Stylelint_block-no-empty") =>
  new Issue({ patternId, file, line, message: "Empty block", severity: "Warning" })

describe("withoutEmptyHooks", () => {
  it("leaves out empty SCSS mixins, Less mixins and Less extensions, and keeps every other empty block", () => {
    const files = filesOf({
      "a.scss": "@mixin hook-button() {}\n.card {}\n",
      "b.less": ".hook-button() {}\n.card:extend(.uk-light all) when (@mode = light) {}\n.card {}\n.guarded(@a) when (@a > 0) {}\n",
      "c.css": "@mixin x {}\n"
    })
    const issues = [issue("a.scss", 1), issue("a.scss", 2), issue("b.less", 1), issue("b.less", 2), issue("b.less", 3), issue("b.less", 4), issue("c.css", 1)]
    expect(withoutEmptyHooks(issues, files, "Stylelint_").map((kept) => [kept.file, kept.line])).toEqual([
      ["a.scss", 2],
      ["b.less", 3],
      ["c.css", 1]
    ])
  })

  it("keeps the issues of other rules on those lines", () => {
    const files = filesOf({ "a.scss": "@mixin hook() {}\n" })
    const other = issue("a.scss", 1, "Stylelint_comment-no-empty")
    expect(withoutEmptyHooks([other], files, "Stylelint_")).toEqual([other])
  })
})

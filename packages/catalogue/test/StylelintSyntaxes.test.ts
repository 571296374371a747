import { describe, expect, it } from "vitest"
import { stylelintCssOnlyRules, stylelintRunsOn, stylelintSecondaryOptionsFor } from "../src/StylelintSyntaxes.js"

describe("StylelintSyntaxes", () => {
  it("runs every rule on CSS, and on SCSS and Less all but the CSS-only ones and those their configs turn off", () => {
    for (const rule of stylelintCssOnlyRules) {
      expect([rule, stylelintRunsOn(rule, "CSS"), stylelintRunsOn(rule, "SCSS"), stylelintRunsOn(rule, "LESS")]).toEqual([rule, true, false, false])
    }
    expect(stylelintRunsOn("at-rule-no-unknown", "SCSS")).toBe(false)
    expect(stylelintRunsOn("at-rule-no-unknown", "LESS")).toBe(false)
    expect(stylelintRunsOn("annotation-no-unknown", "SCSS")).toBe(false)
    expect(stylelintRunsOn("annotation-no-unknown", "LESS")).toBe(true)
    expect(stylelintRunsOn("block-no-empty", "SCSS")).toBe(true)
    // `//` is a comment in both.
    expect(stylelintRunsOn("no-invalid-double-slash-comments", "SCSS")).toBe(false)
    expect(stylelintRunsOn("no-invalid-double-slash-comments", "LESS")).toBe(false)
    expect(stylelintRunsOn("no-invalid-double-slash-comments", "CSS")).toBe(true)
    // Sass and Less import a partial wherever the `@import` stands.
    expect(stylelintRunsOn("no-invalid-position-at-import-rule", "SCSS")).toBe(false)
    expect(stylelintRunsOn("no-invalid-position-at-import-rule", "LESS")).toBe(false)
  })

  it("adds Sass's at-rules where stylelint-config-recommended-scss does, and nothing for CSS and Less", () => {
    expect(stylelintSecondaryOptionsFor.SCSS["no-invalid-position-declaration"]).toEqual({ ignoreAtRules: ["mixin"] })
    expect(stylelintSecondaryOptionsFor.CSS).toEqual({})
    expect(stylelintSecondaryOptionsFor.LESS).toEqual({})
  })
})

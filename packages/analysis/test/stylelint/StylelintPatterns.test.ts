import { describe, expect, it } from "vitest"
import { optionValue, patternConfigs, settingOf } from "../../src/stylelint/StylelintPatterns.js"
import { stylelintRule } from "./StylelintFixture.js"

const known = new Set(["block-no-empty", "at-rule-no-unknown", "no-invalid-position-declaration", "color-hex-length", "no-duplicate-selectors"])

describe("StylelintPatterns", () => {
  it("reads a parameter as JSON where it is JSON, else as the text", () => {
    expect(optionValue("3")).toBe(3)
    expect(optionValue(`["a", "/b/"]`)).toEqual(["a", "/b/"])
    expect(optionValue("always")).toBe("always")
    expect(optionValue("^[a-z]+$")).toBe("^[a-z]+$")
  })

  it("makes a rule's setting of its parameters: `true` without a primary option, `[primary, secondary]` with secondary ones", () => {
    expect(settingOf(stylelintRule("block-no-empty", "Warning"))).toBe(true)
    expect(settingOf(stylelintRule("block-no-empty", "Warning", { ignore: "" }))).toBe(true)
    expect(settingOf(stylelintRule("color-hex-length", "Info", { unnamedParam: "long" }))).toBe("long")
    expect(settingOf(stylelintRule("block-no-empty", "Warning", { ignore: `["comments"]` }))).toEqual([true, { ignore: ["comments"] }])
    expect(settingOf(stylelintRule("no-invalid-position-declaration", "Error", { ignoreAtRules: `["include"]` }), { ignoreAtRules: ["mixin"] }))
      .toEqual([true, { ignoreAtRules: ["include", "mixin"] }])
  })

  it("runs each rule on the syntaxes it applies to, with the options a syntax adds, and skips rules Stylelint does not have", () => {
    const rules = [
      stylelintRule("block-no-empty", "Warning"),
      stylelintRule("at-rule-no-unknown", "Error"),
      stylelintRule("no-duplicate-selectors", "Warning"),
      stylelintRule("no-invalid-position-declaration", "Error"),
      stylelintRule("indentation", "Info")
    ]
    const configs = patternConfigs(rules, known)
    expect(Object.keys(configs.configOf("CSS").rules)).toEqual(["block-no-empty", "at-rule-no-unknown", "no-duplicate-selectors", "no-invalid-position-declaration"])
    expect(configs.configOf("SCSS").rules).toEqual({ "block-no-empty": true, "no-invalid-position-declaration": [true, { ignoreAtRules: ["mixin"] }] })
    expect(configs.configOf("LESS").rules).toEqual({ "block-no-empty": true, "no-invalid-position-declaration": true })
    expect(configs.skipped.map((rule) => [rule.patternId, rule.reason])).toEqual([["Stylelint_indentation", "UnknownRule"]])
  })
})

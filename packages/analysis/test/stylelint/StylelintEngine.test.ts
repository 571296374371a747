import postcssScss from "postcss-scss"
import { describe, expect, it } from "vitest"
import { lintStylesheet, rejectedRules, stylelintRuleNames, stylelintVersion } from "../../src/stylelint/StylelintEngine.js"

describe("StylelintEngine", () => {
  it("knows the installed Stylelint's version and rules", () => {
    expect(stylelintVersion).toMatch(/^17\./)
    expect(stylelintRuleNames().has("block-no-empty")).toBe(true)
    expect(stylelintRuleNames().has("indentation")).toBe(false)
  })

  it("gives a text's warnings by position, without the rule's name at their end", async () => {
    const messages = await lintStylesheet("p { colr: red; }\ndiv {}\n", { rules: { "block-no-empty": true, "property-no-unknown": true } }, undefined)
    expect(messages).toEqual([
      { ruleId: "property-no-unknown", line: 1, message: `Unknown property "colr"` },
      { ruleId: "block-no-empty", line: 2, message: "Empty block" }
    ])
  })

  it("gives a text PostCSS cannot parse as one fatal message, and parses with the syntax it is given", async () => {
    expect(await lintStylesheet("a { color: red;\n", { rules: { "block-no-empty": true } }, undefined)).toEqual([
      { ruleId: null, line: 1, message: "Syntax error: Unclosed block", fatal: true }
    ])
    expect(await lintStylesheet("// a comment\n$x: 1;\n", { rules: { "block-no-empty": true } }, postcssScss)).toEqual([])
  })

  it("names the rules whose settings Stylelint rejects", async () => {
    const rejected = await rejectedRules({ rules: { "block-no-empty": true, "color-hex-length": "shrt", "max-nesting-depth": true } }, undefined)
    expect(rejected).toEqual([
      { rule: "color-hex-length", reason: `Invalid option value "shrt" for rule "color-hex-length"` },
      { rule: "max-nesting-depth", reason: `Invalid option value "true" for rule "max-nesting-depth"` }
    ])
  })
})

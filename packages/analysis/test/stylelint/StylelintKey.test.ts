import { describe, expect, it } from "vitest"
import { canonicalJson } from "../../src/CanonicalJson.js"
import { stylelintLintKey } from "../../src/stylelint/StylelintKey.js"

describe("stylelintLintKey", () => {
  it("changes with Stylelint's version, the config, the syntax, the path and the content", () => {
    const config = canonicalJson({ rules: { "block-no-empty": true } })
    const key = stylelintLintKey("17.16.0", config, "CSS", "a.css", "a {}")
    expect(stylelintLintKey("17.16.0", canonicalJson({ rules: { "block-no-empty": true } }), "CSS", "a.css", "a {}")).toBe(key)
    expect(stylelintLintKey("17.17.0", config, "CSS", "a.css", "a {}")).not.toBe(key)
    expect(stylelintLintKey("17.16.0", canonicalJson({ rules: { "block-no-empty": [true, { ignore: ["comments"] }] } }), "CSS", "a.css", "a {}")).not.toBe(key)
    expect(stylelintLintKey("17.16.0", config, "SCSS", "a.css", "a {}")).not.toBe(key)
    expect(stylelintLintKey("17.16.0", config, "CSS", "b.css", "a {}")).not.toBe(key)
    expect(stylelintLintKey("17.16.0", config, "CSS", "a.css", "b {}")).not.toBe(key)
  })
})

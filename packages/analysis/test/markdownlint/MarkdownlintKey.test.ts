import { describe, expect, it } from "@effect/vitest"
import { canonicalJson } from "../../src/CanonicalJson.js"
import { markdownlintLintKey } from "../../src/markdownlint/MarkdownlintKey.js"

describe("markdownlintLintKey", () => {
  it("changes with markdownlint's version, the configuration, the path and the content", () => {
    const configuration = canonicalJson({ default: false, MD051: true })
    const key = markdownlintLintKey("0.40.0", configuration, "README.md", "# Title\n")
    expect(markdownlintLintKey("0.40.0", canonicalJson({ MD051: true, default: false }), "README.md", "# Title\n")).toBe(key)
    expect(markdownlintLintKey("0.39.0", configuration, "README.md", "# Title\n")).not.toBe(key)
    expect(markdownlintLintKey("0.40.0", canonicalJson({ default: false, MD051: { ignore_case: true } }), "README.md", "# Title\n")).not.toBe(key)
    expect(markdownlintLintKey("0.40.0", configuration, "docs/README.md", "# Title\n")).not.toBe(key)
    expect(markdownlintLintKey("0.40.0", configuration, "README.md", "# Other\n")).not.toBe(key)
  })
})

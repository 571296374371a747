import { describe, expect, it } from "vitest"
import { parseRuleReadme, parseRulesIndex, ruleDocsOf, StylelintDocsGap } from "../scripts/StylelintDocs.js"

/** Trimmed copies of the shapes Stylelint's docs have: the rules index and two READMEs. */
const index = `# Rules

## Avoid errors

### Empty

<!-- prettier-ignore-start -->
| | | |
| :-- | :-: | :-: |
| [\`block-no-empty\`](../../lib/rules/block-no-empty/README.md)<br/>Disallow empty blocks. | ✅ | |
<!-- prettier-ignore-end -->

## Enforce conventions

### Notation

| [\`color-hex-length\`](../../lib/rules/color-hex-length/README.md)<br/>Specify short or long notation for hex colors. | ✅ | 🔧 |
`

const blockNoEmpty = `# block-no-empty

Disallow empty blocks.

<!-- prettier-ignore -->
\`\`\`css
 a { }
/** ↑
 * Blocks like this */
\`\`\`

This rule doesn't have any [message arguments](../../../docs/user-guide/configure.md#message).

This rule ignores:

- blocks of [at-rules](https://example.org)
- comments

> [!WARNING]
> This rule is only appropriate for CSS. You should not turn it on for CSS-like languages, such as SCSS or Less.

## Options

### \`true\`

\`\`\`json
{ "block-no-empty": true }
\`\`\`

\`\`\`css
### a heading in a code block is CSS
\`\`\`

## Optional secondary options

### \`ignore\`

\`\`\`json
{
  "ignore": ["array", "of", "options"]
}
\`\`\`

#### \`"comments"\`

\`\`\`json
{ "other": true }
\`\`\`

### \`ignoreAtRules\`

\`\`\`json
{ "ignoreAtRules": ["array", "of", "at-rules", "/regex/"] }
\`\`\`

## Examples

\`\`\`json
{ "late": true }
\`\`\`
`

const colorHexLength = `# color-hex-length

Specify short or long notation for hex colors.

The [\`fix\` option](../../../docs/user-guide/options.md#fix) can automatically fix all of the problems reported by this rule.

## Options

### \`"short"\`

### \`"long"\`
`

describe("parseRulesIndex", () => {
  it("reads each rule's part, family and summary, links and markers left out", () => {
    expect([...parseRulesIndex(index)]).toEqual([
      ["block-no-empty", { part: "Avoid errors", family: "Empty", summary: "Disallow empty blocks." }],
      ["color-hex-length", { part: "Enforce conventions", family: "Notation", summary: "Specify short or long notation for hex colors." }]
    ])
  })
})

describe("parseRuleReadme", () => {
  it("keeps the prose before the first section, with lists one item a line, and without the docs' boilerplate", () => {
    const facts = parseRuleReadme(blockNoEmpty)
    expect(facts.description).toBe("Disallow empty blocks.\n\nThis rule ignores:\n- blocks of at-rules\n- comments")
    expect(parseRuleReadme(colorHexLength).description).toBe("Specify short or long notation for hex colors.")
  })

  it("reads the primary options' headings, the secondary options with their values and their first shape, not headings in code", () => {
    const facts = parseRuleReadme(blockNoEmpty)
    expect(facts.primaryOptions).toEqual(["true"])
    expect(facts.secondaryOptions.map((option) => ({ ...option }))).toEqual([
      { name: "ignore", values: ["comments"], example: `{ "ignore": ["array", "of", "options"] }` },
      { name: "ignoreAtRules", values: [], example: `{ "ignoreAtRules": ["array", "of", "at-rules", "/regex/"] }` }
    ])
    expect(parseRuleReadme(colorHexLength).primaryOptions).toEqual([`"short"`, `"long"`])
  })

  it("tells a rule Stylelint says is only for CSS", () => {
    expect(parseRuleReadme(blockNoEmpty).cssOnly).toBe(true)
    expect(parseRuleReadme(colorHexLength).cssOnly).toBe(false)
  })
})

describe("ruleDocsOf", () => {
  it("joins the index and the READMEs, by rule name", () => {
    const readmes: Readonly<Record<string, string>> = { "block-no-empty": blockNoEmpty, "color-hex-length": colorHexLength }
    const docs = ruleDocsOf(index, (rule) => readmes[rule])
    expect(docs.map((doc) => [doc.rule, doc.family, doc.primaryOptions.length, doc.cssOnly])).toEqual([
      ["block-no-empty", "Empty", 1, true],
      ["color-hex-length", "Notation", 2, false]
    ])
  })

  it("stops when the index lists a rule without a README", () => {
    expect(() => ruleDocsOf(index, (rule) => (rule === "block-no-empty" ? blockNoEmpty : undefined))).toThrow(StylelintDocsGap)
  })
})

import type { Pattern, ToolDefinitions } from "@tidemark/core"
import { describe, expect, it } from "vitest"
import { markdownlintDataFiles, ruleDescription, ruleRationale } from "../scripts/MarkdownlintCatalogue.js"
import {
  classifiedRules,
  markdownlintCategory,
  markdownlintOffByDefault,
  markdownlintParameterDefaults,
  markdownlintSeverity
} from "../scripts/MarkdownlintClassification.js"
import { installedMarkdownlintRules } from "../scripts/MarkdownlintRules.js"
import { catalogue } from "../src/index.js"

const installed = await installedMarkdownlintRules()

const tool = (): ToolDefinitions.ToolDefinition => {
  const found = catalogue.find((candidate) => candidate.name === "markdownlint")
  if (found === undefined) throw new Error("markdownlint missing from the catalogue")
  return found
}
const patterns = tool().patterns
const ruleIdOf = (patternId: string): string => patternId.slice("markdownlint_".length)
const definition = (id: string): Pattern.PatternDefinition => {
  const found = patterns.find((p) => p.definition.id === `markdownlint_${id}`)
  if (found === undefined) throw new Error(`markdownlint_${id} missing`)
  return found.definition
}
const ruleIds = installed.rules.map((rule) => rule.id)

describe("the markdownlint tool", () => {
  it("is a server-side Markdown tool on by default, at the installed markdownlint's version", () => {
    expect(tool()).toMatchObject({
      uuid: "547ff16b-d57c-4d75-8067-5ccf3ea88a00",
      name: "markdownlint",
      patternPrefix: "markdownlint_",
      family: "markdownlint",
      isClientSide: false,
      languages: ["Markdown"],
      enabledByDefault: true,
      version: installed.version
    })
    // The data files are followed by default; the JavaScript ones are found, never run.
    expect(tool().configurationFiles).toEqual([...markdownlintDataFiles, ".markdownlint.cjs", ".markdownlint.mjs"])
    expect(tool().readableConfigurationFiles).toEqual([".markdownlint.jsonc", ".markdownlint.json", ".markdownlint.yaml", ".markdownlint.yml", ".markdownlintrc"])
  })

  it("has a pattern per rule of the installed markdownlint, named by its MD code, with its description and page", () => {
    expect(ruleIds.length).toBeGreaterThan(50)
    expect(patterns.map((p) => ruleIdOf(p.definition.id))).toEqual([...ruleIds].sort())
    for (const rule of installed.rules) {
      const d = definition(rule.id)
      expect([rule.id, d.title]).toEqual([rule.id, rule.description])
      expect(d.explanation).toBe(`See https://github.com/DavidAnson/markdownlint/blob/v${installed.version}/doc/${rule.id.toLowerCase()}.md`)
      expect(d.description?.length ?? 0).toBeGreaterThan(20)
      expect(d.languages).toEqual(["Markdown"])
      expect(d.tags).toEqual([...rule.aliases, ...rule.tags])
    }
    expect(definition("MD051")).toMatchObject({
      title: "Link fragments should be valid",
      tags: ["link-fragments", "links"]
    })
  })

  it("takes each rule's options as parameters at markdownlint's defaults, but for the documented ones", () => {
    for (const rule of installed.rules) {
      const own = markdownlintParameterDefaults.get(rule.id)
      const parameters = definition(rule.id).parameters
      expect([rule.id, parameters.map((p) => p.name)]).toEqual([rule.id, rule.options.map((option) => option.name)])
      for (const option of rule.options) {
        const expected = own?.get(option.name) ??
          (typeof option.default === "string" ? option.default : JSON.stringify(option.default))
        expect([rule.id, option.name, parameters.find((p) => p.name === option.name)?.default]).toEqual([rule.id, option.name, expected])
      }
    }
    expect(definition("MD013").parameters.map((p) => [p.name, p.default]).slice(0, 3)).toEqual([
      ["line_length", "80"],
      ["heading_line_length", ""],
      ["code_block_line_length", ""]
    ])
    expect(definition("MD024").parameters).toEqual([expect.objectContaining({ name: "siblings_only", default: "true" })])
    // Every documented default is an option its rule has.
    for (const [id, options] of markdownlintParameterDefaults) {
      const rule = installed.rules.find((candidate) => candidate.id === id)
      expect([...options.keys()].filter((name) => !rule?.options.some((option) => option.name === name))).toEqual([])
    }
  })
})

describe("markdownlint's default patterns", () => {
  it("are markdownlint's defaults (every rule) but the documented ones", () => {
    expect([...markdownlintOffByDefault.keys()].filter((id) => !ruleIds.includes(id))).toEqual([])
    for (const { definition: d, recommended } of patterns) {
      expect(recommended).toBe(true)
      expect([d.id, d.enabled]).toEqual([d.id, !markdownlintOffByDefault.has(ruleIdOf(d.id))])
    }
    expect(definition("MD013").enabled).toBe(false)
    expect([...markdownlintOffByDefault.values()].every((reason) => reason.length > 20)).toBe(true)
  })

  it("are those of broken rendering, links, accessibility and unused definitions", () => {
    const enabled = patterns.filter((p) => p.definition.enabled).map((p) => ruleIdOf(p.definition.id))
    expect(enabled).toEqual(["MD011", "MD018", "MD020", "MD023", "MD024", "MD037", "MD042", "MD045", "MD051", "MD052", "MD053", "MD056", "MD059"])
    expect(patterns.filter((p) => p.definition.enabled).map((p) => p.definition.category)).not.toContain("CodeStyle")
  })
})

describe("markdownlint categories and severities", () => {
  it("come from the documented lists, a wrong rendering a Warning and the rest Info", () => {
    expect(classifiedRules.filter((id) => !ruleIds.includes(id))).toEqual([])
    for (const { definition: d } of patterns) {
      expect([d.id, d.category]).toEqual([d.id, markdownlintCategory(ruleIdOf(d.id))])
      expect([d.id, d.severityLevel]).toEqual([d.id, markdownlintSeverity(d.category)])
      expect(d.level).toBe(d.severityLevel)
      expect(d.severityLevel === "Warning").toBe(d.category === "ErrorProne")
    }
    const expected: ReadonlyArray<readonly [string, string, string]> = [
      ["MD042", "ErrorProne", "Warning"],
      ["MD051", "ErrorProne", "Warning"],
      ["MD052", "ErrorProne", "Warning"],
      ["MD018", "ErrorProne", "Warning"],
      ["MD045", "BestPractice", "Info"],
      ["MD053", "UnusedCode", "Info"],
      ["MD009", "CodeStyle", "Info"],
      ["MD013", "CodeStyle", "Info"],
      ["MD032", "CodeStyle", "Info"]
    ]
    expect(expected.map(([id]) => [id, definition(id).category, definition(id).severityLevel])).toEqual(expected)
  })
})

describe("a rule's page as its description", () => {
  const page = [
    "# `MD999` - Something",
    "",
    "Tags: `links`",
    "",
    "Aliases: `something`",
    "",
    "Parameters:",
    "",
    "- `option`: An option (`boolean`, default",
    "  `false`)",
    "",
    "Reference links are links whose destination is defined elsewhere.",
    "",
    "This rule is triggered when a [link](https://example.com) uses `[x]`,",
    "for example:",
    "",
    "```markdown",
    "[x][y]",
    "```",
    "",
    "Rationale: Such links are",
    "shown as text.",
    ""
  ].join("\n")

  it("is the first paragraph of prose about the rule, its links as their text", () => {
    expect(ruleDescription(page)).toBe("This rule is triggered when a link uses `[x]`.")
    expect(ruleRationale(page)).toBe("Such links are shown as text.")
    expect(ruleRationale("# `MD999` - Something\n\nThis rule is triggered.\n")).toBeUndefined()
  })
})

import { getVersion } from "markdownlint"
import { lint } from "markdownlint/sync"
import { describe, expect, it } from "vitest"
import { installedMarkdownlintRules } from "../scripts/MarkdownlintRules.js"

const installed = await installedMarkdownlintRules()
const rule = (id: string) => {
  const found = installed.rules.find((candidate) => candidate.id === id)
  if (found === undefined) throw new Error(`${id} missing`)
  return found
}

describe("installedMarkdownlintRules", () => {
  it("reads the rules the installed markdownlint runs, with their names, tags and pages", () => {
    expect(installed.version).toBe(getVersion())
    expect(rule("MD001")).toMatchObject({
      aliases: ["heading-increment"],
      description: "Heading levels should only increment by one level at a time",
      tags: ["headings"],
      information: `https://github.com/DavidAnson/markdownlint/blob/v${getVersion()}/doc/md001.md`
    })
    expect(rule("MD025").aliases).toEqual(["single-title", "single-h1"])
    expect(rule("MD001").documentation).toMatch(/^# `MD001` - /)
    // The same rules as those markdownlint reports by: each one's names, as a finding gives them.
    const found = lint({ strings: { "a.md": "#Heading\n\n[text]()\n" }, config: { default: true } })["a.md"] ?? []
    for (const error of found) expect(installed.rules.map((r) => [r.id, ...r.aliases])).toContainEqual(error.ruleNames)
    expect(found.length).toBeGreaterThan(1)
  })

  it("reads each rule's options from the configuration schema, without enabled and severity", () => {
    expect(rule("MD013").options.slice(0, 2)).toEqual([
      { name: "line_length", description: "Number of characters", default: 80 },
      { name: "heading_line_length", description: "Number of characters for headings", default: 80 }
    ])
    expect(rule("MD011").options).toEqual([])
    expect(installed.rules.flatMap((r) => r.options.map((option) => option.name))).not.toContain("severity")
  })
})

import { spawnSync } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { ToolDefinitions } from "@tidemark/core"
import { describe, expect, it } from "vitest"
import { toYamllintTool, yamllintOnByDefault, yamllintRelease, YamllintReleaseMismatch, yamllintTool } from "../scripts/YamllintCatalogue.js"
import { committedRuleList, installedRuleList, readRuleList } from "../scripts/YamllintRules.js"
import { catalogue } from "../src/index.js"

/**
 * The yamllint tool against yamllint itself: the committed listing is the installed yamllint's
 * (Debian's, the release Tidemark runs; `scripts/test-tools.sh` installs it), and what it reports
 * with its own defaults is among the catalogue's patterns.
 */

const yamllint = (): ToolDefinitions.ToolDefinition => {
  const found = catalogue.find((tool) => tool.name === "yamllint")
  if (found === undefined) throw new Error("yamllint missing from the catalogue")
  return found
}
const patterns = yamllint().patterns
const byRule = new Map(patterns.map((p) => [p.definition.id.slice("yamllint_".length), p]))
const definitionOf = (rule: string) => {
  const found = byRule.get(rule)
  if (found === undefined) throw new Error(`no pattern yamllint_${rule}`)
  return found
}

/** The rules the installed yamllint reports on one file with its default configuration. */
const report = (yaml: string): ReadonlyArray<string> => {
  const folder = mkdtempSync(join(tmpdir(), "tidemark-yamllint-catalogue-"))
  writeFileSync(join(folder, "a.yaml"), yaml)
  const run = spawnSync("yamllint", ["-f", "parsable", "-d", "extends: default", "a.yaml"], { cwd: folder, encoding: "utf8", env: { PATH: process.env["PATH"] ?? "", HOME: folder } })
  return Array.from(run.stdout.matchAll(/\(([a-z-]+)\)$/gm), (match) => match[1] ?? "")
}

describe("the yamllint tool", () => {
  it("is a server-side YAML tool, on by default, at Debian's yamllint, reading its three configuration names as data", () => {
    const { patterns: _patterns, ...head } = yamllint()
    expect(head).toEqual({ ...yamllintTool, version: yamllintRelease })
    expect([head.patternPrefix, head.languages, head.readableConfigurationFiles]).toEqual(["yamllint_", ["YAML"], [".yamllint", ".yamllint.yaml", ".yamllint.yml"]])
  })

  it("is generated from the installed yamllint's own rules, with a pattern for its syntax error", () => {
    expect(installedRuleList()).toBe(committedRuleList())
    const listed = readRuleList(committedRuleList())
    expect(listed.version).toBe(yamllintRelease)
    expect(listed.rules.length).toBe(22)
    expect(patterns.length).toBe(23)
    expect(() => toYamllintTool({ ...listed, version: "1.35.1" })).toThrow(YamllintReleaseMismatch)
    expect(definitionOf("key-duplicates").definition.title).toBe("Use this rule to prevent multiple entries with the same key in mappings.")
  })

  it("has every rule the installed yamllint reports, the syntax error included", () => {
    expect(report("a: yes\na: 1\nb:   2  \n")).toEqual(["document-start", "truthy", "key-duplicates", "colons", "trailing-spaces"])
    expect(report("---\na: [1\n")).toEqual(["syntax"])
    for (const rule of [...report("a: yes\na: 1\nb:   2  \n"), "syntax"]) expect(byRule.has(rule), rule).toBe(true)
  })

  it("counts a lost or misread value ErrorProne and the way a file is written CodeStyle, on by default only what is a fault on any YAML", () => {
    expect(definitionOf("syntax")).toMatchObject({ recommended: true, definition: { level: "Error", category: "ErrorProne", enabled: true } })
    expect(definitionOf("key-duplicates")).toMatchObject({ recommended: true, definition: { level: "Error", category: "ErrorProne", enabled: true } })
    expect(definitionOf("truthy")).toMatchObject({ recommended: true, definition: { level: "Warning", category: "ErrorProne", enabled: false } })
    expect(definitionOf("line-length")).toMatchObject({ recommended: true, definition: { level: "Info", category: "CodeStyle", enabled: false } })
    expect(definitionOf("quoted-strings")).toMatchObject({ recommended: false, definition: { level: "Info", category: "CodeStyle", enabled: false } })
    expect(patterns.filter((p) => p.definition.enabled).map((p) => p.definition.id)).toEqual([...yamllintOnByDefault].map((rule) => `yamllint_${rule}`).sort())
  })
})

import { spawnSync } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { ToolDefinitions } from "@tidemark/core"
import { describe, expect, it } from "vitest"
import { rubocopOffByDefault, rubocopRelease, RubocopReleaseMismatch, rubocopTool, toRubocopTool } from "../scripts/RubocopCatalogue.js"
import { committedCopList, installedCopList, readCopList, scalarText } from "../scripts/RubocopCops.js"
import { catalogue } from "../src/index.js"
import { rubocopSeverities } from "../src/ToolHeads.js"

/**
 * The RuboCop tool against RuboCop itself: the committed listing is the installed `rubocop`'s
 * (Debian's, the release Tidemark runs; `scripts/test-tools.sh` installs it), and what it reports
 * on code is among the catalogue's patterns, at the severity they were read with.
 */

const rubocop = (): ToolDefinitions.ToolDefinition => {
  const found = catalogue.find((tool) => tool.name === "RuboCop")
  if (found === undefined) throw new Error("RuboCop missing from the catalogue")
  return found
}
const patterns = rubocop().patterns
const byName = new Map(patterns.map((p) => [p.definition.id.slice("RuboCop_".length), p]))
const definitionOf = (name: string) => {
  const found = byName.get(name)
  if (found === undefined) throw new Error(`no pattern RuboCop_${name}`)
  return found
}

/** What the installed RuboCop reports on one file, with its own defaults: cop and severity of each offence. */
const report = (code: string): ReadonlyArray<readonly [string, string]> => {
  const folder = mkdtempSync(join(tmpdir(), "tidemark-rubocop-catalogue-"))
  writeFileSync(join(folder, "a.rb"), code)
  const run = spawnSync("rubocop", ["--format", "json", "--cache", "false", "a.rb"], { cwd: folder, encoding: "utf8", env: { PATH: process.env["PATH"] ?? "", HOME: folder } })
  const parsed = JSON.parse(run.stdout) as { files: ReadonlyArray<{ offenses: ReadonlyArray<{ cop_name: string; severity: string }> }> }
  return parsed.files.flatMap((file) => file.offenses.map((o) => [o.cop_name, o.severity] as const))
}

const rubyCode = [
  "def total(items)",
  "  sum = 0",
  "  unused = 1",
  "  items.each { |i| sum += i }",
  "  eval(items.first)",
  "end",
  "if x = 1 then y end",
  ""
].join("\n")

describe("the RuboCop tool", () => {
  it("is a server-side Ruby tool, on by default, at Debian's RuboCop, reading .rubocop.yml as data", () => {
    const { patterns: _patterns, ...head } = rubocop()
    expect(head).toEqual({ ...rubocopTool, version: rubocopRelease })
    expect([head.uuid, head.patternPrefix, head.languages, head.readableConfigurationFiles]).toEqual([
      "5a3b8e1c-7d24-4f69-b0e2-91c6d4f8a372",
      "RuboCop_",
      ["Ruby"],
      [".rubocop.yml"]
    ])
  })

  it("is generated from the installed RuboCop's own listing of its cops", () => {
    expect(installedCopList()).toBe(committedCopList())
    const listed = readCopList(committedCopList())
    expect(listed.version).toBe(rubocopRelease)
    expect(listed.cops.length).toBe(512)
    expect(patterns.length).toBe(512)
    expect(() => toRubocopTool({ ...listed, version: "1.60.0" })).toThrow(RubocopReleaseMismatch)
  })

  it("reads the listing's quoted and folded descriptions", () => {
    expect(definitionOf("Lint/RedundantCopDisableDirective").definition.description).toBe(
      "Checks for rubocop:disable comments that can be removed. Note: this cop is not disabled when disabling all cops. It must be explicitly disabled."
    )
    expect(definitionOf("Lint/DeprecatedClassMethods").definition.title).toBe("Check for deprecated class method calls.")
    expect(scalarText("\"`a` \\\"b\\\"\"")).toBe("`a` \"b\"")
    expect(scalarText("'it''s'")).toBe("it's")
  })

  it("has every cop the installed RuboCop reports on Ruby, at the severity it reports it", () => {
    const found = report(rubyCode)
    expect(found.map(([cop]) => cop)).toEqual(expect.arrayContaining(["Lint/UselessAssignment", "Security/Eval", "Lint/AssignmentInCondition", "Style/FrozenStringLiteralComment"]))
    for (const [cop, severity] of found) expect([cop, rubocopSeverities.get(cop)]).toEqual([cop, severity])
  })

  it("maps departments: Lint ErrorProne (its dead code UnusedCode) at Warning, Security at Error, the rest advice", () => {
    expect(definitionOf("Lint/DuplicateHashKey")).toMatchObject({ recommended: true, definition: { level: "Warning", category: "ErrorProne", enabled: true } })
    // RuboCop enables it; idiomatic Ruby writes it on purpose (rubocopOffByDefault).
    expect(definitionOf("Lint/AssignmentInCondition")).toMatchObject({ recommended: true, definition: { level: "Warning", category: "ErrorProne", enabled: false } })
    expect(definitionOf("Lint/UselessAssignment").definition).toMatchObject({ level: "Warning", category: "UnusedCode", enabled: true })
    expect(definitionOf("Lint/Syntax").definition).toMatchObject({ level: "Error", category: "ErrorProne", enabled: true })
    expect(definitionOf("Security/Eval").definition).toMatchObject({ level: "Error", category: "Security", enabled: true })
    expect(definitionOf("Style/StringLiterals")).toMatchObject({ recommended: true, definition: { level: "Info", category: "CodeStyle", enabled: false } })
    expect(definitionOf("Layout/LineLength").definition).toMatchObject({ level: "Info", category: "CodeStyle", enabled: false })
    expect(definitionOf("Naming/MethodName").definition).toMatchObject({ level: "Info", category: "CodeStyle", enabled: false })
    expect(definitionOf("Metrics/MethodLength").definition).toMatchObject({ level: "Info", category: "Complexity", enabled: false })
    expect(definitionOf("Bundler/InsecureProtocolSource").definition.category).toBe("Security")
    expect(definitionOf("Style/StringLiterals").definition.explanation).toBe("The Ruby style guide: https://rubystyle.guide#consistent-string-literals")
  })

  it("turns on the Lint and Security cops RuboCop enables, less those named off by default with why", () => {
    for (const { definition } of patterns) {
      const name = definition.id.slice("RuboCop_".length)
      const department = name.slice(0, name.indexOf("/"))
      const rubocopEnables = !definition.tags?.includes("pending") && byName.get(name)?.recommended === true
      const on = (department === "Lint" || department === "Security") && rubocopEnables && !rubocopOffByDefault.has(name)
      expect([name, definition.enabled]).toEqual([name, on])
    }
    for (const name of rubocopOffByDefault.keys()) expect(byName.has(name), name).toBe(true)
    expect(definitionOf("Lint/AmbiguousAssignment")).toMatchObject({ recommended: false, definition: { enabled: false, tags: ["warning", "Lint", "pending"] } })
  })
})

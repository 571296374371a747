import { spawnSync } from "node:child_process"
import type { ToolDefinitions } from "@tidemark/core"
import { describe, expect, it } from "vitest"
import { committedListing, govetListingPath, installedGovetListing, installedStaticcheckHead, readListing, staticcheckListingPath } from "../scripts/GoListings.js"
import { goRelease, GoReleaseMismatch, toGovetTool } from "../scripts/GoVetCatalogue.js"
import { staticcheckRelease, StaticcheckReleaseMismatch, toStaticcheckTool } from "../scripts/StaticcheckCatalogue.js"
import { catalogue } from "../src/index.js"
import { toolHeads } from "../src/ToolHeads.js"

/**
 * The Go tools against the installed programs: the committed listings are Debian's Staticcheck's
 * and Go's own (`scripts/test-tools.sh` installs them), and the patterns are what they list.
 */

const toolNamed = (name: string): ToolDefinitions.ToolDefinition => {
  const found = catalogue.find((tool) => tool.name === name)
  if (found === undefined) throw new Error(`${name} missing from the catalogue`)
  return found
}
const staticcheckProgram = ["staticcheck", "go-staticcheck"].find((name) => spawnSync(name, ["-version"]).status === 0) ?? "staticcheck"
const patternOf = (tool: ToolDefinitions.ToolDefinition, id: string) => tool.patterns.find((p) => p.definition.id === id)?.definition

describe("the Staticcheck tool", () => {
  const tool = toolNamed("Staticcheck")

  it("is a server-side Go tool at Debian's Staticcheck, its patterns Staticcheck's listing", () => {
    expect([tool.uuid, tool.patternPrefix, tool.family, tool.languages, tool.version]).toEqual(["14bdae53-7743-4f94-9040-61039fc0a31c", "Staticcheck_", "staticcheck", ["Go"], staticcheckRelease])
    expect(tool.patterns).toHaveLength(144)
    expect(toolHeads.map((head) => head.name)).toContain("Staticcheck")
  })

  it("classifies each family: SA bugs, SA6 performance, S1 and ST1 style, unused values and code", () => {
    expect(patternOf(tool, "Staticcheck_SA4006")).toMatchObject({ category: "UnusedCode", level: "Warning", enabled: true, title: expect.stringContaining("never read") })
    expect(patternOf(tool, "Staticcheck_SA5009")).toMatchObject({ category: "ErrorProne", level: "Error", enabled: true })
    expect(patternOf(tool, "Staticcheck_SA6005")).toMatchObject({ category: "Performance", level: "Warning" })
    expect(patternOf(tool, "Staticcheck_S1003")).toMatchObject({ category: "CodeStyle", level: "Info", enabled: true, tags: ["S1"] })
    expect(patternOf(tool, "Staticcheck_U1000")).toMatchObject({ category: "UnusedCode" })
    expect(patternOf(tool, "Staticcheck_SA1019")).toMatchObject({ category: "Compatibility", level: "Warning" })
  })

  it("has on by default what Staticcheck runs by default, less what was measured as noise", () => {
    const off = tool.patterns.filter((p) => !p.definition.enabled).map((p) => p.definition.id.slice("Staticcheck_".length))
    for (const id of ["ST1000", "ST1003", "ST1016", "ST1020", "ST1021", "ST1022", "ST1023"]) expect(off).toContain(id)
    expect(tool.patterns.filter((p) => p.recommended).length).toBe(137)
    // Measured as noise on real repositories: on in Staticcheck's default set, off here.
    expect(patternOf(tool, "Staticcheck_SA9003")).toMatchObject({ enabled: false, tags: ["SA9"] })
    expect(patternOf(tool, "Staticcheck_U1000")).toMatchObject({ enabled: false, tags: ["U1"] })
    expect(patternOf(tool, "Staticcheck_ST1017")).toMatchObject({ enabled: false, tags: ["ST1"] })
    expect(off).toHaveLength(144 - 137 + 3)
  })

  it("is generated from the committed listing, which is the installed Staticcheck's", () => {
    const committed = committedListing(staticcheckListingPath)
    const installed = installedStaticcheckHead(staticcheckProgram)
    expect([installed.version, installed.list]).toEqual([committed.version, committed.list])
    expect([...committed.explanations.keys()]).toEqual(installed.list.split("\n").map((line) => line.split(" ")[0]))
    expect(() => toStaticcheckTool({ ...committed, version: "staticcheck 2024.1 (v0.5.0)" })).toThrow(StaticcheckReleaseMismatch)
  })
})

describe("the govet tool", () => {
  const tool = toolNamed("govet")

  it("is a server-side Go tool at Debian's Go, with go vet's analyzers", () => {
    expect([tool.uuid, tool.patternPrefix, tool.family, tool.languages, tool.version]).toEqual(["1bd8de9d-9443-414d-b73e-113d513e3e76", "govet_", "govet", ["Go"], goRelease])
    expect(tool.patterns.map((p) => p.definition.id)).toContain("govet_printf")
    expect(tool.patterns).toHaveLength(27)
    expect(patternOf(tool, "govet_printf")).toMatchObject({ category: "ErrorProne", level: "Error", enabled: true, title: "check consistency of Printf format strings and arguments" })
    // All of go vet's analyzers are on, less the one measured as noise (as go test leaves it out).
    expect(tool.patterns.filter((p) => !p.definition.enabled).map((p) => p.definition.id)).toEqual(["govet_composites"])
  })

  it("is generated from the committed listing, which is the installed Go's", () => {
    const committed = committedListing(govetListingPath)
    const installed = readListing(installedGovetListing())
    expect([installed.list, [...installed.explanations.keys()]]).toEqual([committed.list, [...committed.explanations.keys()]])
    expect(() => toGovetTool({ ...committed, version: "go version go1.22.1 linux/amd64" })).toThrow(GoReleaseMismatch)
  })
})

import { spawnSync } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { ToolDefinitions } from "@tidemark/core"
import { describe, expect, it } from "vitest"
import { cppcheckOffByDefault, cppcheckRelease, CppcheckReleaseMismatch, toCppcheckTool } from "../scripts/CppcheckCatalogue.js"
import { committedErrorList, installedErrorList, readErrorList } from "../scripts/CppcheckErrorList.js"
import { unlistedChecks } from "../scripts/CppcheckUnlisted.js"
import { catalogue } from "../src/index.js"
import { cppcheckSeverities } from "../src/ToolHeads.js"

/**
 * The Cppcheck tool against Cppcheck itself: the committed error list is the installed
 * `cppcheck`'s (Debian's, the release Tidemark runs; `scripts/test-tools.sh` installs it), and what
 * it reports on code is among the catalogue's patterns, at the severity they were read with.
 */

const cppcheck = (): ToolDefinitions.ToolDefinition => {
  const found = catalogue.find((tool) => tool.name === "Cppcheck")
  if (found === undefined) throw new Error("Cppcheck missing from the catalogue")
  return found
}
const patterns = cppcheck().patterns
const byId = new Map(patterns.map((p) => [p.definition.id.slice("Cppcheck_".length), p]))
const definitionOf = (id: string) => {
  const found = byId.get(id)
  if (found === undefined) throw new Error(`no pattern Cppcheck_${id}`)
  return found
}

/** What the installed Cppcheck reports on one file, every severity enabled: id and severity of each finding. */
const report = (name: string, code: string): ReadonlyArray<readonly [string, string]> => {
  const folder = mkdtempSync(join(tmpdir(), "tidemark-cppcheck-catalogue-"))
  writeFileSync(join(folder, name), code)
  const run = spawnSync("cppcheck", ["--quiet", "--xml", "--xml-version=2", "--enable=all", name], { cwd: folder, encoding: "utf8" })
  return Array.from(run.stderr.matchAll(/<error id="([^"]+)" severity="([^"]+)"/g), ([, id = "", severity = ""]) => [id, severity] as const)
}

const cCode = [
  "#include <stdlib.h>",
  "int deref(void) { int *p = NULL; return *p; }",
  "int uninit(void) { int x; return x + 1; }",
  "void leak(void) { char *b = malloc(4); b[0] = 'a'; }",
  "int bounds(void) { int a[4] = {0}; return a[4]; }",
  "int unused(void) { int y = 2; return 3; }",
  ""
].join("\n")

const cppCode = [
  "#include <string>",
  "#include <vector>",
  "std::size_t count(std::vector<std::string> names) { return names.size(); }",
  "class Holder { public: Holder() {} int value; };",
  ""
].join("\n")

describe("the Cppcheck tool", () => {
  it("is a server-side C and C++ tool, on by default, at Debian's Cppcheck, with no configuration file of its own", () => {
    const { patterns: _patterns, ...head } = cppcheck()
    expect(head).toEqual({
      uuid: "76ad0ea2-3122-461b-afac-b0e54bace3ed",
      name: "Cppcheck",
      version: cppcheckRelease,
      patternPrefix: "Cppcheck_",
      family: "cppcheck",
      isClientSide: false,
      languages: ["C", "CPP"],
      enabledByDefault: true,
      configurationFiles: [],
      readableConfigurationFiles: []
    })
  })

  it("is generated from the installed Cppcheck's own error list, with the checks it reports and does not list", () => {
    expect(installedErrorList()).toBe(committedErrorList())
    const listed = readErrorList(committedErrorList())
    expect(listed.version).toBe(cppcheckRelease)
    expect(listed.checks.length).toBe(305)
    const ids = new Set(listed.checks.map((check) => check.id))
    expect(unlistedChecks.filter((check) => ids.has(check.id))).toEqual([])
    expect(patterns.length).toBe(listed.checks.length + unlistedChecks.length)
    expect(definitionOf("uninitvar").definition.tags).toEqual(["error", "CWE-457", "unlisted"])
    expect(() => toCppcheckTool({ ...listed, version: "2.13" })).toThrow(CppcheckReleaseMismatch)
  })

  it("reads the listing's entities and line breaks", () => {
    const check = readErrorList(committedErrorList()).checks.find((c) => c.id === "invalidscanf")
    expect(check?.verbose).toContain("#include <stdio.h>\nint main()")
    expect(check?.verbose).toContain("'scanf(\"%4s\", c);'")
  })

  it("has every id the installed Cppcheck reports on C and C++, at the severity it reports it", () => {
    const found = [...report("a.c", cCode), ...report("b.cpp", cppCode)].filter(([id]) => id !== "missingIncludeSystem" && id !== "checkersReport")
    expect(found.map(([id]) => id)).toEqual(expect.arrayContaining(["nullPointer", "uninitvar", "memleak", "arrayIndexOutOfBounds", "unreadVariable", "passedByValue", "uninitMemberVar"]))
    for (const [id, severity] of found) expect([id, cppcheckSeverities.get(id)]).toEqual([id, severity])
  })

  it("maps severities and categories: errors and warnings ErrorProne, memory safety Security, dead code UnusedCode", () => {
    expect(definitionOf("nullPointer")).toMatchObject({ recommended: true, definition: { level: "Error", severityLevel: "Error", category: "ErrorProne", enabled: true } })
    expect(definitionOf("arrayIndexOutOfBounds").definition).toMatchObject({ level: "Error", category: "Security", subCategory: "MemoryCorruption", enabled: true })
    expect(definitionOf("doubleFree").definition).toMatchObject({ category: "Security", subCategory: "MemoryCorruption" })
    expect(definitionOf("uninitMemberVar")).toMatchObject({ recommended: false, definition: { level: "Warning", category: "ErrorProne", enabled: true } })
    expect(definitionOf("passedByValue").definition).toMatchObject({ level: "Warning", category: "Performance", enabled: true })
    expect(definitionOf("AssignmentAddressToInteger").definition).toMatchObject({ level: "Warning", category: "Compatibility", enabled: true })
    expect(definitionOf("unreadVariable").definition).toMatchObject({ level: "Info", category: "UnusedCode", enabled: false })
    expect(definitionOf("variableScope").definition).toMatchObject({ level: "Info", category: "CodeStyle", enabled: false })
    expect(definitionOf("missingInclude").definition).toMatchObject({ level: "Info", enabled: false })
    expect(definitionOf("nullPointer").definition.explanation).toBe("CWE-476: https://cwe.mitre.org/data/definitions/476.html")
  })

  it("lets an error check count what Cppcheck can only say is possible, off by default", () => {
    expect(definitionOf("nullPointer").definition.parameters.map((p) => [p.name, p.default])).toEqual([["possible", "false"]])
    expect(definitionOf("uninitvar").definition.parameters.map((p) => p.name)).toEqual(["possible"])
    expect(definitionOf("uninitMemberVar").definition.parameters).toEqual([])
  })

  it("leaves style and information off, and the checks named off by default with why", () => {
    for (const { definition } of patterns) {
      const severity = definition.tags?.[0]
      const id = definition.id.slice("Cppcheck_".length)
      const on = severity !== "style" && severity !== "information" && !cppcheckOffByDefault.has(id)
      expect([id, definition.enabled]).toEqual([id, on])
    }
    for (const id of cppcheckOffByDefault.keys()) expect(byId.has(id), id).toBe(true)
  })
})

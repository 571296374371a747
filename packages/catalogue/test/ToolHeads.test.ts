import { describe, expect, it } from "vitest"
import { catalogue } from "../src/index.js"
import { optionalCheckCodes } from "../scripts/ShellCheckCatalogue.js"
import { checkstyleModules, checkstyleSeverities, cppcheckSeverities, rubocopSeverities, shellCheckOptionalChecks, toolHeads, yamllintPresets, yamllintRuleIds } from "../src/ToolHeads.js"

describe("toolHeads", () => {
  it("are the catalogue's tools, each without its patterns", () => {
    expect(toolHeads.map(({ patterns: _patterns, ...head }) => head)).toEqual(catalogue.map(({ patterns: _patterns, ...head }) => head))
    expect(toolHeads.every((tool) => tool.patterns.length === 0)).toBe(true)
  })
})

describe("shellCheckOptionalChecks", () => {
  it("are the optional checks of the ShellCheck catalogue, by name, with the codes their patterns are tagged with", () => {
    expect(Object.fromEntries(shellCheckOptionalChecks)).toEqual(
      Object.fromEntries(Object.entries(optionalCheckCodes).filter(([, codes]) => codes.length > 0).map(([name, codes]) => [name, codes.map((code) => `SC${code}`)]))
    )
  })
})

describe("cppcheckSeverities", () => {
  it("are Cppcheck's severities of the catalogue's patterns, by Cppcheck's id", () => {
    const cppcheck = catalogue.find((tool) => tool.name === "Cppcheck")
    expect(cppcheckSeverities.size).toBe(cppcheck?.patterns.length)
    expect(cppcheckSeverities.get("nullPointer")).toBe("error")
    expect(cppcheckSeverities.get("passedByValue")).toBe("performance")
    expect(cppcheckSeverities.get("uninitvar")).toBe("error")
  })
})

describe("rubocopSeverities", () => {
  it("are the severities RuboCop reports each cop with unless configured, by cop name", () => {
    const rubocop = catalogue.find((tool) => tool.name === "RuboCop")
    expect(rubocopSeverities.size).toBe(rubocop?.patterns.length)
    expect(rubocopSeverities.get("Lint/UselessAssignment")).toBe("warning")
    expect(rubocopSeverities.get("Lint/Syntax")).toBe("fatal")
    expect(rubocopSeverities.get("Security/Eval")).toBe("convention")
    expect(rubocopSeverities.get("Layout/EndAlignment")).toBe("warning")
  })
})

describe("yamllint's rules and presets", () => {
  it("are the catalogue's rules less the syntax error, and yamllint's default and relaxed configurations", () => {
    expect(yamllintRuleIds.size).toBe(22)
    expect(yamllintRuleIds.has("key-duplicates")).toBe(true)
    expect(yamllintRuleIds.has("syntax")).toBe(false)
    expect(yamllintPresets["default"]?.rules["truthy"]).toEqual({ level: "warning" })
    expect(yamllintPresets["relaxed"]?.extends).toBe("default")
    expect(yamllintPresets["relaxed"]?.rules["truthy"]).toBe("disable")
  })
})

describe("checkstyleModules and checkstyleSeverities", () => {
  it("are Checkstyle's checks and filters with their parent and properties, and the catalogue's severities by check", () => {
    expect(checkstyleModules.get("LineLength")).toEqual({ parent: "Checker", kind: "check", properties: ["fileExtensions", "ignorePattern", "max"] })
    expect(checkstyleModules.get("SuppressionXpathSingleFilter")).toMatchObject({ parent: "TreeWalker", kind: "filter" })
    expect(checkstyleModules.get("SuppressWarningsHolder")).toMatchObject({ parent: "TreeWalker", kind: "check" })
    expect(checkstyleSeverities.size).toBe(catalogue.find((tool) => tool.name === "Checkstyle")?.patterns.length)
    expect([checkstyleSeverities.get("EqualsHashCode"), checkstyleSeverities.get("WhitespaceAround")]).toEqual(["Warning", "Info"])
  })
})

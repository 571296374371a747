import type { Pattern, ToolDefinitions } from "@tidemark/core"
import { describe, expect, it } from "vitest"
import { appliesTo, spectralDataFiles, spectralPatternId } from "../scripts/SpectralCatalogue.js"
import { classifiedRules, spectralCategory, spectralOffByDefault, spectralSeverity } from "../scripts/SpectralClassification.js"
import { installedSpectralRules } from "../scripts/SpectralRules.js"
import { catalogue } from "../src/index.js"

const installed = installedSpectralRules()

const tool = (): ToolDefinitions.ToolDefinition => {
  const found = catalogue.find((candidate) => candidate.name === "Spectral")
  if (found === undefined) throw new Error("Spectral missing from the catalogue")
  return found
}
const patterns = tool().patterns
const ruleIdOf = (patternId: string): string => patternId.slice("Spectral_".length)
const pattern = (id: string): ToolDefinitions.CataloguePattern => {
  const found = patterns.find((p) => p.definition.id === `Spectral_${id}`)
  if (found === undefined) throw new Error(`Spectral_${id} missing`)
  return found
}
const definition = (id: string): Pattern.PatternDefinition => pattern(id).definition
const ruleIds = installed.rules.map((rule) => rule.id)

describe("the Spectral tool", () => {
  it("is a server-side JSON and YAML tool on by default, at the installed rulesets' version", () => {
    expect(tool()).toMatchObject({
      uuid: "4c1d7e92-5b3a-4f08-9e6d-2a8b7c5f1e30",
      name: "Spectral",
      patternPrefix: "Spectral_",
      family: "spectral",
      isClientSide: false,
      languages: ["JSON", "YAML"],
      enabledByDefault: true,
      version: installed.version
    })
    // The data rulesets are followed by default; the JavaScript and TypeScript ones are found, never run.
    expect(tool().configurationFiles).toEqual([...spectralDataFiles, ".spectral.js", ".spectral.mjs", ".spectral.cjs", ".spectral.ts"])
    expect(tool().readableConfigurationFiles).toEqual([".spectral.yaml", ".spectral.yml", ".spectral.json"])
  })

  it("has a pattern per OpenAPI and AsyncAPI rule, named by its id, with its description, formats and reference section", () => {
    expect(patterns).toHaveLength(112)
    expect(patterns.map((p) => ruleIdOf(p.definition.id))).toEqual([...ruleIds].sort())
    for (const rule of installed.rules) {
      const { definition: d, recommended } = pattern(rule.id)
      expect([rule.id, d.title, recommended]).toEqual([rule.id, rule.description, rule.recommended])
      expect(d.description?.endsWith(appliesTo(rule))).toBe(true)
      expect(d.explanation).toBe(`See ${rule.documentationUrl}#${rule.id}`)
      expect(d.tags).toEqual([rule.ruleset, ...rule.formats])
      expect(d.languages).toEqual(["JSON", "YAML"])
      expect(d.parameters).toEqual([])
    }
    expect(definition("path-params")).toMatchObject({
      title: "Path parameters must be defined and valid.",
      description: "Path parameters must be defined and valid. Applies to every OpenAPI version.",
      explanation: "See https://meta.stoplight.io/docs/spectral/docs/reference/openapi-rules.md#path-params",
      tags: ["oas"]
    })
    // A description without a full stop gets one before its formats.
    expect(definition("no-$ref-siblings").description).toBe("Property must not be placed among $ref. Applies to OpenAPI 2.0 (Swagger) and OpenAPI 3.0.x.")
    expect(definition("oas3-schema").description).toBe("Validate structure of OpenAPI v3 specification. Applies to OpenAPI 3.x.")
    expect(definition("asyncapi-latest-version")).toMatchObject({
      description: "Checking if the AsyncAPI document is using the latest version. Applies to AsyncAPI 2.x and AsyncAPI 3.x.",
      tags: ["asyncapi", "AsyncAPI 2.x", "AsyncAPI 3.x"]
    })
    expect(appliesTo({ ruleset: "asyncapi", formats: [] })).toBe("Applies to every AsyncAPI version.")
    expect(spectralPatternId("typed-enum")).toBe("Spectral_typed-enum")
  })
})

describe("Spectral's default patterns", () => {
  it("are Spectral's recommended rules but the documented ones", () => {
    expect([...spectralOffByDefault.keys()].filter((id) => !ruleIds.includes(id))).toEqual([])
    // Off by default here only makes sense of a rule Spectral recommends.
    expect([...spectralOffByDefault.keys()].filter((id) => !pattern(id).recommended)).toEqual([])
    expect([...spectralOffByDefault.values()].every((reason) => reason.length > 20)).toBe(true)
    for (const { definition: d, recommended } of patterns) {
      expect([d.id, d.enabled]).toEqual([d.id, recommended && !spectralOffByDefault.has(ruleIdOf(d.id))])
    }
    expect(patterns.filter((p) => p.recommended)).toHaveLength(93)
    expect(patterns.filter((p) => p.definition.enabled)).toHaveLength(80)
  })

  it("leave out prose and metadata, and what Spectral does not recommend", () => {
    expect(pattern("path-params")).toMatchObject({ recommended: true, definition: { category: "ErrorProne", severityLevel: "Error", level: "Error", enabled: true } })
    expect(definition("info-contact")).toMatchObject({ category: "Documentation", severityLevel: "Warning", enabled: false })
    expect(spectralOffByDefault.get("info-contact")).toMatch(/metadata/)
    expect(pattern("contact-properties")).toMatchObject({ recommended: false, definition: { category: "Documentation", enabled: false } })
    expect(spectralOffByDefault.has("contact-properties")).toBe(false)
    expect(definition("asyncapi-latest-version")).toMatchObject({ category: "CodeStyle", severityLevel: "Info", enabled: false })
    expect(spectralOffByDefault.get("asyncapi-latest-version")).toMatch(/version/)
    const enabledDocumentation = patterns.filter((p) => p.definition.enabled && p.definition.category === "Documentation")
    expect(enabledDocumentation.map((p) => p.definition.id)).toEqual([])
  })
})

describe("Spectral categories and severities", () => {
  it("come from the documented lists and Spectral's own severities", () => {
    expect(classifiedRules.filter((id) => !ruleIds.includes(id))).toEqual([])
    expect(new Set(classifiedRules).size).toBe(classifiedRules.length)
    for (const rule of installed.rules) {
      const d = definition(rule.id)
      expect([rule.id, d.category]).toEqual([rule.id, spectralCategory(rule)])
      expect([rule.id, d.severityLevel]).toEqual([rule.id, spectralSeverity(rule.severity)])
      expect(d.level).toBe(d.severityLevel)
    }
    // What Spectral reports as an error breaks the specification: every such rule is ErrorProne.
    expect(installed.rules.filter((rule) => rule.severity === "error" && definition(rule.id).category !== "ErrorProne")).toEqual([])
    const expected: ReadonlyArray<readonly [string, string, string]> = [
      ["path-params", "ErrorProne", "Error"],
      ["oas3-schema", "ErrorProne", "Error"],
      ["asyncapi-3-document-resolved", "ErrorProne", "Error"],
      ["operation-parameters", "ErrorProne", "Warning"],
      ["oas3-operation-security-defined", "ErrorProne", "Warning"],
      ["asyncapi-payload-unsupported-schemaFormat", "ErrorProne", "Info"],
      ["no-script-tags-in-markdown", "Security", "Warning"],
      ["no-eval-in-markdown", "Security", "Warning"],
      ["oas3-unused-component", "UnusedCode", "Warning"],
      ["asyncapi-unused-components-server", "UnusedCode", "Warning"],
      ["operation-description", "Documentation", "Warning"],
      ["asyncapi-info-license", "Documentation", "Warning"],
      ["path-keys-no-trailing-slash", "CodeStyle", "Warning"],
      ["operation-tags", "CodeStyle", "Warning"],
      ["asyncapi-latest-version", "CodeStyle", "Info"]
    ]
    expect(expected.map(([id]) => [id, definition(id).category, definition(id).severityLevel])).toEqual(expected)
  })

  it("map Spectral's severities: error → Error, warn → Warning, info and hint → Info", () => {
    expect([spectralSeverity("error"), spectralSeverity("warn"), spectralSeverity("info"), spectralSeverity("hint")]).toEqual(["Error", "Warning", "Info", "Info"])
    expect(spectralCategory({ id: "an-unknown-rule", severity: "error" })).toBe("ErrorProne")
    expect(spectralCategory({ id: "an-unknown-rule", severity: "warn" })).toBe("CodeStyle")
  })
})

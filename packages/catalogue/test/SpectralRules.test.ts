import { createRequire } from "node:module"
import { type RulesetDefinition, Spectral } from "@stoplight/spectral-core"
import { asyncapi, oas } from "@stoplight/spectral-rulesets"
import { describe, expect, it } from "vitest"
import { installedSpectralRules, withoutPlaceholders } from "../scripts/SpectralRules.js"

const installed = installedSpectralRules()
const rule = (id: string) => {
  const found = installed.rules.find((candidate) => candidate.id === id)
  if (found === undefined) throw new Error(`${id} missing`)
  return found
}

// An OpenAPI 3.0 document with a trailing slash and an undefined path parameter; no servers, contact or tags.
const openApiDocument = [
  "openapi: 3.0.3",
  "info:",
  "  title: Orders",
  "  version: '1'",
  "paths:",
  "  /orders/{id}/:",
  "    get:",
  "      responses:",
  "        '200':",
  "          description: ok",
  ""
].join("\n")

describe("installedSpectralRules", () => {
  it("reads the OpenAPI and AsyncAPI rules of the installed rulesets, at the package's version", () => {
    const { version } = createRequire(import.meta.url)("@stoplight/spectral-rulesets/package.json") as { readonly version: string }
    expect(installed.version).toBe(version)
    expect(installed.rules.filter((r) => r.ruleset === "oas").map((r) => r.id)).toEqual(Object.keys(oas.rules))
    expect(installed.rules.filter((r) => r.ruleset === "asyncapi").map((r) => r.id)).toEqual(Object.keys(asyncapi.rules))
    expect(installed.rules.filter((r) => r.ruleset === "oas")).toHaveLength(57)
    expect(installed.rules.filter((r) => r.ruleset === "asyncapi")).toHaveLength(55)
    expect(new Set(installed.rules.map((r) => r.id)).size).toBe(installed.rules.length)
  })

  it("takes each rule's description, severity (Spectral's warn when unset), recommendation, formats and reference page", () => {
    expect(rule("path-params")).toEqual({
      id: "path-params",
      ruleset: "oas",
      description: "Path parameters must be defined and valid.",
      severity: "error",
      recommended: true,
      formats: [],
      documentationUrl: "https://meta.stoplight.io/docs/spectral/docs/reference/openapi-rules.md"
    })
    expect(rule("contact-properties")).toMatchObject({ severity: "warn", recommended: false })
    expect(rule("asyncapi-latest-version")).toMatchObject({ severity: "info", formats: ["AsyncAPI 2.x", "AsyncAPI 3.x"] })
    expect(rule("no-$ref-siblings").formats).toEqual(["OpenAPI 2.0 (Swagger)", "OpenAPI 3.0.x"])
    expect(rule("asyncapi-servers").documentationUrl).toBe("https://meta.stoplight.io/docs/spectral/docs/reference/asyncapi-rules.md")
  })

  it("takes a rule's message when it has no description", () => {
    expect(Object.keys(oas.rules["operation-operationId-valid-in-url"])).not.toContain("description")
    expect(rule("operation-operationId-valid-in-url").description).toBe("operationId must not contain characters that are invalid when used in URL.")
    expect(rule("oas3-unused-component").description).toBe("Potentially unused component has been detected.")
    expect(installed.rules.filter((r) => r.description.includes("{{"))).toEqual([])
  })

  it("has each rule Spectral reports, at the severity it reports it with", async () => {
    const spectral = new Spectral()
    // The rulesets' declared types are not RulesetDefinition's, though Spectral takes them as ones.
    spectral.setRuleset({ extends: [[oas as RulesetDefinition, "recommended"], [asyncapi as RulesetDefinition, "recommended"]] })
    const found = await spectral.run(openApiDocument)
    const names = ["error", "warn", "info", "hint"]
    expect(found.map((finding) => [finding.code, names[finding.severity]])).toEqual(
      found.map((finding) => [finding.code, rule(String(finding.code)).severity])
    )
    expect(found.map((finding) => finding.code)).toEqual(expect.arrayContaining(["path-params", "path-keys-no-trailing-slash", "oas3-api-servers"]))
  })
})

describe("withoutPlaceholders", () => {
  it("leaves out what Spectral fills in per finding", () => {
    expect(withoutPlaceholders("Headers schema type must be \"object\" ({{error}}).")).toBe("Headers schema type must be \"object\".")
    expect(withoutPlaceholders("{{property}} is not allowed: {{error}}")).toBe("is not allowed:")
    expect(withoutPlaceholders("{{error}}")).toBe("")
  })
})

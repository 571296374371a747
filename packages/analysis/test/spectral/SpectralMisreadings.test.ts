import { describe, expect, it } from "@effect/vitest"
import type { ISpectralDiagnostic } from "@stoplight/spectral-core"
import { misread } from "../../src/spectral/SpectralMisreadings.js"

const diagnostic = (code: string, path: ReadonlyArray<string | number>, message = "", source?: string): ISpectralDiagnostic => ({
  code,
  path: [...path],
  message,
  severity: 0,
  range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
  ...(source === undefined ? {} : { source })
})

const document = {
  openapi: "3.0.3",
  paths: { "/pets": { get: { $ref: "./get.yaml" } } },
  components: {
    securitySchemes: { bearer: { type: "http", scheme: "bearer" }, oauth: { type: "oauth2", flows: {} } },
    schemas: {
      Pet: { discriminator: { propertyName: "kind", mapping: { cat: "#/components/schemas/Cat" } } },
      Cat: { type: "object" },
      Dog: { allOf: [{ $ref: "#/components/schemas/Pet" }] },
      Puppy: { allOf: [{ $ref: "#/components/schemas/Dog" }] },
      Orphan: { type: "string" }
    }
  }
}

const asWritten = () => document

describe("misread", () => {
  it("drops a schema rule's finding about a $ref where the specification allows none, and no other rule's", () => {
    expect(misread(document, asWritten, diagnostic("oas3-schema", ["paths", "/pets", "get"], "\"get\" property must have required property \"responses\""))).toBe(true)
    expect(misread(document, asWritten, diagnostic("oas3-schema", ["paths", "/pets", "get", "$ref"]))).toBe(true)
    expect(misread(document, asWritten, diagnostic("oas3-schema", ["components", "schemas", "Orphan"]))).toBe(false)
    expect(misread(document, asWritten, diagnostic("operation-operationId", ["paths", "/pets", "get"]))).toBe(false)
  })

  it("drops a scope of a scheme that is not OAuth 2, and keeps one an OAuth 2 scheme does not declare", () => {
    const scope = (scheme: string) => diagnostic("oas3-operation-security-defined", ["paths", "/pets", "get", "security", 0, scheme, 0], "\"pets:read\" must be listed among scopes.")
    expect(misread(document, asWritten, scope("bearer"))).toBe(true)
    expect(misread(document, asWritten, scope("oauth"))).toBe(false)
    expect(misread(document, asWritten, diagnostic("oas3-operation-security-defined", ["security", 0, "missing"], "API \"security\" values must match a scheme defined in the \"components.securitySchemes\" object."))).toBe(false)
  })

  it("drops an unused schema a discriminator reaches, by its mapping or up an allOf chain, and keeps one nothing reaches", () => {
    const unused = (name: string) => diagnostic("oas3-unused-component", ["components", "schemas", name])
    expect(misread(document, asWritten, unused("Cat"))).toBe(true)
    expect(misread(document, asWritten, unused("Dog"))).toBe(true)
    expect(misread(document, asWritten, unused("Puppy"))).toBe(true)
    expect(misread(document, asWritten, unused("Orphan"))).toBe(false)
  })

  it("drops a deprecated operation's lack of a success response, read in the file the finding is in", () => {
    const operation = { deprecated: true, responses: { "410": { description: "Gone" } } }
    const dataOf = (source: string | undefined) => (source === "/tree/get.yaml" ? operation : document)
    expect(misread(document, dataOf, diagnostic("operation-success-response", ["responses"], "", "/tree/get.yaml"))).toBe(true)
    expect(misread(document, () => ({ responses: {} }), diagnostic("operation-success-response", ["responses"], "", "/tree/get.yaml"))).toBe(false)
  })
})

import { describe, expect, it } from "@effect/vitest"
import { takesApiDocument } from "../../src/spectral/SpectralDocument.js"

const takes = (path: string, content: string) => takesApiDocument({ path, content })

describe("takesApiDocument", () => {
  it("takes YAML whose top level names OpenAPI 3, Swagger 2.0 or AsyncAPI 2/3 with its version, quoted or not", () => {
    expect(takes("openapi.yaml", "openapi: 3.1.0\ninfo: {}\n")).toBe(true)
    expect(takes("api/spec.yml", "# The API\n\"openapi\": \"3.0.3\"\n")).toBe(true)
    expect(takes("swagger.YAML", "swagger: '2.0'\n")).toBe(true)
    expect(takes("events.yaml", "asyncapi: 3.0.0\n")).toBe(true)
    expect(takes("events.yml", "info:\n  title: x\nasyncapi: '2.6.0'\n")).toBe(true)
  })

  it("leaves YAML where the key is nested, has no version, or is another setting", () => {
    expect(takes("crd.yaml", "spec:\n  openapi: 3.0.0\n")).toBe(false)
    expect(takes("application.yml", "swagger:\n  enabled: true\n")).toBe(false)
    expect(takes("config.yaml", "openapi: true\n")).toBe(false)
    expect(takes("ci.yml", "on: push\n")).toBe(false)
  })

  it("takes JSON whose top-level object names the specification, wherever the key is, and nothing else", () => {
    expect(takes("openapi.json", "{\"info\": {}, \"openapi\": \"3.0.0\"}")).toBe(true)
    expect(takes("swagger.json", "{\"swagger\": \"2.0\"}")).toBe(true)
    expect(takes("package.json", "{\"name\": \"x\", \"dependencies\": {\"openapi\": \"^3.0.0\"}}")).toBe(false)
    expect(takes("list.json", "[{\"openapi\": \"3.0.0\"}]")).toBe(false)
    expect(takes("broken.json", "{\"openapi\": \"3.0.0\"")).toBe(false)
    // As Spectral's own JSON parser, comments and trailing commas are allowed.
    expect(takes("commented.json", "{\n  // the public API\n  \"openapi\": \"3.1.0\",\n}")).toBe(true)
  })

  it("leaves the documents of test and fixture folders: tests' inputs, often invalid on purpose", () => {
    expect(takes("tests/fixtures/petstore.yaml", "openapi: 3.0.0\n")).toBe(false)
    expect(takes("src/__tests__/api.json", "{\"openapi\": \"3.0.0\"}")).toBe(false)
    expect(takes("test_fixtures/broken.yml", "swagger: \"2.0\"\n")).toBe(false)
    expect(takes("pkg/testdata/api.yaml", "openapi: 3.1.0\n")).toBe(false)
    expect(takes("spec/openapi.yaml", "openapi: 3.1.0\n")).toBe(true)
    expect(takes("contest/api.yaml", "openapi: 3.1.0\n")).toBe(true)
  })

  it("takes no other file, whatever it holds", () => {
    expect(takes("README.md", "openapi: 3.0.0\n")).toBe(false)
    expect(takes("spec.txt", "openapi: 3.0.0\n")).toBe(false)
  })
})

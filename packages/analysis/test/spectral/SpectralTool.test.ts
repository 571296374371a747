import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import type { EnabledRule } from "../../src/EnabledRule.js"
import type { SourceFile } from "../../src/SourceTree.js"
import { makeSpectralTool } from "../../src/spectral/SpectralTool.js"
import { filesOf } from "../ruff/RuffFixture.js"
import { asyncapiDocument, defaultRules, openapiDocument, spectralDefinition, swaggerDocument } from "./SpectralFixture.js"

const tool = makeSpectralTool(spectralDefinition)

const run = (
  files: ReadonlyArray<SourceFile>,
  settings: { readonly rules?: ReadonlyArray<EnabledRule>; readonly useConfigurationFile?: boolean; readonly configurationByDefault?: boolean } = {}
) =>
  Effect.flatten(tool.start("/repository", files, {
    rules: settings.rules ?? defaultRules,
    useConfigurationFile: settings.useConfigurationFile ?? false,
    configurationByDefault: settings.configurationByDefault ?? false
  }))

const found = (files: ReadonlyArray<SourceFile>, settings: Parameters<typeof run>[1] = {}) =>
  Effect.map(run(files, settings), ({ result }) => result.issues.map((issue) => [issue.file, issue.line, issue.patternId]))

/** A small valid OpenAPI 3.0 document around the given paths and components (YAML lines, indented as under `paths:` and `components:`). */
const openapi = (paths: ReadonlyArray<string>, components: ReadonlyArray<string> = []) =>
  [
    "openapi: 3.0.3",
    "info:",
    "  title: Shop",
    "  version: \"1\"",
    "servers:",
    "  - url: https://api.example.org",
    "paths:",
    ...paths,
    ...(components.length === 0 ? [] : ["components:", ...components]),
    ""
  ].join("\n")

const listOrders = [
  "  /orders:",
  "    get:",
  "      operationId: listOrders",
  "      responses:",
  "        \"200\":",
  "          description: The orders."
]

describe("makeSpectralTool", () => {
  it("takes OpenAPI and AsyncAPI documents, measures no language as a whole, and names its rules without the prefix", () => {
    expect(tool.takes({ path: "api/openapi.yaml", content: openapiDocument })).toBe(true)
    expect(tool.takes({ path: "swagger.json", content: swaggerDocument })).toBe(true)
    expect(tool.takes({ path: ".github/workflows/ci.yml", content: "on: push\n" })).toBe(false)
    expect(tool.languages).toEqual([])
    expect(tool.ruleIdOf("Spectral_path-params")).toBe("path-params")
    expect(tool.configurationOf(filesOf({ ".spectral.yaml": "extends: spectral:oas\n" }))).toEqual({ file: ".spectral.yaml", readable: true })
    expect(tool.configurationOf(filesOf({ ".spectral.js": "module.exports = {}" }))).toEqual({ file: ".spectral.js", readable: false })
    expect(tool.configurationOf(filesOf({ "api/.spectral.yaml": "" }))).toBeUndefined()
  })

  it.effect("lints with the default patterns: one finding of each family, with its line, message and severity", () =>
    Effect.gen(function*() {
      const files = filesOf({ "api/openapi.yaml": openapiDocument, "events.yml": asyncapiDocument, "swagger.json": swaggerDocument, "ci.yml": "on: push\n" })
      const { problems, result } = yield* run(files)
      expect(problems).toEqual([])
      expect(result.lintedFiles).toBe(3)
      expect(result.configurationFile).toBeUndefined()
      expect(result.issues.map((issue) => [issue.file, issue.line, issue.patternId, issue.severity, issue.message])).toEqual([
        ["api/openapi.yaml", 6, "Spectral_oas3-server-trailing-slash", "Warning", "Server URL must not have trailing slash."],
        ["api/openapi.yaml", 9, "Spectral_path-params", "Error", "Operation must define parameter \"{petId}\" as expected by path \"/pets/{petId}\"."],
        ["api/openapi.yaml", 11, "Spectral_no-script-tags-in-markdown", "Warning", "Markdown descriptions must not have \"<script>\" tags."],
        ["api/openapi.yaml", 19, "Spectral_path-keys-no-trailing-slash", "Warning", "Path must not end with slash."],
        ["api/openapi.yaml", 21, "Spectral_operation-operationId-unique", "Error", "Every operation must have unique \"operationId\"."],
        ["api/openapi.yaml", 32, "Spectral_oas3-valid-schema-example", "Error", "\"example\" property type must be integer"],
        ["api/openapi.yaml", 35, "Spectral_duplicated-entry-in-enum", "Warning", "\"enum\" property must not have duplicate items (items ## 0 and 2 are identical)"],
        ["api/openapi.yaml", 37, "Spectral_no-$ref-siblings", "Error", "$ref must not be placed next to any other properties"],
        ["api/openapi.yaml", 41, "Spectral_oas3-unused-component", "Warning", "Potentially unused component has been detected."],
        ["events.yml", 10, "Spectral_asyncapi-channel-no-trailing-slash", "Warning", "Channel path must not end with slash."],
        ["events.yml", 11, "Spectral_asyncapi-operation-operationId", "Error", "Operation must have \"operationId\"."],
        ["events.yml", 17, "Spectral_asyncapi-unused-components-schema", "Warning", "Potentially unused components schema has been detected."],
        ["swagger.json", 1, "Spectral_oas2-api-host", "Warning", "OpenAPI \"host\" must be present and non-empty string."],
        ["swagger.json", 1, "Spectral_oas2-api-schemes", "Warning", "OpenAPI host \"schemes\" must be present and non-empty array."],
        ["swagger.json", 15, "Spectral_oas2-oneOf", "Warning", "\"oneOf\" keyword must not be used in OpenAPI v2 document."]
      ])
    }))

  it.effect("lints only the enabled patterns, each at its pattern's severity", () =>
    Effect.gen(function*() {
      const rules: ReadonlyArray<EnabledRule> = [
        { patternId: "Spectral_path-keys-no-trailing-slash", ruleId: "path-keys-no-trailing-slash", severity: "Error", parameters: [] },
        { patternId: "Spectral_info-contact", ruleId: "info-contact", severity: "Info", parameters: [] }
      ]
      const { result } = yield* run(filesOf({ "api/openapi.yaml": openapiDocument }), { rules })
      expect(result.issues.map((issue) => [issue.line, issue.patternId, issue.severity])).toEqual([
        [2, "Spectral_info-contact", "Info"],
        [19, "Spectral_path-keys-no-trailing-slash", "Error"]
      ])
    }))

  it.effect("follows a $ref to another file of the tree: a finding there is that file's, once however many documents reach it", () =>
    Effect.gen(function*() {
      const operation = ["operationId: getOrder", "responses:", "  \"200\":", "    description: The order.", "    content:", "      application/json:", "        schema:", "          type: integer", "          example: many", ""].join("\n")
      const root = (id: string) =>
        openapi([
          "  /orders/{id}:",
          "    parameters:",
          "      - name: id",
          "        in: path",
          "        required: true",
          "        schema: { type: string }",
          "    get:",
          "      $ref: ./operations/get-order.yaml",
          "    put:",
          `      operationId: ${id}`,
          "      description:",
          "        $ref: ./docs/put-order.md",
          "      responses:",
          "        \"204\":",
          "          description: Saved."
        ])
      const files = filesOf({
        "public.yaml": root("putOrder"),
        "internal.yaml": root("putOrderInternal"),
        "operations/get-order.yaml": operation,
        "docs/put-order.md": "# Saves an order\n\nEvery field: see *Order*.\n"
      })
      const { result } = yield* run(files)
      // An operation written as a $ref is what bundlers resolve, not a schema error; the Markdown a $ref names is not YAML.
      expect(result.unparsedFiles).toEqual([])
      expect(result.issues.map((issue) => [issue.file, issue.line, issue.patternId, issue.message])).toEqual([
        ["operations/get-order.yaml", 9, "Spectral_oas3-valid-schema-example", "\"example\" property type must be integer"]
      ])
    }))

  it.effect("does not lint a document whose $ref leaves the tree or names a URL, and says so", () =>
    Effect.gen(function*() {
      const outside = openapi([...listOrders, "  /items:", "    $ref: ../shared/items.yaml"])
      const remote = openapi([...listOrders, "  /items:", "    $ref: https://example.org/items.yaml"])
      const { result } = yield* run(filesOf({ "a/outside.yaml": outside, "remote.yaml": remote }))
      expect(result.issues).toEqual([])
      expect(result.failedFiles.map((failed) => [failed.file, failed.reason])).toEqual([
        ["a/outside.yaml", "a $ref is not followed (/tree/shared/items.yaml is not a file of the repository): the document is not linted"],
        ["remote.yaml", "a $ref is not followed (https://example.org/items.yaml is not a file of the repository): the document is not linted"]
      ])
    }))

  it.effect("reports a document, or a file it reaches, that does not parse, with its first error", () =>
    Effect.gen(function*() {
      const broken = "openapi: 3.0.3\ninfo:\n  title: [Shop\n  version: \"1\"\npaths: {}\n"
      const withBrokenPart = openapi([...listOrders, "  /items:", "    $ref: ./items.json"])
      const { result } = yield* run(filesOf({ "broken.yaml": broken, "shop.yaml": withBrokenPart, "items.json": "{\"get\": {\"responses\": {},}}" }))
      expect(result.unparsedFiles.map((file) => [file.file, file.line, file.message])).toEqual([
        ["broken.yaml", 4, "Invalid mixed usage of block and flow styles"],
        ["items.json", 1, "Property name expected"]
      ])
      expect(result.issues).toEqual([])
    }))

  it.effect("reads what the specification and common practice allow as they mean it", () =>
    Effect.gen(function*() {
      const document = openapi([
        "  /pets:",
        "    get:",
        "      operationId: listPets",
        "      security:",
        "        - bearer: [pets:read]",
        "        - oauth: [pets:write]",
        "      responses:",
        "        \"200\":",
        "          description: The pets.",
        "          content:",
        "            application/json:",
        "              schema:",
        "                $ref: \"#/components/schemas/Pet\"",
        "  /pets/{id}:",
        "    delete:",
        "      operationId: deletePet",
        "      deprecated: true",
        "      parameters:",
        "        - { name: id, in: path, required: true, schema: { type: string } }",
        "      responses:",
        "        \"410\":",
        "          description: Retired."
      ], [
        "  securitySchemes:",
        "    bearer: { type: http, scheme: bearer }",
        "    oauth:",
        "      type: oauth2",
        "      flows:",
        "        clientCredentials:",
        "          tokenUrl: https://example.org/token",
        "          scopes: { pets:read: Read pets }",
        "  schemas:",
        "    Pet:",
        "      type: object",
        "      discriminator:",
        "        propertyName: kind",
        "        mapping: { cat: \"#/components/schemas/Cat\" }",
        "      properties: { kind: { type: string } }",
        "    Cat:",
        "      allOf: [{ $ref: \"#/components/schemas/Pet\" }]",
        "    Tabby:",
        "      allOf: [{ $ref: \"#/components/schemas/Cat\" }]",
        "    Dog:",
        "      allOf: [{ $ref: \"#/components/schemas/Pet\" }]",
        "    Orphan:",
        "      type: string"
      ])
      // A role on a bearer scheme, a retired operation, subtypes reached through the discriminator: not
      // findings. A scope the OAuth 2 flows do not declare, a schema nothing reaches: findings.
      expect(yield* found(filesOf({ "pets.yaml": document }))).toEqual([
        ["pets.yaml", 13, "Spectral_oas3-operation-security-defined"],
        ["pets.yaml", 52, "Spectral_oas3-unused-component"]
      ])
    }))

  it.effect("follows the repository's ruleset when it never chose, each finding at Spectral's severity", () =>
    Effect.gen(function*() {
      const ruleset = "extends: [[spectral:oas, off]]\nrules:\n  info-contact: info\n  path-keys-no-trailing-slash: error\n  oas3-unused-component: true\n"
      const { problems, result } = yield* run(filesOf({ "api/openapi.yaml": openapiDocument, ".spectral.yaml": ruleset }), { configurationByDefault: true })
      expect(problems).toEqual([])
      expect(result.configurationFile).toBe(".spectral.yaml")
      expect(result.issues.map((issue) => [issue.line, issue.patternId, issue.severity])).toEqual([
        [2, "Spectral_info-contact", "Info"],
        [19, "Spectral_path-keys-no-trailing-slash", "Error"],
        [41, "Spectral_oas3-unused-component", "Warning"]
      ])
      // Without the file, the patterns apply and nothing is reported missing: the repository asked for nothing.
      const unconfigured = yield* run(filesOf({ "api/openapi.yaml": openapiDocument }), { configurationByDefault: true })
      expect(unconfigured.problems).toEqual([])
      expect(unconfigured.result.issues).toHaveLength(9)
    }))

  it.effect("says what of the ruleset it does not follow, and lints with the rest", () =>
    Effect.gen(function*() {
      const ruleset = "extends: [spectral:oas, ./rules/company.yaml]\nrules:\n  path-params: off\n  paths-kebab-case:\n    given: $.paths[*]~\n    then: { function: pattern, functionOptions: { match: \"^[a-z/{}-]+$\" } }\n"
      const { problems, result } = yield* run(filesOf({ "api/openapi.yaml": openapiDocument, ".spectral.yml": ruleset }), { useConfigurationFile: true })
      expect(problems.map((problem) => [problem.code, problem.file])).toEqual([
        ["unsupported_configuration", ".spectral.yml"],
        ["unsupported_configuration", ".spectral.yml"]
      ])
      expect(problems.map((problem) => problem.message).join("\n")).toContain("paths-kebab-case")
      const patterns = result.issues.map((issue) => issue.patternId)
      expect(patterns).not.toContain("Spectral_path-params")
      // spectral:oas alone is its recommended rules, those about documentation among them.
      expect(patterns).toContain("Spectral_info-contact")
    }))

  it.effect("never runs a JavaScript ruleset, and reports a missing or unreadable one: the patterns apply", () =>
    Effect.gen(function*() {
      const code = yield* run(filesOf({ "api/openapi.yaml": openapiDocument, ".spectral.js": "require('child_process').execSync('rm -rf /')" }), { useConfigurationFile: true })
      expect(code.problems.map((problem) => [problem.code, problem.file])).toEqual([["unreadable_configuration", ".spectral.js"]])
      expect(code.result.issues).toHaveLength(9)
      const missing = yield* run(filesOf({ "api/openapi.yaml": openapiDocument }), { useConfigurationFile: true })
      expect(missing.problems.map((problem) => [problem.code, problem.file])).toEqual([["configuration_not_found", undefined]])
      const unreadable = yield* run(filesOf({ "api/openapi.yaml": openapiDocument, ".spectral.json": "{\"extends\": " }), { configurationByDefault: true })
      expect(unreadable.problems.map((problem) => [problem.code, problem.file])).toEqual([["unreadable_configuration", ".spectral.json"]])
      expect(unreadable.result.configurationFile).toBeUndefined()
      expect(unreadable.result.issues).toHaveLength(9)
    }))

  it.effect("reads no ruleset and loads nothing for a tree without an API document", () =>
    Effect.gen(function*() {
      const { problems, result } = yield* run(filesOf({ "ci.yml": "on: push\n", ".spectral.js": "" }), { useConfigurationFile: true })
      expect(problems).toEqual([])
      expect(result.lintedFiles).toBe(0)
    }))
})

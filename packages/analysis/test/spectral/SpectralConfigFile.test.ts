import { describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import { patternConfiguration, readConfiguration } from "../../src/spectral/SpectralConfigFile.js"

const known = new Set(["info-contact", "operation-tags", "path-params", "asyncapi-servers", "oas3-schema"])

const read = (path: string, content: string) => readConfiguration("Spectral", { path, content }, known)

const configurationOf = (path: string, content: string) =>
  Either.getOrThrowWith(read(path, content), (problem) => new Error(problem.message))

describe("patternConfiguration", () => {
  it("turns both rulesets off and each enabled pattern's rule on", () => {
    expect(patternConfiguration([
      { patternId: "Spectral_path-params", ruleId: "path-params", severity: "Error", parameters: [] },
      { patternId: "Spectral_asyncapi-servers", ruleId: "asyncapi-servers", severity: "Warning", parameters: [] }
    ])).toEqual({ oas: "off", asyncapi: "off", rules: { "path-params": "warn", "asyncapi-servers": "warn" } })
  })
})

describe("readConfiguration", () => {
  it("follows extends of the shipped rulesets, a name alone meaning its recommended rules, and each rule's severity however written", () => {
    const yaml = [
      "extends:",
      "  - spectral:oas",
      "  - [spectral:asyncapi, all]",
      "rules:",
      "  info-contact: off",
      "  operation-tags: error",
      "  path-params: 1",
      "  asyncapi-servers: false",
      "  oas3-schema:",
      "    severity: info",
      ""
    ].join("\n")
    const { configuration, problems } = configurationOf(".spectral.yaml", yaml)
    expect(problems).toEqual([])
    expect(configuration).toEqual({
      oas: "recommended",
      asyncapi: "all",
      rules: { "info-contact": "off", "operation-tags": "error", "path-params": "warn", "asyncapi-servers": "off", "oas3-schema": "info" }
    })
  })

  it("reads JSON with comments, an extends given as one string, and true as the rule's own severity", () => {
    const json = "{\n  // the team's\n  \"extends\": \"spectral:asyncapi\",\n  \"rules\": { \"operation-tags\": true, },\n}"
    expect(configurationOf(".spectral.json", json)).toEqual({
      configuration: { oas: "off", asyncapi: "recommended", rules: { "operation-tags": true } },
      problems: []
    })
  })

  it("says what it does not follow (another ruleset, rules of the file's own, overrides) and applies the rest", () => {
    const yaml = [
      "extends: [spectral:oas, \"@company/spectral-rules\", \"https://example.org/ruleset.yaml\"]",
      "functions: [checkCase]",
      "rules:",
      "  operation-tags: off",
      "  unknown-rule: error",
      "  paths-kebab-case:",
      "    given: $.paths[*]~",
      "    then:",
      "      function: pattern",
      "overrides:",
      "  - files: [\"legacy/**\"]",
      "    rules:",
      "      path-params: off",
      ""
    ].join("\n")
    const { configuration, problems } = configurationOf(".spectral.yml", yaml)
    expect(configuration).toEqual({ oas: "recommended", asyncapi: "off", rules: { "operation-tags": "off" } })
    expect(problems.map((problem) => [problem.code, problem.file])).toEqual(Array(5).fill(["unsupported_configuration", ".spectral.yml"]))
    expect(problems.map((problem) => problem.message)).toEqual([
      "`extends: \"@company/spectral-rules\"` is not spectral:oas or spectral:asyncapi (a package, a URL or another file is not read): the rest of the ruleset applies",
      "`extends: \"https://example.org/ruleset.yaml\"` is not spectral:oas or spectral:asyncapi (a package, a URL or another file is not read): the rest of the ruleset applies",
      "rules of the ruleset's own (unknown-rule, paths-kebab-case) need its functions, which Tidemark does not run: the shipped rules it sets apply",
      "`overrides` is not followed: the rest of the ruleset applies",
      "`functions` is not followed: the rest of the ruleset applies"
    ])
  })

  it("refuses a file that is not a ruleset object, saying why, so that the patterns apply", () => {
    const broken = read(".spectral.yaml", "extends: [spectral:oas\n")
    expect(Either.isLeft(broken)).toBe(true)
    const list = Either.flip(read(".spectral.json", "[\"spectral:oas\"]"))
    expect(Either.map(list, (problem) => [problem.code, problem.file, problem.message])).toEqual(Either.right([
      "unreadable_configuration",
      ".spectral.json",
      "not a ruleset object: the enabled patterns apply instead"
    ]))
  })
})

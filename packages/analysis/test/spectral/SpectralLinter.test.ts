import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { FileWatch } from "../../src/FileWatch.js"
import { LintCache } from "../../src/LintCache.js"
import * as MemoryAnalysisCache from "../../src/MemoryAnalysisCache.js"
import { patternConfiguration } from "../../src/spectral/SpectralConfigFile.js"
import { lintApiDocuments, type SpectralLintInput } from "../../src/spectral/SpectralLinter.js"
import { spectralLintKey } from "../../src/spectral/SpectralKey.js"
import { filesOf } from "../ruff/RuffFixture.js"
import { defaultRules, spectralDefinition } from "./SpectralFixture.js"

const countingWatch = () => {
  const linted: Array<string> = []
  const layer = Layer.succeed(FileWatch, {
    during: (_tool, path, work) => (linted.push(path), work()),
    duringAsync: (_tool, path, work) => (linted.push(path), work())
  })
  return { linted, layer }
}

const root = [
  "openapi: 3.0.3",
  "info: { title: Shop, version: \"1\" }",
  "servers: [{ url: \"https://api.example.org\" }]",
  "paths:",
  "  /orders:",
  "    $ref: ./orders.yaml",
  ""
].join("\n")

const orders = (example: string) => `get:\n  operationId: listOrders\n  responses:\n    "200":\n      description: The orders.\n      content:\n        application/json:\n          schema: { type: integer, example: ${example} }\n`

const input = (fragment: string): SpectralLintInput => {
  const files = filesOf({ "openapi.yaml": root, "orders.yaml": fragment, "README.md": "# Shop\n" })
  return {
    definition: spectralDefinition,
    documents: files.filter((file) => file.path === "openapi.yaml"),
    files,
    configuration: patternConfiguration(defaultRules),
    rules: defaultRules,
    configurationFile: undefined
  }
}

describe("lintApiDocuments", () => {
  it.effect("lints an unchanged document once with a LintCache, and again when a file its $ref reaches changes", () =>
    Effect.gen(function*() {
      const cache = yield* MemoryAnalysisCache.makeLint
      const lint = (fragment: string) => {
        const watch = countingWatch()
        return Effect.map(
          lintApiDocuments(input(fragment)).pipe(Effect.provide(watch.layer), Effect.provideService(LintCache, cache)),
          (result) => ({ linted: watch.linted, issues: result.issues.map((issue) => [issue.file, issue.line, issue.patternId]) })
        )
      }
      const first = yield* lint(orders("many"))
      expect(first).toEqual({
        linted: ["openapi.yaml"],
        issues: [["orders.yaml", 8, "Spectral_oas3-valid-schema-example"]]
      })
      expect(yield* lint(orders("many"))).toEqual({ ...first, linted: [] })
      expect(yield* lint(orders("3"))).toEqual({ linted: ["openapi.yaml"], issues: [] })
    }))
})

describe("spectralLintKey", () => {
  it("changes with Spectral's version, the configuration, the files a $ref may reach, the path and the content", () => {
    const key = spectralLintKey("core 1, rulesets 1", "{}", "tree-a", "openapi.yaml", "openapi: 3.0.0\n")
    expect(spectralLintKey("core 1, rulesets 1", "{}", "tree-a", "openapi.yaml", "openapi: 3.0.0\n")).toBe(key)
    expect(spectralLintKey("core 1, rulesets 2", "{}", "tree-a", "openapi.yaml", "openapi: 3.0.0\n")).not.toBe(key)
    expect(spectralLintKey("core 1, rulesets 1", "{\"a\":1}", "tree-a", "openapi.yaml", "openapi: 3.0.0\n")).not.toBe(key)
    expect(spectralLintKey("core 1, rulesets 1", "{}", "tree-b", "openapi.yaml", "openapi: 3.0.0\n")).not.toBe(key)
    expect(spectralLintKey("core 1, rulesets 1", "{}", "tree-a", "api.yaml", "openapi: 3.0.0\n")).not.toBe(key)
    expect(spectralLintKey("core 1, rulesets 1", "{}", "tree-a", "openapi.yaml", "openapi: 3.1.0\n")).not.toBe(key)
  })
})

import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Option } from "effect"
import { ServiceUnavailable } from "../src/domain/Errors.js"
import { DiscoveredRule, RegisteredTool } from "../src/domain/RegisteredTools.js"
import { ToolDefinition } from "../src/domain/ToolDefinitions.js"
import * as MemoryRegisteredToolRules from "../src/memory/MemoryRegisteredToolRules.js"
import { RegisteredToolRules } from "../src/ports/RegisteredToolRules.js"
import { ToolCatalogue } from "../src/ports/ToolCatalogue.js"
import * as RegisteredToolCatalogue from "../src/services/RegisteredToolCatalogue.js"

const shipped = new ToolDefinition({
  uuid: "shipped",
  name: "ESLint9",
  patternPrefix: "ESLint9_",
  family: "eslint",
  isClientSide: false,
  languages: ["JavaScript"],
  enabledByDefault: true,
  configurationFiles: [],
  patterns: []
})

const semgrep = new RegisteredTool({
  uuid: "registered",
  name: "Semgrep",
  languages: ["Python", "Go"],
  command: ["semgrep", "scan", "--sarif"],
  timeoutSeconds: 300,
  memoryMegabytes: 2048,
  environment: {}
})

const evalRule = new DiscoveredRule({ id: "python.eval", title: "eval", level: "Error", category: "Security" })

describe("the catalogue with registered tools", () => {
  it.effect("lists the shipped tools, then each registered one with the rules its logs named as enabled patterns", () =>
    Effect.gen(function*() {
      const rules = yield* RegisteredToolRules
      const catalogue = yield* ToolCatalogue
      const before = yield* catalogue.tools
      expect(before.map((tool) => [tool.name, tool.patterns.length])).toEqual([["ESLint9", 0], ["Semgrep", 0]])
      yield* rules.record("registered", [evalRule])
      const found = yield* catalogue.find("registered")
      const tool = Option.getOrThrow(found)
      expect([tool.patternPrefix, tool.family, tool.isClientSide, tool.enabledByDefault, tool.languages]).toEqual(["Semgrep_", "registered:Semgrep", false, true, ["Python", "Go"]])
      expect(tool.patterns.map((p) => [p.definition.id, p.definition.title, p.definition.level, p.definition.category, p.definition.enabled, p.recommended])).toEqual([
        ["Semgrep_python.eval", "eval", "Error", "Security", true, true]
      ])
      expect(Option.map(yield* catalogue.find("shipped"), (t) => t.name)).toEqual(Option.some("ESLint9"))
      expect(yield* catalogue.find("nothing")).toEqual(Option.none())
    }).pipe(Effect.provide(RegisteredToolCatalogue.layer([shipped], [semgrep]).pipe(Layer.provideMerge(MemoryRegisteredToolRules.layer)))))

  it.effect("serves the rules it read last when storage fails, never failing the catalogue", () =>
    Effect.gen(function*() {
      let failing = false
      const flaky = Layer.succeed(RegisteredToolRules, RegisteredToolRules.of({
        record: () => Effect.void,
        rules: () => (failing ? Effect.fail(new ServiceUnavailable({ reason: "storage is down" })) : Effect.succeed([evalRule]))
      }))
      const catalogue = yield* Effect.provide(ToolCatalogue, RegisteredToolCatalogue.layer([shipped], [semgrep]).pipe(Layer.provide(flaky)))
      expect((yield* catalogue.tools)[1]?.patterns).toHaveLength(1)
      failing = true
      expect((yield* catalogue.tools)[1]?.patterns.map((p) => p.definition.id)).toEqual(["Semgrep_python.eval"])
    }))
})

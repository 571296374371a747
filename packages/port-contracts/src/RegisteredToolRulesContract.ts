import { describe, expect, layer } from "@effect/vitest"
import { RegisteredToolRules, RegisteredTools } from "@tidemark/core"
import { Effect, type Layer } from "effect"
import { randomUUID } from "node:crypto"

const rule = (fields: ConstructorParameters<typeof RegisteredTools.DiscoveredRule>[0]) => new RegisteredTools.DiscoveredRule(fields)

/** Rules hang off a tool's uuid alone (the tool is registered in the installation's configuration): each test has a tool of its own. */
export const registeredToolRulesContract = (name: string, storeLayer: Layer.Layer<RegisteredToolRules.RegisteredToolRules, unknown>) =>
  layer(storeLayer, { timeout: "120 seconds", excludeTestServices: true })(`RegisteredToolRules contract (${name})`, (it) => {
    describe("registered tools' rules", () => {
      it.effect("a tool whose logs named nothing yet has no rule", () =>
        Effect.gen(function*() {
          const store = yield* RegisteredToolRules.RegisteredToolRules
          expect(yield* store.rules(randomUUID())).toEqual([])
          yield* store.record(randomUUID(), [])
        }))

      it.effect("keeps each rule once, by id in code point order, the latest description winning, apart per tool", () =>
        Effect.gen(function*() {
          const store = yield* RegisteredToolRules.RegisteredToolRules
          const [tool, other] = [randomUUID(), randomUUID()]
          yield* store.record(tool, [
            rule({ id: "b-rule", title: "B", level: "Warning", category: "ErrorProne" }),
            rule({ id: "a.rule/x:1", title: "A", description: "first words", level: "Error", category: "Security" }),
            rule({ id: "Z", level: "Info", category: "CodeStyle" })
          ])
          yield* store.record(other, [rule({ id: "b-rule", level: "Info", category: "Performance" })])
          yield* store.record(tool, [rule({ id: "a.rule/x:1", title: "A again", level: "Warning", category: "Security" })])
          expect(yield* store.rules(tool)).toStrictEqual([
            rule({ id: "Z", level: "Info", category: "CodeStyle" }),
            rule({ id: "a.rule/x:1", title: "A again", level: "Warning", category: "Security" }),
            rule({ id: "b-rule", title: "B", level: "Warning", category: "ErrorProne" })
          ])
          expect(yield* store.rules(other)).toStrictEqual([rule({ id: "b-rule", level: "Info", category: "Performance" })])
        }))
    })
  })

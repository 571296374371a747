import { Effect, Layer } from "effect"
import type { DiscoveredRule } from "../domain/RegisteredTools.js"
import { RegisteredToolRules } from "../ports/RegisteredToolRules.js"

export const make = Effect.sync(() => {
  const tools = new Map<string, Map<string, DiscoveredRule>>()
  return RegisteredToolRules.of({
    record: (toolUuid, rules) =>
      Effect.sync(() => {
        const known = tools.get(toolUuid) ?? new Map<string, DiscoveredRule>()
        for (const rule of rules) known.set(rule.id, rule)
        tools.set(toolUuid, known)
      }),
    rules: (toolUuid) =>
      Effect.sync(() => [...(tools.get(toolUuid)?.values() ?? [])].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)))
  })
})

export const layer = Layer.effect(RegisteredToolRules, make)

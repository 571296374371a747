import { Effect, Layer } from "effect"
import { PatternSetting, ToolSetting } from "../domain/Records.js"
import { ToolConfigStore } from "../ports/ToolConfigStore.js"

export const make = Effect.sync(() => {
  const tools = new Map<number, Map<string, ToolSetting>>()
  const patterns = new Map<string, Map<string, PatternSetting>>()
  const patternKey = (repositoryId: number, toolUuid: string) => `${repositoryId}\u0000${toolUuid}`
  const patternsOf = (repositoryId: number, toolUuid: string) => {
    const key = patternKey(repositoryId, toolUuid)
    const found = patterns.get(key) ?? new Map<string, PatternSetting>()
    patterns.set(key, found)
    return found
  }

  return ToolConfigStore.of({
    toolSettings: (repositoryId) => Effect.sync(() => [...(tools.get(repositoryId)?.values() ?? [])]),
    patternSettings: (repositoryId, toolUuid) => Effect.sync(() => [...patternsOf(repositoryId, toolUuid).values()]),
    applyToolChange: (repositoryId, toolUuid, change) =>
      Effect.sync(() => {
        const own = tools.get(repositoryId) ?? new Map<string, ToolSetting>()
        const previous = own.get(toolUuid)
        const enabled = change.enabled ?? previous?.enabled
        const usesConfigurationFile = change.usesConfigurationFile ?? previous?.usesConfigurationFile
        own.set(
          toolUuid,
          new ToolSetting({
            toolUuid,
            ...(usesConfigurationFile === undefined ? {} : { usesConfigurationFile }),
            ...(enabled === undefined ? {} : { enabled })
          })
        )
        tools.set(repositoryId, own)
        const settings = patternsOf(repositoryId, toolUuid)
        for (const p of change.patterns) settings.set(p.patternId, p)
      }),
    setPatternsEnabled: (repositoryId, toolUuid, patternIds, enabled) =>
      Effect.sync(() => {
        const settings = patternsOf(repositoryId, toolUuid)
        for (const id of patternIds) {
          settings.set(id, new PatternSetting({ patternId: id, enabled, parameters: settings.get(id)?.parameters ?? [] }))
        }
      })
  })
})

export const layer = Layer.effect(ToolConfigStore, make)

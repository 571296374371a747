import { Effect, Layer, Option } from "effect"
import type { GitHostSettings } from "../domain/GitHostSettings.js"
import { GitHostSettingsStore } from "../ports/GitHostSettingsStore.js"

export const make = Effect.sync(() => {
  const settings = new Map<number, GitHostSettings>()
  return GitHostSettingsStore.of({
    find: (repositoryId) => Effect.sync(() => Option.fromNullable(settings.get(repositoryId))),
    save: (repositoryId, value) => Effect.sync(() => void settings.set(repositoryId, value)),
    remove: (repositoryId) => Effect.sync(() => void settings.delete(repositoryId))
  })
})

export const layer = Layer.effect(GitHostSettingsStore, make)

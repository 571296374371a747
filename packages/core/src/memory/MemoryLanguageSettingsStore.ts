import { Effect, Layer } from "effect"
import { type LanguageSetting, settingAfter } from "../domain/LanguageSettings.js"
import { LanguageSettingsStore } from "../ports/LanguageSettingsStore.js"

export const make = Effect.sync(() => {
  const repositories = new Map<number, Map<string, LanguageSetting>>()
  return LanguageSettingsStore.of({
    settings: (repositoryId) =>
      Effect.sync(() =>
        [...(repositories.get(repositoryId)?.values() ?? [])].sort((a, b) => (a.language < b.language ? -1 : a.language > b.language ? 1 : 0))
      ),
    update: (repositoryId, changes) =>
      Effect.sync(() => {
        const own = repositories.get(repositoryId) ?? new Map<string, LanguageSetting>()
        for (const change of changes) {
          own.set(change.language, settingAfter(own.get(change.language), change))
        }
        repositories.set(repositoryId, own)
      })
  })
})

export const layer = Layer.effect(LanguageSettingsStore, make)

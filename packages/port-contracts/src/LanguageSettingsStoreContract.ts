import { describe, expect, layer } from "@effect/vitest"
import { LanguageSettings, LanguageSettingsStore, type OrganizationStore, type RepositoryStore } from "@tidemark/core"
import { Effect, type Layer } from "effect"
import { freshRepository } from "./Fixtures.js"

const change = (fields: ConstructorParameters<typeof LanguageSettings.LanguageSettingChange>[0]) =>
  LanguageSettings.LanguageSettingChange.make(fields)
const setting = (fields: ConstructorParameters<typeof LanguageSettings.LanguageSetting>[0]) => LanguageSettings.LanguageSetting.make(fields)

/** Settings hang off repositories, which the store of repositories creates. */
export const languageSettingsStoreContract = (
  name: string,
  storeLayer: Layer.Layer<
    LanguageSettingsStore.LanguageSettingsStore | RepositoryStore.RepositoryStore | OrganizationStore.OrganizationStore,
    unknown
  >
) =>
  layer(storeLayer, { timeout: "120 seconds", excludeTestServices: true })(`LanguageSettingsStore contract (${name})`, (it) => {
    describe("language settings", () => {
      it.effect("a repository never configured has no setting", () =>
        Effect.gen(function*() {
          const store = yield* LanguageSettingsStore.LanguageSettingsStore
          const { repository } = yield* freshRepository
          expect(yield* store.settings(repository.id)).toEqual([])
        }))

      it.effect("a new language takes the defaults for what its change leaves out; settings come back by name, in code point order", () =>
        Effect.gen(function*() {
          const store = yield* LanguageSettingsStore.LanguageSettingsStore
          const { repository } = yield* freshRepository
          yield* store.update(repository.id, [
            change({ language: "YAML", enabled: false }),
            change({ language: "Python", extensions: [".pyw", "-py.resource", ".PYI"] }),
            change({ language: "JSON", extensions: [] })
          ])
          expect(yield* store.settings(repository.id)).toStrictEqual([
            setting({ language: "JSON", enabled: true, extensions: [] }),
            setting({ language: "Python", enabled: true, extensions: [".pyw", "-py.resource", ".PYI"] }),
            setting({ language: "YAML", enabled: false, extensions: [] })
          ])
        }))

      it.effect("a field a change leaves out keeps its stored value; one given replaces it", () =>
        Effect.gen(function*() {
          const store = yield* LanguageSettingsStore.LanguageSettingsStore
          const { repository } = yield* freshRepository
          yield* store.update(repository.id, [change({ language: "Go", enabled: false, extensions: [".go.tmpl"] })])
          yield* store.update(repository.id, [change({ language: "Go", extensions: [".gotmpl", ".go.tmpl"] })])
          expect(yield* store.settings(repository.id)).toStrictEqual([setting({ language: "Go", enabled: false, extensions: [".gotmpl", ".go.tmpl"] })])
          yield* store.update(repository.id, [change({ language: "Go", enabled: true })])
          expect(yield* store.settings(repository.id)).toStrictEqual([setting({ language: "Go", enabled: true, extensions: [".gotmpl", ".go.tmpl"] })])
          yield* store.update(repository.id, [change({ language: "Go", extensions: [] }), change({ language: "Go", enabled: false })])
          expect(yield* store.settings(repository.id)).toStrictEqual([setting({ language: "Go", enabled: false, extensions: [] })])
        }))

      it.effect("repositories are kept apart; no change at all is no error", () =>
        Effect.gen(function*() {
          const store = yield* LanguageSettingsStore.LanguageSettingsStore
          const one = yield* freshRepository
          const two = yield* freshRepository
          yield* store.update(one.repository.id, [change({ language: "CSS", enabled: false })])
          yield* store.update(two.repository.id, [])
          expect(yield* store.settings(two.repository.id)).toEqual([])
          expect(yield* store.settings(one.repository.id)).toStrictEqual([setting({ language: "CSS", enabled: false, extensions: [] })])
        }))
    })
  })

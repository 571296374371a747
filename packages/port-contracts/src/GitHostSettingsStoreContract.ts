import { describe, expect, layer } from "@effect/vitest"
import { GitHostSettings, GitHostSettingsStore, type OrganizationStore, type RepositoryStore } from "@tidemark/core"
import { Effect, Option, Redacted, type Layer } from "effect"
import { freshRepository } from "./Fixtures.js"

/** The token compared in clear: `Redacted` values are equal only to themselves. */
const shown = (settings: Option.Option<GitHostSettings.GitHostSettings>) =>
  Option.map(settings, (value) => ({ token: Redacted.value(value.token), apiBaseUrl: value.apiBaseUrl, decorate: value.decoratePullRequests }))

/** Settings hang off repositories, which the store of repositories creates. */
export const gitHostSettingsStoreContract = (
  name: string,
  storeLayer: Layer.Layer<GitHostSettingsStore.GitHostSettingsStore | RepositoryStore.RepositoryStore | OrganizationStore.OrganizationStore, unknown>
) =>
  layer(storeLayer, { timeout: "120 seconds", excludeTestServices: true })(`GitHostSettingsStore contract (${name})`, (it) => {
    describe("settings", () => {
      it.effect("a repository never configured has none", () =>
        Effect.gen(function*() {
          const store = yield* GitHostSettingsStore.GitHostSettingsStore
          const { repository } = yield* freshRepository
          expect(yield* store.find(repository.id)).toEqual(Option.none())
        }))

      it.effect("settings read back equal those written, with an API base URL and without", () =>
        Effect.gen(function*() {
          const store = yield* GitHostSettingsStore.GitHostSettingsStore
          const one = yield* freshRepository
          const two = yield* freshRepository
          yield* store.save(
            one.repository.id,
            new GitHostSettings.GitHostSettings({ token: Redacted.make("ghp_one ünïcode"), apiBaseUrl: "https://git.example.com/api/v3", decoratePullRequests: true })
          )
          yield* store.save(two.repository.id, new GitHostSettings.GitHostSettings({ token: Redacted.make("glpat-two") }))
          expect(shown(yield* store.find(one.repository.id))).toStrictEqual(
            Option.some({ token: "ghp_one ünïcode", apiBaseUrl: "https://git.example.com/api/v3", decorate: true })
          )
          expect(shown(yield* store.find(two.repository.id))).toStrictEqual(Option.some({ token: "glpat-two", apiBaseUrl: undefined, decorate: false }))
          expect(Option.map(yield* store.find(two.repository.id), (settings) => "apiBaseUrl" in settings)).toEqual(Option.some(false))
        }))

      it.effect("saving again replaces the settings; remove forgets them, twice without error", () =>
        Effect.gen(function*() {
          const store = yield* GitHostSettingsStore.GitHostSettingsStore
          const { repository } = yield* freshRepository
          const other = yield* freshRepository
          yield* store.save(repository.id, new GitHostSettings.GitHostSettings({ token: Redacted.make("old"), apiBaseUrl: "https://old.example.com" }))
          yield* store.save(other.repository.id, new GitHostSettings.GitHostSettings({ token: Redacted.make("kept") }))
          yield* store.save(repository.id, new GitHostSettings.GitHostSettings({ token: Redacted.make("new") }))
          expect(shown(yield* store.find(repository.id))).toStrictEqual(Option.some({ token: "new", apiBaseUrl: undefined, decorate: false }))
          yield* store.remove(repository.id)
          yield* store.remove(repository.id)
          expect(yield* store.find(repository.id)).toEqual(Option.none())
          expect(shown(yield* store.find(other.repository.id))).toStrictEqual(Option.some({ token: "kept", apiBaseUrl: undefined, decorate: false }))
        }))
    })
  })

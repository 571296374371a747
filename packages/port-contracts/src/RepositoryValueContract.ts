import { describe, expect, layer } from "@effect/vitest"
import type { OrganizationStore, RepositoryStore } from "@tidemark/core"
import { type Context, Effect, Option, type Layer } from "effect"
import { freshRepository } from "./Fixtures.js"

/** A store of one text per repository (a webhook secret, a badge token): what both promise. */
export interface RepositoryValues {
  readonly save: (repositoryId: number, value: string) => Effect.Effect<void, unknown>
  readonly find: (repositoryId: number) => Effect.Effect<Option.Option<string>, unknown>
}

/** The store's contract; its values hang off repositories, which the store of repositories creates. */
export const repositoryValueContract = <Id, S extends RepositoryValues>(
  port: string,
  what: string,
  tag: Context.Tag<Id, S>,
  name: string,
  storeLayer: Layer.Layer<Id | RepositoryStore.RepositoryStore | OrganizationStore.OrganizationStore, unknown>
) =>
  layer(storeLayer, { timeout: "120 seconds", excludeTestServices: true })(`${port} contract (${name})`, (it) => {
    describe(`${what}s`, () => {
      it.effect(`a repository without a ${what} has none; a saved one reads back as it was`, () =>
        Effect.gen(function*() {
          const store = yield* tag
          const { repository } = yield* freshRepository
          expect(yield* store.find(repository.id)).toEqual(Option.none())
          yield* store.save(repository.id, "s3cr3t-ü ")
          expect(yield* store.find(repository.id)).toEqual(Option.some("s3cr3t-ü "))
        }))

      it.effect(`saving again replaces the ${what}; repositories are kept apart`, () =>
        Effect.gen(function*() {
          const store = yield* tag
          const one = yield* freshRepository
          const two = yield* freshRepository
          yield* store.save(one.repository.id, "first")
          yield* store.save(one.repository.id, "second")
          expect(yield* store.find(one.repository.id)).toEqual(Option.some("second"))
          expect(yield* store.find(two.repository.id)).toEqual(Option.none())
        }))
    })
  })

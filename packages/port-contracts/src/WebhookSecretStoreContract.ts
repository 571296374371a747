import { describe, expect, layer } from "@effect/vitest"
import { type OrganizationStore, type RepositoryStore, WebhookSecretStore } from "@tidemark/core"
import { Effect, Option, type Layer } from "effect"
import { freshRepository } from "./Fixtures.js"

/** Secrets hang off repositories, which the store of repositories creates. */
export const webhookSecretStoreContract = (
  name: string,
  storeLayer: Layer.Layer<WebhookSecretStore.WebhookSecretStore | RepositoryStore.RepositoryStore | OrganizationStore.OrganizationStore, unknown>
) =>
  layer(storeLayer, { timeout: "60 seconds", excludeTestServices: true })(`WebhookSecretStore contract (${name})`, (it) => {
    describe("secrets", () => {
      it.effect("a repository without a secret has none; a saved one reads back as it was", () =>
        Effect.gen(function*() {
          const store = yield* WebhookSecretStore.WebhookSecretStore
          const { repository } = yield* freshRepository
          expect(yield* store.find(repository.id)).toEqual(Option.none())
          yield* store.save(repository.id, "s3cr3t-ü ")
          expect(yield* store.find(repository.id)).toEqual(Option.some("s3cr3t-ü "))
        }))

      it.effect("saving again replaces the secret; repositories are kept apart", () =>
        Effect.gen(function*() {
          const store = yield* WebhookSecretStore.WebhookSecretStore
          const one = yield* freshRepository
          const two = yield* freshRepository
          yield* store.save(one.repository.id, "first")
          yield* store.save(one.repository.id, "second")
          expect(yield* store.find(one.repository.id)).toEqual(Option.some("second"))
          expect(yield* store.find(two.repository.id)).toEqual(Option.none())
        }))
    })
  })

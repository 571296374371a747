import { describe, expect, layer } from "@effect/vitest"
import { CredentialStore, RepositoryStore } from "@tidemark/core"
import { Effect, type Layer, Option } from "effect"
import { at, credential, freshRepository, uniqueName } from "./Fixtures.js"

const counts = Effect.flatMap(CredentialStore, (store) =>
  Effect.all({ admin: store.countByKind("admin"), api: store.countByKind("api"), ingestion: store.countByKind("ingestion") }))

/**
 * Credentials of organizations need one, which the store of repositories creates. Other suites of
 * the same store may save credentials too: counts are compared before and after.
 */
export const credentialStoreContract = (name: string, storeLayer: Layer.Layer<CredentialStore | RepositoryStore, unknown>) =>
  layer(storeLayer, { timeout: "60 seconds", excludeTestServices: true })(`CredentialStore contract (${name})`, (it) => {
    describe("credentials", () => {
      it.effect("a saved credential is found by id, with or without an organization", () =>
        Effect.gen(function*() {
          const store = yield* CredentialStore
          const organization = yield* Effect.flatMap(RepositoryStore, (r) => r.ensureOrganization("gh", uniqueName("org")))
          const admin = credential({ kind: "admin", permission: "admin" })
          const ingestion = credential({ kind: "ingestion", permission: "write", organizationId: organization.id })
          yield* store.save(admin)
          yield* store.save(ingestion)

          expect(yield* store.find(admin.id)).toStrictEqual(Option.some(admin))
          expect(yield* store.find(ingestion.id)).toStrictEqual(Option.some(ingestion))
          expect(Option.map(yield* store.find(admin.id), (c) => "organizationId" in c)).toEqual(Option.some(false))
          expect(yield* store.find(uniqueName("missing"))).toEqual(Option.none())
        }))

      it.effect("a repository token keeps the repository it names", () =>
        Effect.gen(function*() {
          const store = yield* CredentialStore
          const { organization, repository } = yield* freshRepository
          const token = credential({ kind: "repository", permission: "write", organizationId: organization.id, repositoryId: repository.id })
          yield* store.save(token)
          expect(yield* store.find(token.id)).toStrictEqual(Option.some(token))
          expect(yield* store.countByKind("repository")).toBeGreaterThanOrEqual(1)
        }))

      it.effect("saving the same id again replaces the credential", () =>
        Effect.gen(function*() {
          const store = yield* CredentialStore
          const first = credential({ permission: "read" })
          const replaced = credential({ id: first.id, permission: "write", secretHash: "00ff", createdAt: at(5) })
          yield* store.save(first)
          yield* store.save(replaced)
          expect(yield* store.find(first.id)).toStrictEqual(Option.some(replaced))
        }))
    })

    describe("countByKind", () => {
      it.effect("counts credentials of each kind; saving an id again does not count twice", () =>
        Effect.gen(function*() {
          const store = yield* CredentialStore
          const before = yield* counts
          const api = credential({ kind: "api" })
          yield* store.save(api)
          yield* store.save(credential({ kind: "api" }))
          yield* store.save(credential({ kind: "ingestion" }))
          yield* store.save(api)
          expect(yield* counts).toEqual({ admin: before.admin, api: before.api + 2, ingestion: before.ingestion + 1 })

          yield* store.save(credential({ id: api.id, kind: "admin", permission: "admin" }))
          expect(yield* counts).toEqual({ admin: before.admin + 1, api: before.api + 1, ingestion: before.ingestion + 1 })
        }))
    })
  })

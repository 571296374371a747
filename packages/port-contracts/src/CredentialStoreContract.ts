import { describe, expect, layer } from "@effect/vitest"
import { CredentialStore, OrganizationStore, type Records, RepositoryStore } from "@tidemark/core"
import { Effect, type Layer, Option } from "effect"
import { at, credential, freshRepository, uniqueName } from "./Fixtures.js"

const counts = Effect.flatMap(CredentialStore.CredentialStore, (store) =>
  Effect.all({ admin: store.countByKind("admin"), api: store.countByKind("api"), ingestion: store.countByKind("ingestion") }))

/**
 * Credentials of organizations need one, which the store of repositories creates. Other suites of
 * the same store may save credentials too: counts are compared before and after.
 */
export const credentialStoreContract = (name: string, storeLayer: Layer.Layer<CredentialStore.CredentialStore | RepositoryStore.RepositoryStore | OrganizationStore.OrganizationStore, unknown>) =>
  layer(storeLayer, { timeout: "120 seconds", excludeTestServices: true })(`CredentialStore contract (${name})`, (it) => {
    describe("credentials", () => {
      it.effect("a saved credential is found by id, with or without an organization", () =>
        Effect.gen(function*() {
          const store = yield* CredentialStore.CredentialStore
          const organization = yield* Effect.flatMap(OrganizationStore.OrganizationStore, (r) => r.ensureOrganization("gh", uniqueName("org")))
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
          const store = yield* CredentialStore.CredentialStore
          const { organization, repository } = yield* freshRepository
          const token = credential({ kind: "repository", permission: "write", organizationId: organization.id, repositoryId: repository.id })
          yield* store.save(token)
          expect(yield* store.find(token.id)).toStrictEqual(Option.some(token))
          expect(yield* store.countByKind("repository")).toBeGreaterThanOrEqual(1)
        }))

      it.effect("saving the same id again replaces the credential", () =>
        Effect.gen(function*() {
          const store = yield* CredentialStore.CredentialStore
          const first = credential({ permission: "read" })
          const replaced = credential({ id: first.id, permission: "write", secretHash: "00ff", createdAt: at(5) })
          yield* store.save(first)
          yield* store.save(replaced)
          expect(yield* store.find(first.id)).toStrictEqual(Option.some(replaced))
        }))
    })

    describe("ofOrganization", () => {
      it.effect("pages the organization's credentials by creation time, then id; none of another organization", () =>
        Effect.gen(function*() {
          const store = yield* CredentialStore.CredentialStore
          const { organization, repository } = yield* freshRepository
          const other = yield* Effect.flatMap(OrganizationStore.OrganizationStore, (r) => r.ensureOrganization("gh", uniqueName("org")))
          const mine = (id: string, minute: number, fields: Partial<ConstructorParameters<typeof Records.Credential>[0]> = {}) =>
            credential({ id: `${id}-${uniqueName("c")}`, createdAt: at(minute), organizationId: organization.id, ...fields })
          // Ids compare by code unit ("B" before "a"), as cursors do.
          const saved = [
            mine("a", 2, { kind: "ingestion", permission: "write" }),
            mine("B", 2),
            mine("z", 1, { kind: "repository", permission: "write", repositoryId: repository.id }),
            mine("m", 3, { lastUsedAt: at(4) })
          ]
          for (const c of saved) yield* store.save(c)
          yield* store.save(credential({ organizationId: other.id, createdAt: at(0) }))
          yield* store.save(credential({ kind: "admin", permission: "admin", id: uniqueName("admin") }))

          const first = yield* store.ofOrganization(organization.id, { after: undefined, limit: 3 })
          expect(first.items.map((c) => c.id)).toEqual([saved[2]?.id, saved[1]?.id, saved[0]?.id])
          expect(first.items[0]).toStrictEqual(saved[2])
          expect(first.total).toBe(4)
          expect(first.next).toEqual([at(2), saved[0]?.id])
          const second = yield* store.ofOrganization(organization.id, { after: first.next, limit: 3 })
          expect(second.items).toStrictEqual([saved[3]])
          expect(second).toMatchObject({ total: 4, next: undefined })
          expect(yield* store.ofOrganization(other.id + 1_000_000, { after: undefined, limit: 10 })).toEqual({ items: [], total: 0, next: undefined })
        }))
    })

    describe("remove", () => {
      it.effect("forgets a credential of the organization, and nothing of another", () =>
        Effect.gen(function*() {
          const store = yield* CredentialStore.CredentialStore
          const { organization } = yield* freshRepository
          const other = yield* Effect.flatMap(OrganizationStore.OrganizationStore, (r) => r.ensureOrganization("gh", uniqueName("org")))
          const token = credential({ organizationId: organization.id })
          const admin = credential({ kind: "admin", permission: "admin" })
          yield* store.save(token)
          yield* store.save(admin)

          expect(yield* store.remove(other.id, token.id)).toBe(false)
          expect(yield* store.remove(organization.id, admin.id)).toBe(false)
          expect(yield* store.find(token.id)).toStrictEqual(Option.some(token))
          expect(yield* store.remove(organization.id, token.id)).toBe(true)
          expect(yield* store.find(token.id)).toEqual(Option.none())
          expect(yield* store.remove(organization.id, token.id)).toBe(false)
          expect(yield* store.find(admin.id)).toStrictEqual(Option.some(admin))
        }))
    })

    describe("markUsed", () => {
      it.effect("records the last use, never moving it back; a credential that is gone stays gone", () =>
        Effect.gen(function*() {
          const store = yield* CredentialStore.CredentialStore
          const token = credential()
          yield* store.save(token)
          yield* store.markUsed(token.id, at(10))
          expect(Option.map(yield* store.find(token.id), (c) => c.lastUsedAt)).toEqual(Option.some(at(10)))
          yield* store.markUsed(token.id, at(9))
          yield* store.markUsed(token.id, at(12))
          expect(yield* store.find(token.id)).toStrictEqual(Option.some(credential({ ...token, lastUsedAt: at(12) })))
          const gone = uniqueName("gone")
          yield* store.markUsed(gone, at(12))
          expect(yield* store.find(gone)).toEqual(Option.none())
        }))
    })

    describe("countByKind", () => {
      it.effect("counts credentials of each kind; saving an id again does not count twice", () =>
        Effect.gen(function*() {
          const store = yield* CredentialStore.CredentialStore
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

import { describe, expect, it } from "@effect/vitest"
import { Access, Errors, IssuedToken, OrganizationStore, Pagination, Tokens } from "@tidemark/core"
import { Effect, Option, TestClock } from "effect"
import { acme, addRepository, adminCaller, anonymous, callerWith, globex, issueToken, repo, withServices } from "./fixtures/TestLayer.js"

const foreignToken = new Errors.Unauthenticated({ kind: "otherOrganization", reason: "The api-token is not valid for this organization" })

/** An API token, an ingestion key and a repository token of acme, issued a minute apart. */
const issueAll = Effect.gen(function*() {
  const access = yield* Access.Access
  yield* addRepository("app")
  const acmeOrganization = yield* Effect.flatMap(OrganizationStore.OrganizationStore, (store) => store.ensureOrganization("gh", "acme"))
  const api = yield* access.issue("api", acmeOrganization, "read")
  yield* TestClock.adjust("1 minute")
  const ingestion = yield* access.issue("ingestion", acmeOrganization, "write")
  yield* TestClock.adjust("1 minute")
  const repository = yield* access.issueRepositoryToken(adminCaller, repo("app"))
  return { api, ingestion, repository }
})

describe("Tokens", () => {
  it.effect("lists the organization's secrets oldest first: kind, permission, repository, times; never the secret", () =>
    withServices(
      Effect.gen(function*() {
        const tokens = yield* Tokens.Tokens
        const access = yield* Access.Access
        const { api, ingestion, repository } = yield* issueAll
        yield* issueToken("admin", globex.organization)
        yield* access.authenticate(ingestion.secret)

        const page = yield* tokens.list(adminCaller, acme, {})
        expect(page.items).toStrictEqual([
          new IssuedToken.IssuedToken({ id: api.credential.id, kind: "api", permission: "read", createdAt: "1970-01-01T00:00:00.000Z", lastUsedAt: null }),
          new IssuedToken.IssuedToken({
            id: ingestion.credential.id,
            kind: "ingestion",
            permission: "write",
            createdAt: "1970-01-01T00:01:00.000Z",
            lastUsedAt: "1970-01-01T00:02:00.000Z"
          }),
          new IssuedToken.IssuedToken({
            id: repository.credential.id,
            kind: "repository",
            permission: "write",
            repository: "app",
            createdAt: "1970-01-01T00:02:00.000Z",
            lastUsedAt: null
          })
        ])
        expect(page.pagination).toStrictEqual(new Pagination.Pagination({ limit: 100, total: 3 }))

        const first = yield* tokens.list(adminCaller, acme, { limit: 2 })
        expect(first.items.map((t) => t.id)).toEqual([api.credential.id, ingestion.credential.id])
        const second = yield* tokens.list(adminCaller, acme, { limit: 2, cursor: first.pagination.cursor })
        expect(second.items.map((t) => t.id)).toEqual([repository.credential.id])
        expect(second.pagination).toStrictEqual(new Pagination.Pagination({ limit: 2, total: 3 }))
        expect((yield* Effect.flip(tokens.list(adminCaller, acme, { cursor: "not a cursor" })))._tag).toBe("InvalidInput")
      })
    ))

  it.effect("the installation admin and the organization's admin tokens may list and revoke; no other caller", () =>
    withServices(
      Effect.gen(function*() {
        const tokens = yield* Tokens.Tokens
        const { ingestion } = yield* issueAll
        const acmeAdmin = yield* callerWith("admin")
        expect((yield* tokens.list(acmeAdmin, acme, {})).pagination.total).toBe(4)
        for (const permission of ["write", "read"] as const) {
          const caller = yield* callerWith(permission)
          expect(yield* Effect.flip(tokens.list(caller, acme, {}))).toBeInstanceOf(Errors.PermissionDenied)
          expect(yield* Effect.flip(tokens.revoke(caller, acme, ingestion.credential.id))).toBeInstanceOf(Errors.PermissionDenied)
        }
        const globexAdmin = yield* callerWith("admin", globex.organization)
        expect(yield* Effect.flip(tokens.list(globexAdmin, acme, {}))).toEqual(foreignToken)
        expect(yield* Effect.flip(tokens.revoke(globexAdmin, acme, ingestion.credential.id))).toEqual(foreignToken)
        expect((yield* Effect.flip(tokens.list(anonymous, acme, {})))._tag).toBe("Unauthenticated")
        const asKey = Option.some(yield* Effect.flatMap(Access.Access, (access) => access.authenticate(ingestion.secret)))
        expect((yield* Effect.flip(tokens.list(asKey, acme, {})))._tag).toBe("Unauthenticated")
        expect(yield* Effect.flip(tokens.list(adminCaller, { provider: "gh", organization: "nobody" }, {}))).toEqual(
          new Errors.NotFound({ what: "organization", id: "gh/nobody" })
        )
      })
    ))

  it.effect("a revoked secret is refused at once, though it was just verified; an unknown or foreign id is not found", () =>
    withServices(
      Effect.gen(function*() {
        const tokens = yield* Tokens.Tokens
        const access = yield* Access.Access
        const { api, ingestion, repository } = yield* issueAll
        const globexToken = yield* issueToken("admin", globex.organization)
        for (const issued of [api, ingestion, repository]) {
          yield* access.authenticate(issued.secret)
          yield* tokens.revoke(adminCaller, acme, issued.credential.id)
          expect(yield* Effect.flip(access.authenticate(issued.secret))).toEqual(new Errors.Unauthenticated({ kind: "invalid", reason: "Invalid credentials" }))
        }
        expect((yield* tokens.list(adminCaller, acme, {})).items).toEqual([])

        expect(yield* Effect.flip(tokens.revoke(adminCaller, acme, api.credential.id))).toEqual(
          new Errors.NotFound({ what: "token", id: api.credential.id })
        )
        const foreignId = globexToken.issued.credential.id
        expect(yield* Effect.flip(tokens.revoke(adminCaller, acme, foreignId))).toEqual(new Errors.NotFound({ what: "token", id: foreignId }))
        expect(yield* Effect.flip(tokens.revoke(adminCaller, acme, "admin"))).toEqual(new Errors.NotFound({ what: "token", id: "admin" }))
        expect((yield* access.authenticate(globexToken.issued.secret)).credentialId).toBe(foreignId)
      })
    ))
})

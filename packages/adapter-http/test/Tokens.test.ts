/**
 * The security finding "issued tokens cannot be revoked": an organization's secrets are listed
 * (never their secret) and revoked on the admin surface, and a revoked one is refused by the very
 * next request, whichever API it was made for.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { SecretBody, TokenPage } from "./fixtures/Bodies.js"
import * as Http from "./fixtures/Http.js"
import { addRepository, issueIngestionKey, issueToken, newOrganization, type Organization, paths } from "./fixtures/Scenario.js"
import { testLayer } from "./fixtures/TestLayer.js"
import { adminToken } from "./fixtures/TestServer.js"

const segment = encodeURIComponent
const tokenPath = (org: Organization, id: string) => `${paths.tokens(org)}/${segment(id)}`

/** The id of an issued secret: the middle of `<prefix>.<id>.<secret>`. */
const idOf = (secret: string) => secret.split(".")[1] ?? ""

const issueRepositoryToken = (org: Organization, repository: string) =>
  Effect.map(
    Http.post(`${paths.tokens(org).replace(/\/tokens$/, "")}/repositories/${segment(repository)}/tokens`, { token: adminToken }),
    (reply) => Http.expectBody(reply, 201, SecretBody).data.secret
  )

const listed = (org: Organization, token = adminToken, query?: Readonly<Record<string, string>>) =>
  Effect.map(Http.get(paths.tokens(org), { token, ...(query === undefined ? {} : { query }) }), (reply) => {
    const page = Http.expectBody(reply, 200, TokenPage)
    return { page, text: reply.text }
  })

/** `expected` in the order of the list's keyset (creation time, then id), times taken from `received`. */
const oldestFirst = <A extends { readonly id: string }>(
  expected: ReadonlyArray<A>,
  received: ReadonlyArray<{ readonly id: string; readonly createdAt: string }>
) => {
  const key = (id: string) => {
    const found = received.find((token) => token.id === id)
    return `${found?.createdAt ?? ""} ${id}`
  }
  return [...expected].sort((a, b) => key(a.id) < key(b.id) ? -1 : key(a.id) > key(b.id) ? 1 : 0)
}

const revoke = (org: Organization, id: string, token = adminToken) => Http.del(tokenPath(org, id), { token })

/** An organization with a repository `app` and one secret of each kind. */
const organizationWithSecrets = Effect.gen(function*() {
  const org = newOrganization("tokens")
  yield* addRepository(org, "app")
  const api = yield* issueToken(org, "read")
  const repository = yield* issueRepositoryToken(org, "app")
  const ingestion = yield* issueIngestionKey(org)
  return { org, api, repository, ingestion }
})

const sha = "0123456789abcdef0123456789abcdef01234567"
const coverageUpload = (projectToken: string) =>
  Http.post(`/2.0/coverage/${sha}/javascript`, {
    headers: { "project-token": projectToken },
    json: { fileReports: [{ filename: "src/a.js", coverage: { "1": 1 } }] }
  })

const ingest = (key: string) =>
  Http.post(`/v1/ingestion/cli?${new URLSearchParams({ api_key: key })}`, {
    json: { $type: "change", change_id: "c1", time_created: "2024-05-01T10:00:00Z" }
  })

layer(testLayer, { excludeTestServices: true })("an organization's tokens", (it) => {
  describe("GET …/admin/organizations/{provider}/{org}/tokens", () => {
    it.effect("lists API tokens, repository tokens and ingestion keys with what they reach and when they were used, never a secret", () =>
      Effect.gen(function*() {
        const { api, ingestion, org, repository } = yield* organizationWithSecrets
        const before = yield* listed(org)
        for (const secret of [api, repository, ingestion]) {
          expect(before.text).not.toContain(secret.split(".")[2])
        }
        expect(before.text).not.toMatch(/secret|hash/i)
        // Issued one after another: oldest first, unless two share a millisecond (then by id).
        expect(before.page.data).toEqual(oldestFirst([
          { id: idOf(api), kind: "api", permission: "read", createdAt: expect.any(String), lastUsedAt: null },
          { id: idOf(repository), kind: "repository", permission: "write", repository: "app", createdAt: expect.any(String), lastUsedAt: null },
          { id: idOf(ingestion), kind: "ingestion", permission: "write", createdAt: expect.any(String), lastUsedAt: null }
        ], before.page.data))
        expect(before.page.pagination).toEqual({ limit: 100, total: 3 })

        const start = Date.now() - 1000
        expect((yield* Http.get(paths.repository(org, "app"), { token: api })).status).toBe(200)
        const after = (yield* listed(org)).page.data
        const used = Date.parse(after.find((token) => token.id === idOf(api))?.lastUsedAt ?? "")
        expect(used).toBeGreaterThanOrEqual(start)
        expect(used).toBeLessThanOrEqual(Date.now())
        expect(after.filter((token) => token.id !== idOf(api)).map((token) => token.lastUsedAt)).toEqual([null, null])
      }))

    it.effect("pages them oldest first with the lists' cursor", () =>
      Effect.gen(function*() {
        const { org } = yield* organizationWithSecrets
        const all = (yield* listed(org)).page.data
        const first = (yield* listed(org, adminToken, { limit: "2" })).page
        expect(first.data).toEqual(all.slice(0, 2))
        expect(first.pagination).toMatchObject({ limit: 2, total: 3 })
        const cursor = first.pagination.cursor ?? ""
        const second = (yield* listed(org, adminToken, { limit: "2", cursor })).page
        expect(second).toEqual({ data: all.slice(2), pagination: { limit: 2, total: 3 } })
        yield* Http.expectError(yield* Http.get(paths.tokens(org), { token: adminToken, query: { cursor: "not!a cursor" } }), "BadRequest")
        yield* Http.expectError(yield* Http.get(paths.tokens(org), { token: adminToken, query: { limit: "0" } }), "BadRequest")
      }))
  })

  describe("DELETE …/admin/organizations/{provider}/{org}/tokens/{tokenId}", () => {
    it.effect("a revoked API token is refused by its very next analysis read", () =>
      Effect.gen(function*() {
        const { api, org } = yield* organizationWithSecrets
        expect((yield* Http.get(paths.repository(org, "app"), { token: api })).status).toBe(200)
        Http.expectNoContent(yield* revoke(org, idOf(api)))
        yield* Http.expectError(yield* Http.get(paths.repository(org, "app"), { token: api }), "Unauthorized")
        expect((yield* listed(org)).page.data.map((token) => token.id)).not.toContain(idOf(api))
      }))

    it.effect("a revoked repository token is refused by its very next coverage upload", () =>
      Effect.gen(function*() {
        const { org, repository } = yield* organizationWithSecrets
        expect((yield* coverageUpload(repository)).status).toBe(200)
        Http.expectNoContent(yield* revoke(org, idOf(repository)))
        const refused = yield* coverageUpload(repository)
        expect(refused.status, refused.text).toBe(401)
        expect(refused.body).toEqual({ error: expect.any(String), code: "Unauthorized" })
      }))

    it.effect("a revoked ingestion key is refused by its very next event", () =>
      Effect.gen(function*() {
        const { ingestion, org } = yield* organizationWithSecrets
        expect((yield* ingest(ingestion)).status).toBe(204)
        Http.expectNoContent(yield* revoke(org, idOf(ingestion)))
        Http.expectIngestionError(yield* ingest(ingestion), 401, "Unauthorized")
      }))

    it.effect("an unknown id, one already revoked, or one of another organization is 404; nothing is revoked", () =>
      Effect.gen(function*() {
        const { api, org } = yield* organizationWithSecrets
        const other = yield* organizationWithSecrets
        expect(yield* Http.expectError(yield* revoke(org, "nope"), "NotFound")).toContain("nope")
        yield* Http.expectError(yield* revoke(org, idOf(other.api)), "NotFound")
        yield* Http.expectError(yield* revoke(org, "admin"), "NotFound")
        expect((yield* Http.get(paths.repository(other.org, "app"), { token: other.api })).status).toBe(200)
        Http.expectNoContent(yield* revoke(org, idOf(api)))
        yield* Http.expectError(yield* revoke(org, idOf(api)), "NotFound")
        // The installation admin's token is no organization's: still good.
        expect((yield* listed(org)).page.pagination.total).toBe(2)
      }))
  })

  describe("who may list and revoke", () => {
    it.effect("the installation admin and the organization's admin tokens; write and read tokens are forbidden, others unauthorized", () =>
      Effect.gen(function*() {
        const { ingestion, org, repository } = yield* organizationWithSecrets
        const admin = yield* issueToken(org, "admin")
        expect((yield* listed(org, admin)).page.pagination.total).toBe(4)
        for (const permission of ["write", "read"] as const) {
          const token = yield* issueToken(org, permission)
          yield* Http.expectError(yield* Http.get(paths.tokens(org), { token }), "Forbidden")
          yield* Http.expectError(yield* revoke(org, idOf(ingestion), token), "Forbidden")
        }
        const foreignAdmin = yield* issueToken(newOrganization("tokens"), "admin")
        for (const token of [foreignAdmin, repository, ingestion, "tmt.nope.nope"]) {
          yield* Http.expectError(yield* Http.get(paths.tokens(org), { token }), "Unauthorized")
          yield* Http.expectError(yield* revoke(org, idOf(ingestion), token), "Unauthorized")
        }
        yield* Http.expectError(yield* Http.get(paths.tokens(org)), "Unauthorized")
        yield* Http.expectError(yield* Http.get(paths.tokens(newOrganization("tokens")), { token: adminToken }), "NotFound")
        // An admin token of the organization revokes, itself included.
        Http.expectNoContent(yield* revoke(org, idOf(ingestion), admin))
        Http.expectNoContent(yield* revoke(org, idOf(admin), admin))
        yield* Http.expectError(yield* Http.get(paths.tokens(org), { token: admin }), "Unauthorized")
      }))
  })
})

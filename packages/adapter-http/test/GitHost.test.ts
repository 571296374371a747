/** Issue 14: a repository's git host settings on the admin surface; the token goes in, never out. */
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { GitHostBody } from "./fixtures/Bodies.js"
import * as Http from "./fixtures/Http.js"
import { addRepository, issueToken, newOrganization, type Organization } from "./fixtures/Scenario.js"
import { testLayer } from "./fixtures/TestLayer.js"
import { adminToken } from "./fixtures/TestServer.js"

const gitHostPath = (org: Organization, repository: string) =>
  `/api/v3/admin/organizations/${org.provider}/${encodeURIComponent(org.name)}/repositories/${encodeURIComponent(repository)}/git-host`

const secret = "ghp_very-secret-host-token"

const shown = (org: Organization, repository: string, token = adminToken) =>
  Effect.map(Http.get(gitHostPath(org, repository), { token }), (reply) => {
    expect(JSON.stringify(reply.body)).not.toContain(secret)
    Http.expectBody(reply, 200, GitHostBody)
    // The JSON as sent: no `token` field, no `apiBaseUrl` when it is the host's public API.
    return reply.body
  })

layer(testLayer, { excludeTestServices: true })("git host settings", (it) => {
  describe("PUT, GET and DELETE …/repositories/{name}/git-host", () => {
    it.effect("sets a token and an API base URL, shows that they are set without the token, and clears them", () =>
      Effect.gen(function*() {
        const org = newOrganization("githost")
        yield* addRepository(org, "app")
        expect(yield* shown(org, "app")).toStrictEqual({ data: { configured: false } })

        Http.expectNoContent(
          yield* Http.put(gitHostPath(org, "app"), {
            token: adminToken,
            json: { token: ` ${secret} `, apiBaseUrl: "https://github.example.com/api/v3/" }
          })
        )
        expect(yield* shown(org, "app")).toStrictEqual({ data: { configured: true, apiBaseUrl: "https://github.example.com/api/v3", decoratePullRequests: false } })

        // Set again without a base URL: the host's public API again; pull requests decorated (opt-in).
        Http.expectNoContent(yield* Http.put(gitHostPath(org, "app"), { token: adminToken, json: { token: secret, decoratePullRequests: true } }))
        expect(yield* shown(org, "app")).toStrictEqual({ data: { configured: true, decoratePullRequests: true } })

        Http.expectNoContent(yield* Http.del(gitHostPath(org, "app"), { token: adminToken }))
        expect(yield* shown(org, "app")).toStrictEqual({ data: { configured: false } })
        Http.expectNoContent(yield* Http.del(gitHostPath(org, "app"), { token: adminToken }))
      }))

    it.effect("an admin token of the organization may; a write token may not, nor may anyone without a token", () =>
      Effect.gen(function*() {
        const org = newOrganization("githost")
        yield* addRepository(org, "app")
        const admin = yield* issueToken(org, "admin")
        const writer = yield* issueToken(org, "write")

        Http.expectNoContent(yield* Http.put(gitHostPath(org, "app"), { token: admin, json: { token: secret } }))
        expect(yield* shown(org, "app", admin)).toStrictEqual({ data: { configured: true, decoratePullRequests: false } })
        yield* Http.expectError(yield* Http.get(gitHostPath(org, "app"), { token: writer }), "Forbidden")
        yield* Http.expectError(yield* Http.put(gitHostPath(org, "app"), { token: writer, json: { token: "x" } }), "Forbidden")
        yield* Http.expectError(yield* Http.del(gitHostPath(org, "app"), { token: writer }), "Forbidden")
        yield* Http.expectError(yield* Http.put(gitHostPath(org, "app"), { json: { token: "x" } }), "Unauthorized")
        expect(yield* shown(org, "app")).toStrictEqual({ data: { configured: true, decoratePullRequests: false } })
      }))

    it.effect("refuses an empty token, an API base URL that is not http(s), and a repository that does not exist", () =>
      Effect.gen(function*() {
        const org = newOrganization("githost")
        yield* addRepository(org, "app")
        const put = (json: unknown) => Http.put(gitHostPath(org, "app"), { token: adminToken, json })

        expect(yield* Http.expectError(yield* put({ token: "  " }), "BadRequest")).toContain("token")
        expect(yield* Http.expectError(yield* put({ token: secret, apiBaseUrl: "ftp://example.com" }), "BadRequest")).toContain(
          "http(s) URL"
        )
        yield* Http.expectError(yield* put({ apiBaseUrl: "https://example.com" }), "BadRequest")
        const missing = yield* Http.put(gitHostPath(org, "ghost"), { token: adminToken, json: { token: secret } })
        expect(yield* Http.expectError(missing, "NotFound")).toContain("ghost")
        expect(yield* shown(org, "app")).toStrictEqual({ data: { configured: false } })
      }))

    it.effect("refuses an API base URL that leads to the server's own network, to an organization's token and the admin alike", () =>
      Effect.gen(function*() {
        const org = newOrganization("githost")
        yield* addRepository(org, "app")
        const orgAdmin = yield* issueToken(org, "admin")
        for (const apiBaseUrl of ["http://127.0.0.1:4222", "http://localhost:8080/api/v3", "http://[::ffff:169.254.169.254]/latest"]) {
          for (const token of [orgAdmin, adminToken]) {
            const refused = yield* Http.put(gitHostPath(org, "app"), { token, json: { token: secret, apiBaseUrl } })
            expect(yield* Http.expectError(refused, "UnprocessableEntity")).toMatch(/not a public one/)
          }
        }
        expect(yield* shown(org, "app")).toStrictEqual({ data: { configured: false } })
      }))
  })
})

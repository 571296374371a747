import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { PatternPage, RepositoryPage, ToolList } from "./fixtures/Bodies.js"
import * as Http from "./fixtures/Http.js"
import { eslint9, issueIngestionKey, issueToken, once, paths, type World, world } from "./fixtures/Scenario.js"
import { testLayer } from "./fixtures/TestLayer.js"

/** Every analysis operation on a world's repository, sent with `token` (none when undefined). */
const operations = (w: World, token: string | undefined) => {
  const auth = token === undefined ? {} : { token }
  return [
    ["list", Http.get(paths.repositories(w.org), auth)],
    ["search", Http.post(paths.search(w.org), { ...auth, json: { names: [w.repo] } })],
    ["get", Http.get(paths.repository(w.org, w.repo), auth)],
    ["tools", Http.get(paths.tools(w.org, w.repo), auth)],
    ["conflicts", Http.get(paths.conflicts(w.org, w.repo), auth)],
    ["configure", Http.patch(paths.tool(w.org, w.repo, eslint9), { ...auth, json: { enabled: false } })],
    ["patterns", Http.get(paths.patterns(w.org, w.repo, eslint9), auth)],
    ["update", Http.patch(paths.patterns(w.org, w.repo, eslint9), { ...auth, json: { enabled: false } })],
    ["pattern", Http.get(paths.pattern(w.org, w.repo, eslint9, "ESLint9_no-unused-vars"), auth)]
  ] as const
}

/** What B's own token sees of B: to check that nothing changed. */
const snapshot = (w: World) =>
  Effect.gen(function*() {
    const tools = Http.expectBody(yield* Http.get(paths.tools(w.org, w.repo), { token: w.token }), 200, ToolList)
    const patterns = Http.expectBody(
      yield* Http.get(paths.patterns(w.org, w.repo, eslint9), { token: w.token, query: { enabled: "true" } }),
      200,
      PatternPage
    )
    return { tools, enabled: patterns.pagination.total }
  })

/** Tests that are refused before anything changes share their repositories. */
const privateWorld = once(world({ prefix: "private" }))
const publicWorld = once(world({ prefix: "public", visibility: "Public" }))

layer(testLayer, { excludeTestServices: true })("authentication", (it) => {
  describe("missing or failing tokens", () => {
    it.effect("answers 401 without a token on every analysis operation of a private repository", () =>
      Effect.gen(function*() {
        const w = yield* privateWorld
        for (const [name, operation] of operations(w, undefined)) {
          const message = yield* Http.expectError(yield* operation, "Unauthorized")
          expect(message, name).toContain("api-token")
        }
      }))

    it.effect("answers 401 for tokens that are wrong", () =>
      Effect.gen(function*() {
        const w = yield* privateWorld
        const [, id = ""] = w.token.split(".")
        const wrong = ["nonsense", "tmt.unknown-id.secret", `tmt.${id}.not-the-secret`, `${w.token}x`, "tma_guess", "test-admi", "Test-Admin"]
        for (const token of wrong) {
          yield* Http.expectError(yield* Http.get(paths.repositories(w.org), { token }), "Unauthorized")
          yield* Http.expectError(yield* Http.get(paths.tools(w.org, w.repo), { token }), "Unauthorized")
        }
      }))

    it.effect("answers 401 to an ingestion key on the analysis API: it only pushes events", () =>
      Effect.gen(function*() {
        const w = yield* world()
        const key = yield* issueIngestionKey(w.org)
        yield* Http.expectError(yield* Http.get(paths.repositories(w.org), { token: key }), "Unauthorized")
        yield* Http.expectError(
          yield* Http.patch(paths.tool(w.org, w.repo, eslint9), { token: key, json: { enabled: false } }),
          "Unauthorized"
        )
      }))
  })

  describe("public repositories", () => {
    it.effect("lets anyone list a public repository's tools without a token", () =>
      Effect.gen(function*() {
        const w = yield* publicWorld
        const anonymous = Http.expectBody(yield* Http.get(paths.tools(w.org, w.repo)), 200, ToolList)
        const withToken = Http.expectBody(yield* Http.get(paths.tools(w.org, w.repo), { token: w.token }), 200, ToolList)
        expect(anonymous).toEqual(withToken)
      }))

    it.effect("keeps every other operation of a public repository behind a token", () =>
      Effect.gen(function*() {
        const w = yield* publicWorld
        for (const [name, operation] of operations(w, undefined)) {
          if (name === "tools") continue
          yield* Http.expectError(yield* operation, "Unauthorized")
        }
      }))

    it.effect("answers 401 without a token for a private repository's tools, and for one that does not exist", () =>
      Effect.gen(function*() {
        const w = yield* privateWorld
        yield* Http.expectError(yield* Http.get(paths.tools(w.org, w.repo)), "Unauthorized")
        yield* Http.expectError(yield* Http.get(paths.tools(w.org, "missing")), "Unauthorized")
        yield* Http.expectError(yield* Http.get(paths.tools({ provider: "gh", name: "nobody" }, "missing")), "Unauthorized")
      }))
  })

  describe("organizations are isolated", () => {
    it.effect("a token of organization A neither reads nor changes organization B (401), and B is unchanged", () =>
      Effect.gen(function*() {
        const a = yield* world({ prefix: "a" })
        const b = yield* world({ prefix: "b" })
        const before = yield* snapshot(b)
        for (const [name, operation] of operations(b, a.token)) {
          const reply = yield* operation
          expect(reply.status, name).toBe(401)
          yield* Http.expectError(reply, "Unauthorized")
        }
        expect(yield* snapshot(b)).toEqual(before)
        // A's token still works for A.
        expect(Http.expectBody(yield* Http.get(paths.repositories(a.org), { token: a.token }), 200, RepositoryPage).data)
          .toHaveLength(1)
      }))

    it.effect("an admin token of A cannot issue secrets or manage standards of B", () =>
      Effect.gen(function*() {
        const a = yield* world({ prefix: "a", permission: "admin" })
        const b = yield* world({ prefix: "b" })
        yield* Http.expectError(yield* Http.post(paths.tokens(b.org), { token: a.token, json: {} }), "Unauthorized")
        yield* Http.expectError(yield* Http.post(paths.ingestionKeys(b.org), { token: a.token, json: {} }), "Unauthorized")
        yield* Http.expectError(
          yield* Http.post(paths.standards(b.org), { token: a.token, json: { name: "x", tools: [] } }),
          "Unauthorized"
        )
        yield* Http.expectError(yield* Http.get(paths.standards(b.org), { token: a.token }), "Unauthorized")
        yield* Http.expectError(
          yield* Http.post(paths.addRepository, {
            token: a.token,
            json: { provider: "gh", repositoryFullPath: `${b.org.name}/new`, gitUrl: "/nonexistent" }
          }),
          "Unauthorized"
        )
      }))

    it.effect("a token works only for the organization it was issued for, whatever its permission", () =>
      Effect.gen(function*() {
        const a = yield* world({ prefix: "a" })
        const b = yield* world({ prefix: "b" })
        for (const permission of ["read", "write", "admin"] as const) {
          const token = yield* issueToken(a.org, permission)
          expect(Http.expectBody(yield* Http.get(paths.repositories(a.org), { token }), 200, RepositoryPage).data).toHaveLength(1)
          yield* Http.expectError(yield* Http.get(paths.repositories(b.org), { token }), "Unauthorized")
        }
      }))
  })

  describe("permissions", () => {
    it.effect("a read token reads but neither configures tools nor updates patterns (403)", () =>
      Effect.gen(function*() {
        const w = yield* world({ permission: "read" })
        for (const [name, operation] of operations(w, w.token)) {
          const reply = yield* operation
          if (name === "configure" || name === "update") {
            yield* Http.expectError(reply, "Forbidden")
          } else {
            expect(reply.status, name).toBe(200)
          }
        }
      }))

    it.effect("secrets and standards need the admin permission (403 for write)", () =>
      Effect.gen(function*() {
        const w = yield* world({ permission: "write" })
        yield* Http.expectError(yield* Http.post(paths.tokens(w.org), { token: w.token, json: {} }), "Forbidden")
        yield* Http.expectError(
          yield* Http.post(paths.standards(w.org), { token: w.token, json: { name: "x", tools: [] } }),
          "Forbidden"
        )
        // Reading standards needs only read.
        expect((yield* Http.get(paths.standards(w.org), { token: w.token })).status).toBe(200)
      }))

    it.effect("an organization's admin token issues tokens for its own organization", () =>
      Effect.gen(function*() {
        const w = yield* world({ permission: "admin" })
        const reply = yield* Http.post(paths.tokens(w.org), { token: w.token, json: { permission: "read" } })
        expect(reply.status).toBe(201)
      }))
  })
})

import { describe, expect, layer } from "@effect/vitest"
import { Effect, Schema } from "effect"
import * as Http from "./fixtures/Http.js"
import { eslint9, issueIngestionKey, newOrganization, once, paths, type World, world } from "./fixtures/Scenario.js"
import { testLayer } from "./fixtures/TestLayer.js"
import { adminToken, maxBodyBytes } from "./fixtures/TestServer.js"

/** Every operation that takes a body, with the token it needs. */
const bodyOperations = (w: World, ingestionKey: string) => [
  { name: "search", method: "POST", path: paths.search(w.org), token: w.token },
  { name: "configureTool", method: "PATCH", path: paths.tool(w.org, w.repo, eslint9), token: w.token },
  { name: "updatePatterns", method: "PATCH", path: paths.patterns(w.org, w.repo, eslint9), token: w.token },
  { name: "addRepository", method: "POST", path: paths.addRepository, token: adminToken },
  { name: "createApiToken", method: "POST", path: paths.tokens(w.org), token: adminToken },
  { name: "createIngestionKey", method: "POST", path: paths.ingestionKeys(w.org), token: adminToken },
  { name: "createCodingStandard", method: "POST", path: paths.standards(w.org), token: adminToken },
  { name: "updateRepositoryQualitySettings", method: "PUT", path: paths.qualitySettings(w.org, w.repo, "repository"), token: w.token },
  { name: "updateCommitQualitySettings", method: "PUT", path: paths.qualitySettings(w.org, w.repo, "commits"), token: w.token },
  { name: "updatePullRequestQualitySettings", method: "PUT", path: paths.qualitySettings(w.org, w.repo, "pull-requests"), token: w.token },
  { name: "pushAccelerateData", method: "POST", path: `/v1/ingestion/cli?api_key=${ingestionKey}`, token: undefined },
  { name: "pushData", method: "POST", path: `/v1/ingestion/github?api_key=${ingestionKey}`, token: undefined }
] as const

const isIngestion = (path: string) => path.startsWith("/v1/")

const analysisErrorOf: Record<number, Http.AnalysisErrorName> = {
  400: "BadRequest",
  401: "Unauthorized",
  403: "Forbidden",
  404: "NotFound",
  409: "Conflict",
  422: "UnprocessableEntity"
}
const ingestionErrorOf: Record<number, string> = { 400: "Bad Request", 401: "Unauthorized", 404: "Not Found" }

/** Any answer of a malformed request: below 500, and an error body of the right API's shape. */
const expectHandled = (reply: Http.Reply, path: string) =>
  Effect.gen(function*() {
    const what = `${reply.method} ${reply.url} → ${reply.status} ${reply.text.slice(0, 300)}`
    expect(reply.status, what).toBeGreaterThanOrEqual(200)
    expect(reply.status, what).toBeLessThan(500)
    if (reply.status < 400) return
    if (isIngestion(path)) {
      Http.expectIngestionError(reply, reply.status, ingestionErrorOf[reply.status] ?? "?")
    } else {
      yield* Http.expectError(reply, analysisErrorOf[reply.status] ?? "InternalServerError")
    }
  })

/** A small deterministic generator (mulberry32), so that a failing input can be found again. */
const random = (seed: number) => {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const keys = [
  "names", "enabled", "patterns", "id", "parameters", "name", "value", "useConfigurationFile", "provider",
  "repositoryFullPath", "visibility", "permission", "tools", "uuid", "fromRepository", "$type", "deploy_id",
  "change_id", "incident_id", "time_created", "time_resolved", "changes", "source", "teams", "__proto__", "constructor"
]
const strings = [
  "", "a", "gh", "read", "admin", "Public", "deployment", "change", "incident", "ESLint9_complexity", eslint9,
  "2024-05-01T12:00:00Z", "2024-02-30T25:61:00Z", "%", "%ZZ", "a/b", "../..", "\u0000", "💥", "é".repeat(50), "x".repeat(300),
  "true", "null", "[]", "{}", "1e309"
]

const jsonValue = (next: () => number, depth = 0): unknown => {
  const pick = <A>(items: ReadonlyArray<A>): A | undefined => items[Math.floor(next() * items.length)]
  const kind = Math.floor(next() * (depth > 2 ? 6 : 8))
  switch (kind) {
    case 0:
      return null
    case 1:
      return next() < 0.5
    case 2:
      return pick([0, -1, 1.5, 2 ** 53 + 1, -1e308, 100, 101, Number.MAX_SAFE_INTEGER])
    case 3:
    case 4:
      return pick(strings)
    case 5:
      return pick([[], {}, [null], { enabled: true }])
    case 6:
      return Array.from({ length: Math.floor(next() * 4) }, () => jsonValue(next, depth + 1))
    default:
      return Object.fromEntries(
        Array.from({ length: Math.floor(next() * 5) }, () => [pick(keys) ?? "k", jsonValue(next, depth + 1)])
      )
  }
}

/** The admin may add repositories: a fuzzed body must never make the server clone from the network. */
const local = (value: unknown) =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? { ...value, gitUrl: "/nonexistent/fuzz" } : value

/** Tests whose requests change nothing share one repository. */
const shared = once(world())

layer(testLayer, { excludeTestServices: true })("errors", (it) => {
  describe("400 Bad Request", () => {
    it.effect("answers malformed JSON on every operation that takes a body", () =>
      Effect.gen(function*() {
        const w = yield* shared
        const key = yield* issueIngestionKey(w.org)
        for (const operation of bodyOperations(w, key)) {
          for (const body of ["{", "{\"names\": [}", "nul", "'single'", "{\"a\":1}{\"b\":2}"]) {
            const reply = yield* Http.request(operation.method, operation.path, {
              ...(operation.token === undefined ? {} : { token: operation.token }),
              body
            })
            if (isIngestion(operation.path)) Http.expectIngestionError(reply, 400, "Bad Request")
            else yield* Http.expectError(reply, "BadRequest")
          }
        }
      }))

    it.effect("answers bodies of the wrong types", () =>
      Effect.gen(function*() {
        const w = yield* shared
        const cases: ReadonlyArray<readonly [string, string, unknown]> = [
          ["POST", paths.search(w.org), { names: "app" }],
          ["POST", paths.search(w.org), { names: [1, 2] }],
          ["POST", paths.search(w.org), [w.repo]],
          ["PATCH", paths.tool(w.org, w.repo, eslint9), { enabled: "yes" }],
          ["PATCH", paths.tool(w.org, w.repo, eslint9), { useConfigurationFile: 1 }],
          ["PATCH", paths.tool(w.org, w.repo, eslint9), { patterns: {} }],
          ["PATCH", paths.tool(w.org, w.repo, eslint9), { patterns: [{ id: 1, enabled: true }] }],
          ["PATCH", paths.tool(w.org, w.repo, eslint9), { patterns: [{ id: "ESLint9_complexity" }] }],
          ["PATCH", paths.tool(w.org, w.repo, eslint9), {
            patterns: [{ id: "ESLint9_complexity", enabled: true, parameters: [{ name: "max", value: 3 }] }]
          }],
          ["PATCH", paths.tool(w.org, w.repo, eslint9), null],
          ["PATCH", paths.patterns(w.org, w.repo, eslint9), { enabled: null }],
          ["PATCH", paths.patterns(w.org, w.repo, eslint9), true]
        ]
        for (const [method, path, json] of cases) {
          const message = yield* Http.expectError(yield* Http.request(method, path, { token: w.token, json }), "BadRequest")
          expect(message, JSON.stringify(json)).toMatch(/^Invalid request/)
        }
      }))

    it.effect("answers query values outside the documented sets", () =>
      Effect.gen(function*() {
        const w = yield* shared
        const cases: ReadonlyArray<readonly [string, Record<string, string>]> = [
          [paths.patterns(w.org, w.repo, eslint9), { categories: "Nope" }],
          [paths.patterns(w.org, w.repo, eslint9), { sort: "nope" }],
          [paths.patterns(w.org, w.repo, eslint9), { direction: "sideways" }],
          [paths.repositories(w.org), { limit: "1.5" }],
          [paths.repositories(w.org), { cursor: "nope" }]
        ]
        for (const [path, query] of cases) {
          yield* Http.expectError(yield* Http.get(path, { token: w.token, query }), "BadRequest")
        }
      }))

    it.effect("answers a body larger than the limit (2 MiB) with 400 or 413 and an error body, never a reset or a 500", () =>
      Effect.gen(function*() {
        const w = yield* shared
        const key = yield* issueIngestionKey(w.org)
        const huge = JSON.stringify({ names: ["x".repeat(2 * 1024 * 1024)] })
        expect(huge.length).toBeGreaterThan(maxBodyBytes)
        const analysis = yield* Http.post(paths.search(w.org), { token: w.token, body: huge })
        expect([400, 413], analysis.text).toContain(analysis.status)
        if (analysis.status === 400) yield* Http.expectError(analysis, "BadRequest")
        else Schema.decodeUnknownSync(Http.AnalysisErrorBody, { onExcessProperty: "error" })(analysis.body)
        const ingestion = yield* Http.post(`/v1/ingestion/cli?api_key=${key}`, { body: huge })
        expect([400, 413], ingestion.text).toContain(ingestion.status)
        if (ingestion.status === 400) Http.expectIngestionError(ingestion, 400, "Bad Request")
        else Schema.decodeUnknownSync(Http.IngestionErrorBody, { onExcessProperty: "error" })(ingestion.body)
        // The server still answers afterwards.
        expect((yield* Http.get(paths.version)).status).toBe(200)
      }))

    it.effect("accepts a body just under the limit", () =>
      Effect.gen(function*() {
        const w = yield* shared
        const names = Array.from({ length: 1000 }, (_, i) => `name-${i}-${"y".repeat(500)}`)
        expect(JSON.stringify({ names }).length).toBeLessThan(maxBodyBytes)
        expect((yield* Http.post(paths.search(w.org), { token: w.token, json: { names } })).status).toBe(200)
      }))
  })

  describe("404 Not Found", () => {
    it.effect("answers unknown organizations, repositories, tools, patterns and routes", () =>
      Effect.gen(function*() {
        const w = yield* shared
        const unknownOrg = newOrganization("ghost")
        const cases: ReadonlyArray<readonly [string, string, string | undefined]> = [
          ["GET", paths.repositories(unknownOrg), adminToken],
          ["GET", paths.repository(unknownOrg, "app"), adminToken],
          ["GET", paths.repository(w.org, "ghost"), w.token],
          ["GET", paths.tools(w.org, "ghost"), w.token],
          ["GET", paths.conflicts(w.org, "ghost"), w.token],
          ["GET", paths.patterns(w.org, w.repo, "00000000-0000-0000-0000-000000000000"), w.token],
          ["GET", paths.pattern(w.org, w.repo, "00000000-0000-0000-0000-000000000000", "x"), w.token],
          ["GET", paths.pattern(w.org, w.repo, eslint9, "ESLint9_does-not-exist"), w.token],
          ["GET", "/api/v3/nope", w.token],
          ["GET", "/nope", undefined],
          ["DELETE", paths.repository(w.org, w.repo), w.token],
          ["GET", "/api/v3/analysis/organizations/gh", w.token]
        ]
        for (const [method, path, token] of cases) {
          const reply = yield* Http.request(method, path, token === undefined ? {} : { token })
          yield* Http.expectError(reply, "NotFound")
        }
      }))
  })

  describe("never a 500", () => {
    it.effect("random JSON bodies on every operation that takes one", () =>
      Effect.gen(function*() {
        const w = yield* world({ permission: "admin" })
        const key = yield* issueIngestionKey(w.org)
        const next = random(20240501)
        for (let round = 0; round < 30; round++) {
          for (const operation of bodyOperations(w, key)) {
            const value = jsonValue(next)
            const json = operation.name === "addRepository" ? local(value) : value
            const reply = yield* Http.request(operation.method, operation.path, {
              ...(operation.token === undefined ? {} : { token: operation.token }),
              json
            })
            yield* expectHandled(reply, operation.path)
          }
        }
      }))

    it.effect("random query strings and path segments", () =>
      Effect.gen(function*() {
        const w = yield* world()
        const next = random(7)
        const pick = <A>(items: ReadonlyArray<A>, fallback: A): A => items[Math.floor(next() * items.length)] ?? fallback
        const names = [
          "limit", "cursor", "search", "repositories", "segments", "branch", "languages", "categories", "severityLevels",
          "tags", "recommended", "matchesStack", "enabled", "sort", "direction", "api_key", "system"
        ]
        const values = [...strings, "0", "-1", "100", "101", "abc", "Security", "Error", "category", "desc", ",,,", " , "]
        const targets = [
          paths.repositories(w.org),
          paths.repository(w.org, w.repo),
          paths.tools(w.org, w.repo),
          paths.conflicts(w.org, w.repo),
          paths.patterns(w.org, w.repo, eslint9),
          paths.pattern(w.org, w.repo, eslint9, "ESLint9_complexity"),
          paths.standards(w.org),
          paths.version
        ]
        for (let round = 0; round < 120; round++) {
          const query = Array.from(
            { length: 1 + Math.floor(next() * 4) },
            () => `${pick(names, "limit")}=${encodeURIComponent(pick(values, ""))}`
          ).join("&")
          const path = `${pick(targets, paths.version)}?${query}`
          yield* expectHandled(yield* Http.get(path, { token: w.token }), path)
        }
        // Query strings and segments that are not even well-formed percent-encoding.
        const raw = [
          `${paths.repositories(w.org)}?limit=%ZZ&cursor=%`,
          `${paths.patterns(w.org, w.repo, eslint9)}?categories=%E0%A4%A&search=%`,
          `${paths.repositories(w.org)}?limit=1&limit=2`,
          `/api/v3/analysis/organizations/gh/%ZZ/repositories`,
          `/api/v3/analysis/organizations/gh/${w.org.name}/repositories/%E0%A4%A/tools`,
          `/api/v3/analysis/organizations/gh/${w.org.name}/repositories/${"r".repeat(2000)}`,
          `/api/v3/analysis/organizations/gh/${w.org.name}/repositories/..%2F..%2Fetc/tools`,
          `/api/v3/analysis/organizations/${"%00".repeat(10)}/${w.org.name}/repositories`,
          `${paths.standards(w.org)}/1e400`,
          `${paths.standards(w.org)}/-1`,
          `/v1/ingestion/%ZZ?api_key=%ZZ`
        ]
        for (const path of raw) {
          yield* expectHandled(yield* Http.get(path, { token: w.token }), path)
          yield* expectHandled(yield* Http.post(path, { token: w.token, json: {} }), path)
        }
      }))

    it.effect("bodies that are not JSON at all, whatever their content type", () =>
      Effect.gen(function*() {
        const w = yield* shared
        const path = paths.search(w.org)
        for (const contentType of ["application/json", "text/plain", "application/x-www-form-urlencoded", "multipart/form-data"]) {
          for (const body of ["names=app", "\u0000\u0001", "--x\r\n\r\n--x--"]) {
            const reply = yield* Http.post(path, { token: w.token, body, headers: { "content-type": contentType } })
            yield* expectHandled(reply, path)
          }
        }
      }))
  })

  describe("content types", () => {
    it.effect("accepts application/json with parameters", () =>
      Effect.gen(function*() {
        const w = yield* shared
        const reply = yield* Http.post(paths.search(w.org), {
          token: w.token,
          body: JSON.stringify({ names: [w.repo] }),
          headers: { "content-type": "application/json; charset=utf-8" }
        })
        expect(reply.status).toBe(200)
      }))

    // `curl -d '{"enabled":false}'` sends application/x-www-form-urlencoded: the change must not be
    // answered 204 and silently dropped (the spec's bodies are JSON).
    it.effect("refuses a JSON body declared as something else with 400 instead of ignoring it", () =>
      Effect.gen(function*() {
        const w = yield* world()
        const path = paths.tool(w.org, w.repo, eslint9)
        for (const contentType of ["application/x-www-form-urlencoded", "application/octet-stream", "multipart/form-data"]) {
          const reply = yield* Http.patch(path, {
            token: w.token,
            body: JSON.stringify({ enabled: false }),
            headers: { "content-type": contentType }
          })
          yield* Http.expectError(reply, "BadRequest")
        }
        const tools = yield* Http.get(paths.tools(w.org, w.repo), { token: w.token })
        expect(JSON.stringify(tools.body)).toContain("\"isEnabled\":true")
      }))

    it.effect("answers a multipart body without a valid boundary with 400, not 500", () =>
      Effect.gen(function*() {
        const w = yield* shared
        for (const contentType of ["multipart/form-data", "multipart/form-data; boundary=x"]) {
          const reply = yield* Http.post(paths.search(w.org), {
            token: w.token,
            body: "{\"names\":[\"app\"]}",
            headers: { "content-type": contentType }
          })
          yield* Http.expectError(reply, "BadRequest")
        }
      }))
  })
})

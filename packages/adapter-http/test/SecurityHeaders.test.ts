import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as Http from "./fixtures/Http.js"
import { issueIngestionKey, newOrganization, paths, world } from "./fixtures/Scenario.js"
import { testLayer } from "./fixtures/TestLayer.js"
import { adminToken } from "./fixtures/TestServer.js"

/**
 * Every answer of the server carries the same security headers, whichever part of it answered: the
 * analysis and admin APIs (through the HttpApi), the ingestion route in front of it, the OpenAPI
 * documents, the dashboard's files, and the failures each of them maps.
 */

const expected = {
  "content-security-policy":
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY"
}

interface Answer {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly text: string
}

const expectHeaders = (reply: Answer, status: number) => {
  expect(reply.status, reply.text.slice(0, 200)).toBe(status)
  expect(reply.headers).toMatchObject(expected)
}

const change = { $type: "change", change_id: "c1", time_created: "2024-05-01T10:00:00Z" }
const cli = (key: string) => `/v1/ingestion/cli?${new URLSearchParams({ api_key: key })}`

layer(testLayer, { excludeTestServices: true })("security headers", (it) => {
  describe("the analysis and admin APIs", () => {
    it.effect("on success, 401, 404 and 400", () =>
      Effect.gen(function*() {
        const { org, token } = yield* world({ prefix: "headers" })
        expectHeaders(yield* Http.get(paths.version), 200)
        expectHeaders(yield* Http.get(paths.repositories(org), { token }), 200)
        expectHeaders(yield* Http.get(paths.repositories(org)), 401)
        expectHeaders(yield* Http.get(paths.repositories(org), { token: `${token}x` }), 401)
        expectHeaders(yield* Http.get(paths.repository(org, "missing"), { token }), 404)
        expectHeaders(yield* Http.get("/api/v3/nope"), 404)
        expectHeaders(yield* Http.get(paths.repositories(org), { token, query: { limit: "0" } }), 400)
        expectHeaders(yield* Http.post(paths.addRepository, { token: adminToken, body: "{" }), 400)
      }))

    it.effect("on both OpenAPI documents", () =>
      Effect.gen(function*() {
        expectHeaders(yield* Http.get("/api/v3/openapi.json"), 200)
        expectHeaders(yield* Http.get("/v1/openapi.json"), 200)
      }))
  })

  describe("the ingestion API", () => {
    it.effect("on its own route's 204, 401 and 400, and on what the HttpApi answers for it", () =>
      Effect.gen(function*() {
        const key = yield* issueIngestionKey(newOrganization("headers"))
        expectHeaders(yield* Http.post(cli(key), { json: change }), 204)
        expectHeaders(yield* Http.post(cli(`${key}x`), { json: change }), 401)
        expectHeaders(yield* Http.post(cli(key), { json: { $type: "nonsense" } }), 400)
        expectHeaders(yield* Http.post("/v1/ingestion/github", { json: {} }), 401)
        expectHeaders(yield* Http.get("/v1/nope"), 400)
      }))
  })

  describe("the dashboard's files", () => {
    it.effect("on its page, its assets, HEAD, and the 404 of a file it does not have", () =>
      Effect.gen(function*() {
        expectHeaders(yield* Http.raw("/"), 200)
        expectHeaders(yield* Http.raw("/", { method: "HEAD" }), 200)
        expectHeaders(yield* Http.raw("/assets/app-3f2a.js"), 200)
        expectHeaders(yield* Http.get("/assets/missing.js"), 404)
      }))
  })
})

import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as Http from "./fixtures/Http.js"
import { issueIngestionKey, issueToken, newOrganization } from "./fixtures/Scenario.js"
import { testLayer } from "./fixtures/TestLayer.js"

const deployment = {
  $type: "deployment",
  deploy_id: "deploy-1",
  time_created: "2024-05-01T12:00:00Z",
  changes: ["abc123", "def456"],
  teams: ["platform"],
  source: "github-actions"
}
const change = { $type: "change", change_id: "abc123", time_created: "2024-05-01T10:00:00+02:00", source: "git" }
const incident = {
  $type: "incident",
  incident_id: "INC-1",
  time_created: "2024-05-01T12:00:00Z",
  time_resolved: "2024-05-01T13:30:00.5Z",
  source: "api"
}

const cli = (key: string | undefined, query: Record<string, string> = {}) =>
  `/v1/ingestion/cli?${new URLSearchParams({ ...(key === undefined ? {} : { api_key: key }), ...query })}`
const provider = (name: string, key: string | undefined) =>
  `/v1/ingestion/${name}?${new URLSearchParams(key === undefined ? {} : { api_key: key })}`

const ingestionKey = Effect.suspend(() => issueIngestionKey(newOrganization("ingest")))

layer(testLayer, { excludeTestServices: true })("ingestion", (it) => {
  describe("authentication", () => {
    it.effect("answers 401 without api_key", () =>
      Effect.gen(function*() {
        expect(Http.expectIngestionError(yield* Http.post(cli(undefined), { json: change }), 401, "Unauthorized")).toContain("api_key")
        Http.expectIngestionError(yield* Http.post(provider("github", undefined), { json: {} }), 401, "Unauthorized")
        Http.expectIngestionError(yield* Http.post(cli(""), { json: change }), 401, "Unauthorized")
      }))

    it.effect("answers 401 to an API token, which is not an ingestion key", () =>
      Effect.gen(function*() {
        const token = yield* issueToken(newOrganization("ingest"), "admin")
        Http.expectIngestionError(yield* Http.post(cli(token), { json: change }), 401, "Unauthorized")
        Http.expectIngestionError(yield* Http.post(provider("gitlab", token), { json: {} }), 401, "Unauthorized")
      }))

    it.effect("answers 401 to a key that is wrong", () =>
      Effect.gen(function*() {
        const key = yield* ingestionKey
        for (const wrong of ["nonsense", `${key}x`, `${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}`, "tmk.unknown.secret"]) {
          Http.expectIngestionError(yield* Http.post(cli(wrong), { json: change }), 401, "Unauthorized")
        }
      }))

    it.effect("reads the key from the query, not from the api-token header", () =>
      Effect.gen(function*() {
        const key = yield* ingestionKey
        Http.expectIngestionError(yield* Http.post(cli(undefined), { token: key, json: change }), 401, "Unauthorized")
      }))
  })

  describe("validation", () => {
    const invalid: ReadonlyArray<readonly [string, unknown]> = [
      ["deploy_id of 41 characters", { ...deployment, deploy_id: "d".repeat(41) }],
      ["empty deploy_id", { ...deployment, deploy_id: "" }],
      ["41 changes", { ...deployment, changes: Array.from({ length: 41 }, (_, i) => `c${i}`) }],
      ["changes missing", { $type: "deployment", deploy_id: "d", time_created: "2024-05-01T12:00:00Z" }],
      ["change_id of 41 characters", { ...change, change_id: "c".repeat(41) }],
      ["incident_id of 41 characters", { ...incident, incident_id: "i".repeat(41) }],
      ["time_created without a time", { ...change, time_created: "2024-05-01" }],
      ["time_created without an offset", { ...change, time_created: "2024-05-01T12:00:00" }],
      ["time_created with a space", { ...change, time_created: "2024-05-01 12:00:00Z" }],
      ["time_created in words", { ...deployment, time_created: "yesterday" }],
      ["time_created of an impossible date", { ...change, time_created: "2024-13-01T12:00:00Z" }],
      ["time_created a number", { ...change, time_created: 1714564800 }],
      ["incident resolved before it was created", { ...incident, time_resolved: "2024-05-01T11:00:00Z" }],
      ["incident resolved when it was created", { ...incident, time_resolved: incident.time_created }],
      ["incident without time_resolved", { $type: "incident", incident_id: "i", time_created: "2024-05-01T12:00:00Z" }],
      ["unknown $type", { ...change, $type: "release" }],
      ["no $type", { change_id: "abc", time_created: "2024-05-01T12:00:00Z" }],
      ["unknown source", { ...change, source: "GitHub Actions" }],
      ["an array", [change]],
      ["null", null],
      ["a string", "change"]
    ]

    it.effect("answers 400 {message, error: \"Bad Request\"} for events that break the spec's rules", () =>
      Effect.gen(function*() {
        const key = yield* ingestionKey
        for (const [name, event] of invalid) {
          const reply = yield* Http.post(cli(key), { json: event })
          expect(reply.status, name).toBe(400)
          Http.expectIngestionError(reply, 400, "Bad Request")
        }
      }))

    it.effect("answers 400 for malformed JSON and a missing body", () =>
      Effect.gen(function*() {
        const key = yield* ingestionKey
        Http.expectIngestionError(yield* Http.post(cli(key), { body: "{\"$type\": " }), 400, "Bad Request")
        Http.expectIngestionError(yield* Http.post(cli(key)), 400, "Bad Request")
      }))

    it.effect("answers 400 for a system parameter longer than 256 characters", () =>
      Effect.gen(function*() {
        const key = yield* ingestionKey
        const message = Http.expectIngestionError(
          yield* Http.post(cli(key, { system: "s".repeat(257) }), { json: change }),
          400,
          "Bad Request"
        )
        expect(message).toContain("system")
      }))

    it.effect("answers 400 for a provider that pushData does not take", () =>
      Effect.gen(function*() {
        const key = yield* ingestionKey
        for (const name of ["bitbucket", "GitHub", "cli2"]) {
          Http.expectIngestionError(yield* Http.post(provider(name, key), { json: {} }), 400, "Bad Request")
        }
      }))

    it.effect("answers 400 when a provider payload is not a JSON object", () =>
      Effect.gen(function*() {
        const key = yield* ingestionKey
        Http.expectIngestionError(yield* Http.post(provider("github", key), { json: [1, 2] }), 400, "Bad Request")
      }))
  })

  describe("accepting", () => {
    it.effect("answers 204 with no body to every valid event, once it is queued", () =>
      Effect.gen(function*() {
        const key = yield* ingestionKey
        const valid: ReadonlyArray<readonly [string, unknown]> = [
          ["deployment", deployment],
          ["deployment with 40 changes and a 40-character id", {
            ...deployment,
            deploy_id: "d".repeat(40),
            changes: Array.from({ length: 40 }, (_, i) => `c${i}`)
          }],
          ["minimal deployment", { $type: "deployment", deploy_id: "d", time_created: "2024-05-01T12:00:00Z", changes: [] }],
          ["change", change],
          ["incident", incident],
          // Real clients send fields the spec does not name: they are ignored.
          ["change with an extra field", { ...change, event_type: "change" }]
        ]
        for (const [name, event] of valid) {
          const reply = yield* Http.post(cli(key, { system: "s".repeat(256) }), { json: event })
          expect(reply.status, name).toBe(204)
          expect(reply.text, name).toBe("")
        }
      }))

    it.effect("answers pushData for a supported provider with 202 and no body", () =>
      Effect.gen(function*() {
        const key = yield* ingestionKey
        for (const name of ["github", "gitlab", "pagerduty", "jira"]) {
          const reply = yield* Http.post(provider(name, key), { json: { action: "opened", number: 1 } })
          expect(reply.status, name).toBe(202)
          expect(reply.text, name).toBe("")
        }
      }))

    it.effect("answers unknown ingestion routes with the ingestion error body", () =>
      Effect.gen(function*() {
        const reply = yield* Http.get("/v1/ingestion/cli")
        expect(reply.status).toBeGreaterThanOrEqual(400)
        expect(reply.status).toBeLessThan(500)
        const body = Http.expectIngestionError(reply, reply.status, reply.status === 404 ? "Not Found" : "Bad Request")
        expect(body.length).toBeGreaterThan(0)
      }))
  })
})

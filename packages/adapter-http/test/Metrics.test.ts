import { describe, expect, layer } from "@effect/vitest"
import { Effect, Schedule } from "effect"
import * as Http from "./fixtures/Http.js"
import { adminToken } from "./fixtures/TestServer.js"
import { issueIngestionKey, issueToken, newOrganization, type Organization } from "./fixtures/Scenario.js"
import { testLayer } from "./fixtures/TestLayer.js"

/** Events pushed through the ingestion API, processed by the worker, read back as the four keys. */

const window = { from: "2024-05-01T00:00:00Z", to: "2024-05-08T00:00:00Z", bucket: "day", system: "web" }
const metricsPath = (key: string, query: Record<string, string> = window) =>
  `/v1/metrics?${new URLSearchParams({ api_key: key, ...query })}`

const organizationPath = (org: Organization, what: "metrics" | "systems", query: Record<string, string> = {}) =>
  `/api/v3/organizations/${org.provider}/${encodeURIComponent(org.name)}/${what}?${new URLSearchParams(query)}`

const push = (key: string, event: unknown) =>
  Effect.map(Http.post(`/v1/ingestion/cli?${new URLSearchParams({ api_key: key, system: "web" })}`, { json: event }), (r) => {
    expect(r.status).toBe(204)
  })

interface Metric {
  readonly value: number | null
  readonly level: string
  readonly p90?: number | null
  readonly series: ReadonlyArray<{ readonly start: string; readonly value: number | null }>
}
interface MetricsBody {
  readonly data: {
    readonly from: string
    readonly to: string
    readonly system?: string
    readonly deploymentFrequency: Metric
    readonly leadTimeForChanges: Metric
    readonly timeToRecover: Metric
    readonly changeFailureRate: Metric
  }
}

const isMetricsBody = (u: unknown): u is MetricsBody => typeof u === "object" && u !== null && "data" in u

layer(testLayer, { excludeTestServices: true })("delivery metrics", (it) => {
  describe("GET /v1/metrics", () => {
    it.effect("answers the four keys of what was ingested, exact to their definitions", () =>
      Effect.gen(function*() {
        const key = yield* issueIngestionKey(newOrganization("metrics"))
        yield* push(key, { $type: "change", change_id: "c1", time_created: "2024-05-01T12:00:00+02:00" })
        yield* push(key, { $type: "deployment", deploy_id: "d1", time_created: "2024-05-01T12:00:00Z", changes: ["c1"] })
        yield* push(key, {
          $type: "incident",
          incident_id: "i1",
          time_created: "2024-05-01T13:00:00Z",
          time_resolved: "2024-05-01T13:30:00Z"
        })
        // The worker stores them in the background: read until all three count.
        const body = yield* Http.get(metricsPath(key)).pipe(
          Effect.map((reply) => reply.body),
          Effect.filterOrFail(
            (b): b is MetricsBody => isMetricsBody(b) && b.data.changeFailureRate.value !== null && b.data.timeToRecover.value !== null,
            () => "not processed yet"
          ),
          Effect.retry(Schedule.spaced("100 millis").pipe(Schedule.upTo("20 seconds")))
        )
        const m = body.data
        expect(m.from).toBe("2024-05-01T00:00:00.000Z")
        expect(m.to).toBe("2024-05-08T00:00:00.000Z")
        expect(m.system).toBe("web")
        // One deployment in 7 days; it is on 1 of 7 days and 1 of 2 ISO weeks (not more than half),
        // and in 1 of 1 months: Low.
        expect(m.deploymentFrequency.value).toBeCloseTo(1 / 7, 10)
        expect(m.deploymentFrequency.level).toBe("Low")
        expect(m.deploymentFrequency.series).toHaveLength(7)
        expect(m.deploymentFrequency.series[0]).toEqual({ start: "2024-05-01T00:00:00.000Z", value: 1 })
        // The change (10:00Z) went out at 12:00Z: two hours.
        expect(m.leadTimeForChanges.value).toBe(7200)
        expect(m.leadTimeForChanges.p90).toBe(7200)
        expect(m.leadTimeForChanges.level).toBe("Elite")
        expect(m.timeToRecover.value).toBe(1800)
        expect(m.timeToRecover.level).toBe("Elite")
        // The incident follows d1, the only deployment: every deployment failed.
        expect(m.changeFailureRate.value).toBe(1)
        expect(m.changeFailureRate.level).toBe("Low")

        const systems = yield* Http.get(`/v1/systems?${new URLSearchParams({ api_key: key })}`)
        expect(systems.status).toBe(200)
        expect(systems.body).toEqual({ data: ["web"] })
      }))

    it.effect("answers value null and level None where there is no data", () =>
      Effect.gen(function*() {
        const key = yield* issueIngestionKey(newOrganization("empty"))
        const reply = yield* Http.get(metricsPath(key))
        expect(reply.status).toBe(200)
        if (!isMetricsBody(reply.body)) throw new Error("expected a metrics body")
        for (const metric of [reply.body.data.leadTimeForChanges, reply.body.data.timeToRecover, reply.body.data.changeFailureRate]) {
          expect(metric.value).toBeNull()
          expect(metric.level).toBe("None")
        }
      }))

    it.effect("answers 400 with an ApiError to bad parameters, 401 without an ingestion key", () =>
      Effect.gen(function*() {
        const org = newOrganization("bad")
        const key = yield* issueIngestionKey(org)
        for (const query of [
          { ...window, bucket: "year" },
          { ...window, from: "yesterday" },
          { ...window, from: "2024-05-09T00:00:00Z" }
        ]) {
          Http.expectIngestionError(yield* Http.get(metricsPath(key, query)), 400, "Bad Request")
        }
        Http.expectIngestionError(yield* Http.get("/v1/metrics"), 401, "Unauthorized")
        const token = yield* issueToken(org)
        Http.expectIngestionError(yield* Http.get(metricsPath(token)), 401, "Unauthorized")
      }))
  })

  describe("GET /api/v3/organizations/{provider}/{org}/metrics (the same metrics behind an api-token)", () => {
    it.effect("a token that may read the organization gets what its ingestion key gets", () =>
      Effect.gen(function*() {
        const org = newOrganization("token-metrics")
        const key = yield* issueIngestionKey(org)
        yield* push(key, { $type: "change", change_id: "c1", time_created: "2024-05-02T08:00:00Z" })
        yield* push(key, { $type: "deployment", deploy_id: "d1", time_created: "2024-05-02T09:30:00Z", changes: ["c1"] })
        const viaKey = yield* Http.get(metricsPath(key)).pipe(
          Effect.map((reply) => reply.body),
          Effect.filterOrFail(
            (b): b is MetricsBody => isMetricsBody(b) && b.data.leadTimeForChanges.value !== null,
            () => "not processed yet"
          ),
          Effect.retry(Schedule.spaced("100 millis").pipe(Schedule.upTo("20 seconds")))
        )
        expect(viaKey.data.leadTimeForChanges.value).toBe(5400)

        const token = yield* issueToken(org, "read")
        const viaToken = yield* Http.get(organizationPath(org, "metrics", window), { token })
        expect(viaToken.status).toBe(200)
        expect(viaToken.body).toEqual(viaKey)
        const systems = yield* Http.get(organizationPath(org, "systems"), { token })
        expect(systems.status).toBe(200)
        expect(systems.body).toEqual({ data: ["web"] })
      }))

    it.effect("answers the analysis API's error bodies: 400, 401, 404", () =>
      Effect.gen(function*() {
        const org = newOrganization("token-metrics-errors")
        const token = yield* issueToken(org, "read")
        for (const query of [{ ...window, bucket: "year" }, { ...window, from: "2024-05-09T00:00:00Z" }]) {
          yield* Http.expectError(yield* Http.get(organizationPath(org, "metrics", query), { token }), "BadRequest")
        }
        yield* Http.expectError(yield* Http.get(organizationPath(org, "metrics", window)), "Unauthorized")
        const other = yield* issueToken(newOrganization("elsewhere"), "admin")
        yield* Http.expectError(yield* Http.get(organizationPath(org, "metrics", window), { token: other }), "Unauthorized")
        yield* Http.expectError(yield* Http.get(organizationPath(org, "systems"), { token: other }), "Unauthorized")
        const unknown = newOrganization("never-created")
        yield* Http.expectError(yield* Http.get(organizationPath(unknown, "metrics", window), { token: adminToken }), "NotFound")
      }))
  })
})

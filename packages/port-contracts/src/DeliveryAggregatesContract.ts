import { describe, expect, type Vitest } from "@effect/vitest"
import { DeliveryAggregates, DeliveryEvents, EventStore, IngestionEvents } from "@tidemark/core"
import { Effect, FastCheck } from "effect"

/**
 * `EventStore.aggregate` must answer exactly what core's `aggregateEvents` answers over the same
 * stored events: random datasets written as a client would send them (any offset, up to nine
 * fraction digits, leap seconds, deployments tied to the millisecond, a change in several
 * deployments, incidents before any deployment), each asked several random windows.
 */

const hourMs = 3_600_000
const dayMs = 24 * hourMs
const base = Date.parse("2024-02-26T00:00:00Z")

const pad = (n: number, width: number) => String(Math.abs(n)).padStart(width, "0")

/** An RFC 3339 text of the instant `ms` (plus `extra` sub-millisecond digits) at UTC `offset` minutes. */
const rfc3339 = (ms: number, offset: number, extra: string, leap: boolean) => {
  const local = new Date(ms + offset * 60_000).toISOString() // YYYY-MM-DDTHH:MM:SS.sssZ
  const zone = offset === 0 ? "Z" : `${offset < 0 ? "-" : "+"}${pad(Math.trunc(offset / 60), 2)}:${pad(offset % 60, 2)}`
  const seconds = leap && local.slice(17, 19) === "59" ? "60" : local.slice(17, 19)
  return `${local.slice(0, 17)}${seconds}.${local.slice(20, 23)}${extra}${zone}`
}

/**
 * A coarse grid a third of the time (deployments, changes and incidents tie to the millisecond),
 * whole hours another third (events fall on bucket boundaries).
 */
const instant = FastCheck.oneof(
  FastCheck.integer({ min: 0, max: 40 }).map((halfDays) => base + halfDays * 12 * hourMs),
  FastCheck.integer({ min: 0, max: 70 * 24 }).map((hours) => base + hours * hourMs),
  FastCheck.integer({ min: 0, max: 70 * dayMs }).map((ms) => base + ms)
)
const written = FastCheck.record({
  ms: instant,
  offset: FastCheck.oneof(FastCheck.constant(0), FastCheck.integer({ min: -47, max: 55 }).map((q) => q * 15)),
  extra: FastCheck.oneof(FastCheck.constant(""), FastCheck.stringMatching(/^\d{1,6}$/)),
  leap: FastCheck.boolean()
})
const system = FastCheck.constantFrom("web", "api", "_unknown_")
const id = (prefix: string, count: number) =>
  FastCheck.integer({ min: 1, max: count }).map((n) => `${prefix}${n}`)
const team = FastCheck.constantFrom("alpha", "beta")

interface Stored {
  readonly system: string
  readonly event: IngestionEvents.Deployment | IngestionEvents.Change | IngestionEvents.Incident
}

const deployment = FastCheck.record({
  system,
  id: id("d", 40),
  time: written,
  changes: FastCheck.array(id("c", 8), { maxLength: 4 }),
  teams: FastCheck.option(FastCheck.uniqueArray(team, { maxLength: 2 }), { nil: undefined })
}).map(({ changes, id, system, teams, time }): Stored => ({
  system,
  event: new IngestionEvents.Deployment({
    $type: "deployment",
    deploy_id: id,
    time_created: rfc3339(time.ms, time.offset, time.extra, time.leap),
    changes,
    ...(teams === undefined ? {} : { teams })
  })
}))

const change = FastCheck.record({ system, id: id("c", 8), time: written }).map(({ id, system, time }): Stored => ({
  system,
  event: new IngestionEvents.Change({ $type: "change", change_id: id, time_created: rfc3339(time.ms, time.offset, time.extra, time.leap) })
}))

const incident = FastCheck.record({
  system,
  id: id("i", 8),
  time: written,
  duration: FastCheck.integer({ min: 1, max: 9 * dayMs })
}).map(({ duration, id, system, time }): Stored => ({
  system,
  event: new IngestionEvents.Incident({
    $type: "incident",
    incident_id: id,
    time_created: rfc3339(time.ms, time.offset, time.extra, false),
    time_resolved: rfc3339(time.ms + duration, time.offset, "", false)
  })
}))

const dataset = FastCheck.array(FastCheck.oneof(deployment, deployment, change, change, change, incident), {
  minLength: 20,
  maxLength: 120,
  size: "max"
})

const query: FastCheck.Arbitrary<DeliveryEvents.MetricsQuery> = FastCheck.record({
  from: FastCheck.oneof(
    FastCheck.integer({ min: -5, max: 60 }).map((days) => base + days * dayMs),
    FastCheck.integer({ min: -5 * dayMs, max: 60 * dayMs }).map((ms) => base + ms)
  ),
  length: FastCheck.oneof(
    FastCheck.integer({ min: 1, max: 70 }).map((days) => days * dayMs),
    FastCheck.integer({ min: 1, max: 70 * dayMs })
  ),
  bucket: FastCheck.constantFrom("day" as const, "week" as const, "month" as const),
  // Half of the queries without a system, half without a team: filters select few events.
  system: FastCheck.option(FastCheck.constantFrom("web", "api", "_unknown_", "nowhere"), { nil: undefined, freq: 2 }),
  team: FastCheck.option(FastCheck.constantFrom("alpha", "beta", "gamma"), { nil: undefined, freq: 2 })
}).map(({ bucket, from, length, system, team }) => ({
  from,
  to: from + length,
  bucket,
  ...(system === undefined ? {} : { system }),
  ...(team === undefined ? {} : { team })
}))

/** What the store keeps of a dataset (the last event of each key), as the calculations take them. */
const expectedEvents = (events: ReadonlyArray<Stored>): DeliveryEvents.DeliveryEvents => {
  const last = new Map<string, Stored>()
  for (const stored of events) {
    const { event } = stored
    const key = event.$type === "deployment" ? event.deploy_id : event.$type === "change" ? event.change_id : event.incident_id
    last.set(JSON.stringify([stored.system, event.$type, key]), stored)
  }
  return DeliveryEvents.deliveryEventsOf(last.values())
}

const datasets = 200
const queriesPerDataset = 3

export const deliveryAggregatesContract = (it: Vitest.MethodsNonLive<EventStore.EventStore, true>, freshOrganization: () => number) =>
  describe("aggregate", () => {
    it.effect(`equals core's aggregateEvents on ${datasets} random datasets, ${queriesPerDataset} windows each`, () =>
      Effect.gen(function*() {
        const store = yield* EventStore.EventStore
        const cases = FastCheck.sample(
          FastCheck.record({ events: dataset, queries: FastCheck.array(query, { minLength: queriesPerDataset, maxLength: queriesPerDataset }) }),
          { numRuns: datasets, seed: 20261122 }
        )

        for (const { events, queries } of cases) {
          const organization = freshOrganization()
          // Two batches per system: events of the second replace those of the first with the same key.
          for (const name of ["web", "api", "_unknown_"]) {
            const mine = events.filter((e) => e.system === name).map((e) => e.event)
            const cut = Math.floor(mine.length / 2)
            yield* store.store(organization, name, mine.slice(0, cut))
            yield* store.store(organization, name, mine.slice(cut))
          }
          const expected = expectedEvents(events)
          for (const q of queries) {
            const actual = yield* store.aggregate(organization, q)
            expect({ events: events.map((e) => [e.system, e.event]), query: q, aggregates: actual }).toStrictEqual({
              events: events.map((e) => [e.system, e.event]),
              query: q,
              aggregates: DeliveryAggregates.aggregateEvents(expected, q)
            })
          }
        }
      }), { timeout: 120_000 })

    it.effect("deployments of the same millisecond are ordered by id in code-point order", () =>
      Effect.gen(function*() {
        const store = yield* EventStore.EventStore
        const organization = freshOrganization()
        const at = "2024-03-04T10:00:00.000Z"
        // "Z" (U+005A) sorts before "a" (U+0061) by code point, after it in most locales.
        yield* store.store(organization, "web", [
          new IngestionEvents.Deployment({ $type: "deployment", deploy_id: "a", time_created: at, changes: ["c1"], teams: ["alpha"] }),
          new IngestionEvents.Deployment({ $type: "deployment", deploy_id: "Z", time_created: at, changes: ["c1"], teams: ["beta"] }),
          new IngestionEvents.Change({ $type: "change", change_id: "c1", time_created: "2024-03-04T09:00:00Z" }),
          new IngestionEvents.Incident({
            $type: "incident",
            incident_id: "i1",
            time_created: at,
            time_resolved: "2024-03-04T11:00:00Z"
          })
        ])
        const week = { from: base, to: base + 14 * dayMs, bucket: "week" as const }
        const ofTeam = (team: string) => store.aggregate(organization, { ...week, team })
        // The change's first deployment is "Z" (beta's); the incident's cause is "a" (alpha's).
        expect(yield* ofTeam("beta")).toMatchObject({ leadTimeMedian: 3600, recoveryMedian: null, failedDeployments: 0 })
        expect(yield* ofTeam("alpha")).toMatchObject({ leadTimeMedian: null, recoveryMedian: 3600, failedDeployments: 1 })
      }))

    it.effect("an organization without events aggregates to nothing, one empty bucket per calendar bucket", () =>
      Effect.gen(function*() {
        const store = yield* EventStore.EventStore
        const q: DeliveryEvents.MetricsQuery = { from: base, to: base + 14 * dayMs, bucket: "week" }
        expect(yield* store.aggregate(freshOrganization(), q)).toStrictEqual(DeliveryAggregates.aggregateEvents({
          deployments: [],
          changes: [],
          incidents: []
        }, q))
      }))
  })

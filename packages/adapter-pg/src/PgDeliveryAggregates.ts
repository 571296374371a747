import type { SqlClient } from "@effect/sql/SqlClient"
import { type DeliveryAggregates, type DeliveryEvents, Percentile, TimeBuckets } from "@tidemark/core"
import { Effect, Schema } from "effect"
import { decodeAll } from "./Rows.js"
import { orUnavailable } from "./StorageFailure.js"

/** What a row of the statement below holds, by `kind`. */
const Kind = { deployments: 0, failedDeployments: 1, recoveries: 2, leadTimes: 3 } as const

/**
 * One row per kind and UTC day (`day`: days since 1970-01-01): a count (`n`), or durations in
 * milliseconds packed as big-endian int8 (`samples`) with, where the window cuts the day, each
 * sample's time (`times`, same encoding and order).
 */
const DayRow = Schema.Struct({
  kind: Schema.Number,
  day: Schema.Number,
  n: Schema.Number,
  samples: Schema.NullOr(Schema.Uint8ArrayFromSelf),
  times: Schema.NullOr(Schema.Uint8ArrayFromSelf)
})
type DayRow = typeof DayRow.Type

/** The int8 at `offset`; exact, as every millisecond time and duration is below 2^53. */
const int8At = (view: DataView, offset: number) => view.getInt32(offset) * 4_294_967_296 + view.getUint32(offset + 4)

const viewOf = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)

/**
 * Durations in seconds placed in buckets, gathered into one array bucket after bucket: each
 * bucket's samples are a contiguous part of the window's, and selection inside a part only
 * reorders that part, so the buckets' medians and then the window's come from one array.
 */
const sampleSets = (rows: ReadonlyArray<DayRow>, bucketOf: (row: DayRow) => number, buckets: number, from: number, to: number) => {
  const capacity = new Array<number>(buckets).fill(0)
  for (const row of rows) capacity[bucketOf(row)]! += (row.samples?.byteLength ?? 0) / 8
  const starts = new Array<number>(buckets + 1).fill(0)
  for (let b = 0; b < buckets; b++) starts[b + 1] = starts[b]! + capacity[b]!
  const values = new Float64Array(starts[buckets]!)
  const ends = starts.slice(0, buckets)
  for (const row of rows) {
    if (row.samples === null) continue
    const b = bucketOf(row)
    const samples = viewOf(row.samples)
    const times = row.times === null ? null : viewOf(row.times)
    let end = ends[b]!
    for (let offset = 0; offset < samples.byteLength; offset += 8) {
      if (times !== null) {
        const time = int8At(times, offset)
        if (time < from || time >= to) continue
      }
      values[end++] = int8At(samples, offset) / 1000
    }
    ends[b] = end
  }
  // Samples cut by the window's ends leave gaps at their buckets' ends: close them.
  let length = 0
  const parts = ends.map((end, b) => {
    const start = starts[b]!
    values.copyWithin(length, start, end)
    const part = values.subarray(length, length + end - start)
    length += end - start
    return part
  })
  return { parts, all: values.subarray(0, length) }
}

/**
 * Core's `aggregateEvents` where the events are stored: PostgreSQL counts and gathers per UTC
 * day, the adapter sums the days into the calendar buckets (each day lies in one: buckets start
 * at UTC midnights) and takes exact medians with core's `percentileOf`. The rules, as core's
 * `DeliveryAggregates.ts` states them:
 *
 * - Deployments: those created in the window (and of the team), from the timeline index.
 * - Failed deployments: those of them some incident names as its cause. Every incident's cause is
 *   kept in `delivery_incident_causes` as events are stored (migration 0003); a deployment named
 *   by several incidents counts once, on its own day (`cause_ms`).
 * - Time to recover: incidents created in the window, their team their cause's.
 * - Lead time: every change's first deployment is kept in `delivery_first_deployments`
 *   (migration 0003) and its lead times per day in `delivery_lead_time_days` (migration 0005);
 *   a pair counts when its deployment is in the window (and of the team).
 *
 * Medians are selected rather than sorted (`percentile_cont` sorts every sample: most of a second
 * for the ~900 000 lead times of a large organization's quarter), with the same interpolation.
 * Times are `created_ms`/`resolved_ms` (core's `epochMillisOf`, migration 0003).
 */
export const aggregate = (sql: SqlClient) => (organizationId: number, query: DeliveryEvents.MetricsQuery) => {
  const { from, to } = query
  const buckets = TimeBuckets.timeBuckets(query.bucket, from, to)
  const system = query.system ?? null
  const team = query.team ?? null
  const firstDay = Math.floor(from / TimeBuckets.dayMillis)
  const lastDay = Math.floor((to - 1) / TimeBuckets.dayMillis)
  // Days the window cuts: their lead times come with their times, to be kept or left.
  const cutFirst = from > firstDay * TimeBuckets.dayMillis ? firstDay : null
  const cutLast = to < (lastDay + 1) * TimeBuckets.dayMillis ? lastDay : null
  // The filters every part of the statement applies, each to its own columns.
  const scope = sql`organization_id = ${organizationId}::integer AND (${system}::text IS NULL OR system = ${system}::text)`
  const ofTeam = (teams: "teams" | "cause_teams") => sql`(${team}::text IS NULL OR ${team}::text = ANY (${sql(teams)}))`
  const inWindow = (time: "created_ms" | "cause_ms") => sql`${sql(time)} >= ${from}::bigint AND ${sql(time)} < ${to}::bigint`
  const statement = sql<DayRow>`
    SELECT ${Kind.deployments}::integer AS kind, tidemark_day(created_ms) AS day, count(*)::integer AS n,
      NULL::bytea AS samples, NULL::bytea AS times
    FROM delivery_events
    WHERE ${scope} AND type = 'deployment' AND ${inWindow("created_ms")} AND ${ofTeam("teams")}
    GROUP BY 2
    UNION ALL
    SELECT ${Kind.failedDeployments}, day, count(*)::integer, NULL, NULL
    FROM (
      SELECT DISTINCT system, cause_id, tidemark_day(cause_ms) AS day
      FROM delivery_incident_causes
      WHERE ${scope} AND ${inWindow("cause_ms")} AND ${ofTeam("cause_teams")}
    ) AS failed
    GROUP BY day
    UNION ALL
    SELECT ${Kind.recoveries}, tidemark_day(created_ms), count(*)::integer,
      string_agg(int8send(resolved_ms - created_ms), ''::bytea), NULL
    FROM delivery_incident_causes
    WHERE ${scope} AND ${inWindow("created_ms")} AND ${ofTeam("cause_teams")}
    GROUP BY 2
    UNION ALL
    SELECT ${Kind.leadTimes}, day, 0, lead_ms,
      CASE WHEN day = ${cutFirst}::integer OR day = ${cutLast}::integer THEN deployed_ms END
    FROM delivery_lead_time_days
    WHERE ${scope} AND day >= ${firstDay}::integer AND day <= ${lastDay}::integer AND ${ofTeam("teams")}
  `
  // A large organization's estimate would have the statement compiled (JIT) on every call, which
  // takes longer than running it.
  const read = sql.withTransaction(Effect.zipRight(sql`SET LOCAL jit = off`, statement))
  const empty = Effect.succeed<ReadonlyArray<unknown>>([])
  return (buckets.length === 0 ? empty : read).pipe(
    Effect.flatMap(decodeAll(DayRow)),
    Effect.map((rows): DeliveryAggregates.DeliveryAggregates => {
      const bucketOf = (row: DayRow) => TimeBuckets.bucketIndexOf(buckets, row.day * TimeBuckets.dayMillis)
      const deployments = new Array<number>(buckets.length).fill(0)
      const failed = new Array<number>(buckets.length).fill(0)
      const deploymentDays: Array<number> = []
      for (const row of rows) {
        if (row.kind === Kind.deployments) {
          deployments[bucketOf(row)]! += row.n
          deploymentDays.push(row.day * TimeBuckets.dayMillis)
        } else if (row.kind === Kind.failedDeployments) failed[bucketOf(row)]! += row.n
      }
      const ofKind = (kind: number) => rows.filter((row) => row.kind === kind)
      const leadTimes = sampleSets(ofKind(Kind.leadTimes), bucketOf, buckets.length, from, to)
      const recoveries = sampleSets(ofKind(Kind.recoveries), bucketOf, buckets.length, from, to)
      // Buckets first: each selection reorders only its bucket's part of the window's samples.
      const bucketAggregates = buckets.map((_, b): DeliveryAggregates.BucketAggregates => ({
        deployments: deployments[b]!,
        failedDeployments: failed[b]!,
        leadTimeMedian: Percentile.percentileOf(leadTimes.parts[b]!, 0.5),
        recoveryMedian: Percentile.percentileOf(recoveries.parts[b]!, 0.5)
      }))
      const sum = (counts: ReadonlyArray<number>) => counts.reduce((a, b) => a + b, 0)
      return {
        deployments: sum(deployments),
        failedDeployments: sum(failed),
        leadTimeMedian: Percentile.percentileOf(leadTimes.all, 0.5),
        leadTimeP90: Percentile.percentileOf(leadTimes.all, 0.9),
        recoveryMedian: Percentile.percentileOf(recoveries.all, 0.5),
        deploymentDays: deploymentDays.sort((a, b) => a - b),
        buckets: bucketAggregates
      }
    }),
    orUnavailable
  )
}

import type { SqlClient } from "@effect/sql/SqlClient"
import { type BucketAggregates, type DeliveryAggregates, type MetricsQuery, timeBuckets } from "@tidemark/core"
import { Effect, Schema } from "effect"
import { decodeAll } from "./Rows.js"
import { orUnavailable } from "./StorageFailure.js"

/** One row per bucket with samples (`bucket` 1-based), and the window's row (`bucket` null). */
const AggregateRow = Schema.Struct({
  bucket: Schema.NullOr(Schema.Number),
  deployments: Schema.Number,
  failed_deployments: Schema.Number,
  lead_time_median: Schema.NullOr(Schema.Number),
  lead_time_p90: Schema.NullOr(Schema.Number),
  recovery_median: Schema.NullOr(Schema.Number),
  deployment_days: Schema.NullOr(Schema.Array(Schema.Number))
})
type AggregateRow = typeof AggregateRow.Type

const noSamples: BucketAggregates = { deployments: 0, failedDeployments: 0, leadTimeMedian: null, recoveryMedian: null }

const bucketOf = (row: AggregateRow): BucketAggregates => ({
  deployments: row.deployments,
  failedDeployments: row.failed_deployments,
  leadTimeMedian: row.lead_time_median,
  recoveryMedian: row.recovery_median
})

/**
 * Core's `aggregateEvents` as one SQL statement over `delivery_events`, so that the events stay in
 * the database: the rules are the same (see core's `DeliveryAggregates.ts`), step by step.
 *
 * - An incident's cause (the last deployment of its system at or before it) is kept in
 *   `delivery_incident_causes` as events are stored (migration 0003): a deployment failed if an
 *   incident names it, and an incident's team is its cause's.
 * - A change's first deployment is the first (time, id) among all the system's deployments listing
 *   it, kept in `delivery_first_deployments` as events are stored (migration 0003); the pair
 *   counts when that deployment is in the window and the change is not later.
 * - Medians and the p90 are `percentile_cont`, the interpolation core's `percentile` mirrors; the
 *   window's come from all its samples (the ROLLUP row), not from the buckets'. The lead times (by
 *   far the most samples) are aggregated apart from deployments and incidents, so that only they
 *   go through the large sorts.
 * - Buckets are core's calendar buckets, passed in as their starts; `width_bucket` places a time.
 *
 * Times are `created_ms`/`resolved_ms` (core's `epochMillisOf`, migration 0003); ids compare in
 * `COLLATE "C"`, core's code-point order.
 */
export const aggregate = (sql: SqlClient) => (organizationId: number, query: MetricsQuery) => {
  const buckets = timeBuckets(query.bucket, query.from, query.to)
  const starts = `{${buckets.map((bucket) => bucket.start).join(",")}}`
  const system = query.system ?? null
  const team = query.team ?? null
  const statement = sql`
    WITH window_deployments AS (
      SELECT d.created_ms AS time,
        EXISTS (
          SELECT 1 FROM delivery_incident_causes c
          WHERE c.organization_id = ${organizationId}::integer AND c.system = d.system AND c.cause_id = d.id
        ) AS failed
      FROM delivery_events d
      WHERE d.organization_id = ${organizationId}::integer AND d.type = 'deployment'
        AND (${system}::text IS NULL OR d.system = ${system}::text)
        AND d.created_ms >= ${query.from}::bigint AND d.created_ms < ${query.to}::bigint
        AND (${team}::text IS NULL OR ${team}::text = ANY (d.teams))
    ),
    recoveries AS (
      SELECT created_ms AS time, (resolved_ms - created_ms)::float8 / 1000 AS seconds
      FROM delivery_incident_causes
      WHERE organization_id = ${organizationId}::integer AND (${system}::text IS NULL OR system = ${system}::text)
        AND created_ms >= ${query.from}::bigint AND created_ms < ${query.to}::bigint
        AND (${team}::text IS NULL OR ${team}::text = ANY (cause_teams))
    ),
    lead_times AS (
      SELECT deployed_ms AS time, (deployed_ms - change_ms)::float8 / 1000 AS seconds
      FROM delivery_first_deployments
      WHERE organization_id = ${organizationId}::integer AND (${system}::text IS NULL OR system = ${system}::text)
        AND deployed_ms >= ${query.from}::bigint AND deployed_ms < ${query.to}::bigint AND change_ms <= deployed_ms
        AND (${team}::text IS NULL OR ${team}::text = ANY (teams))
    ),
    small_samples AS (
      SELECT 0 AS kind, time, failed, NULL::float8 AS seconds FROM window_deployments
      UNION ALL SELECT 2, time, false, seconds FROM recoveries
    ),
    small_aggregates AS (
      SELECT
        bucket,
        (count(*) FILTER (WHERE kind = 0))::integer AS deployments,
        (count(*) FILTER (WHERE kind = 0 AND failed))::integer AS failed_deployments,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds) FILTER (WHERE kind = 2) AS recovery_median,
        array_agg(DISTINCT (floor(time / 86400000.0) * 86400000)::float8) FILTER (WHERE kind = 0) AS deployment_days
      FROM (SELECT *, width_bucket(time, ${starts}::bigint[]) AS bucket FROM small_samples) AS placed
      GROUP BY ROLLUP (bucket)
    ),
    lead_aggregates AS (
      SELECT bucket, percentile_cont(ARRAY[0.5, 0.9]) WITHIN GROUP (ORDER BY seconds) AS lead_time
      FROM (SELECT width_bucket(time, ${starts}::bigint[]) AS bucket, seconds FROM lead_times) AS placed
      GROUP BY ROLLUP (bucket)
    )
    SELECT
      coalesce(s.bucket, l.bucket) AS bucket,
      coalesce(s.deployments, 0) AS deployments,
      coalesce(s.failed_deployments, 0) AS failed_deployments,
      l.lead_time[1] AS lead_time_median,
      l.lead_time[2] AS lead_time_p90,
      s.recovery_median,
      s.deployment_days
    FROM small_aggregates s
    -- The window's row has no bucket (null) on both sides; -1 is no bucket's number.
    FULL JOIN lead_aggregates l ON coalesce(s.bucket, -1) = coalesce(l.bucket, -1)
  `
  // Sorts of a large organization's events fit in memory, and the statement runs once: compiling
  // it (JIT, which its cost estimate would trigger) takes longer than running it.
  const settings = sql`SET LOCAL work_mem = '64MB'`.pipe(Effect.zipRight(sql`SET LOCAL jit = off`))
  return sql.withTransaction(Effect.zipRight(settings, statement)).pipe(
    Effect.flatMap(decodeAll(AggregateRow)),
    Effect.map((rows): DeliveryAggregates => {
      const window = rows.find((row) => row.bucket === null)
      const byBucket = new Map(rows.flatMap((row) => (row.bucket === null ? [] : [[row.bucket, bucketOf(row)] as const])))
      return {
        ...(window === undefined ? noSamples : bucketOf(window)),
        leadTimeP90: window?.lead_time_p90 ?? null,
        deploymentDays: window?.deployment_days ?? [],
        buckets: buckets.map((_, i) => byBucket.get(i + 1) ?? noSamples)
      }
    }),
    orUnavailable
  )
}

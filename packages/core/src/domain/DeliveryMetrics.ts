import { Schema } from "effect"
import {
  changeFailureRateLevel,
  DeliveryLevel,
  deploymentFrequencyLevel,
  leadTimeLevel,
  timeToRecoverLevel
} from "./DeliveryLevels.js"
import { Rfc3339 } from "./Rfc3339.js"
import {
  bucketIndexOf,
  dayMillis,
  daysInside,
  isoString,
  MetricsBucket,
  type TimeBucket,
  timeBuckets
} from "./TimeBuckets.js"

/**
 * The four key delivery metrics (deployment frequency, lead time for changes, time to recover,
 * change failure rate) as pure functions over processed events.
 *
 * The records are independent of the ingestion schemas: times are epoch milliseconds, and every
 * record carries its system. Events ingested without a system belong to the system `_unknown_`;
 * the caller sets it, this module treats it as any other system. Ids are unique per system and
 * type (as the event store keys them). Every join (a deployment's change ids to changes, an
 * incident to the deployment that caused it) stays within one system: the same change id in two
 * systems names two changes.
 */

/** Milliseconds since 1970-01-01T00:00:00Z, within the range of a JavaScript Date (±8.64e15). */
const EpochMillis = Schema.Number.pipe(Schema.between(-8.64e15, 8.64e15)).annotations({
  description: "milliseconds since 1970-01-01T00:00:00Z"
})

export class DeliveryDeployment extends Schema.Class<DeliveryDeployment>("DeliveryDeployment")({
  id: Schema.String,
  system: Schema.String,
  timeCreated: EpochMillis,
  /** Ids of the changes the deployment includes. */
  changes: Schema.Array(Schema.String),
  teams: Schema.Array(Schema.String)
}) {}

export class DeliveryChange extends Schema.Class<DeliveryChange>("DeliveryChange")({
  id: Schema.String,
  system: Schema.String,
  timeCreated: EpochMillis
}) {}

/**
 * The ingestion API requires time_created before time_resolved; at millisecond precision two such
 * instants may become equal, so only a resolution before the creation is refused here.
 */
export class DeliveryIncident extends Schema.Class<DeliveryIncident>("DeliveryIncident")(
  Schema.Struct({
    id: Schema.String,
    system: Schema.String,
    timeCreated: EpochMillis,
    timeResolved: EpochMillis
  }).pipe(
    Schema.filter((incident) => incident.timeResolved >= incident.timeCreated, {
      message: () => "timeResolved must not be before timeCreated"
    })
  )
) {}

export interface DeliveryEvents {
  readonly deployments: ReadonlyArray<DeliveryDeployment>
  readonly changes: ReadonlyArray<DeliveryChange>
  readonly incidents: ReadonlyArray<DeliveryIncident>
}

/** Default window: the 90 days before `to`. */
export const defaultWindowDays = 90
export const defaultFrom = (to: number): number => to - defaultWindowDays * dayMillis

/** The window is [from, to), epoch milliseconds. */
export const MetricsQuery = Schema.Struct({
  from: EpochMillis,
  to: EpochMillis,
  bucket: MetricsBucket,
  system: Schema.optional(Schema.String),
  team: Schema.optional(Schema.String)
})
export type MetricsQuery = typeof MetricsQuery.Type

export const MetricPoint = Schema.Struct({
  start: Rfc3339.annotations({ description: "start of the calendar bucket (UTC), possibly before `from`" }),
  value: Schema.NullOr(Schema.Number)
})
export type MetricPoint = typeof MetricPoint.Type

export const DeliveryMetric = Schema.Struct({
  value: Schema.NullOr(Schema.Number),
  level: DeliveryLevel,
  series: Schema.Array(MetricPoint)
})
export type DeliveryMetric = typeof DeliveryMetric.Type

export const LeadTimeMetric = Schema.Struct({
  ...DeliveryMetric.fields,
  p90: Schema.NullOr(Schema.Number)
})
export type LeadTimeMetric = typeof LeadTimeMetric.Type

export const DeliveryMetrics = Schema.Struct({
  from: Rfc3339,
  to: Rfc3339,
  /** Deployments per day. */
  deploymentFrequency: DeliveryMetric,
  /** Median (`value`) and 90th percentile (`p90`), in seconds. */
  leadTimeForChanges: LeadTimeMetric,
  /** Median, in seconds. */
  timeToRecover: DeliveryMetric,
  /** Fraction from 0 to 1. */
  changeFailureRate: DeliveryMetric
})
export type DeliveryMetrics = typeof DeliveryMetrics.Type

/**
 * The `p`-quantile (0 ≤ p ≤ 1) by linear interpolation between the closest ranks, as PostgreSQL's
 * `percentile_cont`: at rank h = p·(n − 1), x[⌊h⌋] + (h − ⌊h⌋)·(x[⌈h⌉] − x[⌊h⌋]). Null when empty.
 */
export const percentile = (values: ReadonlyArray<number>, p: number): number | null => {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`percentile must be between 0 and 1, got ${p}`)
  const sorted = [...values].sort((a, b) => a - b)
  const rank = p * (sorted.length - 1)
  const below = sorted[Math.floor(rank)]
  const above = sorted[Math.ceil(rank)]
  if (below === undefined || above === undefined) return null
  return rank === Math.floor(rank) ? below : below + (above - below) * (rank - Math.floor(rank))
}

/** The median: the mean of the two middle values when their number is even. Null when empty. */
export const median = (values: ReadonlyArray<number>): number | null => percentile(values, 0.5)

/**
 * Ids in code-point order, which is the byte order of UTF-8 and so PostgreSQL's `COLLATE "C"`:
 * it breaks ties between deployments created at the same millisecond.
 */
const compareIds = (a: string, b: string): number => {
  for (let i = 0; i < a.length && i < b.length;) {
    const x = a.codePointAt(i) ?? 0
    const y = b.codePointAt(i) ?? 0
    if (x !== y) return x - y
    i += x > 0xffff ? 2 : 1
  }
  return a.length - b.length
}

const byTimeThenId = (a: DeliveryDeployment, b: DeliveryDeployment): number =>
  a.timeCreated - b.timeCreated || compareIds(a.id, b.id)

/** Each system's deployments, ordered by (timeCreated, id). */
type Timeline = ReadonlyMap<string, ReadonlyArray<DeliveryDeployment>>

const timelineOf = (deployments: ReadonlyArray<DeliveryDeployment>): Timeline => {
  const timeline = new Map<string, Array<DeliveryDeployment>>()
  for (const deployment of deployments) {
    const list = timeline.get(deployment.system)
    if (list === undefined) timeline.set(deployment.system, [deployment])
    else list.push(deployment)
  }
  for (const list of timeline.values()) list.sort(byTimeThenId)
  return timeline
}

/** The deployment that caused an incident: the last one at or before its creation, same system. */
const causeOf = (timeline: Timeline, incident: DeliveryIncident): DeliveryDeployment | undefined => {
  const deployments = timeline.get(incident.system) ?? []
  let low = 0
  let high = deployments.length
  while (low < high) {
    const middle = (low + high) >>> 1
    const deployment = deployments[middle]
    if (deployment !== undefined && deployment.timeCreated <= incident.timeCreated) low = middle + 1
    else high = middle
  }
  return deployments[low - 1]
}

/** A duration in seconds, placed at `time` (the deployment's or the incident's creation). */
interface Sample {
  readonly time: number
  readonly seconds: number
  readonly deployment: DeliveryDeployment | undefined
}

/**
 * (change, first deployment including it) pairs. A change id without a change event is skipped, a
 * change reported twice counts from its earliest time, and a pair whose change is later than its
 * first deployment is skipped (no later deployment stands in for it).
 */
const leadTimeSamples = (timeline: Timeline, changes: ReadonlyArray<DeliveryChange>): ReadonlyArray<Sample> => {
  const changeTimes = new Map<string, Map<string, number>>()
  for (const change of changes) {
    const times = changeTimes.get(change.system) ?? new Map<string, number>()
    changeTimes.set(change.system, times)
    times.set(change.id, Math.min(change.timeCreated, times.get(change.id) ?? Infinity))
  }
  const samples: Array<Sample> = []
  for (const [system, deployments] of timeline) {
    const times = changeTimes.get(system)
    const deployed = new Set<string>()
    for (const deployment of deployments) {
      for (const id of deployment.changes) {
        if (deployed.has(id)) continue
        deployed.add(id)
        const changed = times?.get(id)
        if (changed === undefined || changed > deployment.timeCreated) continue
        samples.push({ time: deployment.timeCreated, seconds: (deployment.timeCreated - changed) / 1000, deployment })
      }
    }
  }
  return samples
}

const groupByBucket = <A>(buckets: ReadonlyArray<TimeBucket>, items: ReadonlyArray<A>, time: (a: A) => number) => {
  const groups = buckets.map((): Array<A> => [])
  for (const item of items) groups[bucketIndexOf(buckets, time(item))]?.push(item)
  return groups
}

const seriesOf = <A>(
  buckets: ReadonlyArray<TimeBucket>,
  items: ReadonlyArray<A>,
  time: (a: A) => number,
  value: (group: ReadonlyArray<A>, bucket: TimeBucket) => number | null
): ReadonlyArray<MetricPoint> =>
  groupByBucket(buckets, items, time).flatMap((group, i) => {
    const bucket = buckets[i]
    return bucket === undefined ? [] : [{ start: isoString(bucket.start), value: value(group, bucket) }]
  })

const durationMetric = (
  buckets: ReadonlyArray<TimeBucket>,
  samples: ReadonlyArray<Sample>,
  level: (seconds: number | null) => DeliveryLevel
): DeliveryMetric => {
  // The window's value is the median of all its samples, never a median of the bucket medians.
  const value = median(samples.map((sample) => sample.seconds))
  return {
    value,
    level: level(value),
    series: seriesOf(buckets, samples, (sample) => sample.time, (group) => median(group.map((s) => s.seconds)))
  }
}

/**
 * The four key metrics over the window [from, to) of `query`, with one series point per calendar
 * bucket intersecting the window.
 *
 * - Deployment frequency: deployments per day, over the window's length in days; a bucket's value
 *   is its deployments per day over the part of the bucket inside the window. Zero deployments is
 *   a frequency of 0 (level `None`); only an empty window (from ≥ to) gives null.
 * - Lead time: for each change, its first deployment (by time, then id) over the system's whole
 *   history; the pair counts when that deployment is inside the window (and of the team).
 * - Time to recover: incidents created inside the window.
 * - Change failure rate: a deployment inside the window failed if any incident, whenever created,
 *   has it as its cause (the last deployment of the system at or before the incident).
 *
 * Team filter: deployments whose `teams` include the team; a lead-time pair through its first
 * deployment, an incident through its cause (an incident without cause then drops out).
 */
export const computeMetrics = (events: DeliveryEvents, query: MetricsQuery): DeliveryMetrics => {
  const { from, to } = query
  const inScope = (item: { readonly system: string }) => query.system === undefined || item.system === query.system
  const ofTeam = (deployment: DeliveryDeployment | undefined) =>
    query.team === undefined || (deployment !== undefined && deployment.teams.includes(query.team))
  const inWindow = (time: number) => time >= from && time < to
  const buckets = timeBuckets(query.bucket, from, to)

  // Causes and first deployments are found among all the system's deployments, before the team
  // filter: a team does not own a change another team deployed first.
  const timeline = timelineOf(events.deployments.filter(inScope))
  const deployments = [...timeline.values()].flat().filter((d) => inWindow(d.timeCreated) && ofTeam(d))
  const leadTimes = leadTimeSamples(timeline, events.changes.filter(inScope)).filter(
    (sample) => inWindow(sample.time) && ofTeam(sample.deployment)
  )
  const incidents = events.incidents.filter(inScope).map((incident) => ({ incident, cause: causeOf(timeline, incident) }))
  const failed = new Set(incidents.flatMap(({ cause }) => (cause === undefined ? [] : [cause])))
  const recoveries = incidents
    .filter(({ cause, incident }) => inWindow(incident.timeCreated) && ofTeam(cause))
    .map(({ cause, incident }): Sample => ({
      time: incident.timeCreated,
      seconds: (incident.timeResolved - incident.timeCreated) / 1000,
      deployment: cause
    }))

  const days = (to - from) / dayMillis
  const failureRate = (group: ReadonlyArray<DeliveryDeployment>) =>
    group.length === 0 ? null : group.filter((d) => failed.has(d)).length / group.length
  const lead = durationMetric(buckets, leadTimes, leadTimeLevel)

  return {
    from: isoString(from),
    to: isoString(to),
    deploymentFrequency: {
      value: days > 0 ? deployments.length / days : null,
      level: deploymentFrequencyLevel(deployments.map((d) => d.timeCreated), from, to),
      series: seriesOf(buckets, deployments, (d) => d.timeCreated, (group, bucket) =>
        group.length / daysInside(bucket, from, to))
    },
    leadTimeForChanges: { ...lead, p90: percentile(leadTimes.map((sample) => sample.seconds), 0.9) },
    timeToRecover: durationMetric(buckets, recoveries, timeToRecoverLevel),
    changeFailureRate: {
      value: failureRate(deployments),
      level: changeFailureRateLevel(deployments.filter((d) => failed.has(d)).length, deployments.length),
      series: seriesOf(buckets, deployments, (d) => d.timeCreated, failureRate)
    }
  }
}

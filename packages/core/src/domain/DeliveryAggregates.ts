import { Schema } from "effect"
import { type DeliveryChange, type DeliveryDeployment, type DeliveryEvents, type MetricsQuery } from "./DeliveryEvents.js"
import { percentileOf } from "./Percentile.js"
import { bucketIndexOf, bucketStart, timeBuckets } from "./TimeBuckets.js"

/**
 * What the events of a window amount to: the counts and medians the four keys are made of, for the
 * whole window and per calendar bucket. Two producers give the same aggregates: `aggregateEvents`
 * below (events in memory) and an event store that aggregates where the events live (PostgreSQL);
 * levels, rates and series are then derived from them in one place (`DeliveryMetrics`).
 */
export const BucketAggregates = Schema.Struct({
  /** Deployments inside the window (and of the team). */
  deployments: Schema.Number,
  /** Those of them that caused an incident. */
  failedDeployments: Schema.Number,
  /** Median lead time in seconds of the (change, first deployment) pairs placed here. */
  leadTimeMedian: Schema.NullOr(Schema.Number),
  /** Median time to recover in seconds of the incidents created here. */
  recoveryMedian: Schema.NullOr(Schema.Number)
})
export type BucketAggregates = typeof BucketAggregates.Type

export const DeliveryAggregates = Schema.Struct({
  ...BucketAggregates.fields,
  leadTimeP90: Schema.NullOr(Schema.Number),
  /** Start (epoch ms) of every UTC day of the window with at least one deployment, ascending. */
  deploymentDays: Schema.Array(Schema.Number),
  /** One per bucket of `timeBuckets(query.bucket, query.from, query.to)`, in the same order. */
  buckets: Schema.Array(BucketAggregates)
})
export type DeliveryAggregates = typeof DeliveryAggregates.Type

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
const causeOf = (timeline: Timeline, system: string, time: number): DeliveryDeployment | undefined => {
  const deployments = timeline.get(system) ?? []
  let low = 0
  let high = deployments.length
  while (low < high) {
    const middle = (low + high) >>> 1
    const deployment = deployments[middle]
    if (deployment !== undefined && deployment.timeCreated <= time) low = middle + 1
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

/** The samples' durations, as `percentileOf` takes them (it reorders them: one array per use). */
const secondsOf = (samples: ReadonlyArray<Sample>) => Float64Array.from(samples, (sample) => sample.seconds)
const medianOf = (samples: ReadonlyArray<Sample>) => percentileOf(secondsOf(samples), 0.5)

/**
 * The aggregates of `query`'s window [from, to) over events in memory.
 *
 * - Deployments: those created inside the window (and of the team).
 * - Lead time: for each change, its first deployment (by time, then id) over the system's whole
 *   history; the pair counts when that deployment is inside the window (and of the team).
 * - Time to recover: incidents created inside the window.
 * - Failed deployments: a deployment inside the window failed if any incident, whenever created,
 *   has it as its cause (the last deployment of the system at or before the incident).
 *
 * Team filter: deployments whose `teams` include the team; a lead-time pair through its first
 * deployment, an incident through its cause (an incident without cause then drops out). Causes and
 * first deployments are found among all the system's deployments, before the team filter: a team
 * does not own a change another team deployed first.
 */
export const aggregateEvents = (events: DeliveryEvents, query: MetricsQuery): DeliveryAggregates => {
  const { from, to } = query
  const inScope = (item: { readonly system: string }) => query.system === undefined || item.system === query.system
  const ofTeam = (deployment: DeliveryDeployment | undefined) =>
    query.team === undefined || (deployment !== undefined && deployment.teams.includes(query.team))
  const inWindow = (time: number) => time >= from && time < to
  const buckets = timeBuckets(query.bucket, from, to)

  const timeline = timelineOf(events.deployments.filter(inScope))
  const deployments = [...timeline.values()].flat().filter((d) => inWindow(d.timeCreated) && ofTeam(d))
  const leadTimes = leadTimeSamples(timeline, events.changes.filter(inScope)).filter(
    (sample) => inWindow(sample.time) && ofTeam(sample.deployment)
  )
  const incidents = events.incidents.filter(inScope).map((incident) => ({
    incident,
    cause: causeOf(timeline, incident.system, incident.timeCreated)
  }))
  const failed = new Set(incidents.flatMap(({ cause }) => (cause === undefined ? [] : [cause])))
  const recoveries = incidents
    .filter(({ cause, incident }) => inWindow(incident.timeCreated) && ofTeam(cause))
    .map(({ cause, incident }): Sample => ({
      time: incident.timeCreated,
      seconds: (incident.timeResolved - incident.timeCreated) / 1000,
      deployment: cause
    }))

  const byBucket = <A>(items: ReadonlyArray<A>, time: (a: A) => number) => {
    const groups = buckets.map((): Array<A> => [])
    for (const item of items) groups[bucketIndexOf(buckets, time(item))]?.push(item)
    return groups
  }
  const deploymentsByBucket = byBucket(deployments, (d) => d.timeCreated)
  const leadTimesByBucket = byBucket(leadTimes, (s) => s.time)
  const recoveriesByBucket = byBucket(recoveries, (s) => s.time)

  // Both of the window's lead-time statistics select in one array.
  const windowLeadTimes = secondsOf(leadTimes)
  return {
    deployments: deployments.length,
    failedDeployments: deployments.filter((d) => failed.has(d)).length,
    // The window's medians are over all its samples, never medians of the bucket medians.
    leadTimeMedian: percentileOf(windowLeadTimes, 0.5),
    leadTimeP90: percentileOf(windowLeadTimes, 0.9),
    recoveryMedian: medianOf(recoveries),
    deploymentDays: [...new Set(deployments.map((d) => bucketStart("day", d.timeCreated)))].sort((a, b) => a - b),
    buckets: buckets.map((_, i) => {
      const group = deploymentsByBucket[i] ?? []
      return {
        deployments: group.length,
        failedDeployments: group.filter((d) => failed.has(d)).length,
        leadTimeMedian: medianOf(leadTimesByBucket[i] ?? []),
        recoveryMedian: medianOf(recoveriesByBucket[i] ?? [])
      }
    })
  }
}

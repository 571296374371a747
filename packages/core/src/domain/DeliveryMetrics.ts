import { Schema } from "effect"
import { aggregateEvents, type BucketAggregates, type DeliveryAggregates } from "./DeliveryAggregates.js"
import type { DeliveryEvents, MetricsQuery } from "./DeliveryEvents.js"
import {
  changeFailureRateLevel,
  DeliveryLevel,
  deploymentFrequencyLevel,
  leadTimeLevel,
  timeToRecoverLevel
} from "./DeliveryLevels.js"
import { Rfc3339 } from "./Rfc3339.js"
import { dayMillis, daysInside, isoString, timeBuckets } from "./TimeBuckets.js"

/**
 * The four key delivery metrics (deployment frequency, lead time for changes, time to recover,
 * change failure rate): what the read API answers, derived from a window's aggregates.
 */

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
 * The four keys of `query`'s window [from, to) from its aggregates, with one series point per
 * calendar bucket intersecting the window.
 *
 * - Deployment frequency: deployments per day, over the window's length in days; a bucket's value
 *   is its deployments per day over the part of the bucket inside the window. Zero deployments is
 *   a frequency of 0 (level `None`); only an empty window (from ≥ to) gives null.
 * - Lead time and time to recover: the medians (and the lead time's p90) of the aggregates.
 * - Change failure rate: failed ÷ all deployments of the window or bucket; null without any.
 */
export const metricsOf = (aggregates: DeliveryAggregates, query: MetricsQuery): DeliveryMetrics => {
  const { from, to } = query
  const buckets = timeBuckets(query.bucket, from, to)
  const series = (value: (bucket: BucketAggregates, i: number) => number | null) =>
    buckets.map((bucket, i) => {
      const aggregate = aggregates.buckets[i]
      return { start: isoString(bucket.start), value: aggregate === undefined ? null : value(aggregate, i) }
    })
  const failureRate = (a: BucketAggregates) => a.deployments === 0 ? null : a.failedDeployments / a.deployments
  const days = (to - from) / dayMillis

  return {
    from: isoString(from),
    to: isoString(to),
    deploymentFrequency: {
      value: days > 0 ? aggregates.deployments / days : null,
      level: deploymentFrequencyLevel(aggregates.deploymentDays, from, to),
      series: series((a, i) => {
        const bucket = buckets[i]
        return bucket === undefined ? null : a.deployments / daysInside(bucket, from, to)
      })
    },
    leadTimeForChanges: {
      value: aggregates.leadTimeMedian,
      level: leadTimeLevel(aggregates.leadTimeMedian),
      series: series((a) => a.leadTimeMedian),
      p90: aggregates.leadTimeP90
    },
    timeToRecover: {
      value: aggregates.recoveryMedian,
      level: timeToRecoverLevel(aggregates.recoveryMedian),
      series: series((a) => a.recoveryMedian)
    },
    changeFailureRate: {
      value: failureRate(aggregates),
      level: changeFailureRateLevel(aggregates.failedDeployments, aggregates.deployments),
      series: series(failureRate)
    }
  }
}

/** The four keys over events in memory (see `aggregateEvents` for what counts where). */
export const computeMetrics = (events: DeliveryEvents, query: MetricsQuery): DeliveryMetrics =>
  metricsOf(aggregateEvents(events, query), query)

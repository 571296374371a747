import { Schema } from "effect"
import { bucketStart, type MetricsBucket, type TimeBucket, timeBuckets } from "./TimeBuckets.js"

/** Performance levels of the four key delivery metrics; `None` when there is no data. */
export const DeliveryLevel = Schema.Literal("Elite", "High", "Medium", "Low", "None")
export type DeliveryLevel = typeof DeliveryLevel.Type

export const hourSeconds = 3_600
export const daySeconds = 86_400
export const weekSeconds = 7 * daySeconds
/** "One month" of the lead-time levels: 30 days. */
export const monthSeconds = 30 * daySeconds

/**
 * Lead time (median, seconds): Elite < 1 day, High ≤ 1 week, Medium ≤ 1 month, Low above. The
 * published "Low ≥ 1 month" overlaps "Medium ≤ 1 month" at exactly 30 days: Medium wins there.
 */
export const leadTimeLevel = (seconds: number | null): DeliveryLevel =>
  seconds === null
    ? "None"
    : seconds < daySeconds
    ? "Elite"
    : seconds <= weekSeconds
    ? "High"
    : seconds <= monthSeconds
    ? "Medium"
    : "Low"

/** Time to recover (median, seconds): Elite < 1 hour, High < 1 day, Medium < 1 week, Low otherwise. */
export const timeToRecoverLevel = (seconds: number | null): DeliveryLevel =>
  seconds === null
    ? "None"
    : seconds < hourSeconds
    ? "Elite"
    : seconds < daySeconds
    ? "High"
    : seconds < weekSeconds
    ? "Medium"
    : "Low"

/**
 * Change failure rate: Elite at most 15 %, Low above (the definition does not separate Elite, High
 * and Medium). Compared on the counts, failed / total ≤ 3 / 20, so no rounding decides a boundary.
 */
export const changeFailureRateLevel = (failed: number, total: number): DeliveryLevel =>
  total === 0 ? "None" : failed * 20 <= total * 3 ? "Elite" : "Low"

/** More than half of the window's buckets of `kind` satisfy `test` ("more than 50 %", strictly). */
const mostBuckets = (kind: MetricsBucket, from: number, to: number, test: (bucket: TimeBucket) => boolean) => {
  const buckets = timeBuckets(kind, from, to)
  return 2 * buckets.filter(test).length > buckets.length
}

/**
 * Deployment frequency from the times of the deployments inside [from, to):
 * Elite if more than 50 % of days have a deployment; High if more than 50 % of ISO weeks have
 * deployments on ≥ 3 distinct days; Medium if more than 50 % of weeks have one; Low if more than
 * 50 % of months have one; otherwise `None`, even when there are deployments (the definition's
 * "otherwise none"). Days, weeks and months are the UTC calendar buckets intersecting the window,
 * partial first and last ones counted as whole buckets.
 */
export const deploymentFrequencyLevel = (times: ReadonlyArray<number>, from: number, to: number): DeliveryLevel => {
  const activeDays = [...new Set(times.map((time) => bucketStart("day", time)))]
  const activeDaysIn = (bucket: TimeBucket) => activeDays.filter((day) => day >= bucket.start && day < bucket.end).length
  if (mostBuckets("day", from, to, (day) => activeDaysIn(day) > 0)) return "Elite"
  if (mostBuckets("week", from, to, (week) => activeDaysIn(week) >= 3)) return "High"
  if (mostBuckets("week", from, to, (week) => activeDaysIn(week) > 0)) return "Medium"
  if (mostBuckets("month", from, to, (month) => activeDaysIn(month) > 0)) return "Low"
  return "None"
}

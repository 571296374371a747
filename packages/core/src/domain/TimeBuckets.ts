import { Schema } from "effect"

/**
 * Calendar buckets of the delivery-metrics series, all in UTC: a day starts at midnight, an ISO
 * week on Monday 00:00, a month on the 1st at 00:00. Times are epoch milliseconds.
 */
export const MetricsBucket = Schema.Literal("day", "week", "month").annotations({
  description: "series bucket: UTC day, ISO week (Monday 00:00 UTC) or UTC calendar month"
})
export type MetricsBucket = typeof MetricsBucket.Type

export const dayMillis = 86_400_000

/** A calendar bucket, `end` exclusive; it may reach outside the window that asked for it. */
export interface TimeBucket {
  readonly start: number
  readonly end: number
}

const monthStart = (year: number, month: number): number => {
  // setUTCFullYear, unlike Date.UTC, does not map the years 0–99 to 1900–1999.
  const date = new Date(0)
  date.setUTCFullYear(year, month, 1)
  return date.getTime()
}

/** Start of the bucket holding `time`. */
export const bucketStart = (kind: MetricsBucket, time: number): number => {
  switch (kind) {
    case "day":
      return Math.floor(time / dayMillis) * dayMillis
    case "week": {
      const day = Math.floor(time / dayMillis)
      // 1970-01-01 (day 0) was a Thursday, three days after a Monday.
      const sinceMonday = (((day + 3) % 7) + 7) % 7
      return (day - sinceMonday) * dayMillis
    }
    case "month": {
      const date = new Date(time)
      return monthStart(date.getUTCFullYear(), date.getUTCMonth())
    }
  }
}

/** End (exclusive) of the bucket starting at `start`. */
export const bucketEnd = (kind: MetricsBucket, start: number): number => {
  switch (kind) {
    case "day":
      return start + dayMillis
    case "week":
      return start + 7 * dayMillis
    case "month": {
      const date = new Date(start)
      return monthStart(date.getUTCFullYear(), date.getUTCMonth() + 1)
    }
  }
}

/**
 * Every bucket that intersects the window [from, to), in order, the partial first and last ones
 * included. An empty window (from ≥ to) has no bucket.
 */
export const timeBuckets = (kind: MetricsBucket, from: number, to: number): ReadonlyArray<TimeBucket> => {
  const buckets: Array<TimeBucket> = []
  if (!(from < to)) return buckets
  for (let start = bucketStart(kind, from); start < to;) {
    const end = bucketEnd(kind, start)
    buckets.push({ start, end })
    start = end
  }
  return buckets
}

/** Length in days (fractional) of the part of `bucket` inside the window [from, to). */
export const daysInside = (bucket: TimeBucket, from: number, to: number): number =>
  Math.max(0, Math.min(bucket.end, to) - Math.max(bucket.start, from)) / dayMillis

/** Index of the bucket holding `time` in ordered, contiguous buckets, or -1. */
export const bucketIndexOf = (buckets: ReadonlyArray<TimeBucket>, time: number): number => {
  let low = 0
  let high = buckets.length - 1
  while (low <= high) {
    const middle = (low + high) >>> 1
    const bucket = buckets[middle]
    if (bucket === undefined) return -1
    if (time < bucket.start) high = middle - 1
    else if (time >= bucket.end) low = middle + 1
    else return middle
  }
  return -1
}

/** ISO 8601 UTC form of an epoch-millisecond time, e.g. `2024-04-01T00:00:00.000Z`. */
export const isoString = (time: number): string => new Date(time).toISOString()

import { describe, expect, it } from "@effect/vitest"
import {
  changeFailureRateLevel,
  deploymentFrequencyLevel,
  leadTimeLevel,
  timeToRecoverLevel
} from "../src/domain/DeliveryLevels.js"
import { median, percentile } from "../src/domain/Percentile.js"
import { bucketEnd, bucketIndexOf, bucketStart, daysInside, timeBuckets } from "../src/domain/TimeBuckets.js"

const at = (rfc3339: string) => Date.parse(rfc3339)
const hour = 3_600
const day = 86_400
const week = 7 * day

describe("DeliveryMetrics levels", () => {
  it("lead time: Elite under a day, High up to a week, Medium up to 30 days, Low above", () => {
    expect(leadTimeLevel(null)).toBe("None")
    expect(leadTimeLevel(0)).toBe("Elite")
    expect(leadTimeLevel(day - 0.001)).toBe("Elite")
    expect(leadTimeLevel(day)).toBe("High")
    expect(leadTimeLevel(week)).toBe("High")
    expect(leadTimeLevel(week + 0.001)).toBe("Medium")
    expect(leadTimeLevel(30 * day)).toBe("Medium")
    expect(leadTimeLevel(30 * day + 0.001)).toBe("Low")
  })

  it("time to recover: Elite under an hour, High under a day, Medium under a week, Low from a week", () => {
    expect(timeToRecoverLevel(null)).toBe("None")
    expect(timeToRecoverLevel(0)).toBe("Elite")
    expect(timeToRecoverLevel(hour - 0.001)).toBe("Elite")
    expect(timeToRecoverLevel(hour)).toBe("High")
    expect(timeToRecoverLevel(day - 0.001)).toBe("High")
    expect(timeToRecoverLevel(day)).toBe("Medium")
    expect(timeToRecoverLevel(week - 0.001)).toBe("Medium")
    expect(timeToRecoverLevel(week)).toBe("Low")
  })

  it("change failure rate: Elite up to 15 %, Low above, None without deployments", () => {
    expect(changeFailureRateLevel(0, 0)).toBe("None")
    expect(changeFailureRateLevel(0, 1)).toBe("Elite")
    expect(changeFailureRateLevel(3, 20)).toBe("Elite")
    expect(changeFailureRateLevel(15, 100)).toBe("Elite")
    expect(changeFailureRateLevel(16, 100)).toBe("Low")
    expect(changeFailureRateLevel(1, 6)).toBe("Low")
    expect(changeFailureRateLevel(1, 7)).toBe("Elite")
  })

  describe("deployment frequency", () => {
    // 2024-04-01 is a Monday.
    const days = (...dates: Array<string>) => dates.map((date) => at(`${date}T12:00:00Z`))

    it("Elite only when strictly more than half of the days have a deployment", () => {
      const window = [at("2024-04-01T00:00:00Z"), at("2024-04-05T00:00:00Z")] as const
      expect(deploymentFrequencyLevel(days("2024-04-01", "2024-04-02", "2024-04-04"), ...window)).toBe("Elite")
      // Two days of four (and two deployments on one of them): the single week has one → Medium.
      expect(deploymentFrequencyLevel([...days("2024-04-01", "2024-04-02"), at("2024-04-02T13:00:00Z")], ...window))
        .toBe("Medium")
    })

    it("High when more than half of the weeks have deployments on three distinct days", () => {
      const window = [at("2024-04-01T00:00:00Z"), at("2024-04-22T00:00:00Z")] as const
      const twoFullWeeks = days("2024-04-01", "2024-04-02", "2024-04-03", "2024-04-08", "2024-04-10", "2024-04-14")
      expect(deploymentFrequencyLevel(twoFullWeeks, ...window)).toBe("High")
      // Three deployments of the second week on two days only: the weeks with one are 2 of 3.
      const sameDay = days("2024-04-01", "2024-04-02", "2024-04-03", "2024-04-08", "2024-04-10", "2024-04-10")
      expect(deploymentFrequencyLevel(sameDay, ...window)).toBe("Medium")
    })

    it("at exactly half of the weeks falls through to the months", () => {
      const window = [at("2024-04-01T00:00:00Z"), at("2024-04-15T00:00:00Z")] as const
      expect(deploymentFrequencyLevel(days("2024-04-01", "2024-04-02", "2024-04-03"), ...window)).toBe("Low")
    })

    it("counts a partial first or last week as a whole week", () => {
      // Sunday 04-07 to Tuesday 04-16: the weeks of 04-01 (one day), 04-08 and 04-15 (one day).
      const window = [at("2024-04-07T00:00:00Z"), at("2024-04-16T00:00:00Z")] as const
      expect(deploymentFrequencyLevel(days("2024-04-07", "2024-04-15"), ...window)).toBe("Medium")
      // Without them the week of 04-08 alone would count, and a deployment there would be "Medium".
      expect(deploymentFrequencyLevel(days("2024-04-10"), ...window)).toBe("Low")
    })

    it("Low when more than half of the months have one, otherwise None even with deployments", () => {
      const window = [at("2024-01-01T00:00:00Z"), at("2024-04-01T00:00:00Z")] as const
      expect(deploymentFrequencyLevel(days("2024-01-15", "2024-02-15"), ...window)).toBe("Low")
      expect(deploymentFrequencyLevel(days("2024-01-15", "2024-01-16"), ...window)).toBe("None")
      expect(deploymentFrequencyLevel([], ...window)).toBe("None")
    })
  })
})

describe("DeliveryMetrics statistics", () => {
  it("median: the middle value, the mean of the two middle ones for an even count, null when empty", () => {
    expect(median([])).toBeNull()
    expect(median([7])).toBe(7)
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 3, 2])).toBe(2.5)
    expect(median([5, 5, 1, 100])).toBe(5)
  })

  it("percentile interpolates linearly between the closest ranks (PostgreSQL percentile_cont)", () => {
    const values = [10, 1, 9, 2, 8, 3, 7, 4, 6, 5]
    expect(percentile(values, 0)).toBe(1)
    expect(percentile(values, 1)).toBe(10)
    // Rank 0.9 × 9 = 8.1: between 9 and 10.
    expect(percentile(values, 0.9)).toBeCloseTo(9.1, 12)
    expect(percentile([1, 2, 3, 4, 5], 0.9)).toBeCloseTo(4.6, 12)
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 0.9)).toBe(10)
    expect(percentile([], 0.9)).toBeNull()
    expect(() => percentile([1], 1.5)).toThrow(RangeError)
    expect(() => percentile([1], Number.NaN)).toThrow(RangeError)
  })
})

describe("DeliveryMetrics time buckets", () => {
  it("starts days at UTC midnight, weeks on Monday 00:00 UTC, months on the 1st", () => {
    const sundayNight = at("2024-04-07T23:59:59.999Z")
    expect(bucketStart("day", sundayNight)).toBe(at("2024-04-07T00:00:00Z"))
    expect(bucketStart("week", sundayNight)).toBe(at("2024-04-01T00:00:00Z"))
    expect(bucketStart("week", at("2024-04-08T00:00:00Z"))).toBe(at("2024-04-08T00:00:00Z"))
    // Monday 01:00 in +02:00 is still Sunday in UTC.
    expect(bucketStart("week", at("2024-04-08T01:00:00+02:00"))).toBe(at("2024-04-01T00:00:00Z"))
    expect(bucketStart("month", at("2024-02-29T23:00:00-05:00"))).toBe(at("2024-03-01T00:00:00Z"))
    // Before 1970: 1969-12-31 was a Wednesday.
    expect(bucketStart("week", at("1969-12-31T12:00:00Z"))).toBe(at("1969-12-29T00:00:00Z"))
    expect(bucketStart("week", at("1969-12-27T23:00:00Z"))).toBe(at("1969-12-22T00:00:00Z"))
    expect(bucketStart("day", at("1969-12-31T12:00:00Z"))).toBe(at("1969-12-31T00:00:00Z"))
  })

  it("ends months on the first of the next month, across years and leap days", () => {
    expect(bucketEnd("month", at("2024-02-01T00:00:00Z"))).toBe(at("2024-03-01T00:00:00Z"))
    expect(bucketEnd("month", at("2023-12-01T00:00:00Z"))).toBe(at("2024-01-01T00:00:00Z"))
    expect(bucketEnd("week", at("2024-04-01T00:00:00Z"))).toBe(at("2024-04-08T00:00:00Z"))
  })

  it("lists every bucket intersecting [from, to), with the days of each inside the window", () => {
    const from = at("2024-01-31T12:00:00Z")
    const to = at("2024-03-01T00:00:00.001Z")
    const buckets = timeBuckets("month", from, to)
    expect(buckets).toEqual([
      { start: at("2024-01-01T00:00:00Z"), end: at("2024-02-01T00:00:00Z") },
      { start: at("2024-02-01T00:00:00Z"), end: at("2024-03-01T00:00:00Z") },
      { start: at("2024-03-01T00:00:00Z"), end: at("2024-04-01T00:00:00Z") }
    ])
    expect(buckets.map((bucket) => daysInside(bucket, from, to))).toEqual([0.5, 29, 1 / 86_400_000])
    expect(timeBuckets("day", at("2024-04-01T00:00:00Z"), at("2024-04-03T00:00:00Z"))).toHaveLength(2)
    expect(timeBuckets("week", from, from)).toEqual([])
    expect(bucketIndexOf(buckets, at("2024-02-29T23:59:59.999Z"))).toBe(1)
    expect(bucketIndexOf(buckets, at("2024-04-01T00:00:00Z"))).toBe(-1)
  })
})

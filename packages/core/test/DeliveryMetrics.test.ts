import { describe, expect, it } from "@effect/vitest"
import { Either, Schema } from "effect"
import { median } from "../src/domain/Percentile.js"
import {
  DeliveryChange,
  DeliveryDeployment,
  type DeliveryEvents,
  DeliveryIncident,
  defaultFrom,
  type MetricsQuery
} from "../src/domain/DeliveryEvents.js"
import { computeMetrics } from "../src/domain/DeliveryMetrics.js"

/** Inputs are written as the API received them (any offset); the records hold epoch ms. */
const at = (rfc3339: string) => Date.parse(rfc3339)

const deployment = (id: string, system: string, time: string, changes: Array<string>, teams: Array<string> = []) =>
  new DeliveryDeployment({ id, system, timeCreated: at(time), changes, teams })
const change = (id: string, system: string, time: string) => new DeliveryChange({ id, system, timeCreated: at(time) })
const incident = (id: string, system: string, created: string, resolved: string) =>
  new DeliveryIncident({ id, system, timeCreated: at(created), timeResolved: at(resolved) })

const events = (fields: Partial<DeliveryEvents>): DeliveryEvents => ({
  deployments: [],
  changes: [],
  incidents: [],
  ...fields
})

const hour = 3_600
const day = 86_400

/**
 * The golden dataset. Window [2024-04-01, 2024-05-01) UTC, 30 days; 2024-04-01 is a Monday, so
 * the ISO weeks start on 04-01, 04-08, 04-15, 04-22 and 04-29 (the last one two days inside).
 */
const golden = events({
  deployments: [
    deployment("d0", "web", "2024-03-25T10:00:00Z", ["c0"], ["alpha"]), // before the window
    deployment("d1", "web", "2024-04-01T02:00:00+02:00", ["c1", "c2"], ["alpha"]), // = from, a Monday 00:00Z
    deployment("d2", "web", "2024-04-07T23:30:00-01:00", ["c2", "c3"], ["alpha", "beta"]), // Sunday local, Monday 00:30Z
    deployment("d3", "web", "2024-04-09T12:00:00Z", ["c4"], ["beta"]), // c4 has no change event
    deployment("d4", "web", "2024-04-10T09:00:00+05:30", ["c5"], ["beta"]), // 03:30Z
    deployment("d5", "api", "2024-04-14T19:00:00-05:00", ["c1"], ["alpha"]), // 04-15T00:00Z, week boundary
    deployment("d6", "web", "2024-04-30T20:00:00-04:00", ["c6"], ["alpha"]), // = to: outside
    deployment("d7", "_unknown_", "2024-04-22T10:00:00+02:00", ["c7"]) // 08:00Z, no team
  ],
  changes: [
    change("c0", "web", "2024-03-24T10:00:00Z"),
    change("c1", "web", "2024-03-31T18:00:00-04:00"), // 22:00Z: 2 h before d1
    change("c2", "web", "2024-03-30T00:00:00Z"), // first deployed by d1 (2 days), again by d2
    change("c3", "web", "2024-04-08T01:00:00Z"), // after d2: negative, skipped
    change("c5", "web", "2024-04-02T03:30:00Z"), // 8 days before d4
    change("c1", "api", "2024-04-14T12:00:00Z"), // another change than web's c1: 12 h before d5
    change("c6", "web", "2024-04-29T00:00:00Z"),
    change("c7", "_unknown_", "2024-03-22T08:00:00Z") // 31 days before d7
  ],
  incidents: [
    incident("i0", "web", "2024-03-20T00:00:00Z", "2024-03-20T01:00:00Z"), // before any deployment
    incident("i1", "api", "2024-04-03T10:00:00+02:00", "2024-04-03T12:00:00+02:00"), // no api deployment before it; 2 h
    incident("i2", "web", "2024-04-01T03:00:00+02:00", "2024-04-01T03:00:00Z"), // caused by d1; 2 h
    incident("i8", "web", "2024-04-01T12:00:00Z", "2024-04-01T12:10:00Z"), // d1 again; 10 min
    incident("i3", "web", "2024-04-08T00:30:00Z", "2024-04-09T00:30:00Z"), // at d2's very time: d2; 1 day
    incident("i4", "web", "2024-04-09T13:00:00Z", "2024-04-09T13:30:00Z"), // d3; 30 min
    incident("i5", "_unknown_", "2024-05-02T00:00:00Z", "2024-05-02T12:00:00Z"), // after the window, caused by d7
    incident("i7", "web", "2024-05-01T01:00:00Z", "2024-05-01T02:00:00Z") // caused by d6, outside
  ]
})

const april = { from: at("2024-04-01T00:00:00Z"), to: at("2024-05-01T00:00:00Z") }
const weeks = ["2024-04-01", "2024-04-08", "2024-04-15", "2024-04-22", "2024-04-29"].map((d) => `${d}T00:00:00.000Z`)
const series = (starts: ReadonlyArray<string>, values: ReadonlyArray<number | null>) =>
  starts.map((start, i) => ({ start, value: values[i] ?? null }))
const query = (fields: Partial<MetricsQuery> = {}): MetricsQuery => ({ ...april, bucket: "week", ...fields })

describe("DeliveryMetrics", () => {
  describe("golden dataset", () => {
    it("gives the hand-computed values, levels and weekly series for the whole organization", () => {
      const result = computeMetrics(golden, query())
      expect(result.from).toBe("2024-04-01T00:00:00.000Z")
      expect(result.to).toBe("2024-05-01T00:00:00.000Z")
      // d1 d2 d3 d4 d5 d7 in 30 days; active days 04-01, 08, 09, 10, 15, 22: one day in 5, three
      // days in one week of 5, a deployment in 4 weeks of 5.
      expect(result.deploymentFrequency).toEqual({
        value: 0.2,
        level: "Medium",
        series: series(weeks, [1 / 7, 3 / 7, 1 / 7, 1 / 7, 0])
      })
      // Pairs: web c1 2 h, web c2 2 days (d1, not d2), c5 8 days, api c1 12 h, c7 31 days.
      const { p90, ...lead } = result.leadTimeForChanges
      expect(lead).toEqual({
        value: 2 * day,
        level: "High",
        series: series(weeks, [(2 * hour + 2 * day) / 2, 8 * day, 12 * hour, 31 * day, null])
      })
      // Rank 0.9 × 4 = 3.6 between 8 days and 31 days.
      expect(p90).toBeCloseTo(8 * day + 0.6 * 23 * day, 6)
      // i1 2 h, i2 2 h, i8 10 min, i3 1 day, i4 30 min.
      expect(result.timeToRecover).toEqual({
        value: 2 * hour,
        level: "High",
        series: series(weeks, [2 * hour, (day + hour / 2) / 2, null, null, null])
      })
      // Failed: d1 (twice, counted once), d2 (incident at its very millisecond), d3, d7 (incident
      // after the window); not d4, d5.
      expect(result.changeFailureRate).toEqual({
        value: 4 / 6,
        level: "Low",
        series: series(weeks, [1, 2 / 3, 0, 1, null])
      })
    })

    it("takes the window's lead time as the median of all pairs, not the median of the bucket medians", () => {
      const { leadTimeForChanges } = computeMetrics(golden, query())
      const bucketMedians = leadTimeForChanges.series.flatMap((point) => (point.value === null ? [] : [point.value]))
      // Bucket medians 25 h, 8 days, 12 h, 31 days: their median is between 25 h and 8 days.
      expect(median(bucketMedians)).toBe((day + hour + 8 * day) / 2)
      expect(leadTimeForChanges.value).toBe(2 * day)
    })

    it("gives the same window values for daily and monthly buckets", () => {
      const daily = computeMetrics(golden, query({ bucket: "day" }))
      const expectedDays = Array.from({ length: 30 }, (_, i) => new Date(april.from + i * day * 1000).toISOString())
      const active = new Set([0, 7, 8, 9, 14, 21])
      expect(daily.deploymentFrequency).toEqual({
        value: 0.2,
        level: "Medium",
        series: series(expectedDays, expectedDays.map((_, i) => (active.has(i) ? 1 : 0)))
      })
      expect(daily.leadTimeForChanges.series[0]).toEqual({ start: "2024-04-01T00:00:00.000Z", value: hour + day })

      const monthly = computeMetrics(golden, query({ bucket: "month" }))
      const one = (value: number) => series(["2024-04-01T00:00:00.000Z"], [value])
      expect(monthly.deploymentFrequency).toEqual({ value: 0.2, level: "Medium", series: one(0.2) })
      expect(monthly.leadTimeForChanges.value).toBe(2 * day)
      expect(monthly.leadTimeForChanges.series).toEqual(one(2 * day))
      expect(monthly.timeToRecover).toEqual({ value: 2 * hour, level: "High", series: one(2 * hour) })
      expect(monthly.changeFailureRate).toEqual({ value: 4 / 6, level: "Low", series: one(4 / 6) })
    })

    it("filters by team: deployments of the team, changes through their first deployment, incidents through their cause", () => {
      const beta = computeMetrics(golden, query({ team: "beta" }))
      // d2 d3 d4: three distinct days in one week of five, April has a deployment.
      expect(beta.deploymentFrequency).toEqual({ value: 0.1, level: "Low", series: series(weeks, [0, 3 / 7, 0, 0, 0]) })
      // c2 reached production with d1 (alpha) although d2 (beta) includes it too: only c5.
      expect(beta.leadTimeForChanges).toEqual({
        value: 8 * day,
        p90: 8 * day,
        level: "Medium",
        series: series(weeks, [null, 8 * day, null, null, null])
      })
      // i3 (d2) and i4 (d3); i1 has no cause, i2 and i8 are alpha's.
      expect(beta.timeToRecover).toEqual({
        value: (day + hour / 2) / 2,
        level: "High",
        series: series(weeks, [null, (day + hour / 2) / 2, null, null, null])
      })
      expect(beta.changeFailureRate).toEqual({
        value: 2 / 3,
        level: "Low",
        series: series(weeks, [null, 2 / 3, null, null, null])
      })
    })

    it("filters by system, joining only within it", () => {
      const web = computeMetrics(golden, query({ system: "web" }))
      expect(web.deploymentFrequency).toMatchObject({ value: 4 / 30, level: "Low" })
      expect(web.leadTimeForChanges).toMatchObject({ value: 2 * day, level: "High" })
      expect(web.leadTimeForChanges.p90).toBeCloseTo(2 * day + 0.8 * 6 * day, 6)
      expect(web.timeToRecover).toMatchObject({ value: (hour / 2 + 2 * hour) / 2, level: "High" })
      expect(web.changeFailureRate).toMatchObject({ value: 0.75, level: "Low" })

      const api = computeMetrics(golden, query({ system: "api" }))
      expect(api.deploymentFrequency).toMatchObject({ value: 1 / 30, level: "Low" })
      expect(api.leadTimeForChanges).toMatchObject({ value: 12 * hour, p90: 12 * hour, level: "Elite" })
      expect(api.timeToRecover).toMatchObject({ value: 2 * hour, level: "High" })
      expect(api.changeFailureRate).toEqual({ value: 0, level: "Elite", series: series(weeks, [null, null, 0, null, null]) })

      const unknown = computeMetrics(golden, query({ system: "_unknown_" }))
      expect(unknown.leadTimeForChanges).toMatchObject({ value: 31 * day, level: "Low" })
      expect(unknown.timeToRecover).toEqual({ value: null, level: "None", series: series(weeks, []) })
      expect(unknown.changeFailureRate).toMatchObject({ value: 1, level: "Low" })
    })

    it("reports no data for a system without events", () => {
      expect(computeMetrics(golden, query({ system: "nowhere" }))).toEqual({
        from: "2024-04-01T00:00:00.000Z",
        to: "2024-05-01T00:00:00.000Z",
        deploymentFrequency: { value: 0, level: "None", series: series(weeks, [0, 0, 0, 0, 0]) },
        leadTimeForChanges: { value: null, p90: null, level: "None", series: series(weeks, []) },
        timeToRecover: { value: null, level: "None", series: series(weeks, []) },
        changeFailureRate: { value: null, level: "None", series: series(weeks, []) }
      })
    })
  })

  describe("window and buckets", () => {
    const week = events({
      deployments: [
        deployment("a", "s", "2024-04-08T00:30:00Z", []),
        deployment("b", "s", "2024-04-09T12:00:00Z", []),
        deployment("c", "s", "2024-04-10T03:30:00Z", []),
        deployment("late", "s", "2024-04-10T12:00:00Z", [])
      ]
    })

    it("includes partial first and last buckets, averaging frequency over the days inside the window", () => {
      // Wednesday 12:00 to the next Wednesday 12:00: 4.5 days of the first week, 2.5 of the second.
      const result = computeMetrics(week, { from: at("2024-04-03T12:00:00Z"), to: at("2024-04-10T12:00:00Z"), bucket: "week" })
      expect(result.deploymentFrequency).toEqual({
        value: 3 / 7,
        level: "Low",
        series: series(["2024-04-01T00:00:00.000Z", "2024-04-08T00:00:00.000Z"], [0, 3 / 2.5])
      })
    })

    it("counts a deployment at `from` and not one at `to`", () => {
      const result = computeMetrics(week, { from: at("2024-04-08T00:30:00Z"), to: at("2024-04-10T12:00:00Z"), bucket: "day" })
      expect(result.deploymentFrequency.series.map((point) => point.value)).toEqual([1 / (23.5 / 24), 1, 1 / 0.5])
      expect(result.deploymentFrequency.value).toBe(3 / (59.5 / 24))
    })

    it("answers an empty window with no bucket and no data", () => {
      const empty = computeMetrics(golden, query({ to: april.from }))
      expect(empty.deploymentFrequency).toEqual({ value: null, level: "None", series: [] })
      expect(empty.leadTimeForChanges).toEqual({ value: null, p90: null, level: "None", series: [] })
      expect(empty.changeFailureRate).toEqual({ value: null, level: "None", series: [] })
    })

    it("defaults to the 90 days before `to`", () => {
      expect(defaultFrom(at("2024-04-01T00:00:00Z"))).toBe(at("2024-01-02T00:00:00Z"))
    })
  })

  describe("lead time for changes", () => {
    const leadTime = (input: DeliveryEvents, fields: Partial<MetricsQuery> = {}) => {
      const { level, p90, value } = computeMetrics(input, query(fields)).leadTimeForChanges
      return { level, p90, value }
    }

    it("counts a change from its first deployment only, even when that one is before the window", () => {
      const input = events({
        deployments: [
          deployment("early", "s", "2024-03-31T23:00:00Z", ["c"]),
          deployment("again", "s", "2024-04-02T00:00:00Z", ["c"])
        ],
        changes: [change("c", "s", "2024-03-31T22:00:00Z")]
      })
      expect(leadTime(input)).toEqual({ value: null, p90: null, level: "None" })
    })

    it("breaks a tie between deployments of the same millisecond by id", () => {
      const input = events({
        deployments: [
          deployment("b", "s", "2024-04-02T00:00:00Z", ["c"], ["beta"]),
          deployment("a", "s", "2024-04-02T00:00:00Z", ["c"], ["alpha"])
        ],
        changes: [change("c", "s", "2024-04-01T00:00:00Z")]
      })
      expect(leadTime(input, { team: "alpha" }).value).toBe(day)
      expect(leadTime(input, { team: "beta" }).value).toBeNull()
    })

    it("orders ids by code point, as PostgreSQL's \"C\" collation does, not by UTF-16 unit", () => {
      // U+FF01 sorts before U+1F600, whose UTF-16 form starts with the smaller unit 0xD83D.
      const input = events({
        deployments: [
          deployment("\u{1F600}", "s", "2024-04-02T00:00:00Z", ["c"], ["astral"]),
          deployment("\uFF01", "s", "2024-04-02T00:00:00Z", ["c"], ["fullwidth"])
        ],
        changes: [change("c", "s", "2024-04-01T00:00:00Z")]
      })
      expect(leadTime(input, { team: "fullwidth" }).value).toBe(day)
      expect(leadTime(input, { team: "astral" }).value).toBeNull()
    })

    it("skips unknown change ids and changes later than their first deployment, and keeps a zero lead time", () => {
      const input = events({
        deployments: [
          deployment("d1", "s", "2024-04-02T00:00:00Z", ["unknown", "late", "same"]),
          deployment("d2", "s", "2024-04-05T00:00:00Z", ["late"])
        ],
        changes: [change("late", "s", "2024-04-03T00:00:00Z"), change("same", "s", "2024-04-02T00:00:00Z")]
      })
      // "late" is not taken from d2 either: d1 is its first deployment.
      expect(leadTime(input)).toEqual({ value: 0, p90: 0, level: "Elite" })
    })

    it("counts a change reported twice from its earliest time, and once when a deployment lists it twice", () => {
      const input = events({
        deployments: [deployment("d", "s", "2024-04-10T00:00:00Z", ["c", "c", "e"])],
        changes: [
          change("c", "s", "2024-04-09T00:00:00Z"),
          change("c", "s", "2024-04-08T00:00:00Z"),
          change("e", "s", "2024-04-09T12:00:00Z")
        ]
      })
      const { p90, ...rest } = leadTime(input)
      expect(rest).toEqual({ value: (2 * day + 12 * hour) / 2, level: "High" })
      expect(p90).toBeCloseTo(12 * hour + 0.9 * 1.5 * day, 6)
    })

    it("joins changes within their system only", () => {
      const input = events({
        deployments: [deployment("d", "s", "2024-04-10T00:00:00Z", ["c"])],
        changes: [change("c", "other", "2024-04-09T00:00:00Z")]
      })
      expect(leadTime(input).value).toBeNull()
    })
  })

  describe("time to recover and change failure rate", () => {
    it("takes incidents created inside the window, resolved whenever", () => {
      const input = events({
        incidents: [
          incident("before", "s", "2024-03-31T23:59:59.999Z", "2024-04-01T01:00:00Z"),
          incident("first", "s", "2024-04-01T00:00:00Z", "2024-04-01T00:30:00Z"),
          incident("long", "s", "2024-04-30T00:00:00Z", "2024-05-10T00:00:00Z"),
          incident("after", "s", "2024-05-01T00:00:00Z", "2024-05-01T00:01:00Z")
        ]
      })
      expect(computeMetrics(input, query()).timeToRecover).toEqual({
        value: (hour / 2 + 10 * day) / 2,
        level: "Medium",
        series: series(weeks, [hour / 2, null, null, null, 10 * day])
      })
    })

    it("blames the last deployment of the same system at or before the incident, by id on a tie", () => {
      const input = events({
        deployments: [
          deployment("a", "s", "2024-04-02T00:00:00Z", [], ["alpha"]),
          deployment("b", "s", "2024-04-02T00:00:00Z", [], ["beta"]),
          deployment("later", "s", "2024-04-02T00:00:00.001Z", []),
          deployment("other", "t", "2024-04-02T00:00:00Z", [])
        ],
        incidents: [incident("i", "s", "2024-04-02T00:00:00Z", "2024-04-02T00:20:00Z")]
      })
      expect(computeMetrics(input, query({ team: "beta" })).changeFailureRate.value).toBe(1)
      expect(computeMetrics(input, query({ team: "alpha" })).changeFailureRate.value).toBe(0)
      expect(computeMetrics(input, query({ system: "t" })).changeFailureRate.value).toBe(0)
      expect(computeMetrics(input, query()).changeFailureRate).toMatchObject({ value: 1 / 4, level: "Low" })
    })

    it("leaves an incident without a prior deployment out of a team's time to recover", () => {
      const input = events({
        deployments: [deployment("d", "s", "2024-04-05T00:00:00Z", [], ["alpha"])],
        incidents: [incident("i", "s", "2024-04-04T00:00:00Z", "2024-04-04T00:20:00Z")]
      })
      expect(computeMetrics(input, query()).timeToRecover).toMatchObject({ value: 20 * 60, level: "Elite" })
      expect(computeMetrics(input, query({ team: "alpha" })).timeToRecover).toMatchObject({ value: null, level: "None" })
      expect(computeMetrics(input, query()).changeFailureRate).toMatchObject({ value: 0, level: "Elite" })
    })

    it("puts change failure rates of exactly 15 % in Elite", () => {
      const deployments = Array.from({ length: 20 }, (_, i) =>
        deployment(`d${String(i).padStart(2, "0")}`, "s", new Date(april.from + i * day * 1000).toISOString(), []))
      const incidents = [1, 5, 9].map((i) =>
        incident(`i${i}`, "s", new Date(april.from + (i * day + 60) * 1000).toISOString(), "2024-05-01T00:00:00Z"))
      expect(computeMetrics(events({ deployments, incidents }), query()).changeFailureRate).toMatchObject({
        value: 0.15,
        level: "Elite"
      })
      const more = [...incidents, incident("i13", "s", "2024-04-14T00:00:01Z", "2024-05-01T00:00:00Z")]
      expect(computeMetrics(events({ deployments, incidents: more }), query()).changeFailureRate).toMatchObject({
        value: 0.2,
        level: "Low"
      })
    })
  })

  describe("records", () => {
    it("refuses an incident resolved before it was created, accepts one resolved in the same millisecond", () => {
      const decode = Schema.decodeUnknownEither(DeliveryIncident)
      expect(Either.isLeft(decode({ id: "i", system: "s", timeCreated: 2, timeResolved: 1 }))).toBe(true)
      expect(Either.isRight(decode({ id: "i", system: "s", timeCreated: 2, timeResolved: 2 }))).toBe(true)
      expect(Either.isLeft(Schema.decodeUnknownEither(DeliveryChange)({ id: "c", system: "s", timeCreated: Infinity })))
        .toBe(true)
    })
  })
})

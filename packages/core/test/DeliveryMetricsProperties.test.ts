import { describe, expect, it } from "@effect/vitest"
import { FastCheck } from "effect"
import {
  changeFailureRateLevel,
  type DeliveryLevel,
  leadTimeLevel,
  timeToRecoverLevel
} from "../src/domain/DeliveryLevels.js"
import { median, percentile } from "../src/domain/Percentile.js"
import {
  DeliveryChange,
  DeliveryDeployment,
  type DeliveryEvents,
  DeliveryIncident,
  type MetricsQuery
} from "../src/domain/DeliveryEvents.js"
import { computeMetrics, type DeliveryMetrics } from "../src/domain/DeliveryMetrics.js"

const hourMs = 3_600_000
const dayMs = 24 * hourMs
const base = Date.parse("2024-03-01T00:00:00Z")
const runs = (seed: number) => ({ seed, numRuns: 300 })

// Whole hours half of the time, so that deployments tie and events fall on bucket boundaries.
const time = FastCheck.oneof(
  FastCheck.integer({ min: 0, max: 100 * 24 }).map((hours) => base + hours * hourMs),
  FastCheck.integer({ min: 0, max: 100 * dayMs }).map((ms) => base + ms)
)
const system = FastCheck.constantFrom("web", "api", "_unknown_")
const changeId = FastCheck.constantFrom("c1", "c2", "c3", "c4", "c5", "c6")
const team = FastCheck.constantFrom("alpha", "beta")

const deployments = FastCheck.array(
  FastCheck.record({
    system,
    timeCreated: time,
    changes: FastCheck.array(changeId, { maxLength: 4 }),
    teams: FastCheck.uniqueArray(team, { maxLength: 2 })
  }),
  { maxLength: 25 }
).map((list) => list.map((fields, i) => new DeliveryDeployment({ id: `d${i}`, ...fields })))

const changes = FastCheck.array(FastCheck.record({ id: changeId, system, timeCreated: time }), { maxLength: 20 })
  .map((list) => list.map((fields) => new DeliveryChange(fields)))

const incidents = FastCheck.array(
  FastCheck.record({ system, timeCreated: time, duration: FastCheck.integer({ min: 0, max: 10 * dayMs }) }),
  { maxLength: 15 }
).map((list) =>
  list.map(({ duration, ...fields }, i) =>
    new DeliveryIncident({ id: `i${i}`, ...fields, timeResolved: fields.timeCreated + duration })
  )
)

const dataset: FastCheck.Arbitrary<DeliveryEvents> = FastCheck.record({ deployments, changes, incidents })

const query: FastCheck.Arbitrary<MetricsQuery> = FastCheck.record({
  from: FastCheck.oneof(
    FastCheck.integer({ min: -5, max: 90 }).map((days) => base + days * dayMs),
    FastCheck.integer({ min: -5 * dayMs, max: 90 * dayMs }).map((ms) => base + ms)
  ),
  length: FastCheck.oneof(
    FastCheck.integer({ min: 0, max: 60 }).map((days) => days * dayMs),
    FastCheck.integer({ min: 0, max: 60 * dayMs })
  ),
  bucket: FastCheck.constantFrom("day" as const, "week" as const, "month" as const),
  system: FastCheck.option(FastCheck.constantFrom("web", "api", "_unknown_", "nowhere"), { nil: undefined }),
  team: FastCheck.option(FastCheck.constantFrom("alpha", "beta", "gamma"), { nil: undefined })
}).map(({ bucket, from, length, system, team }) => ({
  from,
  to: from + length,
  bucket,
  ...(system === undefined ? {} : { system }),
  ...(team === undefined ? {} : { team })
}))

/** Fisher–Yates driven by a seeded generator (mulberry32). */
const shuffle = <A>(items: ReadonlyArray<A>, seed: number): Array<A> => {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1))
    const [a, b] = [copy[i], copy[j]]
    if (a !== undefined && b !== undefined) [copy[i], copy[j]] = [b, a]
  }
  return copy
}

const rank: Record<DeliveryLevel, number> = { None: 0, Low: 1, Medium: 2, High: 3, Elite: 4 }

const close = (actual: number | null, expected: number | null) =>
  actual === expected ||
  (actual !== null && expected !== null && Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected)))

/** Sort-and-pick median, independent of the module's interpolation. */
const plainMedian = (values: ReadonlyArray<number>): number | null => {
  const sorted = [...values].sort((a, b) => a - b)
  const half = sorted.length / 2
  if (sorted.length === 0) return null
  return sorted.length % 2 === 1
    ? sorted[Math.floor(half)] ?? null
    : ((sorted[half - 1] ?? Number.NaN) + (sorted[half] ?? Number.NaN)) / 2
}

/**
 * The definitions written the slow, literal way: each change looks for its first deployment, each
 * incident for its closest deployment, each level walks the calendar day by day.
 */
const reference = (events: DeliveryEvents, q: MetricsQuery) => {
  const scoped = <A extends { readonly system: string }>(items: ReadonlyArray<A>) =>
    items.filter((item) => q.system === undefined || item.system === q.system)
  const inWindow = (t: number) => t >= q.from && t < q.to
  const ofTeam = (d: DeliveryDeployment | undefined) => q.team === undefined || (d?.teams.includes(q.team) ?? false)
  const all = scoped(events.deployments)
  const earlier = (a: DeliveryDeployment, b: DeliveryDeployment) =>
    a.timeCreated < b.timeCreated || (a.timeCreated === b.timeCreated && a.id < b.id)
  const inside = all.filter((d) => inWindow(d.timeCreated) && ofTeam(d))

  const pairs: Array<number> = []
  for (const d of inside) {
    for (const id of new Set(d.changes)) {
      const first = all
        .filter((x) => x.system === d.system && x.changes.includes(id))
        .reduce((a, b) => (earlier(b, a) ? b : a))
      const times = scoped(events.changes).filter((c) => c.system === d.system && c.id === id).map((c) => c.timeCreated)
      if (first !== d || times.length === 0 || Math.min(...times) > d.timeCreated) continue
      pairs.push((d.timeCreated - Math.min(...times)) / 1000)
    }
  }

  const causeOf = (i: DeliveryIncident) =>
    all
      .filter((d) => d.system === i.system && d.timeCreated <= i.timeCreated)
      .reduce<DeliveryDeployment | undefined>((a, b) => (a === undefined || earlier(a, b) ? b : a), undefined)
  const causes = scoped(events.incidents).map(causeOf)
  const recoveries = scoped(events.incidents)
    .filter((i) => inWindow(i.timeCreated) && ofTeam(causeOf(i)))
    .map((i) => (i.timeResolved - i.timeCreated) / 1000)
  const failed = inside.filter((d) => causes.includes(d)).length

  const leadTime = plainMedian(pairs)
  const recovery = plainMedian(recoveries)
  return {
    deploymentFrequency: q.to > q.from ? inside.length / ((q.to - q.from) / dayMs) : null,
    frequencyLevel: calendarLevel(inside.map((d) => d.timeCreated), q.from, q.to),
    leadTime,
    leadTimeLevel: leadTimeLevel(leadTime),
    recovery,
    recoveryLevel: timeToRecoverLevel(recovery),
    failureRate: inside.length === 0 ? null : failed / inside.length,
    failureLevel: changeFailureRateLevel(failed, inside.length)
  }
}

/** Deployment-frequency level by walking the UTC days of the window one at a time. */
const calendarLevel = (times: ReadonlyArray<number>, from: number, to: number): DeliveryLevel => {
  const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10)
  const active = new Set(times.map(dayOf))
  const days: Array<{ day: string; week: string; month: string }> = []
  for (let t = from; t < to; t = Date.parse(`${dayOf(t)}T00:00:00Z`) + dayMs) {
    const date = new Date(t)
    const monday = Date.parse(`${dayOf(t)}T00:00:00Z`) - ((date.getUTCDay() + 6) % 7) * dayMs
    days.push({ day: dayOf(t), week: dayOf(monday), month: dayOf(t).slice(0, 7) })
  }
  const share = (key: "week" | "month", test: (activeDays: number) => boolean) => {
    const groups = new Map<string, number>()
    for (const d of days) groups.set(d[key], (groups.get(d[key]) ?? 0) + (active.has(d.day) ? 1 : 0))
    return 2 * [...groups.values()].filter(test).length > groups.size
  }
  if (2 * days.filter((d) => active.has(d.day)).length > days.length) return "Elite"
  if (share("week", (n) => n >= 3)) return "High"
  if (share("week", (n) => n >= 1)) return "Medium"
  if (share("month", (n) => n >= 1)) return "Low"
  return "None"
}

const windowValues = (m: DeliveryMetrics) => ({
  deploymentFrequency: m.deploymentFrequency.value,
  leadTimeForChanges: m.leadTimeForChanges.value,
  p90: m.leadTimeForChanges.p90,
  timeToRecover: m.timeToRecover.value,
  changeFailureRate: m.changeFailureRate.value,
  levels: [m.deploymentFrequency.level, m.leadTimeForChanges.level, m.timeToRecover.level, m.changeFailureRate.level]
})

describe("DeliveryMetrics properties", () => {
  it("agree with the literal definitions on random datasets", () => {
    FastCheck.assert(
      FastCheck.property(dataset, query, (events, q) => {
        const actual = computeMetrics(events, q)
        const expected = reference(events, q)
        expect(close(actual.deploymentFrequency.value, expected.deploymentFrequency)).toBe(true)
        expect(close(actual.leadTimeForChanges.value, expected.leadTime)).toBe(true)
        expect(close(actual.timeToRecover.value, expected.recovery)).toBe(true)
        expect(close(actual.changeFailureRate.value, expected.failureRate)).toBe(true)
        expect(windowValues(actual).levels).toEqual([
          expected.frequencyLevel,
          expected.leadTimeLevel,
          expected.recoveryLevel,
          expected.failureLevel
        ])
      }),
      runs(9343)
    )
  })

  it("do not depend on the order of the events, of a deployment's changes or of its teams", () => {
    FastCheck.assert(
      FastCheck.property(dataset, query, FastCheck.integer(), (events, q, seed) => {
        const shuffled: DeliveryEvents = {
          deployments: shuffle(events.deployments, seed).map((d, i) =>
            new DeliveryDeployment({ ...d, changes: shuffle(d.changes, seed + i), teams: shuffle(d.teams, seed - i) })
          ),
          changes: shuffle(events.changes, seed + 1),
          incidents: shuffle(events.incidents, seed + 2)
        }
        expect(computeMetrics(shuffled, q)).toEqual(computeMetrics(events, q))
      }),
      runs(5)
    )
  })

  it("take the window's values from all its samples, whatever the bucket", () => {
    FastCheck.assert(
      FastCheck.property(dataset, query, (events, q) => {
        const [day, week, month] = (["day", "week", "month"] as const).map((bucket) =>
          windowValues(computeMetrics(events, { ...q, bucket }))
        )
        expect(week).toEqual(day)
        expect(month).toEqual(day)
      }),
      runs(20240401)
    )
  })

  it("never lower deployment frequency when a deployment is added", () => {
    const extra = FastCheck.record({
      system,
      timeCreated: time,
      changes: FastCheck.array(changeId, { maxLength: 2 }),
      teams: FastCheck.uniqueArray(team, { maxLength: 2 })
    })
    FastCheck.assert(
      FastCheck.property(dataset, query, extra, (events, q, fields) => {
        const before = computeMetrics(events, q).deploymentFrequency
        const more = { ...events, deployments: [...events.deployments, new DeliveryDeployment({ id: "extra", ...fields })] }
        const after = computeMetrics(more, q).deploymentFrequency
        expect(after.value ?? 0).toBeGreaterThanOrEqual(before.value ?? 0)
        expect(rank[after.level]).toBeGreaterThanOrEqual(rank[before.level])
        after.series.forEach((point, i) => expect(point.value ?? 0).toBeGreaterThanOrEqual(before.series[i]?.value ?? 0))
      }),
      runs(42)
    )
  })

  it("keep rates within [0, 1], durations non-negative and p90 at or above the median", () => {
    FastCheck.assert(
      FastCheck.property(dataset, query, (events, q) => {
        const m = computeMetrics(events, q)
        for (const value of [m.changeFailureRate.value, ...m.changeFailureRate.series.map((p) => p.value)]) {
          if (value !== null) expect(value >= 0 && value <= 1).toBe(true)
        }
        for (const metric of [m.leadTimeForChanges, m.timeToRecover, m.deploymentFrequency]) {
          for (const value of [metric.value, ...metric.series.map((p) => p.value)]) {
            if (value !== null) expect(value).toBeGreaterThanOrEqual(0)
          }
        }
        if (m.leadTimeForChanges.value !== null) {
          expect(m.leadTimeForChanges.p90 ?? Number.NaN).toBeGreaterThanOrEqual(m.leadTimeForChanges.value)
        }
        expect(m.leadTimeForChanges.value === null).toBe(m.leadTimeForChanges.p90 === null)
      }),
      runs(7)
    )
  })

  it("cover the window with consecutive buckets whose frequencies add up to the window's deployments", () => {
    FastCheck.assert(
      FastCheck.property(dataset, query, (events, q) => {
        const m = computeMetrics(events, q)
        const starts = m.deploymentFrequency.series.map((p) => Date.parse(p.start))
        for (const metric of [m.leadTimeForChanges, m.timeToRecover, m.changeFailureRate]) {
          expect(metric.series.map((p) => p.start)).toEqual(m.deploymentFrequency.series.map((p) => p.start))
        }
        if (q.to <= q.from) {
          expect(starts).toEqual([])
          return
        }
        const first = starts[0] ?? Number.NaN
        const last = starts[starts.length - 1] ?? Number.NaN
        expect(first <= q.from).toBe(true)
        expect(last < q.to).toBe(true)
        const windowDays = (q.to - q.from) / dayMs
        const perBucket = m.deploymentFrequency.series.reduce((sum, point, i) => {
          const end = starts[i + 1] ?? q.to
          const inside = (Math.min(end, q.to) - Math.max(starts[i] ?? Number.NaN, q.from)) / dayMs
          return sum + (point.value ?? 0) * inside
        }, 0)
        expect(close(perBucket, (m.deploymentFrequency.value ?? 0) * windowDays)).toBe(true)
      }),
      runs(11)
    )
  })

  it("ignore other systems' events when filtered by system", () => {
    FastCheck.assert(
      FastCheck.property(dataset, dataset, query, (events, noise, q) => {
        const filtered = { ...q, system: "web" }
        const elsewhere = <A extends { readonly system: string }>(items: ReadonlyArray<A>) =>
          items.filter((item) => item.system !== "web")
        const mixed: DeliveryEvents = {
          deployments: [...events.deployments, ...elsewhere(noise.deployments).map((d) => new DeliveryDeployment({ ...d, id: `n${d.id}` }))],
          changes: [...events.changes, ...elsewhere(noise.changes)],
          incidents: [...events.incidents, ...elsewhere(noise.incidents)]
        }
        expect(computeMetrics(mixed, filtered)).toEqual(computeMetrics(events, filtered))
      }),
      runs(3)
    )
  })
})

describe("DeliveryMetrics statistics properties", () => {
  const values = FastCheck.array(FastCheck.double({ min: -1e9, max: 1e9, noNaN: true }), { minLength: 1, maxLength: 40 })

  it("median lies between the minimum and the maximum and matches the sort-and-pick median", () => {
    FastCheck.assert(
      FastCheck.property(values, (xs) => {
        const m = median(xs) ?? Number.NaN
        expect(m).toBeGreaterThanOrEqual(Math.min(...xs))
        expect(m).toBeLessThanOrEqual(Math.max(...xs))
        expect(close(m, plainMedian(xs))).toBe(true)
      }),
      runs(1)
    )
  })

  it("percentile grows with p and ends at the minimum and the maximum", () => {
    FastCheck.assert(
      FastCheck.property(
        values,
        FastCheck.double({ min: 0, max: 1, noNaN: true }),
        FastCheck.double({ min: 0, max: 1, noNaN: true }),
        (xs, p, q) => {
          const [low, high] = p <= q ? [p, q] : [q, p]
          expect(percentile(xs, low) ?? Number.NaN).toBeLessThanOrEqual(percentile(xs, high) ?? Number.NaN)
          expect(percentile(xs, 0)).toBe(Math.min(...xs))
          expect(percentile(xs, 1)).toBe(Math.max(...xs))
        }
      ),
      runs(2)
    )
  })
})

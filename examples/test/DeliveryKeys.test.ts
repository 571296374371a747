import { expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { exampleWeek, exampleWindow, fourKeys, memoryLayer } from "../src/DeliveryKeys.js"

const hour = 3_600

it.live("computes the four keys of the example week as worked out by hand", () =>
  Effect.gen(function*() {
    const keys = yield* fourKeys("checkout", exampleWeek, exampleWindow).pipe(Effect.provide(memoryLayer))
    expect({ from: keys.from, to: keys.to }).toEqual({ from: "2024-05-06T00:00:00.000Z", to: "2024-05-13T00:00:00.000Z" })

    // Four deployments in seven days; deployments on four of the seven days is most days: Elite.
    expect(keys.deploymentFrequency.value).toBeCloseTo(4 / 7, 12)
    expect(keys.deploymentFrequency.level).toBe("Elite")
    expect(keys.deploymentFrequency.series.map((p) => p.value)).toEqual([1, 1, 1, 1, 0, 0, 0])

    // Lead times 2, 4, 6, 8 and 2 hours: median 4 h (under a day: Elite), p90 at rank 3.6 = 6 h + 0.6 × 2 h.
    expect(keys.leadTimeForChanges).toMatchObject({ value: 4 * hour, p90: 7.2 * hour, level: "Elite" })
    // d4 carried two changes (8 h and 2 h): that day's median is 5 h.
    expect(keys.leadTimeForChanges.series.map((p) => p.value)).toEqual([2 * hour, 4 * hour, 6 * hour, 5 * hour, null, null, null])

    // One incident of 1.5 h: under a day, over an hour: High.
    expect(keys.timeToRecover).toMatchObject({ value: 1.5 * hour, level: "High" })

    // d3 caused it: one failed deployment in four, over 15 %: Low.
    expect(keys.changeFailureRate).toMatchObject({ value: 0.25, level: "Low" })
    expect(keys.changeFailureRate.series.map((p) => p.value)).toEqual([0, 0, 1, 0, null, null, null])
  }))

it.live("keys of a window without events are empty, not zero where nothing was measured", () =>
  Effect.gen(function*() {
    const keys = yield* fourKeys("checkout", exampleWeek, { ...exampleWindow, from: "2024-06-03T00:00:00Z", to: "2024-06-10T00:00:00Z" })
      .pipe(Effect.provide(memoryLayer))
    expect(keys.deploymentFrequency).toMatchObject({ value: 0, level: "None" })
    expect(keys.leadTimeForChanges).toMatchObject({ value: null, p90: null, level: "None" })
    expect(keys.timeToRecover).toMatchObject({ value: null, level: "None" })
    expect(keys.changeFailureRate).toMatchObject({ value: null, level: "None" })
  }))

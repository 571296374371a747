import { describe, expect, it } from "@effect/vitest"
import { FastCheck } from "effect"
import { median, percentile, percentileOf } from "../src/domain/Percentile.js"

/** The definition, read off a full sort: what selection must give, bit for bit. */
const bySorting = (values: ReadonlyArray<number>, p: number): number | null => {
  const sorted = [...values].sort((a, b) => a - b)
  const rank = p * (sorted.length - 1)
  const below = sorted[Math.floor(rank)]
  const above = sorted[Math.ceil(rank)]
  if (below === undefined || above === undefined) return null
  return rank === Math.floor(rank) ? below : below + (above - below) * (rank - Math.floor(rank))
}

const ps = [0, 0.1, 0.5, 0.9, 0.99, 1]

describe("Percentile", () => {
  it("selection gives exactly the sorted definition's value, duplicates and all", () => {
    const value = FastCheck.oneof(
      FastCheck.integer({ min: 0, max: 20 }), // many ties
      FastCheck.double({ min: -1e12, max: 1e12, noNaN: true })
    )
    FastCheck.assert(
      FastCheck.property(
        FastCheck.array(value, { maxLength: 3_000 }),
        FastCheck.double({ min: 0, max: 1, noNaN: true }),
        (xs, p) => {
          for (const q of [...ps, p]) expect(percentile(xs, q)).toBe(bySorting(xs, q))
        }
      ),
      { numRuns: 300, seed: 20261124 }
    )
  })

  it("orders that defeat a naive pivot still give the exact value", () => {
    const n = 20_001
    const orders: Record<string, (i: number) => number> = {
      ascending: (i) => i,
      descending: (i) => n - i,
      "all equal": () => 7,
      "organ pipe": (i) => Math.min(i, n - i),
      sawtooth: (i) => i % 17,
      "two values": (i) => i % 2
    }
    for (const [name, at] of Object.entries(orders)) {
      const xs = Array.from({ length: n }, (_, i) => at(i))
      for (const p of ps) expect([name, p, percentile(xs, p)]).toStrictEqual([name, p, bySorting(xs, p)])
    }
  })

  it("percentileOf reorders its argument but keeps its values; percentile leaves its input alone", () => {
    const xs = [5, 3, 9, 1, 7, 3, 8]
    const values = Float64Array.from(xs)
    expect(percentileOf(values, 0.5)).toBe(5)
    expect([...values].sort((a, b) => a - b)).toStrictEqual([...xs].sort((a, b) => a - b))
    // Asking again of the reordered values gives the same answers.
    expect(percentileOf(values, 0.9)).toBe(bySorting(xs, 0.9))
    expect(percentileOf(values, 0.5)).toBe(5)
    const input = [4, 1, 3, 2]
    expect(median(input)).toBe(2.5)
    expect(input).toStrictEqual([4, 1, 3, 2])
  })

  it("nothing to take a percentile of is null; p outside [0, 1] is refused", () => {
    expect(percentile([], 0.5)).toBeNull()
    expect(percentileOf(new Float64Array(0), 0.9)).toBeNull()
    expect(() => percentile([1], 1.5)).toThrow(RangeError)
    expect(() => percentile([1], Number.NaN)).toThrow(RangeError)
  })
})

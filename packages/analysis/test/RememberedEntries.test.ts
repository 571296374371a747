import { Effect, Option } from "effect"
import { describe, expect, it } from "vitest"
import type { CacheEntries } from "../src/AnalysisCache.js"
import { remembered } from "../src/RememberedEntries.js"

/** A store that counts what it is asked. */
const countingStore = (initial: Record<string, string>) => {
  const entries = new Map(Object.entries(initial))
  const asked: Array<string> = []
  const store: CacheEntries<string> = {
    get: (key) => Effect.sync(() => (asked.push(`get ${key}`), Option.fromNullable(entries.get(key)))),
    set: (key, value) => Effect.sync(() => (asked.push(`set ${key}`), void entries.set(key, value)))
  }
  return { store, asked }
}

const run = <A>(effect: Effect.Effect<A, unknown>) => Effect.runSync(effect)

describe("remembered", () => {
  it("answers an entry read or written before from memory, and asks the store for the rest", () => {
    const { store, asked } = countingStore({ a: "A" })
    const cache = remembered(store, 10)
    expect(run(cache.get("a"))).toEqual(Option.some("A"))
    expect(run(cache.get("a"))).toEqual(Option.some("A"))
    run(cache.set("b", "B"))
    expect(run(cache.get("b"))).toEqual(Option.some("B"))
    // A miss is not remembered: the entry may be written by another worker meanwhile.
    expect(run(cache.get("c"))).toEqual(Option.none())
    expect(run(cache.get("c"))).toEqual(Option.none())
    expect(asked).toEqual(["get a", "set b", "get c", "get c"])
  })

  it("keeps the most recently used entries and forgets the oldest past its size", () => {
    const { store, asked } = countingStore({ a: "A", b: "B", c: "C" })
    const cache = remembered(store, 2)
    run(cache.get("a"))
    run(cache.get("b"))
    run(cache.get("a"))
    run(cache.get("c"))
    asked.length = 0
    // b was the least recently used when c came.
    expect([run(cache.get("a")), run(cache.get("c")), run(cache.get("b"))]).toEqual([Option.some("A"), Option.some("C"), Option.some("B")])
    expect(asked).toEqual(["get b"])
  })
})

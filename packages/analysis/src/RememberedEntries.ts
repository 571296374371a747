import { Effect, Option } from "effect"
import type { CacheEntries } from "./AnalysisCache.js"

/**
 * How many files' measures, and as many files' ESLint messages, an analyzer keeps in memory: a
 * few repositories of a few thousand files (an entry is a few kilobytes at most).
 */
export const rememberedEntries = 20_000

/**
 * `store`'s entries, the last `maxEntries` read or written also kept in this process. A pull
 * request is analysed right after its target, mostly on the same files: their entries then come
 * from memory instead of one file read and one JSON decode each. An entry never changes for its
 * key, so a kept one is as right as the store's.
 */
export const remembered = <A>(store: CacheEntries<A>, maxEntries: number): CacheEntries<A> => {
  const kept = new Map<string, A>()
  const keep = (key: string, value: A) => {
    // Map keeps insertion order: the first key is the least recently used.
    kept.delete(key)
    kept.set(key, value)
    if (kept.size > maxEntries) {
      const oldest = kept.keys().next()
      if (oldest.done !== true) kept.delete(oldest.value)
    }
  }
  return {
    get: (key) =>
      Effect.suspend(() => {
        const known = kept.get(key)
        if (known !== undefined) {
          keep(key, known)
          return Effect.succeed(Option.some(known))
        }
        return Effect.tap(store.get(key), (found) => {
          if (Option.isSome(found)) keep(key, found.value)
        })
      }),
    set: (key, value) => Effect.zipRight(Effect.sync(() => keep(key, value)), store.set(key, value))
  }
}

import { Effect, Layer, Option } from "effect"
import { AnalysisCache, type CacheEntries } from "./AnalysisCache.js"
import type { FileMeasures } from "./FileMeasures.js"
import { type CachedMessage, LintCache } from "./LintCache.js"

const mapEntries = <A>(): CacheEntries<A> => {
  const entries = new Map<string, A>()
  return {
    get: (key: string) => Effect.sync(() => Option.fromNullable(entries.get(key))),
    set: (key: string, value: A) => Effect.sync(() => void entries.set(key, value))
  }
}

/** The cache in a map of this process: for tests, and for analyses run one after another. */
export const make = Effect.sync(() => AnalysisCache.of(mapEntries<FileMeasures>()))

export const layer: Layer.Layer<AnalysisCache> = Layer.effect(AnalysisCache, make)

/** Each file's ESLint messages in a map of this process. */
export const makeLint = Effect.sync(() => LintCache.of(mapEntries<ReadonlyArray<CachedMessage>>()))

export const lintLayer: Layer.Layer<LintCache> = Layer.effect(LintCache, makeLint)

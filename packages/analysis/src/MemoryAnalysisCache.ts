import { Effect, Layer, Option } from "effect"
import { AnalysisCache } from "./AnalysisCache.js"
import type { FileMeasures } from "./FileMeasures.js"

/** The cache in a map of this process: for tests, and for analyses run one after another. */
export const make = Effect.sync(() => {
  const entries = new Map<string, FileMeasures>()
  return AnalysisCache.of({
    get: (key) => Effect.sync(() => Option.fromNullable(entries.get(key))),
    set: (key, measures) => Effect.sync(() => void entries.set(key, measures))
  })
})

export const layer: Layer.Layer<AnalysisCache> = Layer.effect(AnalysisCache, make)

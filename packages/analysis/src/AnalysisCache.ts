import { Context, type Effect, type Option, Schema } from "effect"
import type { FileMeasures } from "./FileMeasures.js"

/** The cache's storage failed; the analysis goes on without it (see analyzeTree). */
export class AnalysisCacheError extends Schema.TaggedError<AnalysisCacheError>()("AnalysisCacheError", {
  key: Schema.String,
  reason: Schema.String
}) {}

/** What a per-file cache offers, whatever it keeps (measures here, ESLint messages in LintCache). */
export interface CacheEntries<A> {
  readonly get: (key: string) => Effect.Effect<Option.Option<A>, AnalysisCacheError>
  readonly set: (key: string, value: A) => Effect.Effect<void, AnalysisCacheError>
}

/**
 * Per-file measures by content key (`fileMeasuresKey`). Entries are never invalidated: a key names
 * one content measured by one version of the measures, so an entry is right for as long as it
 * exists, and any store may drop entries at will.
 */
export class AnalysisCache extends Context.Tag("@tidemark/analysis/AnalysisCache")<AnalysisCache, CacheEntries<FileMeasures>>() {}

import { Analyzer, RegisteredTools } from "@tidemark/core"
import { Schema } from "effect"
import { SkippedFile } from "./SkippedFile.js"

/**
 * What the service and an analysis thread (AnalysisThread) say to each other: Effect's serialized
 * worker requests, encoded with these schemas on one side and decoded on the other.
 */

/**
 * Where the thread's analyzer keeps its per-file cache, the limits of the configuration-file
 * sandbox, and how many processes an external analyser may run for one analysis.
 */
export class InitialMessage extends Schema.TaggedRequest<InitialMessage>()("InitialMessage", {
  failure: Schema.Never,
  success: Schema.Void,
  payload: {
    cacheDirectory: Schema.String,
    configurationFileLimits: Schema.optional(Schema.Struct({
      timeout: Schema.DurationFromMillis,
      memoryMegabytes: Schema.Int
    })),
    externalJobs: Schema.optional(Schema.Int),
    registeredTools: Schema.optional(Schema.Array(RegisteredTools.RegisteredTool))
  }
}) {}

/** One analysis of a checked-out tree, as `Analyzer.analyze` takes it, with the files an earlier attempt found overdue. */
export class Analyze extends Schema.TaggedRequest<Analyze>()("Analyze", {
  failure: Analyzer.AnalyzerFailed,
  success: Analyzer.AnalyzerOutput,
  payload: {
    root: Schema.String,
    settings: Analyzer.AnalyzerSettings,
    overdue: Schema.Array(SkippedFile)
  }
}) {}

/**
 * What a thread is started with (`workerData`): the memory of the clock it keeps its files' time on,
 * and, for an analysis thread, that of its lint thread's clock.
 */
export const ThreadData = Schema.Struct({
  clock: Schema.instanceOf(SharedArrayBuffer),
  lintClock: Schema.optional(Schema.instanceOf(SharedArrayBuffer))
})

export const AnalysisThreadRequest = Schema.Union(InitialMessage, Analyze)
export type AnalysisThreadRequest = typeof AnalysisThreadRequest.Type

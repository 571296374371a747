import { Worker } from "@effect/platform"
import { isWorkerError } from "@effect/platform/WorkerError"
import { NodeWorker } from "@effect/platform-node"
import { Analyzer, AnalyzerFailed, type AnalyzerSettings } from "@tidemark/core"
import { Cause, Duration, Effect, Layer, Option, ParseResult, Pool } from "effect"
import { fileURLToPath } from "node:url"
import { Worker as Thread } from "node:worker_threads"
import { Analyze, type AnalysisThreadRequest, InitialMessage } from "./AnalysisThreadProtocol.js"
import type { TreeAnalyzerOptions } from "./TreeAnalyzer.js"

export interface ThreadedAnalyzerOptions extends TreeAnalyzerOptions {
  /** How many analyses may run at once, each in a thread of its own (at least one). */
  readonly threads: number
  /** Told of each thread as it starts: its owner may watch it (the tests stop one mid-analysis). */
  readonly onThread?: ((thread: Thread) => void) | undefined
}

/** Source and built modules both sit one folder below the package, beside `dist/`. */
export const threadScript = fileURLToPath(new URL("../dist/AnalysisThread.js", import.meta.url))

const spawn = (options: ThreadedAnalyzerOptions) => () => {
  // The thread runs the built modules: the flags this process was started with (a source condition,
  // a loader of TypeScript) are not for it.
  const thread = new Thread(threadScript, { execArgv: [] })
  options.onThread?.(thread)
  return thread
}

const startTimeout = Duration.minutes(2)

/**
 * Why a thread's analysis broke, in one line. A thread that ended fails its request with a
 * WorkerError, which the serialized worker then tries to decode as the request's failure: the
 * WorkerError is what the decoding was given.
 */
const reasonOf = (cause: Cause.Cause<unknown>): string => {
  const squashed = Cause.squash(cause)
  const error = ParseResult.isParseError(squashed) && isWorkerError(squashed.issue.actual) ? squashed.issue.actual : squashed
  const detail = isWorkerError(error) && error.cause instanceof Error ? `: ${error.cause.message}` : ""
  const text = `${error instanceof Error ? error.message : String(error)}${detail}`
  return `the analysis thread failed: ${text.split("\n")[0] ?? text}`
}

/**
 * Neither a failure of the analysis as the thread answered it (the thread is fine) nor the caller
 * giving up (the thread stops that analysis and stays).
 */
const isBroken = (cause: Cause.Cause<unknown>): boolean =>
  !Cause.isInterruptedOnly(cause) && !Option.exists(Cause.failureOption(cause), (e) => e instanceof AnalyzerFailed)

/**
 * A failure of the analysis as the thread sent it; anything else (a throw in the thread, the thread
 * ending, a replacement that could not start) fails this analysis the same way.
 */
const analyzerFailure = (cause: Cause.Cause<unknown>): Effect.Effect<never, AnalyzerFailed> => {
  if (Cause.isInterruptedOnly(cause)) return Effect.interrupt
  const failure = Cause.failureOption(cause)
  return Effect.fail(Option.isSome(failure) && failure.value instanceof AnalyzerFailed ? failure.value : new AnalyzerFailed({ reason: reasonOf(cause) }))
}

/**
 * The Analyzer port on TreeAnalyzer, run in worker threads so that parsing, linting and clone
 * detection never hold the event loop that serves HTTP: the caller sends the tree's path and the
 * settings, and decodes the output. Each thread is long-lived and keeps its analyzer's in-memory
 * caches between analyses; one whose analysis broke (a throw, the thread ending) is replaced by a
 * fresh thread, and that analysis fails.
 */
export const make = (options: ThreadedAnalyzerOptions) =>
  Effect.gen(function*() {
    const pool = yield* Worker.makePoolSerialized<AnalysisThreadRequest>({
      size: Math.max(1, options.threads),
      initialMessage: () =>
        new InitialMessage({
          cacheDirectory: options.cacheDirectory,
          ...(options.configurationFileLimits === undefined ? {} : { configurationFileLimits: options.configurationFileLimits })
        })
    }).pipe(
      // A thread that cannot start (its built file missing, say) is started again every second: say so
      // rather than wait for ever.
      Effect.timeoutFail({
        duration: startTimeout,
        onTimeout: () => new AnalyzerFailed({ reason: `no analysis thread started within ${Duration.format(startTimeout)} (${threadScript})` })
      })
    )

    const analyze = (root: string, settings: AnalyzerSettings) =>
      Effect.scoped(Effect.flatMap(pool.backing.get, (thread) =>
        thread.executeEffect(new Analyze({ root, settings })).pipe(
          // Whatever state a broken thread was left in, the next analysis gets a new one.
          Effect.tapErrorCause((cause) => isBroken(cause) ? Pool.invalidate(pool.backing, thread) : Effect.void)
        ))).pipe(Effect.catchAllCause(analyzerFailure))

    return Analyzer.of({ analyze })
  }).pipe(Effect.provide(NodeWorker.layer(spawn(options))))

/** The analyzer; its threads start, and load their grammars, when the layer is built. */
export const layer = (options: ThreadedAnalyzerOptions): Layer.Layer<Analyzer> =>
  Layer.scoped(Analyzer, Effect.orDie(make(options)))

import * as Worker from "@effect/platform/Worker"
import { isWorkerError } from "@effect/platform/WorkerError"
import * as NodeWorker from "@effect/platform-node/NodeWorker"
import { Analyzer } from "@tidemark/core"
import { Cause, Deferred, Duration, Effect, Either, Layer, Option, ParseResult, Pool, Ref, Scope } from "effect"
import { availableParallelism } from "node:os"
import { fileURLToPath } from "node:url"
import { Worker as Thread } from "node:worker_threads"
import { Analyze, type AnalysisThreadRequest, InitialMessage } from "./AnalysisThreadProtocol.js"
import { type FileAtWork, type FileClock, makeFileClock } from "./FileClock.js"
import { SkippedFile } from "./SkippedFile.js"
import { analysisThreadLimits } from "./ThreadLimits.js"
import type { TreeAnalyzerOptions } from "./TreeAnalyzer.js"

export interface ThreadedAnalyzerOptions extends TreeAnalyzerOptions {
  /** How many analyses may run at once, each in a thread of its own (at least one). */
  readonly threads: number
  /**
   * How long one tool may work on one file (default a minute). A file that holds a tool longer is
   * skipped for that tool: its thread, stuck in the tool's synchronous work, is replaced, and the
   * analysis is tried again without that file for that tool.
   */
  readonly fileTimeLimit?: Duration.DurationInput | undefined
  /** Told of each thread as it starts: its owner may watch it (the tests stop one mid-analysis). */
  readonly onThread?: ((thread: Thread) => void) | undefined
}

export const defaultFileTimeLimit = Duration.minutes(1)

/**
 * The processes an external analyser may run for one analysis: the machine's CPUs shared by the
 * analyses that may run at once (one each by default, when there are as many threads as CPUs).
 */
export const externalJobsOf = (threads: number, cpus: number = availableParallelism()): number =>
  Math.max(1, Math.floor(cpus / Math.max(1, threads)))

/** A tree whose files keep overrunning is not tried again file after file for ever: it fails. */
const overdueAtMost = 5

const watchEvery = Duration.millis(200)

/** An attempt's analysis, or the file that held a tool past the time limit. */
type Attempt = Either.Either<Analyzer.AnalyzerOutput, FileAtWork>

/** A running thread and the clocks it and its lint thread keep their files' time on. */
interface RunningThread {
  readonly thread: Thread
  readonly clocks: ReadonlyArray<FileClock>
}

/** Source and built modules both sit one folder below the package, beside `dist/`. */
export const threadScript = fileURLToPath(new URL("../dist/AnalysisThread.js", import.meta.url))

const spawn = (options: ThreadedAnalyzerOptions, running: Map<number, RunningThread>) => (id: number) => {
  const clock = makeFileClock()
  const lintClock = makeFileClock()
  // The thread runs the built modules: the flags this process was started with (a source condition,
  // a loader of TypeScript) are not for it.
  const thread = new Thread(threadScript, {
    execArgv: [],
    workerData: { clock: clock.buffer, lintClock: lintClock.buffer },
    resourceLimits: analysisThreadLimits
  })
  running.set(id, { thread, clocks: [clock, lintClock] })
  thread.once("exit", () => running.delete(id))
  options.onThread?.(thread)
  return thread
}

/** The file a tool has worked on for longer than `limit` on one of the clocks, when there is one: waits for it. */
const overrunOf = (clocks: ReadonlyArray<FileClock>, limit: Duration.Duration): Effect.Effect<FileAtWork> =>
  Effect.sync(() =>
    Option.firstSomeOf(clocks.map((clock) => Option.filter(clock.read(), (work) => Date.now() - work.since > Duration.toMillis(limit))))
  ).pipe(
    Effect.flatMap(Option.match({
      onSome: Effect.succeed,
      onNone: () => Effect.zipRight(Effect.sleep(watchEvery), Effect.suspend(() => overrunOf(clocks, limit)))
    }))
  )

const overdueFile = (work: FileAtWork, limit: Duration.Duration) =>
  new SkippedFile({ path: work.path, tool: work.tool, reason: `it took longer than the time limit of ${Duration.format(limit)} per file` })

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
  !Cause.isInterruptedOnly(cause) && !Option.exists(Cause.failureOption(cause), (e) => e instanceof Analyzer.AnalyzerFailed)

/**
 * A failure of the analysis as the thread sent it; anything else (a throw in the thread, the thread
 * ending, a replacement that could not start) fails this analysis the same way.
 */
const analyzerFailure = (cause: Cause.Cause<unknown>): Effect.Effect<never, Analyzer.AnalyzerFailed> => {
  if (Cause.isInterruptedOnly(cause)) return Effect.interrupt
  const failure = Cause.failureOption(cause)
  return Effect.fail(Option.isSome(failure) && failure.value instanceof Analyzer.AnalyzerFailed ? failure.value : new Analyzer.AnalyzerFailed({ reason: reasonOf(cause) }))
}

/**
 * The Analyzer port on TreeAnalyzer, run in worker threads so that parsing, linting and clone
 * detection never hold the event loop that serves HTTP: the caller sends the tree's path and the
 * settings, and decodes the output. Each thread is long-lived and keeps its analyzer's in-memory
 * caches between analyses; one whose analysis broke (a throw, the thread ending) is replaced by a
 * fresh thread, and that analysis fails. Each analysis thread has a lint thread of its own (LintHelper)
 * that lints while it measures. A file that holds a tool past the time limit per file costs
 * its thread, not the analysis: the file is skipped for that tool and the analysis tried again.
 */
export const make = (options: ThreadedAnalyzerOptions) =>
  Effect.suspend(() => {
    const running = new Map<number, RunningThread>()
    const limit = Duration.decode(options.fileTimeLimit ?? defaultFileTimeLimit)
    return Effect.gen(function*() {
      const starting = Worker.makePoolSerialized<AnalysisThreadRequest>({
        size: Math.max(1, options.threads),
        initialMessage: () =>
          new InitialMessage({
            cacheDirectory: options.cacheDirectory,
            ...(options.configurationFileLimits === undefined ? {} : { configurationFileLimits: options.configurationFileLimits }),
            externalJobs: options.externalJobs ?? externalJobsOf(options.threads),
            ...(options.registeredTools === undefined ? {} : { registeredTools: options.registeredTools })
          })
      }).pipe(
        // A thread that cannot start (its built file missing, say) is started again every second: say so
        // rather than wait for ever.
        Effect.timeoutFail({
          duration: startTimeout,
          onTimeout: () => new Analyzer.AnalyzerFailed({ reason: `no analysis thread started within ${Duration.format(startTimeout)} (${threadScript})` })
        }),
        Effect.catchTag("WorkerError", (error) => Effect.fail(new Analyzer.AnalyzerFailed({ reason: `the analysis threads could not start: ${error.message}` })))
      )
      // The threads start with the first analysis, in the background of the service's scope: each
      // analysis thread and its lint thread load the parsers and linters, some 10 s of CPU, which a
      // process that never analyses (an ingestion-only server, an API process beside its workers,
      // each of the tests' servers) would pay at every start. The first analysis waits for them.
      const scope = yield* Effect.scope
      const workers = yield* Effect.context<Worker.WorkerManager | Worker.Spawner>()
      const started = yield* Deferred.make<Worker.SerializedWorkerPool<AnalysisThreadRequest>, Analyzer.AnalyzerFailed>()
      const start = yield* Effect.once(Effect.forkIn(Effect.intoDeferred(starting.pipe(Effect.provideService(Scope.Scope, scope), Effect.provide(workers)), started), scope))
      const poolReady = Effect.zipRight(start, Deferred.await(started))

      /**
       * One attempt on one thread, watched: when a file holds a tool past the limit, the thread is
       * ended (nothing else stops a synchronous loop) and the attempt answers with that file.
       */
      const attempt = (root: string, settings: Analyzer.AnalyzerSettings, overdue: ReadonlyArray<SkippedFile>) =>
        Effect.scoped(Effect.gen(function*() {
          const pool = yield* poolReady
          const thread = yield* pool.backing.get
          const overrun = yield* Ref.make(Option.none<FileAtWork>())
          const watched = running.get(thread.id)
          if (watched !== undefined) {
            yield* overrunOf(watched.clocks, limit).pipe(
              Effect.tap((work) => Ref.set(overrun, Option.some(work))),
              Effect.zipRight(Pool.invalidate(pool.backing, thread)),
              Effect.zipRight(Effect.promise(() => watched.thread.terminate())),
              Effect.forkScoped
            )
          }
          return yield* thread.executeEffect(new Analyze({ root, settings, overdue })).pipe(
            Effect.map((output): Attempt => Either.right(output)),
            Effect.catchAllCause((cause) =>
              Effect.flatMap(Ref.get(overrun), Option.match({
                onSome: (work) => Effect.succeed<Attempt>(Either.left(work)),
                // Whatever state a broken thread was left in, the next analysis gets a new one.
                onNone: () => Effect.zipRight(isBroken(cause) ? Pool.invalidate(pool.backing, thread) : Effect.void, Effect.failCause(cause))
              }))
            )
          )
        })).pipe(Effect.catchAllCause(analyzerFailure))

      const analyze = (root: string, settings: Analyzer.AnalyzerSettings) => {
        const attempts = (overdue: ReadonlyArray<SkippedFile>): Effect.Effect<Analyzer.AnalyzerOutput, Analyzer.AnalyzerFailed> =>
          Effect.flatMap(attempt(root, settings, overdue), Either.match({
            onRight: Effect.succeed,
            onLeft: (work) => {
              const skipped = [...overdue, overdueFile(work, limit)]
              return skipped.length >= overdueAtMost
                ? Effect.fail(new Analyzer.AnalyzerFailed({ reason: `${skipped.length} files each held a tool longer than ${Duration.format(limit)}; the last was ${work.path} (${work.tool})` }))
                : Effect.logWarning(`${work.tool} took longer than ${Duration.format(limit)} on ${work.path}: analysing again without it`).pipe(
                  Effect.zipRight(attempts(skipped))
                )
            }
          }))
        return attempts([])
      }

      return Analyzer.Analyzer.of({ analyze })
    }).pipe(Effect.provide(NodeWorker.layer(spawn(options, running))))
  })

/** The analyzer; its threads start, and load their grammars, with the first analysis. */
export const layer = (options: ThreadedAnalyzerOptions): Layer.Layer<Analyzer.Analyzer> =>
  Layer.scoped(Analyzer.Analyzer, Effect.orDie(make(options)))

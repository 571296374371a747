import { Clock, Duration, Effect, Either } from "effect"
import { argumentBatches } from "./ArgumentBatches.js"
import type { ChildFences } from "./ChildFences.js"
import { type ChildOutput, type RunLimits, runConfined } from "./ConfinedRun.js"

/**
 * An external analyser run over files of the checkout in as few runs as the command line (and
 * `maxFiles`) allows. A run that fails — past its time, out of memory, killed, output unreadable —
 * is run again file by file, so that the file the analyser cannot handle costs that file alone;
 * every file still without a result is a failure named with its reason, never a clean file. All
 * the runs over one tree share a time: what is left past it fails.
 */

export interface BatchLimits {
  /** Of each run. */
  readonly run: RunLimits
  /** Of all the runs over one tree. */
  readonly total: Duration.Duration
}

/**
 * Runs side by side: where an analyser uses one core a run and starts slowly (RuboCop loads its
 * cops for about a second), a tree's files spread over several runs at once take the analysis
 * slot's cores instead of one.
 */
export interface ParallelRuns {
  /** The most runs at once (the CPUs the analysis may use). */
  readonly runs: number
  /** The fewest files a run is given when they are spread: a run's start is worth that many files' work. */
  readonly filesEach: number
}

/** One file's findings, or why it has none. */
export type FileOutcome<A> = Either.Either<A, string>

export interface BatchedRequest<A> {
  /** The analyser's name, for the reasons: `ShellCheck`. */
  readonly name: string
  readonly program: string
  /** The checkout: the working folder, which `files` are relative to. */
  readonly root: string
  readonly fences: ChildFences
  readonly limits: BatchLimits
  /** The arguments before the files. */
  readonly options: ReadonlyArray<string>
  /** Each file as the analyser is given it. */
  readonly files: ReadonlyArray<string>
  /** At most so many files a run (as many as the command line allows when absent). */
  readonly maxFiles?: number | undefined
  /** The stream the analyser writes its findings on (standard output when absent). */
  readonly report?: "stdout" | "stderr" | undefined
  /** Variables added to the child's environment (ConfinedRun). */
  readonly environment?: Readonly<Record<string, string>> | undefined
  /** Runs side by side, when given; one after another otherwise. */
  readonly parallel?: ParallelRuns | undefined
  /** Each file's outcome from a run's output, or why the run cannot be read. */
  readonly read: (files: ReadonlyArray<string>, output: ChildOutput) => Either.Either<ReadonlyMap<string, FileOutcome<A>>, string>
}

const allFailed = <A>(files: ReadonlyArray<string>, reason: string): ReadonlyMap<string, FileOutcome<A>> =>
  new Map(files.map((file) => [file, Either.left(reason)]))

/** At most `size` files each, in order. */
const chunksOf = (files: ReadonlyArray<string>, size: number): ReadonlyArray<ReadonlyArray<string>> =>
  Array.from({ length: Math.ceil(files.length / size) }, (_, index) => files.slice(index * size, (index + 1) * size))

export const runBatched = <A>(request: BatchedRequest<A>): Effect.Effect<ReadonlyMap<string, FileOutcome<A>>> =>
  Effect.gen(function*() {
    const deadline = (yield* Clock.currentTimeMillis) + Duration.toMillis(request.limits.total)

    const runOnce = (files: ReadonlyArray<string>, timeout: Duration.Duration) =>
      runConfined({
        program: request.program,
        args: [...request.options, ...files],
        cwd: request.root,
        fences: request.fences,
        limits: { ...request.limits.run, timeout },
        report: request.report,
        environment: request.environment
      }).pipe(
        Effect.map((output) => request.read(files, output)),
        Effect.catchAll((failed) => Effect.succeed(Either.left(`${request.name} ${failed.detail}`)))
      )

    const runBatch = (files: ReadonlyArray<string>): Effect.Effect<ReadonlyMap<string, FileOutcome<A>>> =>
      Effect.gen(function*() {
        const left = deadline - (yield* Clock.currentTimeMillis)
        if (left <= 0) return allFailed(files, `${request.name}'s time for this tree (${Duration.format(request.limits.total)}) ran out before this file`)
        const report = yield* runOnce(files, Duration.min(request.limits.run.timeout, Duration.millis(left)))
        if (Either.isRight(report)) return report.right
        if (files.length === 1) return allFailed(files, report.left)
        const alone = yield* Effect.forEach(files, (file) => runBatch([file]))
        return new Map(alone.flatMap((outcome) => [...outcome]))
      })

    const runs = request.parallel?.runs ?? 1
    const spread = request.parallel === undefined ? request.files.length : spreadSize(request.files.length, request.parallel)
    const batches = argumentBatches(request.options, request.files).flatMap((batch) => chunksOf(batch, Math.min(request.maxFiles ?? batch.length, spread)))
    const ran = yield* Effect.forEach(batches, runBatch, { concurrency: runs })
    return new Map(ran.flatMap((outcomes) => [...outcomes]))
  })

/** How many files a run is given so that `files` fill up to `runs` runs of at least `filesEach`. */
export const spreadSize = (files: number, parallel: ParallelRuns): number => {
  const runs = Math.max(1, Math.min(parallel.runs, Math.floor(files / Math.max(1, parallel.filesEach))))
  return Math.max(1, Math.ceil(files / runs))
}

/** The limits of an analyser given at most `filesPerRun` files a run. */
export interface FileBatchLimits extends BatchLimits {
  /** The most files one run is given: what a run that fails costs again. */
  readonly filesPerRun: number
}

/** A run of an analyser over files of the checkout, as its plug-in asks for it. */
export interface FileBatchRequest {
  readonly program: string
  /** The checkout: the working folder, which `files` are relative to. */
  readonly root: string
  readonly fences: ChildFences
  readonly limits: FileBatchLimits
  /** The options before the files. */
  readonly options: ReadonlyArray<string>
  readonly files: ReadonlyArray<string>
  /** The most runs at once (one when absent). */
  readonly jobs?: number | undefined
}

/**
 * An analyser that takes `--` before its files (so that a file named `-x.rb` is a file), run in
 * batches of at most `filesPerRun`: RuboCop, yamllint, Pylint. `filesEach`: the fewest files a run
 * is given when the request's `jobs` spread them over runs side by side (ParallelRuns).
 */
export const fileBatchRunner = <A>(
  name: string,
  read: BatchedRequest<A>["read"],
  filesEach?: number
) =>
(request: FileBatchRequest): Effect.Effect<ReadonlyMap<string, FileOutcome<A>>> =>
  runBatched({
    name,
    program: request.program,
    root: request.root,
    fences: request.fences,
    limits: request.limits,
    options: [...request.options, "--"],
    files: request.files,
    maxFiles: request.limits.filesPerRun,
    parallel: filesEach === undefined || (request.jobs ?? 1) <= 1 ? undefined : { runs: request.jobs ?? 1, filesEach },
    read
  })

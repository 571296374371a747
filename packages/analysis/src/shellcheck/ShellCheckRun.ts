import { Clock, Duration, Effect, Either } from "effect"
import { argumentBatches } from "../external/ArgumentBatches.js"
import type { ChildFences } from "../external/ChildFences.js"
import { defaultRunLimits, type RunLimits, runConfined } from "../external/ConfinedRun.js"
import { readReport, type ShellCheckComment } from "./ShellCheckOutput.js"

/**
 * ShellCheck run over files of the checkout, as few runs as the command line allows (one, in all
 * but huge trees: ShellCheck follows a script's `source` of another only when both are given to
 * the same run). A run that fails — past its time, out of memory, killed, output unreadable — is
 * run again file by file (a run of one small script costs some 30 ms; halving instead ran the one
 * file ShellCheck could not handle, nvm.sh, some nine times at 20 s each), so that the file
 * ShellCheck cannot handle costs that file alone; every file still without a result is a failure
 * named with its reason, never a clean file.
 */

export interface ShellCheckLimits {
  /** Of each run. */
  readonly run: RunLimits
  /** Of all the runs over one tree: what is left past it fails. */
  readonly total: Duration.Duration
}

/**
 * ShellCheck's data-flow analysis is greedy on long scripts: nvm.sh (4 700 lines) takes 25 s and
 * 3.3 GB resident, and its Haskell runtime needs more than 4 GB of address space for that (it
 * fails at 4 GB, passes at 5); most scripts take a few MB.
 */
export const defaultShellCheckLimits: ShellCheckLimits = {
  run: { ...defaultRunLimits, timeout: Duration.minutes(2), memoryMegabytes: 6144 },
  total: Duration.minutes(10)
}

/** One file's comments, or why it has none. */
export type FileOutcome = Either.Either<ReadonlyArray<ShellCheckComment>, string>

export interface ShellCheckRequest {
  readonly program: string
  /** The checkout: the working folder, which `files` are relative to. */
  readonly root: string
  readonly fences: ChildFences
  readonly limits: ShellCheckLimits
  /** The options before the files (`--format=json1`, `--norc`, …). */
  readonly options: ReadonlyArray<string>
  readonly files: ReadonlyArray<string>
}

const allFailed = (files: ReadonlyArray<string>, reason: string): ReadonlyMap<string, FileOutcome> =>
  new Map(files.map((file) => [file, Either.left(reason)]))

export const runShellCheck = (request: ShellCheckRequest): Effect.Effect<ReadonlyMap<string, FileOutcome>> =>
  Effect.gen(function*() {
    const deadline = (yield* Clock.currentTimeMillis) + Duration.toMillis(request.limits.total)
    const fixed = [...request.options, "--"]

    const runOnce = (files: ReadonlyArray<string>, timeout: Duration.Duration) =>
      runConfined({
        program: request.program,
        // `--` ends the options: a file named `-x.sh` is a file.
        args: [...fixed, ...files],
        cwd: request.root,
        fences: request.fences,
        limits: { ...request.limits.run, timeout }
      }).pipe(
        Effect.map((output) => readReport(files, output.exitCode, output.stdout, output.stderr)),
        Effect.catchAll((failed) => Effect.succeed(Either.left(`ShellCheck ${failed.detail}`)))
      )

    const runBatch = (files: ReadonlyArray<string>): Effect.Effect<ReadonlyMap<string, FileOutcome>> =>
      Effect.gen(function*() {
        const left = deadline - (yield* Clock.currentTimeMillis)
        if (left <= 0) return allFailed(files, `ShellCheck's time for this tree (${Duration.format(request.limits.total)}) ran out before this file`)
        const timeout = Duration.min(request.limits.run.timeout, Duration.millis(left))
        const report = yield* runOnce(files, timeout)
        if (Either.isRight(report)) {
          const { comments, unreadable } = report.right
          return new Map(files.map((file): [string, FileOutcome] => {
            const why = unreadable.get(file)
            return [file, why === undefined ? Either.right(comments.get(file) ?? []) : Either.left(`ShellCheck could not read it: ${why}`)]
          }))
        }
        if (files.length === 1) return allFailed(files, report.left)
        const alone = yield* Effect.forEach(files, (file) => runBatch([file]))
        return new Map(alone.flatMap((outcome) => [...outcome]))
      })

    const outcomes = new Map<string, FileOutcome>()
    for (const batch of argumentBatches(fixed, request.files)) {
      for (const [file, outcome] of yield* runBatch(batch)) outcomes.set(file, outcome)
    }
    return outcomes
  })

import { Duration, type Effect, Either } from "effect"
import { type BatchLimits, runBatched } from "../external/BatchedRun.js"
import type { ChildFences } from "../external/ChildFences.js"
import { type ChildOutput, defaultRunLimits } from "../external/ConfinedRun.js"
import { readReport, type ShellCheckComment } from "./ShellCheckOutput.js"

/**
 * ShellCheck run over files of the checkout, as few runs as the command line allows (one, in all
 * but huge trees: ShellCheck follows a script's `source` of another only when both are given to
 * the same run), through BatchedRun: a run that fails is run again file by file (a run of one small
 * script costs some 30 ms; halving instead ran the one file ShellCheck could not handle, nvm.sh,
 * some nine times at 20 s each), so that the file ShellCheck cannot handle costs that file alone.
 */

export type ShellCheckLimits = BatchLimits

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

const outcomesOf = (files: ReadonlyArray<string>, output: ChildOutput): Either.Either<ReadonlyMap<string, FileOutcome>, string> =>
  Either.map(readReport(files, output.exitCode, output.stdout, output.stderr), ({ comments, unreadable }) =>
    new Map(files.map((file): [string, FileOutcome] => {
      const why = unreadable.get(file)
      return [file, why === undefined ? Either.right(comments.get(file) ?? []) : Either.left(`ShellCheck could not read it: ${why}`)]
    })))

export const runShellCheck = (request: ShellCheckRequest): Effect.Effect<ReadonlyMap<string, FileOutcome>> =>
  runBatched({
    ...request,
    name: "ShellCheck",
    // `--` ends the options: a file named `-x.sh` is a file.
    options: [...request.options, "--"],
    read: outcomesOf
  })

import { Duration, type Effect } from "effect"
import { type BatchLimits, type FileOutcome, runBatched } from "../external/BatchedRun.js"
import type { ChildFences } from "../external/ChildFences.js"
import { defaultRunLimits } from "../external/ConfinedRun.js"
import { readReport, type RubocopOffence } from "./RubocopOutput.js"

/**
 * RuboCop run over Ruby files of the checkout through BatchedRun: many files a run (RuboCop's
 * start, loading its cops, costs about a second; a file then some milliseconds), a run that fails
 * run again file by file, so that the file RuboCop cannot handle costs that file alone and is
 * named, never counted clean.
 */

export interface RubocopLimits extends BatchLimits {
  /** The most files one run is given: what a run that fails costs again. */
  readonly filesPerRun: number
}

/**
 * RuboCop checks a file in tens of milliseconds with the Lint cops, more with every cop of a
 * repository's configuration, in a few hundred MB; a run of 200 files gets ten minutes, the whole
 * tree twenty.
 */
export const defaultRubocopLimits: RubocopLimits = {
  run: { ...defaultRunLimits, timeout: Duration.minutes(10), memoryMegabytes: 2048 },
  total: Duration.minutes(20),
  filesPerRun: 200
}

export interface RubocopRequest {
  readonly program: string
  /** The checkout: the working folder, which `files` are relative to. */
  readonly root: string
  readonly fences: ChildFences
  readonly limits: RubocopLimits
  /** The options before the files (`--format json`, `--config …`, …). */
  readonly options: ReadonlyArray<string>
  readonly files: ReadonlyArray<string>
}

/** Each file's offences (by its path in the tree), or why it has none. */
export const runRubocop = (request: RubocopRequest): Effect.Effect<ReadonlyMap<string, FileOutcome<ReadonlyArray<RubocopOffence>>>> =>
  runBatched({
    name: "RuboCop",
    program: request.program,
    root: request.root,
    fences: request.fences,
    limits: request.limits,
    // `--` ends the options: a file named `-x.rb` is a file.
    options: [...request.options, "--"],
    files: request.files,
    maxFiles: request.limits.filesPerRun,
    read: readReport
  })

import { Duration, type Effect } from "effect"
import { type BatchLimits, type FileOutcome, runBatched } from "../external/BatchedRun.js"
import type { ChildFences } from "../external/ChildFences.js"
import { defaultRunLimits } from "../external/ConfinedRun.js"
import { readReport, type YamllintProblem } from "./YamllintOutput.js"

/**
 * yamllint run over YAML files of the checkout through BatchedRun: many files a run (its start,
 * Python's, costs some 200 ms; a file then a few milliseconds), a run that fails run again file by
 * file, so that the file yamllint cannot handle costs that file alone and is named, never clean.
 */

export interface YamllintLimits extends BatchLimits {
  /** The most files one run is given: what a run that fails costs again. */
  readonly filesPerRun: number
}

/** yamllint reads a file in milliseconds in some tens of MB: a run of 500 files gets five minutes, the whole tree ten. */
export const defaultYamllintLimits: YamllintLimits = {
  run: { ...defaultRunLimits, timeout: Duration.minutes(5), memoryMegabytes: 1024 },
  total: Duration.minutes(10),
  filesPerRun: 500
}

export interface YamllintRequest {
  readonly program: string
  /** The checkout: the working folder, which `files` are relative to. */
  readonly root: string
  readonly fences: ChildFences
  readonly limits: YamllintLimits
  /** The options before the files (`-f parsable`, `-c …`). */
  readonly options: ReadonlyArray<string>
  readonly files: ReadonlyArray<string>
}

/** Each file's problems (by its path in the tree), or why it has none. */
export const runYamllint = (request: YamllintRequest): Effect.Effect<ReadonlyMap<string, FileOutcome<ReadonlyArray<YamllintProblem>>>> =>
  runBatched({
    name: "yamllint",
    program: request.program,
    root: request.root,
    fences: request.fences,
    limits: request.limits,
    // `--` ends the options: a file named `-x.yaml` is a file.
    options: [...request.options, "--"],
    files: request.files,
    maxFiles: request.limits.filesPerRun,
    read: readReport
  })

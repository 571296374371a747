import { Duration } from "effect"
import { type FileBatchLimits, fileBatchRunner } from "../external/BatchedRun.js"
import { defaultRunLimits } from "../external/ConfinedRun.js"
import { readReport } from "./PylintOutput.js"

/**
 * Pylint run over Python files of the checkout through BatchedRun: many files a run (its start
 * costs about a second; a file then tens to hundreds of milliseconds, its inference reading the
 * modules it imports), a run that fails run again file by file, so that the file Pylint cannot
 * handle costs that file alone and is named, never counted clean.
 */

export type PylintLimits = FileBatchLimits

/** A run of 200 files gets fifteen minutes in 2 GB, the whole tree thirty. */
export const defaultPylintLimits: PylintLimits = {
  run: { ...defaultRunLimits, timeout: Duration.minutes(15), memoryMegabytes: 2048 },
  total: Duration.minutes(30),
  filesPerRun: 200
}

/** Each file's findings (by its path in the tree), or why it has none. */
export const runPylint = fileBatchRunner("Pylint", readReport)

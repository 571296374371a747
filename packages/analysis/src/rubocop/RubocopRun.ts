import { Duration } from "effect"
import { type FileBatchLimits, fileBatchRunner } from "../external/BatchedRun.js"
import { defaultRunLimits } from "../external/ConfinedRun.js"
import { readReport } from "./RubocopOutput.js"

/**
 * RuboCop run over Ruby files of the checkout through BatchedRun: many files a run (RuboCop's
 * start, loading its cops, costs about a second; a file then some milliseconds), a run that fails
 * run again file by file, so that the file RuboCop cannot handle costs that file alone and is
 * named, never counted clean.
 */

export type RubocopLimits = FileBatchLimits

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

/** Each file's offences (by its path in the tree), or why it has none. */
export const runRubocop = fileBatchRunner("RuboCop", readReport)

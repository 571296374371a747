import { Duration } from "effect"
import { type FileBatchLimits, fileBatchRunner } from "../external/BatchedRun.js"
import { defaultRunLimits } from "../external/ConfinedRun.js"
import { readReport } from "./RubocopOutput.js"

/**
 * RuboCop run over Ruby files of the checkout through BatchedRun: many files a run (RuboCop's
 * start, loading its cops, costs about a second; a file then some milliseconds), as many runs side
 * by side as the analysis has CPUs where the files are enough to fill them (RuboCop checks its files
 * one after another, on one core: rack's 107 files take it 7 s), a run that fails
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

/**
 * The fewest files a run is given when a tree's files are spread over runs side by side: RuboCop's
 * start (about a second) is some twenty files' work with the default cops.
 */
export const rubocopFilesEach = 20

/** Each file's offences (by its path in the tree), or why it has none. */
export const runRubocop = fileBatchRunner("RuboCop", readReport, rubocopFilesEach)

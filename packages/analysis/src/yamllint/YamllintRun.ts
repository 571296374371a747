import { Duration } from "effect"
import { type FileBatchLimits, fileBatchRunner } from "../external/BatchedRun.js"
import { defaultRunLimits } from "../external/ConfinedRun.js"
import { readReport } from "./YamllintOutput.js"

/**
 * yamllint run over YAML files of the checkout through BatchedRun: many files a run (its start,
 * Python's, costs some 200 ms; a file then a few milliseconds), a run that fails run again file by
 * file, so that the file yamllint cannot handle costs that file alone and is named, never clean.
 */

export type YamllintLimits = FileBatchLimits

/** yamllint reads a file in milliseconds in some tens of MB: a run of 500 files gets five minutes, the whole tree ten. */
export const defaultYamllintLimits: YamllintLimits = {
  run: { ...defaultRunLimits, timeout: Duration.minutes(5), memoryMegabytes: 1024 },
  total: Duration.minutes(10),
  filesPerRun: 500
}

/** Each file's problems (by its path in the tree), or why it has none. */
export const runYamllint = fileBatchRunner("yamllint", readReport)

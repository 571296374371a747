import { Duration, Effect } from "effect"
import { type BatchLimits, type FileOutcome, runBatched } from "../external/BatchedRun.js"
import type { ChildFences } from "../external/ChildFences.js"
import { defaultRunLimits } from "../external/ConfinedRun.js"
import { argumentOf } from "./CppcheckFiles.js"
import { type CppcheckFinding, readReport } from "./CppcheckOutput.js"

/**
 * Cppcheck run over the sources of the checkout through BatchedRun: some sources a run (Cppcheck
 * spreads them over its `-j` processes), a run that fails run again source by source, so that the
 * source Cppcheck cannot handle in time costs that source alone and is named, never counted clean.
 */

export interface CppcheckLimits extends BatchLimits {
  /** The most sources one run is given: what a run that fails costs again. */
  readonly sourcesPerRun: number
}

/**
 * Cppcheck checks one configuration of a source in seconds (jq's 47 sources: 4 s of CPU in all,
 * builtin.c the longest at 10 s on a loaded machine) and in tens of MB; a run of 32 sources gets
 * ten minutes, the whole tree twenty.
 */
export const defaultCppcheckLimits: CppcheckLimits = {
  run: { ...defaultRunLimits, timeout: Duration.minutes(10), memoryMegabytes: 2048 },
  total: Duration.minutes(20),
  sourcesPerRun: 32
}

export interface CppcheckRequest {
  readonly program: string
  /** The checkout: the working folder, which `units` are relative to. */
  readonly root: string
  readonly fences: ChildFences
  readonly limits: CppcheckLimits
  /** The options before the sources (`--xml`, `--enable=…`, …). */
  readonly options: ReadonlyArray<string>
  /** The sources to check, by their path in the tree. */
  readonly units: ReadonlyArray<string>
}

/** Each source's findings (by its path in the tree), or why it has none. */
export const runCppcheck = (request: CppcheckRequest): Effect.Effect<ReadonlyMap<string, FileOutcome<ReadonlyArray<CppcheckFinding>>>> => {
  const pathOf = new Map(request.units.map((unit) => [argumentOf(unit), unit]))
  return runBatched({
    name: "Cppcheck",
    program: request.program,
    root: request.root,
    fences: request.fences,
    limits: request.limits,
    options: request.options,
    files: [...pathOf.keys()],
    maxFiles: request.limits.sourcesPerRun,
    report: "stderr",
    read: readReport
  }).pipe(Effect.map((outcomes) => new Map([...outcomes].map(([argument, outcome]) => [pathOf.get(argument) ?? argument, outcome]))))
}

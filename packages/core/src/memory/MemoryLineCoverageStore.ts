import { Effect, Layer, Option } from "effect"
import { LineCoverageStore } from "../ports/LineCoverageStore.js"
import { coverageKey, MemoryAnalysisRows } from "./MemoryAnalysisRows.js"

export const make = Effect.map(MemoryAnalysisRows, ({ coverages, locks, reports }) =>
  LineCoverageStore.of({
    saveCoverage: (report, files) =>
      Effect.sync(() => {
        coverages.set(coverageKey(report), new Map(files.map((file) => [file.path, file])))
        reports.set(coverageKey(report), report)
      }),
    removeCoverage: (report, paths) =>
      Effect.sync(() => {
        const files = coverages.get(coverageKey(report))
        for (const path of paths) files?.delete(path)
        reports.set(coverageKey(report), report)
      }),
    exclusive: (commit) => (effect) =>
      Effect.suspend(() => {
        const key = coverageKey(commit)
        const lock = locks.get(key) ?? Effect.unsafeMakeSemaphore(1)
        locks.set(key, lock)
        return lock.withPermits(1)(effect)
      }),
    commitCoverage: (commit) =>
      Effect.sync(() => [...(coverages.get(coverageKey(commit))?.values() ?? [])].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))),
    fileCoverage: (commit, path) => Effect.sync(() => Option.fromNullable(coverages.get(coverageKey(commit))?.get(path)))
  }))

/** On the rows shared with the other memory stores of analysis results (a file listed shows its coverage). */
export const layer = Layer.effect(LineCoverageStore, make)

import { timed } from "@tidemark/bench-storage/Measure"
import { AnalysisResultStore } from "@tidemark/core"
import { type Context, Effect } from "effect"

/** What the worker's calls of the store took, and how many rows it saved. */
export interface StoreTimes {
  saveMs: number
  pruneMs: number
  rows: { issues: number; files: number; clones: number }
}

export const emptyTimes = (): StoreTimes => ({ saveMs: 0, pruneMs: 0, rows: { issues: 0, files: 0, clones: 0 } })

/**
 * The store with its writes timed: the part of the worker's end-to-end time that storing the rows
 * takes, measured apart from the analysis, whose own run-to-run noise is larger than that part.
 */
export const timedStore = (inner: Context.Tag.Service<typeof AnalysisResultStore.AnalysisResultStore>, times: StoreTimes) =>
  AnalysisResultStore.AnalysisResultStore.of({
    ...inner,
    save: (key, results) =>
      Effect.map(timed(inner.save(key, results)), ([, ms]) => {
        times.saveMs += ms
        times.rows = { issues: results.issues.length, files: results.files.length, clones: results.clones.length }
      }),
    prune: (repositoryId, keep) =>
      Effect.map(timed(inner.prune(repositoryId, keep)), ([, ms]) => {
        times.pruneMs += ms
      })
  })

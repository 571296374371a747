import { Context, Effect, Layer } from "effect"
import type { AnalysisResults } from "../domain/AnalysisResults.js"
import type { CommitCoverage, FileLineCoverage } from "../domain/CommitCoverage.js"
import type { ResultsKey } from "../ports/AnalysisResultStore.js"
import type { StoredFile, StoredIssue } from "../domain/StoredResults.js"
import type { CoverageKey } from "../ports/LineCoverageStore.js"

/** One saved analysis: its rows as saved, and its files and issues with their file ids. */
export interface Analysis {
  readonly key: ResultsKey
  readonly files: ReadonlyArray<StoredFile>
  readonly issues: ReadonlyArray<StoredIssue>
  readonly results: AnalysisResults
}

export const analysisKey = (key: ResultsKey) => `${key.repositoryId}\u0000${key.branch}\u0000${key.commitSha}`
export const coverageKey = (key: CoverageKey) => `${key.repositoryId}\u0000${key.commitSha}`

/**
 * The rows the memory stores of analyses, their results and coverage share, as the PostgreSQL
 * stores share their tables: an analysis saved by one is read by the others, a file listed shows
 * the coverage uploaded for its commit, a coverage report is listed with the analyses.
 */
export class MemoryAnalysisRows extends Context.Tag("@tidemark/core/memory/MemoryAnalysisRows")<
  MemoryAnalysisRows,
  {
    readonly analyses: Map<string, Analysis>
    /** Per commit, the line coverage of its files by path. */
    readonly coverages: Map<string, Map<string, FileLineCoverage>>
    /** Per commit, its coverage report (read by the analyses' store). */
    readonly reports: Map<string, CommitCoverage>
    /** Per commit, the lock of `exclusive` (one per commit ever locked, like the coverage itself). */
    readonly locks: Map<string, Effect.Semaphore>
    /** The id of the repository's file at a path: the same path keeps its id. */
    readonly fileIdOf: (repositoryId: number, path: string) => number
  }
>() {}

export const make = Effect.sync(() => {
  /** Per repository, file ids by path. */
  const fileIds = new Map<number, Map<string, number>>()
  let nextFileId = 1
  return MemoryAnalysisRows.of({
    analyses: new Map(),
    coverages: new Map(),
    reports: new Map(),
    locks: new Map(),
    fileIdOf: (repositoryId, path) => {
      const ids = fileIds.get(repositoryId) ?? new Map<string, number>()
      fileIds.set(repositoryId, ids)
      const known = ids.get(path)
      if (known !== undefined) return known
      const id = nextFileId++
      ids.set(path, id)
      return id
    }
  })
})

export const layer = Layer.effect(MemoryAnalysisRows, make)

/** What `f` reads of a saved analysis; `none` when it was never saved or was pruned. */
export const readAnalysis = (rows: Context.Tag.Service<MemoryAnalysisRows>) => <A>(key: ResultsKey, f: (analysis: Analysis) => A, none: A) =>
  Effect.sync(() => {
    const analysis = rows.analyses.get(analysisKey(key))
    return analysis === undefined ? none : f(analysis)
  })

/** What a page of an analysis never saved (or pruned) holds. */
export const noRows = { items: [], total: 0, next: undefined }

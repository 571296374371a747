import { Effect, Layer, Option } from "effect"
import { compareKeys } from "../domain/Pagination.js"
import { AnalysisResultStore } from "../ports/AnalysisResultStore.js"
import { issueKey } from "./MemoryIssueResultStore.js"
import { analysisKey, MemoryAnalysisRows, readAnalysis } from "./MemoryAnalysisRows.js"

export const make = Effect.map(MemoryAnalysisRows, (rows) => {
  const read = readAnalysis(rows)
  return AnalysisResultStore.of({
    save: (key, results) =>
      Effect.sync(() => {
        const files = results.files.map((file) => ({ file, fileId: rows.fileIdOf(key.repositoryId, file.path) }))
        const issues = results.issues.map((issue) => ({ issue, fileId: rows.fileIdOf(key.repositoryId, issue.filePath) }))
          .sort((a, b) => compareKeys(issueKey(a), issueKey(b)))
        rows.analyses.set(analysisKey(key), { key, files, issues, results })
      }),
    load: (key) => read(key, (analysis) => Option.some(analysis.results), Option.none()),
    prune: (repositoryId, keep) =>
      Effect.sync(() => {
        const kept = new Set(keep.map(analysisKey))
        for (const [id, analysis] of rows.analyses) {
          if (analysis.key.repositoryId === repositoryId && !kept.has(id)) rows.analyses.delete(id)
        }
      })
  })
})

/** On the rows shared with the other memory stores of analysis results. */
export const layer = Layer.effect(AnalysisResultStore, make)

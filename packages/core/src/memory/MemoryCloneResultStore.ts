import { Effect, Layer } from "effect"
import { pageOfSorted } from "../domain/Pagination.js"
import { CloneResultStore } from "../ports/CloneResultStore.js"
import { MemoryAnalysisRows, noRows, readAnalysis } from "./MemoryAnalysisRows.js"

export const make = Effect.map(MemoryAnalysisRows, (rows) => {
  const read = readAnalysis(rows)
  return CloneResultStore.of({
    clones: (key, fileId, page) =>
      read(key, (analysis) => {
        const clones = analysis.results.clones
          .map((clone) => ({
            id: clone.id,
            occurrences: clone.occurrences.map((occurrence) => ({ occurrence, fileId: rows.fileIdOf(key.repositoryId, occurrence.path) }))
          }))
          .filter((clone) => clone.occurrences.some((occurrence) => occurrence.fileId === fileId))
          .sort((a, b) => a.id - b.id)
        return pageOfSorted(clones, (clone) => [clone.id], page)
      }, noRows)
  })
})

/** On the rows shared with the other memory stores of analysis results. */
export const layer = Layer.effect(CloneResultStore, make)

import { Effect, Layer, Option } from "effect"
import { compareKeys, pageOfSorted } from "../domain/Pagination.js"
import type { ResultsKey } from "../ports/AnalysisResultStore.js"
import { type FileQuery, fileSortValue, type StoredFile } from "../domain/StoredResults.js"
import { FileResultStore } from "../ports/FileResultStore.js"
import { coverageKey, MemoryAnalysisRows, noRows, readAnalysis } from "./MemoryAnalysisRows.js"

type Key = ReadonlyArray<string | number>
type Compare = (a: Key, b: Key) => number
const descending: Compare = (a, b) => compareKeys(b, a)

/** The sort key of a file under a query: the value, then the path; `direction` orders the whole key. */
export const fileKey = (query: FileQuery) => (stored: StoredFile): Key =>
  query.sort === "filename" ? [stored.file.path] : [fileSortValue(stored, query.sort), stored.file.path]

export const fileOrder = (query: FileQuery): Compare => (query.direction === "asc" ? compareKeys : descending)

export const make = Effect.map(MemoryAnalysisRows, (rows) => {
  const read = readAnalysis(rows)

  /** The stored file with its coverage in the analysed commit, when a report names it. */
  const withCoverage = (key: ResultsKey) => {
    const byPath = rows.coverages.get(coverageKey(key))
    return (stored: StoredFile): StoredFile => {
      const coverage = byPath?.get(stored.file.path)
      return coverage === undefined
        ? stored
        : { ...stored, coverage: { coverableLines: coverage.coverableLines, coveredLines: coverage.coveredLines } }
    }
  }

  return FileResultStore.of({
    files: (key, query, page) =>
      read(key, (analysis) => {
        const search = query.search?.toLowerCase()
        const all = analysis.files.map(withCoverage(key))
        const found = search === undefined || search === ""
          ? all
          : all.filter((stored) => stored.file.path.toLowerCase().includes(search))
        const keyOf = fileKey(query)
        const order = fileOrder(query)
        return pageOfSorted([...found].sort((a, b) => order(keyOf(a), keyOf(b))), keyOf, page, order)
      }, noRows),
    file: (key, fileId) =>
      read(
        key,
        (analysis) => Option.map(Option.fromNullable(analysis.files.find((stored) => stored.fileId === fileId)), withCoverage(key)),
        Option.none()
      ),
    fileIds: (repositoryId, paths) => Effect.sync(() => new Map(paths.map((path) => [path, rows.fileIdOf(repositoryId, path)])))
  })
})

/** On the rows shared with the other memory stores of analysis results. */
export const layer = Layer.effect(FileResultStore, make)

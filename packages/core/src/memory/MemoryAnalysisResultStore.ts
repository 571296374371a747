import { Effect, Layer, Option } from "effect"
import type { AnalysisResults, IssueResult } from "../domain/AnalysisResults.js"
import type { FileLineCoverage } from "../domain/CommitCoverage.js"
import { compareKeys, type PageRequest } from "../domain/Pagination.js"
import {
  AnalysisResultStore,
  type CoverageKey,
  type FileQuery,
  fileSortValue,
  type IssueFilter,
  issueOverviewCountsOf,
  type ResultPage,
  type ResultsKey,
  type StoredFile,
  type StoredIssue
} from "../ports/AnalysisResultStore.js"

type Key = ReadonlyArray<string | number>

type Compare = (a: Key, b: Key) => number
const descending: Compare = (a, b) => compareKeys(b, a)

/**
 * The page of `items` (in the order `compare` gives their keys) after `page.after`, with the key of
 * its last item when more remain.
 */
export const pageOf = <A>(
  items: ReadonlyArray<A>,
  keyOf: (item: A) => Key,
  page: PageRequest,
  compare: Compare = compareKeys
): ResultPage<A> => {
  const after = page.after
  const rest = after === undefined ? items : items.filter((item) => compare(keyOf(item), after) > 0)
  const shown = rest.slice(0, page.limit)
  const last = shown.at(-1)
  return {
    items: shown,
    total: items.length,
    next: rest.length > page.limit && last !== undefined ? keyOf(last) : undefined
  }
}

/** Whether an issue passes a filter: each list given holds the issue's value (see IssueFilter). */
export const matches = (filter: IssueFilter) => (issue: IssueResult): boolean => {
  const holds = (values: ReadonlyArray<string> | undefined, value: string | undefined) =>
    values === undefined || values.length === 0 || (value !== undefined && values.includes(value))
  return holds(filter.patternIds, issue.patternId) && holds(filter.languages, issue.language) &&
    holds(filter.categories, issue.category) && holds(filter.levels, issue.level) &&
    holds(filter.authorEmails, issue.authorEmail) && holds(filter.filePaths, issue.filePath)
}

export const issueKey = (stored: StoredIssue): Key => [stored.issue.filePath, stored.issue.line, stored.issue.issueId]

/** The sort key of a file under a query: the value, then the path; `direction` orders the whole key. */
export const fileKey = (query: FileQuery) => (stored: StoredFile): Key =>
  query.sort === "filename" ? [stored.file.path] : [fileSortValue(stored, query.sort), stored.file.path]

export const fileOrder = (query: FileQuery): Compare => (query.direction === "asc" ? compareKeys : descending)

interface Analysis {
  readonly files: ReadonlyArray<StoredFile>
  readonly issues: ReadonlyArray<StoredIssue>
  readonly results: AnalysisResults
}

const analysisKey = (key: ResultsKey) => `${key.repositoryId}\u0000${key.branch}\u0000${key.commitSha}`
const coverageKey = (key: CoverageKey) => `${key.repositoryId}\u0000${key.commitSha}`

export const make = Effect.sync(() => {
  const analyses = new Map<string, Analysis & { readonly key: ResultsKey }>()
  /** Per repository, file ids by path: the same path keeps its id. */
  const fileIds = new Map<number, Map<string, number>>()
  let nextFileId = 1
  /** Per commit, the line coverage of its files by path. */
  const coverages = new Map<string, Map<string, FileLineCoverage>>()
  /** Per commit, the lock of `exclusive` (one per commit ever locked, like the coverage itself). */
  const locks = new Map<string, Effect.Semaphore>()

  /** The stored file with its coverage in the analysed commit, when a report names it. */
  const withCoverage = (key: ResultsKey) => {
    const byPath = coverages.get(coverageKey(key))
    return (stored: StoredFile): StoredFile => {
      const coverage = byPath?.get(stored.file.path)
      return coverage === undefined
        ? stored
        : { ...stored, coverage: { coverableLines: coverage.coverableLines, coveredLines: coverage.coveredLines } }
    }
  }

  const fileIdOf = (repositoryId: number, path: string) => {
    const ids = fileIds.get(repositoryId) ?? new Map<string, number>()
    fileIds.set(repositoryId, ids)
    const known = ids.get(path)
    if (known !== undefined) return known
    const id = nextFileId++
    ids.set(path, id)
    return id
  }

  const read = <A>(key: ResultsKey, f: (analysis: Analysis) => A, none: A) =>
    Effect.sync(() => {
      const analysis = analyses.get(analysisKey(key))
      return analysis === undefined ? none : f(analysis)
    })

  const emptyPage = { items: [], total: 0, next: undefined }

  return AnalysisResultStore.of({
    save: (key, results) =>
      Effect.sync(() => {
        const files = results.files.map((file) => ({ file, fileId: fileIdOf(key.repositoryId, file.path) }))
        const issues = results.issues.map((issue) => ({ issue, fileId: fileIdOf(key.repositoryId, issue.filePath) }))
          .sort((a, b) => compareKeys(issueKey(a), issueKey(b)))
        analyses.set(analysisKey(key), { key, files, issues, results })
      }),
    load: (key) => read(key, (analysis) => Option.some(analysis.results), Option.none()),
    fileIds: (repositoryId, paths) => Effect.sync(() => new Map(paths.map((path) => [path, fileIdOf(repositoryId, path)]))),
    issues: (key, filter, page) =>
      read(key, (analysis) => pageOf(analysis.issues.filter((stored) => matches(filter)(stored.issue)), issueKey, page), emptyPage),
    issueCounts: (key, filter) =>
      read(
        key,
        (analysis) => issueOverviewCountsOf(analysis.issues.map((stored) => stored.issue).filter(matches(filter))),
        issueOverviewCountsOf([])
      ),
    issue: (key, resultDataId) =>
      read(key, (analysis) => Option.fromNullable(analysis.issues.find((stored) => stored.issue.resultDataId === resultDataId)), Option.none()),
    files: (key, query, page) =>
      read(key, (analysis) => {
        const search = query.search?.toLowerCase()
        const all = analysis.files.map(withCoverage(key))
        const found = search === undefined || search === ""
          ? all
          : all.filter((stored) => stored.file.path.toLowerCase().includes(search))
        const keyOf = fileKey(query)
        const order = fileOrder(query)
        return pageOf([...found].sort((a, b) => order(keyOf(a), keyOf(b))), keyOf, page, order)
      }, emptyPage),
    file: (key, fileId) =>
      read(
        key,
        (analysis) => Option.map(Option.fromNullable(analysis.files.find((stored) => stored.fileId === fileId)), withCoverage(key)),
        Option.none()
      ),
    clones: (key, fileId, page) =>
      read(key, (analysis) => {
        const clones = analysis.results.clones
          .map((clone) => ({
            id: clone.id,
            occurrences: clone.occurrences.map((occurrence) => ({ occurrence, fileId: fileIdOf(key.repositoryId, occurrence.path) }))
          }))
          .filter((clone) => clone.occurrences.some((occurrence) => occurrence.fileId === fileId))
          .sort((a, b) => a.id - b.id)
        return pageOf(clones, (clone) => [clone.id], page)
      }, emptyPage),
    saveCoverage: (commit, files) =>
      Effect.sync(() => {
        coverages.set(coverageKey(commit), new Map(files.map((file) => [file.path, file])))
      }),
    removeCoverage: (commit, paths) =>
      Effect.sync(() => {
        const files = coverages.get(coverageKey(commit))
        for (const path of paths) files?.delete(path)
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
    fileCoverage: (commit, path) => Effect.sync(() => Option.fromNullable(coverages.get(coverageKey(commit))?.get(path))),
    prune: (repositoryId, keep) =>
      Effect.sync(() => {
        const kept = new Set(keep.map(analysisKey))
        for (const [id, analysis] of analyses) {
          if (analysis.key.repositoryId === repositoryId && !kept.has(id)) analyses.delete(id)
        }
      })
  })
})

export const layer = Layer.effect(AnalysisResultStore, make)

import { Effect } from "effect"
import { CommitAnalysis } from "../domain/CommitAnalysis.js"
import { IssueCounts, totalOf } from "../domain/IssueLoad.js"
import type { Shown } from "../domain/RepositoryView.js"
import { FileResult } from "../domain/AnalysisResults.js"
import { type IssueFilter, type NamedCount, namedCountsOf, type StoredFile } from "../domain/StoredResults.js"
import { hasIgnores, type IgnoredSelection, ignoredCountsOf, measuresWithout, selectionOf } from "../domain/Triage.js"
import { trusted } from "../domain/Trusted.js"
import type { ResultsKey } from "../ports/AnalysisResultStore.js"
import { IssueResultStore } from "../ports/IssueResultStore.js"
import { TriageStore } from "../ports/TriageStore.js"
import { withSpans } from "../runtime/Spans.js"

/** Issue counts by level, from the overview's level dimension. */
const countsOfLevels = (levels: ReadonlyArray<NamedCount>): IssueCounts => {
  const total = (level: keyof typeof IssueCounts.Type) => levels.find((l) => l.name === level)?.total ?? 0
  return trusted(IssueCounts, { Error: total("Error"), High: total("High"), Warning: total("Warning"), Info: total("Info") })
}

/**
 * Where ignored issues and files leave what Tidemark shows: the issue reads (a filter every store
 * applies alike), and the measures a view grades (the stored counts less the ignored issues of
 * the analysis shown). Gates are judged on changes recorded without them (ChangeRecording).
 */
const make = Effect.gen(function*() {
  const triage = yield* TriageStore
  const issueResults = yield* IssueResultStore

  /** The filter, leaving out what the repository ignored (`notIgnored`) or keeping only that (`ignored`). */
  const filterFor = (repositoryId: number, filter: IssueFilter, keep: IgnoredSelection["keep"]) =>
    Effect.map(triage.ignoresOf(repositoryId), (ignores): IssueFilter => ({ ...filter, ignored: selectionOf(ignores, keep) }))

  /** The ignored issues of one analysis, counted per language and severity (one read per language ignored). */
  const ignoredCounts = (key: ResultsKey, selection: IgnoredSelection) =>
    Effect.gen(function*() {
      const { languages } = yield* issueResults.issueCounts(key, { ignored: selection })
      const byLanguage = yield* Effect.forEach(languages, ({ name }) =>
        Effect.map(issueResults.issueCounts(key, { ignored: selection, languages: [name] }), (c) => [name, countsOfLevels(c.levels)] as const))
      return ignoredCountsOf(new Map(byLanguage))
    })

  /** What a view shows of a repository's branch, its analysis's measures without the ignored issues. */
  const shownWithout = (repositoryId: number, shown: Shown) =>
    Effect.gen(function*() {
      const analysis = shown.analysis
      if (analysis?.measures === undefined) return shown
      const ignores = yield* triage.ignoresOf(repositoryId)
      if (!hasIgnores(ignores)) return shown
      const key = { repositoryId, branch: analysis.branch, commitSha: analysis.commit.sha }
      const ignored = yield* ignoredCounts(key, selectionOf(ignores, "ignored"))
      if (totalOf(ignored.total) === 0) return shown
      return { ...shown, analysis: trusted(CommitAnalysis, { ...analysis, measures: measuresWithout(analysis.measures, ignored) }) }
    })

  /** `shownWithout` for a page of repositories: only those that set anything aside are read again. */
  const shownOfPage = (shown: ReadonlyArray<readonly [number, Shown]>) =>
    Effect.gen(function*() {
      const ignoring = yield* triage.withIgnores(shown.map(([id]) => id))
      return yield* Effect.forEach(shown, ([id, s]) => (ignoring.has(id) ? shownWithout(id, s) : Effect.succeed(s)), { concurrency: 4 })
    })

  /**
   * Files as a page shows them: an ignored file with no issue, another without its ignored issues
   * (read by their ids: as many rows at most as the repository ignored issues).
   */
  const filesWithout = (key: ResultsKey, files: ReadonlyArray<StoredFile>) =>
    Effect.gen(function*() {
      const ignores = yield* triage.ignoresOf(key.repositoryId)
      if (!hasIgnores(ignores) || files.length === 0) return files
      const ignoredFiles = new Set(ignores.files.map((f) => f.path))
      const issueIds = ignores.issues.map((i) => i.issueId)
      const ignored = issueIds.length === 0 ? [] : (yield* issueResults.issues(
        key,
        { filePaths: files.map((f) => f.file.path), ignored: { issueIds, filePaths: [], keep: "ignored" } },
        { after: undefined, limit: issueIds.length }
      )).items
      const less = new Map(namedCountsOf(ignored.map((row) => row.issue.filePath)).map((c) => [c.name, c.total]))
      const withTotal = (stored: StoredFile, totalIssues: number): StoredFile => ({
        ...stored,
        file: trusted(FileResult, { ...stored.file, totalIssues: Math.max(0, totalIssues) })
      })
      return files.map((stored) =>
        ignoredFiles.has(stored.file.path)
          ? withTotal(stored, 0)
          : withTotal(stored, stored.file.totalIssues - (less.get(stored.file.path) ?? 0)))
    })

  const fileIgnored = (repositoryId: number, path: string) =>
    Effect.map(triage.ignoresOf(repositoryId), (ignores) => ignores.files.some((f) => f.path === path))

  return withSpans("Ignores", { filterFor, shownWithout, shownOfPage, filesWithout, fileIgnored, ignoresOf: triage.ignoresOf })
})

/** What the repository views, issue reads and counts leave out: the issues and files a team ignored. */
export class Ignores extends Effect.Service<Ignores>()("@tidemark/core/Ignores", { effect: make }) {}

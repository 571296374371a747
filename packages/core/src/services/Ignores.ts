import { Effect } from "effect"
import { CommitAnalysis } from "../domain/CommitAnalysis.js"
import { IssueCounts, totalOf } from "../domain/IssueLoad.js"
import type { Shown } from "../domain/RepositoryView.js"
import type { IssueFilter, NamedCount } from "../domain/StoredResults.js"
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

  return withSpans("Ignores", { filterFor, shownWithout, shownOfPage, ignoresOf: triage.ignoresOf })
})

/** What the repository views, issue reads and counts leave out: the issues and files a team ignored. */
export class Ignores extends Effect.Service<Ignores>()("@tidemark/core/Ignores", { effect: make }) {}

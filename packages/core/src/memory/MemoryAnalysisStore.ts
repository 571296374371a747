import { Effect, Layer, Option } from "effect"
import type { CommitAnalysis } from "../domain/CommitAnalysis.js"
import type { CommitCoverage } from "../domain/CommitCoverage.js"
import type { ImportedIssues } from "../domain/ImportedIssues.js"
import { compareKeys, pageOfSorted } from "../domain/Pagination.js"
import { AnalysisStore } from "../ports/AnalysisStore.js"
import { coverageKey, MemoryAnalysisRows } from "./MemoryAnalysisRows.js"

const branchKey = (repositoryId: number, branch: string) => `${repositoryId}\u0000${branch}`

export const make = Effect.map(MemoryAnalysisRows, ({ reports: coverages }) => {
  /** Per repository and branch, the analyses by commit sha. */
  const analyses = new Map<string, Map<string, CommitAnalysis>>()
  /** Per commit, the imported issues by tool. */
  const imported = new Map<string, Map<string, ImportedIssues>>()
  const commitKey = (repositoryId: number, sha: string) => `${repositoryId}\u0000${sha}`

  const latestOf = (repositoryId: number, branch: string) => {
    let latest: CommitAnalysis | undefined
    for (const analysis of analyses.get(branchKey(repositoryId, branch))?.values() ?? []) {
      if (latest === undefined || analysis.endedAnalysis > latest.endedAnalysis) latest = analysis
    }
    return latest
  }

  return AnalysisStore.of({
    save: (analysis) =>
      Effect.sync(() => {
        const key = branchKey(analysis.repositoryId, analysis.branch)
        const commits = analyses.get(key) ?? new Map<string, CommitAnalysis>()
        commits.set(analysis.commit.sha, analysis)
        analyses.set(key, commits)
      }),
    latest: (branches) =>
      Effect.sync(() => {
        const found = new Map<number, CommitAnalysis>()
        for (const { branch, repositoryId } of branches) {
          const latest = latestOf(repositoryId, branch)
          if (latest !== undefined) found.set(repositoryId, latest)
        }
        return found
      }),
    find: (repositoryId, branch, sha) =>
      Effect.sync(() => Option.fromNullable(analyses.get(branchKey(repositoryId, branch))?.get(sha))),
    ofCommit: (repositoryId, sha) =>
      Effect.sync(() => {
        let latest: CommitAnalysis | undefined
        for (const [key, commits] of analyses) {
          const analysis = key.startsWith(`${repositoryId}\u0000`) ? commits.get(sha) : undefined
          if (analysis !== undefined && (latest === undefined || analysis.endedAnalysis > latest.endedAnalysis)) latest = analysis
        }
        return Option.fromNullable(latest)
      }),
    history: (repositoryId, branch, page) =>
      Effect.sync(() => {
        const keyOf = (a: CommitAnalysis) => [a.endedAnalysis, a.commit.sha]
        const all = [...(analyses.get(branchKey(repositoryId, branch))?.values() ?? [])].sort((a, b) => compareKeys(keyOf(b), keyOf(a)))
        const after = page.after === undefined ? undefined : [page.after.endedAnalysis, page.after.sha]
        const { items, total } = pageOfSorted(all, keyOf, { after, limit: page.limit }, (a, b) => compareKeys(b, a))
        return { items, total }
      }),
    coverage: (commits) =>
      Effect.sync(() => {
        const found = new Map<number, CommitCoverage>()
        for (const { commitSha, repositoryId } of commits) {
          const coverage = coverages.get(coverageKey({ repositoryId, commitSha }))
          if (coverage !== undefined) found.set(repositoryId, coverage)
        }
        return found
      }),
    coverageReports: (repositoryId, limit) =>
      Effect.sync(() =>
        [...coverages.values()]
          .filter((coverage) => coverage.repositoryId === repositoryId)
          .sort((a, b) => compareKeys([b.uploadedAt, a.commitSha], [a.uploadedAt, b.commitSha]))
          .slice(0, limit)
          .map((coverage) => ({
            coverage,
            analyses: [...analyses.values()].flatMap((commits) => {
              const analysis = commits.get(coverage.commitSha)
              return analysis !== undefined && analysis.repositoryId === repositoryId ? [analysis] : []
            }).sort((a, b) => compareKeys([a.branch], [b.branch]))
          }))
      ),
    saveImportedIssues: (all) =>
      Effect.sync(() => {
        for (const issues of all) {
          const key = commitKey(issues.repositoryId, issues.commitSha)
          const byTool = imported.get(key) ?? new Map<string, ImportedIssues>()
          byTool.set(issues.tool, issues)
          imported.set(key, byTool)
        }
      }),
    importedIssues: (commits) =>
      Effect.sync(() => {
        const found = new Map<number, ReadonlyArray<ImportedIssues>>()
        for (const { commitSha, repositoryId } of commits) {
          const byTool = imported.get(commitKey(repositoryId, commitSha))
          if (byTool !== undefined) found.set(repositoryId, [...byTool.values()].sort((a, b) => (a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0)))
        }
        return found
      })
  })
})

/** On the rows shared with the memory stores of results and coverage (which saves the reports it reads). */
export const layer = Layer.effect(AnalysisStore, make)

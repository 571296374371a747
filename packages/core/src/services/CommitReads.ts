import { Effect, Option } from "effect"
import type { ChangeAnalysis } from "../domain/ChangeAnalysis.js"
import {
  AnalysisMeta,
  CommitDeltaStatistics,
  CommitWithAnalysis,
  CoverageAnalysis,
  QualityAnalysis
} from "../domain/ChangeViews.js"
import type { CommitAnalysis } from "../domain/CommitAnalysis.js"
import { NotFound } from "../domain/Errors.js"
import { type Page, pageRequest } from "../domain/Pagination.js"
import type { Principal, RepositoryCoordinates } from "../domain/Principal.js"
import type { RepositoryRecord } from "../domain/Records.js"
import { commitView, storedCommitView } from "../domain/RepositoryView.js"
import { AnalysisStore } from "../ports/AnalysisStore.js"
import { ChangeStore } from "../ports/ChangeStore.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"
import { Access } from "./Access.js"
import { BranchAnalyses } from "./BranchAnalyses.js"
import { ChangeCoverageReads } from "./ChangeCoverageReads.js"
import { type DeltaIssueQuery, DeltaIssues } from "./DeltaIssues.js"
import { withSpans } from "../runtime/Spans.js"

type Caller = Option.Option<Principal>

export interface CommitListQuery {
  readonly branch?: string | undefined
  readonly cursor?: string | undefined
  readonly limit?: number | undefined
}

const make = Effect.gen(function*() {
  const access = yield* Access
  const branchAnalyses = yield* BranchAnalyses
  const analyses = yield* AnalysisStore
  const changes = yield* ChangeStore
  const repositories = yield* RepositoryStore
  const coverage = yield* ChangeCoverageReads
  const deltaIssues = yield* DeltaIssues

  const changeOf = (repositoryId: number, sha: string) =>
    Effect.map(changes.find({ repositoryId, subject: { kind: "commit", sha } }), Option.getOrUndefined)

  /** A commit with its analysis and what it changed, judged by the repository's commit gate as it is now. */
  const withAnalysis = (analysis: CommitAnalysis, change: ChangeAnalysis | undefined) =>
    Effect.gen(function*() {
      const commit = commitView(analysis)
      if (analysis.measures === undefined || change === undefined) {
        const reason = analysis.problems.map((p) => p.message).join("; ")
        return CommitWithAnalysis.make({
          commit,
          meta: AnalysisMeta.make({ analyzable: analysis.measures !== undefined, ...(reason === "" ? {} : { reason }) })
        })
      }
      const { coverage: measured, verdict } = yield* coverage.verdictOf(change, "commits")
      return CommitWithAnalysis.make({
        commit,
        coverage: CoverageAnalysis.make({
          ...(measured.head === undefined ? {} : { totalCoveragePercentage: Math.round(measured.head * 100) / 100 }),
          ...(measured.variation === undefined ? {} : { deltaCoveragePercentage: measured.variation }),
          ...(verdict.coverage === undefined ? {} : verdict.coverage)
        }),
        quality: QualityAnalysis.make({
          newIssues: change.newIssues,
          fixedIssues: change.fixedIssues,
          deltaComplexity: change.deltaComplexity,
          deltaClonesCount: change.deltaClonesCount,
          ...verdict.quality
        }),
        meta: AnalysisMeta.make({ analyzable: true })
      })
    })

  /** The repository and the commit's latest analysis; NotFound for a commit it has not stored or analysed. */
  const commitIn = (caller: Caller, at: RepositoryCoordinates, sha: string) =>
    Effect.gen(function*() {
      const { repository } = yield* access.repository(caller, at, "read")
      const analysis = yield* analyses.ofCommit(repository.id, sha)
      const record = Option.isSome(analysis) ? Option.some(analysis.value.commit) : yield* repositories.findCommit(repository.id, sha)
      if (Option.isNone(record)) return yield* new NotFound({ what: "commit", id: sha })
      return { repository, record: record.value, analysis: Option.getOrUndefined(analysis) }
    })

  const one = (caller: Caller, at: RepositoryCoordinates, sha: string) =>
    Effect.gen(function*() {
      const { analysis, record, repository } = yield* commitIn(caller, at, sha)
      if (analysis === undefined) {
        return CommitWithAnalysis.make({ commit: storedCommitView(record), meta: AnalysisMeta.make({ analyzable: true }) })
      }
      return yield* withAnalysis(analysis, yield* changeOf(repository.id, sha))
    })

  /** listRepositoryCommits: the analysed commits of a branch (the default one without `branch`), the latest analysis first. */
  const list = (caller: Caller, at: RepositoryCoordinates, query: CommitListQuery) =>
    Effect.gen(function*() {
      const request = yield* pageRequest(query.cursor, query.limit)
      const { repository } = yield* access.repository(caller, at, "read")
      const branch = yield* branchOf(repository, query.branch)
      const page = yield* branchAnalyses.page(repository.id, branch, request)
      return {
        items: yield* Effect.forEach(page.items, ({ analysis, change }) => withAnalysis(analysis, change)),
        pagination: page.pagination
      } satisfies Page<CommitWithAnalysis>
    })

  const branchOf = (repository: RepositoryRecord, name: string | undefined) =>
    Effect.gen(function*() {
      const branches = yield* repositories.listBranches(repository.id)
      const chosen = branches.find((b) => (name === undefined ? b.isDefault : b.name === name))
      if (chosen === undefined) return yield* new NotFound({ what: "branch", id: name ?? "(default)" })
      return chosen.name
    })

  const deltaStatistics = (caller: Caller, at: RepositoryCoordinates, sha: string) =>
    Effect.gen(function*() {
      const { analysis, repository } = yield* commitIn(caller, at, sha)
      const change = analysis?.measures === undefined ? undefined : yield* changeOf(repository.id, sha)
      if (change === undefined) return CommitDeltaStatistics.make({ commitUuid: sha, newIssues: 0, fixedIssues: 0, analyzed: false })
      const measured = yield* coverage.coverageOf(change)
      return CommitDeltaStatistics.make({
        commitUuid: sha,
        newIssues: change.newIssues,
        fixedIssues: change.fixedIssues,
        deltaComplexity: change.deltaComplexity,
        deltaClonesCount: change.deltaClonesCount,
        ...(measured.variation === undefined
          ? {}
          : { deltaCoverage: Math.trunc(measured.variation), deltaCoverageWithDecimals: measured.variation }),
        analyzed: true
      })
    })

  /**
   * The issues the commit added and fixed against the commit its branch analysed before it. Another
   * `targetCommitUuid` than that one cannot be compared (the older analyses' rows are pruned), so it
   * answers `analyzed: false`.
   */
  const issues = (caller: Caller, at: RepositoryCoordinates, sha: string, query: DeltaIssueQuery & { readonly targetCommitUuid?: string | undefined }) =>
    Effect.gen(function*() {
      const { analysis, repository } = yield* commitIn(caller, at, sha)
      // A page needs the change's two commits, not its files: the summary (ChangeStore.findSummary).
      const change = analysis?.measures === undefined
        ? undefined
        : Option.getOrUndefined(yield* changes.findSummary({ repositoryId: repository.id, subject: { kind: "commit", sha } }))
      const target = query.targetCommitUuid
      const comparable = change !== undefined && (target === undefined || target === "" || target === change.baseSha)
      return yield* deltaIssues.page(repository, { kind: "commit", sha }, comparable ? change : undefined, query)
    })

  return withSpans("CommitReads", { one, list, deltaStatistics, issues, find: commitIn, changeOf })
})

/** The original API's commit operations, read from the stored analyses and what each commit changed. */
export class CommitReads extends Effect.Service<CommitReads>()("@tidemark/core/CommitReads", {
  effect: make,
  dependencies: [Access.Default, BranchAnalyses.Default, ChangeCoverageReads.Default, DeltaIssues.Default]
}) {}

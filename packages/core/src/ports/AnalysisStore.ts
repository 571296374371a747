import { Context, type Effect, type Option } from "effect"
import type { CommitAnalysis } from "../domain/CommitAnalysis.js"
import type { CommitCoverage } from "../domain/CommitCoverage.js"
import type { ImportedIssues } from "../domain/ImportedIssues.js"
import type { ServiceUnavailable } from "../domain/Errors.js"

export interface CommitOf {
  readonly repositoryId: number
  readonly commitSha: string
}

/** A coverage report and the analyses of its commit, on every branch that analysed it. */
export interface CoverageReportOf {
  readonly coverage: CommitCoverage
  readonly analyses: ReadonlyArray<CommitAnalysis>
}

export interface BranchOf {
  readonly repositoryId: number
  readonly branch: string
}

/**
 * The analyses of commits, one per repository, branch and commit; the coverage reports uploaded for
 * commits, one per repository and commit (saved through LineCoverageStore); the issues imported from SARIF logs, one per repository,
 * commit and tool (a new one replaces the old).
 */
export class AnalysisStore extends Context.Tag("@tidemark/core/AnalysisStore")<
  AnalysisStore,
  {
    readonly save: (analysis: CommitAnalysis) => Effect.Effect<void, ServiceUnavailable>
    /**
     * The latest analysis (by `endedAnalysis`) of each branch asked for, by repository id: a list
     * page asks for the default branch of each of its repositories in one call.
     */
    readonly latest: (branches: ReadonlyArray<BranchOf>) => Effect.Effect<ReadonlyMap<number, CommitAnalysis>, ServiceUnavailable>
    readonly find: (repositoryId: number, branch: string, sha: string) => Effect.Effect<Option.Option<CommitAnalysis>, ServiceUnavailable>
    /** The latest analysis (by `endedAnalysis`) of a commit, whichever branch analysed it. */
    readonly ofCommit: (repositoryId: number, sha: string) => Effect.Effect<Option.Option<CommitAnalysis>, ServiceUnavailable>
    /**
     * A branch's analyses, the latest first (by `endedAnalysis`, then by commit sha), after the
     * `(endedAnalysis, sha)` of the last one of the previous page; and how many the branch has.
     */
    readonly history: (
      repositoryId: number,
      branch: string,
      page: { readonly after?: { readonly endedAnalysis: string; readonly sha: string } | undefined; readonly limit: number }
    ) => Effect.Effect<{ readonly items: ReadonlyArray<CommitAnalysis>; readonly total: number }, ServiceUnavailable>
    /** The coverage of each commit asked for that has one, by repository id (one commit per repository). */
    readonly coverage: (commits: ReadonlyArray<CommitOf>) => Effect.Effect<ReadonlyMap<number, CommitCoverage>, ServiceUnavailable>
    /** The repository's latest coverage reports, the latest upload first (then by commit). */
    readonly coverageReports: (repositoryId: number, limit: number) => Effect.Effect<ReadonlyArray<CoverageReportOf>, ServiceUnavailable>
    /**
     * Replaces, for each entry, the results of its tool for its commit: all of them or none (one
     * SARIF log, one write).
     */
    readonly saveImportedIssues: (issues: ReadonlyArray<ImportedIssues>) => Effect.Effect<void, ServiceUnavailable>
    /** The imported results of each commit asked for, every tool's, by repository id (one commit per repository). */
    readonly importedIssues: (
      commits: ReadonlyArray<CommitOf>
    ) => Effect.Effect<ReadonlyMap<number, ReadonlyArray<ImportedIssues>>, ServiceUnavailable>
  }
>() {}

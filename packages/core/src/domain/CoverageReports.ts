import { Schema } from "effect"
import { Branch } from "./Branch.js"
import { Commit } from "./Commit.js"
import type { CommitAnalysis } from "./CommitAnalysis.js"
import type { CommitCoverage } from "./CommitCoverage.js"
import type { BranchRecord } from "./Records.js"
import { branchView, commitView } from "./RepositoryView.js"
import { DateTimeString } from "./Rfc3339.js"

/**
 * listCoverageReports' resources. A report is `Processed` once a branch's analysis of its commit
 * measured it, `CommitNotAnalysed` until then (it waits, kept, for the analysis). Reports are
 * whole (one per commit, a new upload replaces it) and name no language: `Pending` and
 * `MissingFinal` belong to partial uploads, which Tidemark does not take yet.
 */

export class CommitWithBranches extends Commit.extend<CommitWithBranches>("CommitWithBranches")({
  branches: Schema.optional(Schema.Array(Branch))
}) {}

export const CoverageReportStatus = Schema.Literal(
  "Pending",
  "Processed",
  "CommitNotAnalysed",
  "CommitNotFound",
  "BranchNotEnabled",
  "MissingFinal"
)

export class CoverageReport extends Schema.Class<CoverageReport>("CoverageReport")({
  targetCommitSha: Schema.String,
  commit: Schema.optional(CommitWithBranches),
  language: Schema.optional(Schema.String),
  createdAt: DateTimeString,
  status: CoverageReportStatus
}) {}

export class CoverageReportsData extends Schema.Class<CoverageReportsData>("CoverageReportsData")({
  hasCoverageOverview: Schema.optional(Schema.Boolean),
  lastReports: Schema.optional(Schema.Array(CoverageReport))
}) {}

export class CoverageReportResponse extends Schema.Class<CoverageReportResponse>("CoverageReportResponse")({
  data: CoverageReportsData
}) {}

/**
 * A report with the analyses of its commit (any branch): the commit as the latest of them shows it,
 * with the branches that analysed it.
 */
export const coverageReportOf = (
  coverage: CommitCoverage,
  analyses: ReadonlyArray<CommitAnalysis>,
  branches: ReadonlyArray<BranchRecord>
): CoverageReport => {
  const measured = analyses.filter((analysis) => analysis.measures !== undefined)
  const latest = [...measured].sort((a, b) => (a.endedAnalysis < b.endedAnalysis ? 1 : -1))[0]
  const analysedOn = new Set(measured.map((analysis) => analysis.branch))
  return CoverageReport.make({
    targetCommitSha: coverage.commitSha,
    ...(latest === undefined ? {} : {
      commit: CommitWithBranches.make({
        ...commitView(latest),
        branches: branches.filter((branch) => analysedOn.has(branch.name)).map(branchView)
      })
    }),
    createdAt: coverage.uploadedAt,
    status: latest === undefined ? "CommitNotAnalysed" : "Processed"
  })
}

/** The Quality overview can chart coverage once a report is processed. */
export const coverageReportResponseOf = (reports: ReadonlyArray<CoverageReport>): CoverageReportResponse =>
  CoverageReportResponse.make({
    data: CoverageReportsData.make({
      hasCoverageOverview: reports.some((report) => report.status === "Processed"),
      lastReports: reports
    })
  })

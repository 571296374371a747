import { Schema } from "effect"
import { DeltaType } from "./ChangeAnalysis.js"
import { Commit } from "./Commit.js"
import { CoverageReport } from "./CoverageReports.js"
import { CloneDuplicationBlock, FileMetadata } from "./FileViews.js"
import { AnalysisResultReason } from "./GateVerdict.js"
import { CommitIssue } from "./IssueViews.js"
import { DateTimeString } from "./Rfc3339.js"

/**
 * The original API's resources about changes (commits and pull requests): what each one added and
 * fixed, its coverage and the gate's verdict. Fields the original fills from things Tidemark does
 * not have (avatars) are left out where optional.
 */

const Int64 = Schema.Int.annotations({ jsonSchema: { type: "integer", format: "int64" } })

export class AnalysisMeta extends Schema.Class<AnalysisMeta>("AnalysisMeta")({
  analyzable: Schema.Boolean,
  reason: Schema.optional(Schema.String)
}) {}

export class QualityAnalysis extends Schema.Class<QualityAnalysis>("QualityAnalysis")({
  newIssues: Schema.optional(Schema.Int),
  fixedIssues: Schema.optional(Schema.Int),
  deltaComplexity: Schema.optional(Schema.Int),
  deltaClonesCount: Schema.optional(Schema.Int),
  isUpToStandards: Schema.optional(Schema.Boolean),
  resultReasons: Schema.optional(Schema.Array(AnalysisResultReason))
}) {}

export const DiffCoverageCause = Schema.Literal("ValueIsPresent", "NoCoverableLines", "MissingRequirements")

export class DiffCoverage extends Schema.Class<DiffCoverage>("DiffCoverage")({
  value: Schema.optional(Schema.Number),
  coveredLines: Schema.optional(Schema.Int),
  coverableLines: Schema.optional(Schema.Int),
  cause: DiffCoverageCause
}) {}

export class PullRequestCoverage extends Schema.Class<PullRequestCoverage>("PullRequestCoverage")({
  deltaCoverage: Schema.optional(Schema.Number),
  diffCoverage: Schema.optional(DiffCoverage),
  isUpToStandards: Schema.optional(Schema.Boolean),
  resultReasons: Schema.optional(Schema.Array(AnalysisResultReason))
}) {}

export class PullRequestOwner extends Schema.Class<PullRequestOwner>("PullRequestOwner")({
  name: Schema.String,
  avatarUrl: Schema.optional(Schema.String),
  username: Schema.optional(Schema.String),
  email: Schema.optional(Schema.String)
}) {}

export class PullRequestView extends Schema.Class<PullRequestView>("PullRequest")({
  id: Int64,
  number: Schema.Int,
  updated: DateTimeString,
  status: Schema.String,
  repository: Schema.String,
  title: Schema.String,
  owner: PullRequestOwner,
  headCommitSha: Schema.String,
  commonAncestorCommitSha: Schema.String,
  originBranch: Schema.optional(Schema.String),
  targetBranch: Schema.optional(Schema.String),
  gitHref: Schema.String
}) {}

/** Our extension: who bypassed the gate for the analysed head (bypassPullRequestAnalysis), and when. */
export class GateBypass extends Schema.Class<GateBypass>("GateBypass")({
  bypassedBy: Schema.String,
  bypassedAt: DateTimeString
}) {}

export class PullRequestWithAnalysis extends Schema.Class<PullRequestWithAnalysis>("PullRequestWithAnalysis")({
  isUpToStandards: Schema.optional(Schema.Boolean),
  isAnalysing: Schema.Boolean,
  pullRequest: PullRequestView,
  newIssues: Schema.optional(Schema.Int),
  fixedIssues: Schema.optional(Schema.Int),
  deltaComplexity: Schema.optional(Schema.Int),
  deltaClonesCount: Schema.optional(Schema.Int),
  deltaCoverageWithDecimals: Schema.optional(Schema.Number),
  deltaCoverage: Schema.optional(Schema.Int),
  diffCoverage: Schema.optional(Schema.Number),
  coverage: Schema.optional(PullRequestCoverage),
  quality: Schema.optional(QualityAnalysis),
  meta: AnalysisMeta,
  bypass: Schema.optional(GateBypass)
}) {}

export class CoverageAnalysis extends Schema.Class<CoverageAnalysis>("CoverageAnalysis")({
  totalCoveragePercentage: Schema.optional(Schema.Number),
  deltaCoveragePercentage: Schema.optional(Schema.Number),
  isUpToStandards: Schema.optional(Schema.Boolean),
  resultReasons: Schema.optional(Schema.Array(AnalysisResultReason))
}) {}

export class CommitWithAnalysis extends Schema.Class<CommitWithAnalysis>("CommitWithAnalysis")({
  commit: Commit,
  coverage: Schema.optional(CoverageAnalysis),
  quality: Schema.optional(QualityAnalysis),
  meta: AnalysisMeta
}) {}

export class CommitDeltaStatistics extends Schema.Class<CommitDeltaStatistics>("CommitDeltaStatistics")({
  commitUuid: Schema.String,
  newIssues: Schema.Int,
  fixedIssues: Schema.Int,
  deltaComplexity: Schema.optional(Schema.Int),
  deltaCoverage: Schema.optional(Schema.Int),
  deltaCoverageWithDecimals: Schema.optional(Schema.Number),
  deltaClonesCount: Schema.optional(Schema.Int),
  analyzed: Schema.Boolean
}) {}

export class CommitDeltaIssue extends Schema.Class<CommitDeltaIssue>("CommitDeltaIssue")({
  commitIssue: CommitIssue,
  deltaType: DeltaType
}) {}

export const IssueStatusParam = Schema.Literal("all", "new", "fixed")
export type IssueStatusParam = typeof IssueStatusParam.Type

export class PullRequestWithCoverage extends Schema.Class<PullRequestWithCoverage>("PullRequestWithCoverage")({
  pullRequest: PullRequestView,
  coverage: PullRequestCoverage
}) {}

export class DiffLineHit extends Schema.Class<DiffLineHit>("DiffLineHit")({
  lineNumber: Schema.String,
  hits: Int64
}) {}

export class FileDiffCoverage extends Schema.Class<FileDiffCoverage>("FileDiffCoverage")({
  fileName: Schema.String,
  coverage: Schema.Number,
  variation: Schema.optional(Schema.Number),
  diff: Schema.optional(DiffCoverage),
  diffLineHits: Schema.Array(DiffLineHit)
}) {}

export class CommitFileClone extends Schema.Class<CommitFileClone>("CommitFileClone")({
  id: Int64,
  status: DeltaType,
  clones: Schema.Array(CloneDuplicationBlock)
}) {}

export class FileDeltaCoverageAnalysis extends Schema.Class<FileDeltaCoverageAnalysis>("FileDeltaCoverageAnalysis")({
  deltaCoverage: Schema.optional(Schema.Number),
  totalCoverage: Schema.optional(Schema.Number)
}) {}

export class FileDeltaQualityAnalysis extends Schema.Class<FileDeltaQualityAnalysis>("FileDeltaQualityAnalysis")({
  deltaNewIssues: Schema.Int,
  deltaFixedIssues: Schema.Int,
  deltaComplexity: Schema.optional(Schema.Int),
  deltaClonesCount: Schema.optional(Schema.Int)
}) {}

export class ComparedWithCommit extends Schema.Class<ComparedWithCommit>("ComparedWithCommit")({
  commitId: Int64,
  coverage: Schema.optional(Schema.Struct({ totalCoverage: Schema.optional(Schema.Number) }))
}) {}

export class FileDeltaAnalysis extends Schema.Class<FileDeltaAnalysis>("FileDeltaAnalysis")({
  file: FileMetadata,
  coverage: Schema.optional(FileDeltaCoverageAnalysis),
  quality: Schema.optional(FileDeltaQualityAnalysis),
  comparedWithCommit: Schema.optional(ComparedWithCommit)
}) {}

export class DiffResponse extends Schema.Class<DiffResponse>("DiffResponse")({
  diff: Schema.String
}) {}

export class CoveragePullRequestCommitDetail extends Schema.Class<CoveragePullRequestCommitDetail>("CoveragePullRequestCommitDetail")({
  commitId: Int64,
  commitSha: Schema.String,
  reports: Schema.Array(CoverageReport)
}) {}

export class CoveragePullRequest extends Schema.Class<CoveragePullRequest>("CoveragePullRequest")({
  headCommit: CoveragePullRequestCommitDetail,
  commonAncestorCommit: CoveragePullRequestCommitDetail,
  origin: CoveragePullRequestCommitDetail,
  target: CoveragePullRequestCommitDetail
}) {}

export const FileDeltaSort = Schema.Literal("totalCoverage", "deltaCoverage", "filename")
export type FileDeltaSort = typeof FileDeltaSort.Type

/**
 * Pull requests and commits as the change operations answer them (issue 14; the subset the pages
 * show): a pull request with its gate's verdict, the issues a change added and fixed, diff coverage
 * per file, a commit with its verdict, and our branch history (grade and issue count per commit).
 */
import { type Issue, readIssue } from "../results/Results.js"
import { array, boolean, field, literal, number, optional, type Reader, record, string, struct } from "../shared/Decode.js"
import { data, type Page, page } from "../shared/Envelope.js"

export const diffCoverageCauses = ["ValueIsPresent", "NoCoverableLines", "MissingRequirements"] as const
export type DiffCoverageCause = (typeof diffCoverageCauses)[number]

export interface DiffCoverage {
  readonly value?: number | undefined
  readonly coveredLines?: number | undefined
  readonly coverableLines?: number | undefined
  readonly cause: DiffCoverageCause
}

/** One rule of a gate and whether the change meets it. */
export interface GateReason {
  readonly gate: string
  readonly expected?: number | undefined
  readonly expectedThreshold: { readonly threshold: number; readonly minimumSeverity?: string | undefined; readonly minimumPriority?: string | undefined }
  readonly isUpToStandards: boolean
}

export interface Verdict {
  readonly isUpToStandards?: boolean | undefined
  readonly resultReasons?: ReadonlyArray<GateReason> | undefined
}

export interface PullRequestWithAnalysis {
  readonly isUpToStandards?: boolean | undefined
  readonly isAnalysing: boolean
  readonly pullRequest: {
    readonly number: number
    readonly title: string
    readonly status: string
    readonly updated: string
    readonly owner: { readonly name: string }
    readonly originBranch?: string | undefined
    readonly targetBranch?: string | undefined
    readonly headCommitSha: string
    readonly commonAncestorCommitSha: string
  }
  readonly newIssues?: number | undefined
  readonly fixedIssues?: number | undefined
  readonly deltaComplexity?: number | undefined
  readonly deltaClonesCount?: number | undefined
  readonly coverage?: (Verdict & { readonly deltaCoverage?: number | undefined; readonly diffCoverage?: DiffCoverage | undefined }) | undefined
  readonly quality?: Verdict | undefined
  readonly meta: { readonly analyzable: boolean; readonly reason?: string | undefined }
}

export interface DeltaIssue {
  readonly commitIssue: Issue
  readonly deltaType: "Added" | "Fixed"
}

/** The issues a change added and fixed; `analyzed` false when it could not be compared. */
export interface DeltaIssues {
  readonly analyzed: boolean
  readonly data: ReadonlyArray<DeltaIssue>
}

/** A file's diff coverage in a pull request (the coverage API's pull-request files). */
export interface FileDiffCoverage {
  readonly fileName: string
  readonly coverage?: number | undefined
  readonly variation?: number | undefined
  readonly diff?: DiffCoverage | undefined
  /** The hits of each changed line a report counts (its number as a string, as the original sends it). */
  readonly diffLineHits?: ReadonlyArray<{ readonly lineNumber: string; readonly hits: number }> | undefined
}

export interface CommitWithAnalysis {
  readonly commit: { readonly sha: string }
  readonly quality?: Verdict | undefined
  readonly coverage?: Verdict | undefined
  readonly meta: { readonly analyzable: boolean; readonly reason?: string | undefined }
}

/** Our extension: one analysed commit of a branch with the grade and issue count it had. */
export interface BranchHistoryEntry {
  readonly sha: string
  readonly message: string
  readonly authorName: string
  readonly commitTimestamp: string
  readonly endedAnalysis: string
  readonly grade?: number | undefined
  readonly gradeLetter?: string | undefined
  readonly issuesCount?: number | undefined
  readonly loc?: number | undefined
  readonly newIssues?: number | undefined
  readonly fixedIssues?: number | undefined
}

// ---- Readers ---------------------------------------------------------------------------------

const diffCoverage = struct<DiffCoverage>({
  value: optional(number),
  coveredLines: optional(number),
  coverableLines: optional(number),
  cause: literal(...diffCoverageCauses)
})

const reason = struct<GateReason>({
  gate: string,
  expected: optional(number),
  expectedThreshold: struct<GateReason["expectedThreshold"]>({ threshold: number, minimumSeverity: optional(string), minimumPriority: optional(string) }),
  isUpToStandards: boolean
})

const verdictFields = { isUpToStandards: optional(boolean), resultReasons: optional(array(reason)) }
const meta = struct<PullRequestWithAnalysis["meta"]>({ analyzable: boolean, reason: optional(string) })

const pullRequest = struct<PullRequestWithAnalysis>({
  isUpToStandards: optional(boolean),
  isAnalysing: boolean,
  pullRequest: struct<PullRequestWithAnalysis["pullRequest"]>({
    number,
    title: string,
    status: string,
    updated: string,
    owner: struct<{ readonly name: string }>({ name: string }),
    originBranch: optional(string),
    targetBranch: optional(string),
    headCommitSha: string,
    commonAncestorCommitSha: string
  }),
  newIssues: optional(number),
  fixedIssues: optional(number),
  deltaComplexity: optional(number),
  deltaClonesCount: optional(number),
  coverage: optional(struct<NonNullable<PullRequestWithAnalysis["coverage"]>>({
    ...verdictFields,
    deltaCoverage: optional(number),
    diffCoverage: optional(diffCoverage)
  })),
  quality: optional(struct<Verdict>(verdictFields)),
  meta
})

const deltaIssuePage = page(struct<DeltaIssue>({ commitIssue: readIssue, deltaType: literal("Added", "Fixed") }))

const fileDiffCoverage = struct<FileDiffCoverage>({
  fileName: string,
  coverage: optional(number),
  variation: optional(number),
  diff: optional(diffCoverage),
  diffLineHits: optional(array(struct<NonNullable<FileDiffCoverage["diffLineHits"]>[number]>({ lineNumber: string, hits: number })))
})

const commit = struct<CommitWithAnalysis>({
  commit: struct<CommitWithAnalysis["commit"]>({ sha: string }),
  quality: optional(struct<Verdict>(verdictFields)),
  coverage: optional(struct<Verdict>(verdictFields)),
  meta
})

const historyEntry = struct<BranchHistoryEntry>({
  sha: string,
  message: string,
  authorName: string,
  commitTimestamp: string,
  endedAnalysis: string,
  grade: optional(number),
  gradeLetter: optional(string),
  issuesCount: optional(number),
  loc: optional(number),
  newIssues: optional(number),
  fixedIssues: optional(number)
})

export const readPullRequestPage = page(pullRequest)
// getRepositoryPullRequest answers the pull request without a `data` envelope, as the original does.
export const readPullRequest = pullRequest
/** A page of delta issues: `{analyzed, data, pagination}`. */
export const readDeltaIssuePage: Reader<Page<DeltaIssue> & { readonly analyzed: boolean }> = (value, path) => ({
  ...deltaIssuePage(value, path),
  analyzed: field(record(value, path), "analyzed", boolean, path)
})
export const readFileDiffCoverage = data(array(fileDiffCoverage))
export const readCommitPage = page(commit)
export const readBranchHistory = page(historyEntry)

/** A branch as listRepositoryBranches answers it (the fields the branch selector uses). */
export interface BranchSummary {
  readonly name: string
  readonly isDefault: boolean
  readonly isEnabled: boolean
  readonly lastCommit?: string | undefined
  /** Our extension: the commit of the branch's latest analysis. */
  readonly lastAnalysedCommit?: string | undefined
}

export const readBranchPage = page(struct<BranchSummary>({
  name: string,
  isDefault: boolean,
  isEnabled: boolean,
  lastCommit: optional(string),
  lastAnalysedCommit: optional(string)
}))

/** A security finding the pull request brings in (our extension's answer: SAST, secrets, vulnerable dependencies). */
export interface NewSecurityFinding {
  readonly title: string
  readonly priority: string
  readonly scanType: string
  readonly cwe?: string | undefined
  readonly cve?: string | undefined
  readonly filePath?: string | undefined
  readonly line?: number | undefined
  readonly additionalInfo?: string | undefined
}

export const readNewSecurityFindings = data(array(struct<NewSecurityFinding>({
  title: string,
  priority: string,
  scanType: string,
  cwe: optional(string),
  cve: optional(string),
  filePath: optional(string),
  line: optional(number),
  additionalInfo: optional(string)
})))

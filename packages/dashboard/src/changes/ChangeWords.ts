/**
 * How a change's analysis reads in words: the verdict of a pull request or commit, each rule of a
 * gate, and why diff coverage is not known.
 */
import { dash, formatCount, formatPercent } from "../shared/Format.js"
import type { BranchHistoryEntry, CommitWithAnalysis, DiffCoverage, DiffCoverageCause, FileDiffCoverage, GateReason, PullRequestWithAnalysis } from "./Changes.js"

export type VerdictKind = "up" | "down" | "analysing" | "unanalysable" | "none"

export interface VerdictBadge {
  readonly kind: VerdictKind
  readonly label: string
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

const badgeOf = (isUpToStandards: boolean | undefined): VerdictBadge =>
  isUpToStandards === undefined
    ? { kind: "none", label: "No verdict" }
    : isUpToStandards
    ? { kind: "up", label: "Up to standards" }
    : { kind: "down", label: "Not up to standards" }

/** A pull request's verdict: analysing first (a new head is on its way), then whether it could be analysed. */
export const pullRequestVerdict = (pr: PullRequestWithAnalysis): VerdictBadge => {
  if (pr.isAnalysing) return { kind: "analysing", label: "Analysing" }
  if (!pr.meta.analyzable) return { kind: "unanalysable", label: "Not analysable" }
  return badgeOf(pr.isUpToStandards)
}

/** A commit's verdict: its quality and coverage rules together. */
export const commitVerdict = (commit: CommitWithAnalysis | undefined): VerdictBadge => {
  if (commit === undefined) return badgeOf(undefined)
  if (!commit.meta.analyzable) return { kind: "unanalysable", label: "Not analysable" }
  const parts = [commit.quality?.isUpToStandards, commit.coverage?.isUpToStandards].filter((v) => v !== undefined)
  return badgeOf(parts.length === 0 ? undefined : parts.every((v) => v))
}

const severity = (minimum: string | undefined) => (minimum === undefined ? "" : ` of severity ${minimum} or worse`)

const signed = (value: number) => `${value > 0 ? "+" : ""}${formatPercent(value).replace(" %", "")} percentage points`

/** One rule of a gate as a sentence: what the change must stay within. */
export const gateRule = (reason: GateReason): string => {
  const { minimumPriority, minimumSeverity, threshold } = reason.expectedThreshold
  switch (reason.gate) {
    case "issueThreshold":
      return `At most ${plural(threshold, "new issue", "new issues")}${severity(minimumSeverity)}`
    case "securityIssueThreshold":
      return `At most ${plural(threshold, "new security issue", "new security issues")}${severity(minimumSeverity)}`
    case "securityFindingThreshold":
      return `At most ${plural(threshold, "new security finding", "new security findings")}${minimumPriority === undefined ? "" : ` of priority ${minimumPriority} or higher`}`
    case "duplicationThreshold":
      return `At most ${plural(threshold, "new duplicated block", "new duplicated blocks")}`
    case "complexityThreshold":
      return `Complexity added at most ${threshold}`
    case "coverageThreshold":
    case "coverageThresholdWithDecimals":
      return `Coverage changes by at least ${signed(threshold)}`
    case "diffCoverageThreshold":
      return `At least ${formatPercent(threshold)} of the changed lines covered`
    default:
      return `${reason.gate}: threshold ${threshold}`
  }
}

export const ruleState = (reason: GateReason): string => (reason.isUpToStandards ? "met" : "not met")

/** Why a pull request's diff coverage has no value. */
export const diffCoverageCause = (cause: DiffCoverageCause): string => {
  switch (cause) {
    case "ValueIsPresent":
      return "Measured."
    case "NoCoverableLines":
      return "None of the changed lines is one the coverage report counts."
    case "MissingRequirements":
      return "Not known: no coverage report has been uploaded for the head commit."
  }
}

/** A diff coverage's value, or in words why there is none. */
export const diffCoverageText = (diff: DiffCoverage | undefined): string => {
  if (diff === undefined) return "Not known."
  if (diff.value === undefined) return diffCoverageCause(diff.cause)
  const lines = diff.coverableLines === undefined
    ? ""
    : ` (${formatCount(diff.coveredLines)} of ${formatCount(diff.coverableLines)} changed ${diff.coverableLines === 1 ? "line" : "lines"})`
  return `${formatPercent(diff.value)}${lines}`
}

/** The changed lines of a file its report counts but the tests did not run, or why none is listed. */
export const unrunLines = (file: FileDiffCoverage): string => {
  if (file.diffLineHits === undefined || file.diffLineHits.length === 0) return "none counted"
  const unrun = file.diffLineHits.filter((line) => line.hits === 0).map((line) => line.lineNumber)
  return unrun.length === 0 ? "none" : unrun.join(", ")
}

/**
 * A commit's grade in the branch's history: `B (72)`; "Not graded" when its analysis measured and
 * read too little of the code to grade it (its counts are there, its grade is not); a dash without
 * measures.
 */
export const historyGrade = (entry: BranchHistoryEntry): string =>
  entry.gradeLetter !== undefined
    ? `${entry.gradeLetter} (${formatCount(entry.grade)})`
    : entry.loc === undefined
    ? dash
    : "Not graded"

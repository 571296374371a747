import type { ChangeViews, GateVerdict } from "@tidemark/core"
import { renderTable } from "./Table.js"

/** What `tidemark gate` prints of a change's analysis: its numbers, its new issues, the gate's rules, the verdict. */

/** A reason of the gate with the side of the gate it belongs to. */
export interface GateRule {
  readonly kind: "quality" | "coverage"
  readonly reason: GateVerdict.AnalysisResultReason
}

/** An analysed change, as the gate judges it: a pull request's or a commit's numbers in one shape. */
export interface JudgedChange {
  readonly title: string
  readonly newIssues: number
  readonly fixedIssues: number
  readonly coverage: string
  readonly rules: ReadonlyArray<GateRule>
  readonly isUpToStandards: boolean
}

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`

const points = (value: number) => `${value >= 0 ? "+" : ""}${value} points`

const rulesOf = (
  quality: { readonly resultReasons?: ReadonlyArray<GateVerdict.AnalysisResultReason> | undefined } | undefined,
  coverage: { readonly resultReasons?: ReadonlyArray<GateVerdict.AnalysisResultReason> | undefined } | undefined
): ReadonlyArray<GateRule> => [
  ...(quality?.resultReasons ?? []).map((reason) => ({ kind: "quality" as const, reason })),
  ...(coverage?.resultReasons ?? []).map((reason) => ({ kind: "coverage" as const, reason }))
]

export const judgedPullRequest = (pr: ChangeViews.PullRequestWithAnalysis): JudgedChange => {
  const { pullRequest } = pr
  const diff = pr.coverage?.diffCoverage
  const variation = pr.coverage?.deltaCoverage
  const diffText = diff?.value !== undefined
    ? `diff coverage ${diff.value} %${diff.coverableLines === undefined ? "" : ` (${diff.coveredLines ?? 0} of ${diff.coverableLines} lines)`}`
    : diff?.cause === "NoCoverableLines"
    ? "no coverable line added"
    : undefined
  const coverage = diffText === undefined && variation === undefined
    ? "no coverage report for the head"
    : [diffText ?? "diff coverage -", ...(variation === undefined ? [] : [`variation ${points(variation)}`])].join(", ")
  return {
    title: `Pull request #${pullRequest.number} "${pullRequest.title}" (${pullRequest.originBranch ?? "?"} → ${
      pullRequest.targetBranch ?? "?"
    }) at ${pullRequest.headCommitSha.slice(0, 12)}`,
    newIssues: pr.newIssues ?? 0,
    fixedIssues: pr.fixedIssues ?? 0,
    coverage,
    rules: rulesOf(pr.quality, pr.coverage),
    isUpToStandards: pr.isUpToStandards === true
  }
}

export const judgedCommit = (c: ChangeViews.CommitWithAnalysis): JudgedChange => {
  const total = c.coverage?.totalCoveragePercentage
  const variation = c.coverage?.deltaCoveragePercentage
  const coverage = total === undefined
    ? "no coverage report for the commit"
    : `${total} %${variation === undefined ? "" : `, variation ${points(variation)}`}`
  const rules = rulesOf(c.quality, c.coverage)
  return {
    title: `Commit ${c.commit.sha.slice(0, 12)} "${c.commit.message.split("\n")[0] ?? ""}"`,
    newIssues: c.quality?.newIssues ?? 0,
    fixedIssues: c.quality?.fixedIssues ?? 0,
    coverage,
    rules,
    isUpToStandards: rules.every((rule) => rule.reason.isUpToStandards)
  }
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim()

export const issuesTable = (issues: ReadonlyArray<ChangeViews.CommitDeltaIssue>) =>
  issues.length === 0
    ? "No new issues."
    : renderTable(
      ["file:line", "pattern", "severity", "message"],
      issues.map(({ commitIssue: i }) => [`${i.filePath}:${i.lineNumber}`, i.patternInfo.id, i.patternInfo.severityLevel, oneLine(i.message)])
    )

const threshold = ({ reason }: GateRule) =>
  `${reason.expectedThreshold.threshold}${
    reason.expectedThreshold.minimumSeverity === undefined ? "" : ` (${reason.expectedThreshold.minimumSeverity} or worse)`
  }`

export const rulesTable = (rules: ReadonlyArray<GateRule>) =>
  rules.length === 0
    ? "No rule of the gate is on."
    : renderTable(
      ["gate", "kind", "threshold", "met"],
      rules.map((rule) => [rule.reason.gate, rule.kind, threshold(rule), rule.reason.isUpToStandards ? "yes" : "no"])
    )

export const verdictLine = (change: JudgedChange) => {
  if (change.isUpToStandards) return "verdict: up to standards"
  const unmet = change.rules.filter((rule) => !rule.reason.isUpToStandards).map((rule) => rule.reason.gate)
  return `verdict: not up to standards (${unmet.join(", ")})`
}

/** The whole report, verdict last. */
export const gateReport = (change: JudgedChange, issues: ReadonlyArray<ChangeViews.CommitDeltaIssue>) =>
  [
    `${change.title}: ${count(change.newIssues, "new issue")}, ${change.fixedIssues} fixed`,
    `coverage: ${change.coverage}`,
    "",
    issuesTable(issues),
    "",
    rulesTable(change.rules),
    "",
    verdictLine(change)
  ].join("\n")

import { Schema } from "effect"
import type { IssueResult } from "./AnalysisResults.js"
import type { SeverityLevel } from "./Pattern.js"
import { applyFixes } from "./QuickFix.js"
import { mostPressingFirst, type SecurityFinding } from "./SecurityItems.js"

/**
 * What Tidemark writes in a pull request, where the repository opted in: a comment on the line of
 * each new issue the pull request's diff holds, and one summary of the gate's verdict. Each carries
 * a hidden marker, so that on the next head the host's own comments tell which are Tidemark's and
 * of which issue: one is updated in place, never posted twice.
 */

/** The summary's marker: the one comment of Tidemark's that is not on a line. */
export const summaryMarker = "<!-- tidemark:summary -->"

/** The marker of an issue's comment: its identity, which holds from head to head while the issue does. */
export const issueMarker = (issueId: string) => `<!-- tidemark:issue:${issueId} -->`

/** The issue a comment of Tidemark's is about, if it is one. */
export const issueIdOfComment = (body: string): string | undefined => /<!-- tidemark:issue:(\S+) -->/.exec(body)?.[1]

/** Whether a comment is Tidemark's summary. */
export const isSummary = (body: string): boolean => body.includes(summaryMarker)

/** An inline comment: on the head's `line` of `path`. */
export class IssueComment extends Schema.Class<IssueComment>("IssueComment")({
  issueId: Schema.String,
  path: Schema.String,
  line: Schema.Int,
  body: Schema.String
}) {}

/** Everything written for one head of a pull request. */
export class Decoration extends Schema.Class<Decoration>("Decoration")({
  headSha: Schema.String,
  summary: Schema.String,
  /** The new issues on lines the pull request adds or alters (a host takes comments only on its diff). */
  comments: Schema.Array(IssueComment),
  /** Every new issue of the head, commented or not: a comment of an issue not among them was fixed. */
  newIssueIds: Schema.Array(Schema.String)
}) {}

/** The most inline comments written for one head: the rest are counted in the summary. */
export const commentLimit = 50

/** The severities as people read them (the dashboard's and the original's names). */
const severityNames: Record<SeverityLevel, string> = { Error: "Critical", High: "High", Warning: "Medium", Info: "Minor" }

/**
 * The issue's line as its fix leaves it, when the fix stays on that line (or removes it whole,
 * line break and all: an empty suggestion), in the file's text as the analysis read it. None for a
 * fix that reaches other lines: a suggestion replaces the commented line only.
 */
export const suggestionOf = (text: string, issue: IssueResult): string | undefined => {
  if (issue.fix === undefined || issue.fix.length === 0) return undefined
  const lines = text.split("\n")
  const line = lines[issue.line - 1]
  if (line === undefined || line.replace(/\r$/, "") !== issue.lineText) return undefined
  const start = lines.slice(0, issue.line - 1).reduce((at, l) => at + l.length + 1, 0)
  const end = start + issue.lineText.length
  const whole = issue.fix.length === 1 && issue.fix[0]!.from === start && issue.fix[0]!.to === start + line.length + 1 && issue.fix[0]!.text === ""
  if (whole) return ""
  if (issue.fix.some((edit) => edit.from < start || edit.to > end || edit.text.includes("\n"))) return undefined
  const fixed = applyFixes(issue.lineText, [issue.fix.map((edit) => ({ ...edit, from: edit.from - start, to: edit.to - start }))])
  return fixed.applied === 1 ? fixed.text : undefined
}

/** The comment on a new issue: its severity, pattern and message, and the tool's fix as a suggestion. */
export const issueCommentOf = (issue: IssueResult, suggestion: string | undefined): IssueComment =>
  IssueComment.make({
    issueId: issue.issueId,
    path: issue.filePath,
    line: issue.line,
    body: [
      issueMarker(issue.issueId),
      `**${severityNames[issue.level]}** · ${issue.patternTitle ?? issue.patternId} (\`${issue.patternId}\`, ${issue.toolName})`,
      "",
      issue.message,
      ...(suggestion === undefined ? [] : ["", "```suggestion", ...(suggestion === "" ? [] : [suggestion]), "```"])
    ].join("\n")
  })

/** Whether a comment of Tidemark's says its issue was fixed. */
export const isFixedComment = (body: string): boolean => /\nFixed in [0-9a-f]+\.$/.test(body)

/** A comment of an issue a later head no longer has: its heading struck through, and which head fixed it. */
export const fixedCommentOf = (body: string, headSha: string): string => {
  if (isFixedComment(body)) return body
  const [marker = "", ...rest] = body.split("\n")
  const heading = rest.find((line) => line.trim() !== "") ?? ""
  return `${marker}\n~~${heading}~~\n\nFixed in ${headSha.slice(0, 12)}.`
}

/** What the summary says: the verdict as the commit status says it, the counts, where to read more. */
export interface SummaryInput {
  readonly state: "pending" | "success" | "failure" | "error"
  readonly description: string
  readonly headSha: string
  readonly newIssues: number
  readonly fixedIssues: number
  /** New issues commented inline; the others are on lines the pull request does not change, or past the limit. */
  readonly commented: number
  readonly link?: string | undefined
  /** The security findings the pull request brings in, told apart from its issues. */
  readonly securityFindings?: ReadonlyArray<SecurityFinding> | undefined
}

/** Security findings listed in the summary; the rest are counted and on the pull request's page. */
export const securityListLimit = 20

const whereOf = (finding: SecurityFinding): string =>
  finding.filePath === undefined ? "" : ` in \`${finding.filePath}${finding.line === undefined ? "" : `:${finding.line}`}\``

/** A finding's line: its priority, scan and what it is (a secret's preview is already masked). */
const securityLine = (finding: SecurityFinding): string =>
  `- **${finding.priority}** · ${finding.scanType}${finding.cwe === undefined ? "" : ` · ${finding.cwe}`}: ${finding.title.replace(/\s+/g, " ")}${whereOf(finding)}`

/** The findings, the most pressing first; none, no section. */
export const securitySection = (findings: ReadonlyArray<SecurityFinding>): ReadonlyArray<string> => {
  if (findings.length === 0) return []
  const sorted = [...findings].sort(mostPressingFirst)
  const rest = sorted.length - securityListLimit
  return [
    "",
    `#### ${sorted.length} new security ${sorted.length === 1 ? "finding" : "findings"}`,
    ...sorted.slice(0, securityListLimit).map(securityLine),
    ...(rest > 0 ? [`- … and ${rest} more in the analysis.`] : [])
  ]
}

const stateSigns: Record<SummaryInput["state"], string> = { pending: "⏳", success: "✅", failure: "❌", error: "⚠️" }

export const summaryOf = (input: SummaryInput): string =>
  [
    summaryMarker,
    `### ${stateSigns[input.state]} Tidemark: ${input.description}`,
    "",
    `${input.newIssues} new ${input.newIssues === 1 ? "issue" : "issues"}, ${input.fixedIssues} fixed, at ${input.headSha.slice(0, 12)}.`,
    ...(input.newIssues > input.commented
      ? [`${input.commented} commented on their lines; ${input.newIssues - input.commented} on lines this pull request does not change (or past ${commentLimit}) are in the analysis.`]
      : []),
    ...securitySection(input.securityFindings ?? []),
    ...(input.link === undefined ? [] : ["", `[The analysis in Tidemark](${input.link})`])
  ].join("\n")

/**
 * Triage as the dashboard shows it: the reasons an issue is ignored for, and an ignored issue as
 * searchRepositoryIgnoredIssues answers it (the subset the Ignored tab shows).
 */
import { literal, number, optional, string, struct } from "../shared/Decode.js"
import { page } from "../shared/Envelope.js"
import { type Issue, readPatternInfo } from "../results/Results.js"

export const ignoreReasons = ["FalsePositive", "AcceptedUse", "NotExploitable", "TestCode", "ExternalCode"] as const
export type IgnoreReason = (typeof ignoreReasons)[number]

/** The reasons in words, as people read them. */
export const reasonLabels: Readonly<Record<IgnoreReason, string>> = {
  FalsePositive: "False positive",
  AcceptedUse: "Accepted use",
  NotExploitable: "Not exploitable",
  TestCode: "Test code",
  ExternalCode: "External code"
}

export interface IgnoredIssue {
  readonly issueId: string
  readonly reason?: IgnoreReason | undefined
  readonly comment?: string | undefined
  readonly ignoredByName?: string | undefined
  readonly ignoredTimestamp: string
  readonly filePath: string
  readonly fileId?: number | undefined
  readonly lineNumber?: number | undefined
  readonly lineText: string
  readonly message: string
  readonly patternInfo: Issue["patternInfo"]
  readonly commitInfo?: { readonly sha: string } | undefined
}

export const readIgnoredPage = page(struct<IgnoredIssue>({
  issueId: string,
  reason: optional(literal(...ignoreReasons)),
  comment: optional(string),
  ignoredByName: optional(string),
  ignoredTimestamp: string,
  filePath: string,
  fileId: optional(number),
  lineNumber: optional(number),
  lineText: string,
  message: string,
  patternInfo: readPatternInfo,
  commitInfo: optional(struct<{ readonly sha: string }>({ sha: string }))
}))

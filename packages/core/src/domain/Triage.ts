import { Schema } from "effect"
import type { IssueResult } from "./AnalysisResults.js"
import { Text } from "./Common.js"
import { addCounts, IssueCounts } from "./IssueLoad.js"
import { CommitReference, commitIssueOf, PatternDetails, ToolReference } from "./IssueViews.js"
import type { Principal } from "./Principal.js"
import { DateTimeString } from "./Rfc3339.js"
import { trusted } from "./Trusted.js"
import { LanguageAnalysis } from "./AnalysedLanguages.js"
import { AnalysisMeasures } from "./CommitAnalysis.js"

/**
 * Triage: issues and files a team has set aside. An issue is ignored by its identity (`issueId`:
 * tool, pattern, file, the line's trimmed text and its rank among equal lines), so the ignore holds
 * on every later commit and pull request that finds the same issue; a file by its path, for every
 * issue found in it.
 */

export const IgnoreReason = Schema.Literal("AcceptedUse", "FalsePositive", "NotExploitable", "TestCode", "ExternalCode")
export type IgnoreReason = typeof IgnoreReason.Type

/** Who set something aside: the credential that called (Tidemark has no users; a token is its owner). */
export class IgnoredBy extends Schema.Class<IgnoredBy>("IgnoredBy")({
  credentialId: Schema.String,
  /** How people read it: `admin` for the installation admin, else the token's id as listTokens shows it. */
  name: Schema.String
}) {}

/** Who acts: the token's owner, which is the token itself (Tidemark has no user accounts). */
export const authorOf = (principal: Principal) =>
  IgnoredBy.make({ credentialId: principal.credentialId, name: principal.isAdmin ? "admin" : principal.credentialId })

/** An ignored issue of a repository, by identity: who, when, why, and the analysed commit it was ignored on. */
export class IssueIgnore extends Schema.Class<IssueIgnore>("IssueIgnore")({
  issueId: Schema.String,
  reason: Schema.optional(IgnoreReason),
  comment: Schema.optional(Schema.String),
  ignoredBy: IgnoredBy,
  ignoredAt: Schema.String,
  commitSha: Schema.String
}) {}

/** An ignored file of a repository: every issue found at this path is ignored. */
export class FileIgnore extends Schema.Class<FileIgnore>("FileIgnore")({
  path: Schema.String,
  ignoredBy: IgnoredBy,
  ignoredAt: Schema.String
}) {}

/** What a repository has set aside. */
export interface Ignores {
  readonly issues: ReadonlyArray<IssueIgnore>
  readonly files: ReadonlyArray<FileIgnore>
}

export const noIgnores: Ignores = { issues: [], files: [] }

/**
 * Which issues a read keeps: those not ignored (what counts, grades and gates see) or only the
 * ignored ones (the ignored list). An issue is ignored when its id or its file is.
 */
export interface IgnoredSelection {
  readonly issueIds: ReadonlyArray<string>
  readonly filePaths: ReadonlyArray<string>
  readonly keep: "notIgnored" | "ignored"
}

export const selectionOf = (ignores: Ignores, keep: IgnoredSelection["keep"]): IgnoredSelection => ({
  issueIds: ignores.issues.map((i) => i.issueId),
  filePaths: ignores.files.map((f) => f.path),
  keep
})

export const hasIgnores = (ignores: Ignores): boolean => ignores.issues.length > 0 || ignores.files.length > 0

type Identified = Pick<IssueResult, "issueId" | "filePath">

const coveredBy = (issueIds: ReadonlyArray<string>, filePaths: ReadonlyArray<string>) => {
  const ids = new Set(issueIds)
  const paths = new Set(filePaths)
  return (issue: Identified): boolean => ids.has(issue.issueId) || paths.has(issue.filePath)
}

/** Whether an ignore covers the issue. */
export const isIgnored = (ignores: Ignores): (issue: Identified) => boolean => {
  const { filePaths, issueIds } = selectionOf(ignores, "ignored")
  return coveredBy(issueIds, filePaths)
}

/** Whether a selection keeps the issue (see IgnoredSelection): what every issue store answers alike. */
export const selects = (selection: IgnoredSelection) => {
  const covered = coveredBy(selection.issueIds, selection.filePaths)
  return (issue: Identified): boolean => covered(issue) === (selection.keep === "ignored")
}

/** The ignored issues of an analysis, counted: all of them, and per language. */
export interface IgnoredCounts {
  readonly total: IssueCounts
  readonly byLanguage: ReadonlyMap<string, IssueCounts>
}

const minus = (a: IssueCounts, b: IssueCounts): IssueCounts =>
  trusted(IssueCounts, {
    Error: Math.max(0, a.Error - b.Error),
    High: Math.max(0, a.High - b.High),
    Warning: Math.max(0, a.Warning - b.Warning),
    Info: Math.max(0, a.Info - b.Info)
  })

export const ignoredCountsOf = (byLanguage: ReadonlyMap<string, IssueCounts>): IgnoredCounts => ({
  total: [...byLanguage.values()].reduce(addCounts, IssueCounts.none),
  byLanguage
})

/**
 * An analysis's measures without its ignored issues: the issue counts the grade and the views
 * read, in all and per language, so that an ignore takes effect at once, without analysing again.
 */
export const measuresWithout = (measures: AnalysisMeasures, ignored: IgnoredCounts): AnalysisMeasures =>
  trusted(AnalysisMeasures, {
    ...measures,
    issueCounts: minus(measures.issueCounts, ignored.total),
    ...(measures.languageAnalysis === undefined ? {} : {
      languageAnalysis: measures.languageAnalysis.map((language) => {
        const counts = ignored.byLanguage.get(language.language)
        return counts === undefined || language.issueCounts === undefined
          ? language
          : trusted(LanguageAnalysis, { ...language, issueCounts: minus(language.issueCounts, counts) })
      })
    })
  })

/** updateIssueState's body: ignore (with an optional reason and comment) or un-ignore. */
export class IssueStateBody extends Schema.Class<IssueStateBody>("IssueStateBody")({
  ignored: Schema.Boolean,
  reason: Schema.optional(IgnoreReason),
  comment: Schema.optional(Text)
}) {}

/** The most issues bulkIgnoreIssues takes at once (the original API's limit). */
export const bulkIgnoreLimit = 50

export class BulkIgnoreIssuesBody extends Schema.Class<BulkIgnoreIssuesBody>("BulkIgnoreIssuesBody")({
  issueIds: Schema.Array(Schema.String).pipe(
    Schema.minItems(1),
    Schema.maxItems(bulkIgnoreLimit, { message: () => `at most ${bulkIgnoreLimit} issues at once` })
  ),
  /** A free string in the original definition: Tidemark takes the reasons updateIssueState names. */
  reason: Schema.optional(IgnoreReason),
  comment: Schema.optional(Text)
}) {}

export class FileStateBody extends Schema.Class<FileStateBody>("FileStateBody")({
  ignored: Schema.Boolean,
  filepath: Schema.String.pipe(Schema.minLength(1))
}) {}

/** searchRepositoryIgnoredIssues' item: the issue as the branch's latest analysis found it, and its ignore. */
export class IgnoredIssue extends Schema.Class<IgnoredIssue>("IgnoredIssue")({
  issueId: Schema.String,
  reason: Schema.optional(IgnoreReason),
  comment: Schema.optional(Schema.String),
  ignoredByName: Schema.optional(Schema.String),
  ignoredTimestamp: DateTimeString,
  filePath: Schema.String,
  fileId: Schema.optional(Schema.Int.annotations({ jsonSchema: { type: "integer", format: "int64" } })),
  patternInfo: PatternDetails,
  toolInfo: ToolReference,
  lineNumber: Schema.optional(Schema.Int),
  message: Schema.String,
  language: Schema.String,
  lineText: Schema.String,
  commitInfo: Schema.optional(CommitReference)
}) {}

/**
 * The `resultDataId`s an id a client gives may stand for, each with what the issue found by it
 * must match: an `issueId` (16 hex digits, whose first 13 are its `resultDataId`) or a
 * `resultDataId` itself (as getIssue takes it). Sixteen decimal digits may be either.
 */
export const resultDataIdsOf = (
  id: string
): ReadonlyArray<{ readonly resultDataId: number; readonly matches: (issue: IssueResult) => boolean }> => [
  ...(/^[0-9a-f]{16}$/.test(id)
    ? [{ resultDataId: Number.parseInt(id.slice(0, 13), 16), matches: (issue: IssueResult) => issue.issueId === id }]
    : []),
  ...(/^[0-9]{1,16}$/.test(id) && Number.isSafeInteger(Number(id))
    ? [{ resultDataId: Number(id), matches: (issue: IssueResult) => issue.resultDataId === Number(id) }]
    : [])
]

/**
 * An ignored issue as searchRepositoryIgnoredIssues lists it: the issue as the analysis found it,
 * with its own ignore (who, when, why, on which commit: `commits` holds those commits) or else its
 * file's (who and when; the commit is the analysed one).
 */
export const ignoredIssueOf = (
  ignores: Ignores,
  issue: IssueResult,
  fileId: number,
  analysed: CommitReference,
  commits: ReadonlyMap<string, CommitReference>
): IgnoredIssue => {
  const own = ignores.issues.find((i) => i.issueId === issue.issueId)
  const ignore = own ?? ignores.files.find((f) => f.path === issue.filePath)
  const listed = commitIssueOf(issue, fileId, (own === undefined ? undefined : commits.get(own.commitSha)) ?? analysed)
  return trusted(IgnoredIssue, {
    issueId: listed.issueId,
    ...(own?.reason === undefined ? {} : { reason: own.reason }),
    ...(own?.comment === undefined ? {} : { comment: own.comment }),
    ...(ignore === undefined ? {} : { ignoredByName: ignore.ignoredBy.name }),
    ignoredTimestamp: ignore?.ignoredAt ?? analysed.timestamp ?? "",
    filePath: listed.filePath,
    fileId: listed.fileId,
    patternInfo: listed.patternInfo,
    toolInfo: listed.toolInfo,
    lineNumber: listed.lineNumber,
    message: listed.message,
    language: listed.language,
    lineText: listed.lineText,
    ...(listed.commitInfo === undefined ? {} : { commitInfo: listed.commitInfo })
  })
}

import { Schema } from "effect"
import type { CommitRecord } from "./Records.js"
import type { IssueResult } from "./AnalysisResults.js"
import type { IssueOverviewCounts } from "./StoredResults.js"
import { DateTimeString } from "./Rfc3339.js"
import { Category, SeverityLevel } from "./Pattern.js"
import { trusted } from "./Trusted.js"

/**
 * The original API's issue resources (searchRepositoryIssues, issuesOverview, getIssue), made from
 * stored rows. Fields about what Tidemark does not compute (false-positive detection, suggested
 * fixes) are left out where optional; the required threshold says no issue is ever flagged.
 */

export class PatternDetails extends Schema.Class<PatternDetails>("PatternDetails")({
  id: Schema.String,
  title: Schema.optional(Schema.String),
  category: Schema.String,
  subCategory: Schema.optional(Schema.String),
  level: SeverityLevel,
  severityLevel: SeverityLevel
}) {}

export class ToolReference extends Schema.Class<ToolReference>("ToolReference")({
  uuid: Schema.String,
  name: Schema.String
}) {}

/** The analysed commit the issue was found in (who introduced the line is not tracked yet). */
export class CommitReference extends Schema.Class<CommitReference>("CommitReference")({
  sha: Schema.String,
  commiter: Schema.optional(Schema.String),
  commiterName: Schema.optional(Schema.String),
  timestamp: Schema.optional(DateTimeString)
}) {}

/**
 * `falsePositiveThreshold` is required by the API: Tidemark runs no false-positive detection, so
 * the threshold is 100 and no issue carries a probability above it.
 */
export const noFalsePositiveDetection = 100

export class CommitIssue extends Schema.Class<CommitIssue>("CommitIssue")({
  issueId: Schema.String,
  resultDataId: Schema.Int.annotations({ jsonSchema: { type: "integer", format: "int64" } }),
  fileId: Schema.Int.annotations({ jsonSchema: { type: "integer", format: "int64" } }),
  filePath: Schema.String,
  language: Schema.String,
  lineNumber: Schema.Int,
  lineText: Schema.String,
  message: Schema.String,
  patternInfo: PatternDetails,
  toolInfo: ToolReference,
  commitInfo: Schema.optional(CommitReference),
  falsePositiveThreshold: Schema.Int
}) {}

/** The analysed commit as an issue names it; by its sha alone when the repository never stored it. */
export const commitReferenceOf = (commit: CommitRecord | { readonly sha: string }): CommitReference =>
  "authorEmail" in commit
    ? trusted(CommitReference, {
      sha: commit.sha,
      commiter: commit.authorEmail,
      commiterName: commit.authorName,
      timestamp: commit.commitTimestamp
    })
    : trusted(CommitReference, { sha: commit.sha })

/**
 * Built with `trusted`: the stored issue was checked against its schema when it was read, and a
 * page of 100 issues builds 500 instances, whose validating constructors took about 8 ms of it
 * at 100 000 issues (bench/results).
 */
export const commitIssueOf = (issue: IssueResult, fileId: number, commitInfo: CommitReference): CommitIssue =>
  trusted(CommitIssue, {
    issueId: issue.issueId,
    resultDataId: issue.resultDataId,
    fileId,
    filePath: issue.filePath,
    language: issue.language,
    lineNumber: issue.line,
    lineText: issue.lineText,
    message: issue.message,
    patternInfo: trusted(PatternDetails, {
      id: issue.patternId,
      ...(issue.patternTitle === undefined ? {} : { title: issue.patternTitle }),
      category: issue.category,
      level: issue.level,
      severityLevel: issue.level
    }),
    toolInfo: trusted(ToolReference, { uuid: issue.toolUuid, name: issue.toolName }),
    commitInfo,
    falsePositiveThreshold: noFalsePositiveDetection
  })

export class Count extends Schema.Class<Count>("Count")({
  name: Schema.String,
  total: Schema.Int
}) {}

export class PatternsCount extends Schema.Class<PatternsCount>("PatternsCount")({
  id: Schema.String,
  title: Schema.String,
  total: Schema.Int
}) {}

export class IssuesOverviewCounts extends Schema.Class<IssuesOverviewCounts>("IssuesOverviewCounts")({
  categories: Schema.Array(Count),
  levels: Schema.Array(Count),
  languages: Schema.Array(Count),
  tags: Schema.Array(Count),
  patterns: Schema.Array(PatternsCount),
  authors: Schema.Array(Count)
}) {}

export class IssuesOverview extends Schema.Class<IssuesOverview>("IssuesOverview")({
  counts: IssuesOverviewCounts
}) {}

/** Patterns carry no tags in Tidemark's catalogue: the tags count is always empty. */
export const issuesOverviewOf = (counts: IssueOverviewCounts): IssuesOverview =>
  IssuesOverview.make({
    counts: IssuesOverviewCounts.make({
      categories: counts.categories.map((c) => Count.make(c)),
      levels: counts.levels.map((c) => Count.make(c)),
      languages: counts.languages.map((c) => Count.make(c)),
      tags: [],
      patterns: counts.patterns.map((c) => PatternsCount.make({ id: c.name, title: c.title, total: c.total })),
      authors: counts.authors.map((c) => Count.make(c))
    })
  })

/** The search body: every filter optional; the branch defaults to the repository's default branch. */
export class SearchRepositoryIssuesBody extends Schema.Class<SearchRepositoryIssuesBody>("SearchRepositoryIssuesBody")({
  branchName: Schema.optional(Schema.String),
  patternIds: Schema.optional(Schema.Array(Schema.String)),
  languages: Schema.optional(Schema.Array(Schema.String)),
  categories: Schema.optional(Schema.Array(Schema.String)),
  levels: Schema.optional(Schema.Array(SeverityLevel)),
  authorEmails: Schema.optional(Schema.Array(Schema.String)),
  tags: Schema.optional(Schema.Array(Schema.String))
}) {}

/** The search body as a request carries it: the original API makes it optional, so no body filters nothing. */
export const OptionalSearchBody = Schema.transform(
  Schema.NullOr(SearchRepositoryIssuesBody),
  Schema.typeSchema(SearchRepositoryIssuesBody),
  { strict: true, decode: (body) => body ?? new SearchRepositoryIssuesBody({}), encode: (body) => body }
)

/** A category of patterns as listCategoryOverviews names it: its id (`ErrorProne`), a name and what it holds. */
export class CategoryDescription extends Schema.Class<CategoryDescription>("CategoryDescription")({
  categoryType: Schema.String,
  name: Schema.String,
  description: Schema.String
}) {}

export class CategoryOverview extends Schema.Class<CategoryOverview>("CategoryOverview")({
  /** The analysed commit's id. */
  commitId: Schema.Int,
  category: CategoryDescription,
  /** The category's share of the commit's issues, in percent (0 when there are none). */
  percentage: Schema.Number,
  totalResults: Schema.Int
}) {}

export class CategoryOverviewListResponse extends Schema.Class<CategoryOverviewListResponse>("CategoryOverviewListResponse")({
  data: Schema.Array(CategoryOverview)
}) {}

const categoryTexts: Readonly<Record<Category, readonly [name: string, description: string]>> = {
  Security: ["Security", "Code that an attacker could exploit"],
  ErrorProne: ["Error Prone", "Code that is likely wrong or fails at run time"],
  CodeStyle: ["Code Style", "Formatting and naming that differ from the conventions"],
  Compatibility: ["Compatibility", "Code that does not run on every platform or version it targets"],
  UnusedCode: ["Unused Code", "Declarations, imports and code that nothing uses"],
  Complexity: ["Complexity", "Functions and files too complex to read and test"],
  Comprehensibility: ["Comprehensibility", "Code that is hard to understand"],
  Documentation: ["Documentation", "Missing or wrong documentation"],
  BestPractice: ["Best Practice", "Code that works, and a well-known better way exists"],
  Performance: ["Performance", "Code that is slower or heavier than it needs to be"]
}

/**
 * Every category of the catalogue, with the commit's issues of each (0 for none), then any other
 * category an issue carries; a category's percentage is its share of all the commit's issues.
 */
export const categoryOverviewsOf = (commitId: number, counts: ReadonlyArray<{ readonly name: string; readonly total: number }>): CategoryOverviewListResponse => {
  const all = counts.reduce((sum, count) => sum + count.total, 0)
  const totalOf = (name: string) => counts.filter((count) => count.name === name).reduce((sum, count) => sum + count.total, 0)
  const texts = new Map<string, readonly [string, string]>(Object.entries(categoryTexts))
  const names = [...new Set([...Category.literals, ...counts.map((count) => count.name)])]
  return CategoryOverviewListResponse.make({
    data: names.map((name) => {
      const [title, description] = texts.get(name) ?? [name, name]
      const totalResults = totalOf(name)
      return CategoryOverview.make({
        commitId,
        category: CategoryDescription.make({ categoryType: name, name: title, description }),
        percentage: all === 0 ? 0 : Math.round((totalResults / all) * 10_000) / 100,
        totalResults
      })
    })
  })
}

import { Schema } from "effect"
import { SeverityLevel } from "./Pattern.js"
import { IssueFix } from "./QuickFix.js"
import { GradeLetter } from "./RepositoryWithAnalysis.js"

/**
 * What one analysis of a commit found, row by row: each issue where it is, each file with its
 * measures, each clone with its occurrences. Counts shown anywhere are counted from these rows, so
 * that a count always equals the list behind it.
 */

/** One issue: which rule of which tool, in which file and line, saying what. */
export class IssueResult extends Schema.Class<IssueResult>("IssueResult")({
  /**
   * Stable across commits while the line's text and its rank among equal lines stay (see
   * `issueIdentity`): a change's new and fixed issues are told by `matchIssues`, not by ids.
   */
  issueId: Schema.String,
  /** The same identity as a number (the API's `resultDataId`, and what getIssue is asked by). */
  resultDataId: Schema.Int,
  toolUuid: Schema.String,
  toolName: Schema.String,
  patternId: Schema.String,
  patternTitle: Schema.optional(Schema.String),
  category: Schema.String,
  level: SeverityLevel,
  filePath: Schema.String,
  language: Schema.String,
  line: Schema.Int,
  lineText: Schema.String,
  message: Schema.String,
  /** Who last changed the line, where the analysis knows it. */
  authorEmail: Schema.optional(Schema.String),
  /** The tool's own fix, in the analysed commit's text of the file, where it offers one. */
  fix: Schema.optional(IssueFix)
}) {}

/** One file of the analysed tree with its measures. */
export class FileResult extends Schema.Class<FileResult>("FileResult")({
  path: Schema.String,
  language: Schema.String,
  /** Every line of the file. */
  totalLines: Schema.Int,
  /** Lines with code (not blank, not only comment): what `loc` counts everywhere. */
  codeLines: Schema.Int,
  commentLines: Schema.Int,
  numberOfMethods: Schema.Int,
  /** Cyclomatic complexity of the file; none for a language without a complexity measure. */
  complexity: Schema.optional(Schema.Int),
  numberOfClones: Schema.Int,
  duplicatedLines: Schema.Int,
  totalIssues: Schema.Int,
  grade: Schema.Int,
  gradeLetter: GradeLetter
}) {}

/** Where a clone occurs: a file and a range of its lines (1-based, inclusive). */
export class CloneOccurrence extends Schema.Class<CloneOccurrence>("CloneOccurrence")({
  path: Schema.String,
  fromLine: Schema.Int,
  toLine: Schema.Int
}) {}

/** A block of code found in several places, numbered within its analysis. */
export class CloneResult extends Schema.Class<CloneResult>("CloneResult")({
  id: Schema.Int,
  occurrences: Schema.Array(CloneOccurrence)
}) {}

export class AnalysisResults extends Schema.Class<AnalysisResults>("AnalysisResults")({
  files: Schema.Array(FileResult),
  issues: Schema.Array(IssueResult),
  clones: Schema.Array(CloneResult)
}) {}

export const emptyResults = AnalysisResults.make({ files: [], issues: [], clones: [] })

/** What an issue is, before it has an identity. */
export type IssueFinding = Omit<IssueResult, "issueId" | "resultDataId">

import { Effect, Schema } from "effect"
import { Hasher } from "../ports/Hasher.js"
import { SeverityLevel } from "./Pattern.js"
import { GradeLetter } from "./RepositoryWithAnalysis.js"
import { trusted } from "./Trusted.js"

/**
 * What one analysis of a commit found, row by row: each issue where it is, each file with its
 * measures, each clone with its occurrences. Counts shown anywhere are counted from these rows, so
 * that a count always equals the list behind it.
 */

/** One issue: which rule of which tool, in which file and line, saying what. */
export class IssueResult extends Schema.Class<IssueResult>("IssueResult")({
  /** Stable across commits (see `issueIdentity`): the same finding keeps its id while its line moves. */
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
  authorEmail: Schema.optional(Schema.String)
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

/**
 * The identity of each finding: SHA-256 of its tool, pattern, file, the text of its line (trimmed)
 * and its occurrence among findings with the same four, so that moving a line does not make its
 * issue new and two equal lines keep two ids. `issueId` is the first 16 hex digits; `resultDataId`
 * the first 13 as a number (52 bits: a JavaScript client reads it exactly).
 *
 * Hashed through the Hasher port (synchronous `node:crypto` in a Node process: a Web Crypto job per
 * finding took about 10 s of the worker per 100 000 findings), and built with `trusted`: the
 * findings are the analyser's typed values, and validating each one again cost as much as hashing.
 */
export const issueIdentity = (findings: ReadonlyArray<IssueFinding>): Effect.Effect<ReadonlyArray<IssueResult>> =>
  Effect.flatMap(Hasher, (hasher) => {
    const seen = new Map<string, number>()
    return Effect.forEach(findings, (finding) => {
      const key = [finding.toolUuid, finding.patternId, finding.filePath, finding.lineText.trim()].join("\u0000")
      const occurrence = seen.get(key) ?? 0
      seen.set(key, occurrence + 1)
      return Effect.map(hasher.sha256Hex(`${key}\u0000${occurrence}`), (hash) =>
        trusted(IssueResult, { ...finding, issueId: hash.slice(0, 16), resultDataId: Number.parseInt(hash.slice(0, 13), 16) }))
    })
  })

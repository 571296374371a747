import { Schema } from "effect"
import { LanguageAnalysis } from "./AnalysedLanguages.js"
import { Action } from "./Common.js"
import { IssueCounts } from "./IssueLoad.js"
import { CommitRecord } from "./Records.js"
import { Problem } from "./Repository.js"
import { trusted } from "./Trusted.js"

/** The numbers an analysis measured on one commit, under the API's names where it has them. */
export class AnalysisMeasures extends Schema.Class<AnalysisMeasures>("AnalysisMeasures")({
  /** Code lines (not blank or comment lines) of every analysed file. */
  loc: Schema.Int,
  /** The issues of the tools the analysis ran (imported SARIF results are added when shown). */
  issueCounts: IssueCounts,
  complexFilesCount: Schema.Int,
  complexFilesPercentage: Schema.Int,
  /** Share of files with more clone blocks than the goal's fileDuplicationBlockThreshold. */
  duplicationPercentage: Schema.Int,
  /** Languages by code lines, most first. */
  languages: Schema.Array(Schema.String),
  /** `<kind>:<name>` tags detected from paths and manifests. */
  stackTags: Schema.Array(Schema.String),
  /**
   * Each language with its code lines and the tools that measured its issues; the grade counts the
   * issues against the analysed lines only (AnalysedLanguages). Absent in analyses stored before
   * it was measured: those count every line, as they did.
   */
  languageAnalysis: Schema.optional(Schema.Array(LanguageAnalysis)),
  /**
   * The repository's own configuration each tool followed (the file, relative to the root): what
   * the tool view shows as `usesConfigurationFile` while the repository has not chosen.
   */
  followedConfigurations: Schema.optional(Schema.Array(Schema.Struct({ toolUuid: Schema.String, file: Schema.String })))
}) {}

/**
 * The repository's analysis configuration file (`.codacy.yml`) as an analysis read it: what a
 * coverage report of the analysed commit leaves out follows from it (the CoverageScope port), also
 * for a report uploaded after the analysis.
 */
export class ConfigurationFile extends Schema.Class<ConfigurationFile>("ConfigurationFile")({
  path: Schema.String,
  content: Schema.String
}) {}

/**
 * One analysis of one commit of a branch: its measures, or the problems that stopped it (a failed
 * analysis is a result too: the repository shows why it has no numbers).
 */
export class CommitAnalysis extends Schema.Class<CommitAnalysis>("CommitAnalysis")({
  repositoryId: Schema.Int,
  branch: Schema.String,
  /** The analysed commit as stored with the repository: `lastAnalysedCommit` shows it. */
  commit: CommitRecord,
  startedAnalysis: Schema.String,
  endedAnalysis: Schema.String,
  measures: Schema.optional(AnalysisMeasures),
  problems: Schema.Array(Problem),
  configurationFile: Schema.optional(ConfigurationFile)
}) {}

/**
 * The analysis an encoded one stands for, built without validating it again: for data already
 * checked against `Schema.encodedBoundSchema(CommitAnalysis)` (a stored row read back). Every
 * field is plain data under its class, so this is what decoding builds, without its interpreter.
 */
export const commitAnalysisOfEncoded = (encoded: typeof CommitAnalysis.Encoded): CommitAnalysis => {
  const { configurationFile, measures } = encoded
  return trusted(CommitAnalysis, {
    ...encoded,
    commit: trusted(CommitRecord, encoded.commit),
    ...(measures === undefined
      ? {}
      : {
        measures: trusted(AnalysisMeasures, {
          ...measures,
          issueCounts: trusted(IssueCounts, measures.issueCounts),
          ...(measures.languageAnalysis === undefined
            ? {}
            : {
              languageAnalysis: measures.languageAnalysis.map((l) =>
                trusted(LanguageAnalysis, { ...l, ...(l.issueCounts === undefined ? {} : { issueCounts: trusted(IssueCounts, l.issueCounts) }) })
              )
            })
        })
      }),
    problems: encoded.problems.map((p) => trusted(Problem, { ...p, actions: p.actions.map((a) => trusted(Action, a)) })),
    ...(configurationFile === undefined ? {} : { configurationFile: trusted(ConfigurationFile, configurationFile) })
  })
}

/**
 * A queued request to analyse a branch's head: the queue carries it as JSON. The repository is
 * named rather than numbered so that a job outliving its repository finds nothing and is dropped.
 */
export class AnalysisJob extends Schema.Class<AnalysisJob>("AnalysisJob")({
  organizationId: Schema.Int,
  repositoryName: Schema.String,
  branch: Schema.String,
  commitSha: Schema.String,
  requestedAt: Schema.String,
  /**
   * Set for a pull request's analysis: `commitSha` is its head, analysed against the common
   * ancestor with its target branch; `branch` is its origin branch.
   */
  pullRequest: Schema.optional(Schema.Int),
  /** The pull request's target branch, for a pull request's analysis. */
  targetBranch: Schema.optional(Schema.String)
}) {}

export const AnalysisJobJson = Schema.parseJson(AnalysisJob)

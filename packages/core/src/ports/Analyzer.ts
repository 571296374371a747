import { Context, type Effect, Schema } from "effect"
import { CloneResult, FileResult, IssueResult } from "../domain/AnalysisResults.js"
import { AnalysisMeasures, ConfigurationFile } from "../domain/CommitAnalysis.js"
import { Dependency } from "../domain/Dependency.js"
import { DetectedSecret } from "../domain/SecretFindings.js"
import { Goals } from "../domain/Goals.js"
import { SeverityLevel } from "../domain/Pattern.js"
import { DiscoveredRules } from "../domain/RegisteredTools.js"
import { Problem } from "../domain/Repository.js"

/**
 * The analyzer's request and answer are Schemas, not only types: an adapter may run the analysis
 * elsewhere (a worker thread) and send both across encoded, each side decoding with the same schema.
 */

/** An enabled pattern as the analysis runs it: the tool's rule with the configured parameters. */
export const AnalyzedPattern = Schema.Struct({
  id: Schema.String,
  severityLevel: SeverityLevel,
  /** The catalogue's category and title, which each issue of the pattern carries. */
  category: Schema.String,
  title: Schema.optional(Schema.String),
  parameters: Schema.Array(Schema.Struct({ name: Schema.String, value: Schema.String }))
})
export interface AnalyzedPattern extends Schema.Schema.Type<typeof AnalyzedPattern> {}

/** A pattern of the catalogue as an issue of it is described, whether it is enabled or not. */
export const KnownPattern = Schema.Struct({
  id: Schema.String,
  category: Schema.String,
  title: Schema.optional(Schema.String)
})
export interface KnownPattern extends Schema.Schema.Type<typeof KnownPattern> {}

/** An enabled tool of the repository, with its enabled patterns. */
export const AnalyzedTool = Schema.Struct({
  uuid: Schema.String,
  name: Schema.String,
  /** Analyse with the repository's own configuration file instead of `patterns`. */
  usesConfigurationFile: Schema.Boolean,
  /**
   * The repository never chose: its own configuration is used when the tool can read it without
   * running the repository's code, `patterns` otherwise.
   */
  usesConfigurationFileByDefault: Schema.optional(Schema.Boolean),
  patterns: Schema.Array(AnalyzedPattern),
  /**
   * Every pattern of the tool in the catalogue: the repository's own configuration file may turn on
   * rules that are not among `patterns`, and their issues are described by the catalogue too.
   */
  knownPatterns: Schema.optional(Schema.Array(KnownPattern))
})
export interface AnalyzedTool extends Schema.Schema.Type<typeof AnalyzedTool> {}

export const AnalyzerSettings = Schema.Struct({
  goals: Goals,
  tools: Schema.Array(AnalyzedTool)
})
export interface AnalyzerSettings extends Schema.Schema.Type<typeof AnalyzerSettings> {}

export class AnalyzerFailed extends Schema.TaggedError<AnalyzerFailed>()("AnalyzerFailed", {
  reason: Schema.String
}) {
  override get message() {
    return `analysis failed: ${this.reason}`
  }
}

/** What an issue is, before it has an identity (`IssueFinding`). */
export const AnalyzedFinding = Schema.Struct(IssueResult.fields).pipe(Schema.omit("issueId", "resultDataId"))

/**
 * What an analysis found: the measures of the tree, and the rows they are counted from (each file,
 * each issue, each clone). Issues get their identity from the worker (`issueIdentity`), the same
 * whichever analyzer found them.
 */
export const AnalyzerOutput = Schema.Struct({
  measures: AnalysisMeasures,
  files: Schema.Array(FileResult),
  findings: Schema.Array(AnalyzedFinding),
  clones: Schema.Array(CloneResult),
  /** What the repository should be told although the analysis went on (an unreadable configuration file). */
  problems: Schema.Array(Problem),
  /** The repository's configuration file the analysis read, when the tree has one. */
  configurationFile: Schema.optional(ConfigurationFile),
  /** The rules the registered tools' logs named (their patterns, kept by the worker). */
  discoveredRules: Schema.optional(Schema.Array(DiscoveredRules)),
  /** The dependencies the tree's lockfiles pin; absent when the analyzer does not read lockfiles. */
  dependencies: Schema.optional(Schema.Array(Dependency)),
  /** The secrets found in the tree's files; absent when the analyzer does not look for them. */
  secrets: Schema.optional(Schema.Array(DetectedSecret))
})
export interface AnalyzerOutput extends Schema.Schema.Type<typeof AnalyzerOutput> {}

/** Measures a checked-out tree: lines of code, complexity, duplication, issues of the enabled tools, stack. */
export class Analyzer extends Context.Tag("@tidemark/core/Analyzer")<
  Analyzer,
  { readonly analyze: (root: string, settings: AnalyzerSettings) => Effect.Effect<AnalyzerOutput, AnalyzerFailed> }
>() {}

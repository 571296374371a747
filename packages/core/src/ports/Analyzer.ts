import { Context, type Effect, Schema } from "effect"
import type { CloneResult, FileResult, IssueFinding } from "../domain/AnalysisResults.js"
import type { AnalysisMeasures, ConfigurationFile } from "../domain/CommitAnalysis.js"
import type { Goals } from "../domain/Goals.js"
import type { Problem } from "../domain/Repository.js"
import type { SeverityLevel } from "../domain/Pattern.js"

/** An enabled pattern as the analysis runs it: the tool's rule with the configured parameters. */
export interface AnalyzedPattern {
  readonly id: string
  readonly severityLevel: SeverityLevel
  /** The catalogue's category and title, which each issue of the pattern carries. */
  readonly category: string
  readonly title?: string | undefined
  readonly parameters: ReadonlyArray<{ readonly name: string; readonly value: string }>
}

/** A pattern of the catalogue as an issue of it is described, whether it is enabled or not. */
export interface KnownPattern {
  readonly id: string
  readonly category: string
  readonly title?: string | undefined
}

/** An enabled tool of the repository, with its enabled patterns. */
export interface AnalyzedTool {
  readonly uuid: string
  readonly name: string
  /** Analyse with the repository's own configuration file instead of `patterns`. */
  readonly usesConfigurationFile: boolean
  readonly patterns: ReadonlyArray<AnalyzedPattern>
  /**
   * Every pattern of the tool in the catalogue: the repository's own configuration file may turn on
   * rules that are not among `patterns`, and their issues are described by the catalogue too.
   */
  readonly knownPatterns?: ReadonlyArray<KnownPattern> | undefined
}

export interface AnalyzerSettings {
  readonly goals: Goals
  readonly tools: ReadonlyArray<AnalyzedTool>
}

export class AnalyzerFailed extends Schema.TaggedError<AnalyzerFailed>()("AnalyzerFailed", {
  reason: Schema.String
}) {
  override get message() {
    return `analysis failed: ${this.reason}`
  }
}

/**
 * What an analysis found: the measures of the tree, and the rows they are counted from (each file,
 * each issue, each clone). Issues get their identity from the worker (`issueIdentity`), the same
 * whichever analyzer found them.
 */
export interface AnalyzerOutput {
  readonly measures: AnalysisMeasures
  readonly files: ReadonlyArray<FileResult>
  readonly findings: ReadonlyArray<IssueFinding>
  readonly clones: ReadonlyArray<CloneResult>
  /** What the repository should be told although the analysis went on (an unreadable configuration file). */
  readonly problems: ReadonlyArray<Problem>
  /** The repository's configuration file the analysis read, when the tree has one. */
  readonly configurationFile?: ConfigurationFile | undefined
}

/** Measures a checked-out tree: lines of code, complexity, duplication, issues of the enabled tools, stack. */
export class Analyzer extends Context.Tag("@tidemark/core/Analyzer")<
  Analyzer,
  { readonly analyze: (root: string, settings: AnalyzerSettings) => Effect.Effect<AnalyzerOutput, AnalyzerFailed> }
>() {}

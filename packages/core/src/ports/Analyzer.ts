import { Context, type Effect, Schema } from "effect"
import type { AnalysisMeasures } from "../domain/CommitAnalysis.js"
import type { Goals } from "../domain/Goals.js"
import type { SeverityLevel } from "../domain/Pattern.js"

/** An enabled pattern as the analysis runs it: the tool's rule with the configured parameters. */
export interface AnalyzedPattern {
  readonly id: string
  readonly severityLevel: SeverityLevel
  readonly parameters: ReadonlyArray<{ readonly name: string; readonly value: string }>
}

/** An enabled tool of the repository, with its enabled patterns. */
export interface AnalyzedTool {
  readonly uuid: string
  readonly name: string
  /** Analyse with the repository's own configuration file instead of `patterns`. */
  readonly usesConfigurationFile: boolean
  readonly patterns: ReadonlyArray<AnalyzedPattern>
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

/** Measures a checked-out tree: lines of code, complexity, duplication, issues of the enabled tools, stack. */
export class Analyzer extends Context.Tag("@tidemark/core/Analyzer")<
  Analyzer,
  { readonly analyze: (root: string, settings: AnalyzerSettings) => Effect.Effect<AnalysisMeasures, AnalyzerFailed> }
>() {}

import { Context, type Effect, Schema } from "effect"
import type { SeverityLevel } from "../domain/Pattern.js"

export class SarifUnreadable extends Schema.TaggedError<SarifUnreadable>()("SarifUnreadable", {
  reason: Schema.String
}) {
  override get message() {
    return this.reason
  }
}

/** One result of a SARIF log: the tool that reported it and its severity. */
export interface SarifResult {
  readonly tool: string
  readonly severity: SeverityLevel
}

export interface SarifRuns {
  /** Every tool of the log's runs, results or not, each once. */
  readonly tools: ReadonlyArray<string>
  readonly results: ReadonlyArray<SarifResult>
}

/** Reads a SARIF 2.1.0 log (its text) into its tools and results. */
export class SarifReader extends Context.Tag("@tidemark/core/SarifReader")<
  SarifReader,
  { readonly read: (content: string) => Effect.Effect<SarifRuns, SarifUnreadable> }
>() {}

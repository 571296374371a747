import { QuickFix } from "@tidemark/core"
import { Schema } from "effect"

/**
 * What the parent and the sandboxed linting process (ConfigLintChild) say to each other over the
 * child's IPC channel. The child runs the repository's code, so its answer is decoded like any
 * untrusted input.
 */

export interface ConfigLintRequest {
  /** Absolute path of the checkout. */
  readonly root: string
  /** Relative to the root. */
  readonly configurationFile: string
  readonly files: ReadonlyArray<{ readonly path: string; readonly content: string }>
}

/** The part of ESLint's `LintMessage` the issues are made of. */
export const LintedMessage = Schema.Struct({
  ruleId: Schema.NullOr(Schema.String),
  line: Schema.Int,
  message: Schema.String,
  fatal: Schema.Boolean,
  fix: Schema.optional(QuickFix.IssueFix)
})
export type LintedMessage = typeof LintedMessage.Type

export const ConfigLintReply = Schema.Union(
  Schema.TaggedStruct("Linted", {
    files: Schema.Array(Schema.Struct({ path: Schema.String, messages: Schema.Array(LintedMessage) }))
  }),
  /** The config could not be loaded, a rule or plugin threw, or the sandbox refused something. */
  Schema.TaggedStruct("Failed", { reason: Schema.String })
)
export type ConfigLintReply = typeof ConfigLintReply.Type

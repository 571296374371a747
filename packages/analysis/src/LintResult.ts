import { QuickFix } from "@tidemark/core"
import { Schema } from "effect"

/** A pattern's `severityLevel` (shown to people as Minor, Medium, High, Critical). */
export const IssueSeverity = Schema.Literal("Error", "High", "Warning", "Info")
export type IssueSeverity = typeof IssueSeverity.Type

export class Issue extends Schema.Class<Issue>("Issue")({
  patternId: Schema.String,
  /** Relative to the tree's root, with `/`. */
  file: Schema.String,
  line: Schema.Int,
  message: Schema.String,
  severity: IssueSeverity,
  /** The tool's own fix, in offsets of the file's content. */
  fix: Schema.optional(QuickFix.IssueFix)
}) {}

/** A file ESLint could not parse: it gives no issue, and is counted here instead. */
export class UnparsedFile extends Schema.Class<UnparsedFile>("UnparsedFile")({
  file: Schema.String,
  line: Schema.Int,
  /** ESLint's fatal message, e.g. `Parsing error: Unexpected token )`. */
  message: Schema.String
}) {}

/** A file a rule (or the repository's configuration) crashed on: its issues are unknown. */
export class FailedFile extends Schema.Class<FailedFile>("FailedFile")({
  file: Schema.String,
  reason: Schema.String
}) {}

export const SkipReason = Schema.Literal(
  /** Neither ESLint nor typescript-eslint has a rule of that id. */
  "UnknownRule",
  /** The parameters make options the rule's schema rejects. */
  "InvalidOptions",
  /** A typescript-eslint rule that needs type information, which the in-process linter does not build. */
  "RequiresTypeInformation"
)
export type SkipReason = typeof SkipReason.Type

/** An enabled pattern that was not run; the others were. */
export class SkippedRule extends Schema.Class<SkippedRule>("SkippedRule")({
  patternId: Schema.String,
  ruleId: Schema.String,
  reason: SkipReason,
  detail: Schema.String
}) {}

export class LintResult extends Schema.Class<LintResult>("LintResult")({
  /** In file order, then as ESLint reports them (line, column). */
  issues: Schema.Array(Issue),
  /** How many JavaScript and TypeScript files were given to ESLint. */
  lintedFiles: Schema.Int,
  unparsedFiles: Schema.Array(UnparsedFile),
  failedFiles: Schema.Array(FailedFile),
  skippedRules: Schema.Array(SkippedRule),
  /** The repository's configuration file that decided the rules (relative to the root); absent when the patterns did. */
  configurationFile: Schema.optional(Schema.String)
}) {}

/** The repository's ESLint configuration could not be loaded: a problem of the repository, not of the analysis. */
export class LintError extends Schema.TaggedError<LintError>()("LintError", {
  /** Relative to the tree's root. */
  configurationFile: Schema.String,
  reason: Schema.String
}) {
  override get message() {
    return `ESLint configuration ${this.configurationFile}: ${this.reason}`
  }
}

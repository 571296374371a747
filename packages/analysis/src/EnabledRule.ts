import type { IssueSeverity } from "./LintResult.js"

/** The ESLint9 tool's name in the catalogue, as a skipped file's problem names it. */
export const eslint9ToolName = "ESLint9"

/** The ESLint9 tool's pattern prefix (the catalogue's `patternPrefix`). */
export const eslint9PatternPrefix = "ESLint9_"

/** The catalogue's rule: the tool's prefix plus the rule id, with a plugin's `/` written as `_`. */
export const eslint9PatternId = (ruleId: string): string => `${eslint9PatternPrefix}${ruleId.replaceAll("/", "_")}`

/** One enabled pattern of the ESLint9 tool, as the analysis receives it. */
export interface EnabledRule {
  /** e.g. `ESLint9_max-depth`. */
  readonly patternId: string
  /** ESLint's rule id, e.g. `max-depth`, `@typescript-eslint/no-shadow`. */
  readonly ruleId: string
  /** The pattern's `severityLevel`: it, not ESLint's level, is the issue's severity. */
  readonly severity: IssueSeverity
  /** Named as the catalogue names them (`unnamedParam` or an option's property); values are strings. */
  readonly parameters: ReadonlyArray<{ readonly name: string; readonly value: string }>
}


import type { Analyzer } from "@tidemark/core"
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

/** A tool's enabled patterns as its plug-in runs them, each under the rule id `ruleIdOf` reads from its pattern id. */
export const enabledRulesOf = (tool: Analyzer.AnalyzedTool, ruleIdOf: (patternId: string) => string): ReadonlyArray<EnabledRule> =>
  tool.patterns.map((pattern) => ({
    patternId: pattern.id,
    ruleId: ruleIdOf(pattern.id),
    severity: pattern.severityLevel,
    parameters: pattern.parameters
  }))

/**
 * Which of the catalogue's ESLint tools a run is for: both lint with ESLint 9's engine, each
 * reporting its issues under its own name and pattern prefix (`ESLint9_semi`, `ESLint8_semi`).
 */
export interface EslintFlavour {
  /** The tool's name in the catalogue, as a skipped file's problem and the file clock name it. */
  readonly toolName: string
  /** The tool's `patternPrefix`, e.g. `ESLint9_`. */
  readonly patternPrefix: string
}

export const eslint9Flavour: EslintFlavour = { toolName: eslint9ToolName, patternPrefix: eslint9PatternPrefix }

/** A rule's pattern id in a flavour: its prefix plus the rule id, with a plugin's `/` written as `_`. */
export const patternIdIn = (flavour: EslintFlavour, ruleId: string): string => `${flavour.patternPrefix}${ruleId.replaceAll("/", "_")}`

/** The rule id of a pattern id of a flavour: `ESLint9_@typescript-eslint_no-shadow` → `@typescript-eslint/no-shadow`. */
export const ruleIdIn = (flavour: EslintFlavour, patternId: string): string => {
  const id = patternId.slice(flavour.patternPrefix.length)
  // Core rule ids hold no `_`: only a plugin's scope is separated by one (`security_detect-child-process`).
  return id.includes("_") ? id.replace("_", "/") : id
}

import { stylelintRunsOn, stylelintSecondaryOptionsFor, type StylelintSyntax } from "@tidemark/catalogue/StylelintSyntaxes"
import type { EnabledRule } from "../EnabledRule.js"
import { SkippedRule } from "../LintResult.js"
import type { StylelintRunConfig } from "./StylelintConfiguration.js"

/**
 * The enabled patterns as a Stylelint config, one per syntax: each rule with its options from the
 * pattern's parameters (`unnamedParam` the primary option, `true` when it has none; the others
 * its secondary options), on the syntaxes the catalogue runs it on (StylelintSyntaxes).
 */

/** A parameter's value as Stylelint takes it: JSON where it is JSON (`3`, `["a"]`, `true`), else the text (`always`, a pattern). */
export const optionValue = (value: string): unknown => {
  try {
    return JSON.parse(value)
  } catch {
    return value
  }
}

/** Lists a syntax adds to secondary options (Sass's `@mixin` among `ignoreAtRules`), after the pattern's own. */
const withAdded = (
  secondary: Readonly<Record<string, unknown>>,
  added: Readonly<Record<string, ReadonlyArray<string>>>
): Readonly<Record<string, unknown>> =>
  Object.fromEntries([
    ...Object.entries(secondary),
    ...Object.entries(added).map(([name, values]) => {
      const own = secondary[name]
      return [name, [...new Set([...(Array.isArray(own) ? own : []), ...values])]]
    })
  ])

/** A pattern's setting: `true`, `"always"`, or `[primary, { secondary }]`. */
export const settingOf = (rule: EnabledRule, added: Readonly<Record<string, ReadonlyArray<string>>> = {}): unknown => {
  const given = rule.parameters.filter((parameter) => parameter.value !== "")
  const primary = given.find((parameter) => parameter.name === "unnamedParam")
  const secondary = withAdded(
    Object.fromEntries(given.filter((parameter) => parameter.name !== "unnamedParam").map((parameter) => [parameter.name, optionValue(parameter.value)])),
    added
  )
  const primaryValue = primary === undefined ? true : optionValue(primary.value)
  return Object.keys(secondary).length === 0 ? primaryValue : [primaryValue, secondary]
}

export interface PatternConfigs {
  readonly configOf: (syntax: StylelintSyntax) => StylelintRunConfig
  /** The enabled patterns this Stylelint has no rule for. */
  readonly skipped: ReadonlyArray<SkippedRule>
}

export const patternConfigs = (rules: ReadonlyArray<EnabledRule>, knownRules: ReadonlySet<string>): PatternConfigs => {
  const known = rules.filter((rule) => knownRules.has(rule.ruleId))
  const configOf = (syntax: StylelintSyntax): StylelintRunConfig => ({
    rules: Object.fromEntries(
      known
        .filter((rule) => stylelintRunsOn(rule.ruleId, syntax))
        .map((rule) => [rule.ruleId, settingOf(rule, stylelintSecondaryOptionsFor[syntax][rule.ruleId])])
    )
  })
  const configs = new Map((["CSS", "SCSS", "LESS"] as const).map((syntax) => [syntax, configOf(syntax)]))
  return {
    configOf: (syntax) => configs.get(syntax) ?? configOf(syntax),
    skipped: rules.filter((rule) => !knownRules.has(rule.ruleId)).map((rule) =>
      new SkippedRule({ patternId: rule.patternId, ruleId: rule.ruleId, reason: "UnknownRule", detail: `Stylelint has no rule ${rule.ruleId}` })
    )
  }
}

import { Either } from "effect"
import type { EnabledRule } from "../EnabledRule.js"
import type { MarkdownlintConfiguration } from "./MarkdownlintConfigFile.js"

/**
 * markdownlint's configuration from the enabled patterns: every rule off (`default: false`) but
 * those, each with its parameters as options. The catalogue took the parameters from the rule's
 * options (packages/catalogue/scripts/MarkdownlintCatalogue.ts): a string as it is, anything else
 * as JSON, `""` for an option left to markdownlint.
 */

/**
 * A parameter's value as markdownlint takes it: JSON where the text is JSON (`80`, `true`,
 * `["br"]`, `""` for an empty string), the text itself otherwise (`consistent`, a regular
 * expression). No option of markdownlint takes a string that reads as a number or a boolean.
 */
export const parameterValue = (text: string): unknown =>
  Either.getOrElse(Either.try((): unknown => JSON.parse(text)), () => text)

/** A rule's entry: `true`, or its options when a parameter is set (an empty value leaves the option to markdownlint). */
const ruleEntry = (rule: EnabledRule): unknown => {
  const set = rule.parameters.filter((parameter) => parameter.value !== "")
  return set.length === 0 ? true : Object.fromEntries(set.map((parameter) => [parameter.name, parameterValue(parameter.value)]))
}

export const patternConfiguration = (rules: ReadonlyArray<EnabledRule>): MarkdownlintConfiguration => ({
  default: false,
  ...Object.fromEntries(rules.map((rule) => [rule.ruleId, ruleEntry(rule)]))
})

import { catalogue } from "@tidemark/catalogue"
import type { ToolDefinitions } from "@tidemark/core"
import type { EnabledRule } from "../../src/EnabledRule.js"
import type { IssueSeverity } from "../../src/LintResult.js"
import type { SourceFile } from "../../src/SourceTree.js"
import { stylelintConfigurationNames } from "../../src/stylelint/StylelintConfigFile.js"

/** The catalogue's Stylelint tool, with its patterns. */
export const stylelintDefinition: ToolDefinitions.ToolDefinition = (() => {
  const found = catalogue.find((tool) => tool.name === "Stylelint")
  if (found === undefined) throw new Error("the catalogue has no Stylelint tool")
  return found
})()

/** Stylelint's configuration files, in its order. */
export const configurationNames = stylelintConfigurationNames(stylelintDefinition.configurationFiles)

/** The patterns a repository nobody configured gets: the catalogue's enabled ones, with their default parameters. */
export const defaultRules: ReadonlyArray<EnabledRule> = stylelintDefinition.patterns
  .filter((pattern) => pattern.definition.enabled)
  .map(({ definition }) => ({
    patternId: definition.id,
    ruleId: definition.id.slice("Stylelint_".length),
    severity: definition.severityLevel,
    parameters: definition.parameters.map((parameter) => ({ name: parameter.name, value: parameter.default }))
  }))

export const stylelintRule = (rule: string, severity: IssueSeverity, parameters: Readonly<Record<string, string>> = {}): EnabledRule => ({
  patternId: `Stylelint_${rule}`,
  ruleId: rule,
  severity,
  parameters: Object.entries(parameters).map(([name, value]) => ({ name, value }))
})

/** A tree in memory: path → content. */
export const filesOf = (files: Readonly<Record<string, string>>): ReadonlyArray<SourceFile> =>
  Object.entries(files).map(([path, content]) => ({ path, content })).sort((a, b) => (a.path < b.path ? -1 : 1))

/** CSS with one issue of each family of the default patterns, each on a line of its own (and only real HTML elements). */
export const cssOfEveryFamily = [
  "a { colr: red; }",
  "b { width: calc(1px+2px); }",
  "p { color: red; color: blue; }",
  "div {}",
  "span { clip: rect(0 0 0 0); }",
  "em { font-family: Arial; }",
  "ul { padding-left: 1px; padding: 2px; }",
  "li:hoverr { top: 0; }",
  ""
].join("\n")

import { ToolDefinitions } from "@tidemark/core"
import { Schema } from "effect"
import { json, type ToolSource } from "./CatalogueFiles.js"
import { classify, harmlessDefaults, isEnabledByDefault, isRecommended, severity } from "./RuleClassification.js"
import type { Rule, RuleSet } from "./RuleMetadata.js"
import { securityPluginRules } from "./SecurityPluginRules.js"
import { ruleParameters } from "./RuleParameters.js"

type ToolEncoded = Schema.Schema.Encoded<typeof ToolDefinitions.ToolDefinition>
type PatternEncoded = Schema.Schema.Encoded<typeof ToolDefinitions.CataloguePattern>
type ToolMetadata = Omit<ToolEncoded, "patterns">

/** Minutes to fix one issue. ESLint publishes no estimate, so every rule gets the same default. */
export const defaultTimeToFix = 5

const flatConfigurationFiles = ["eslint.config.js", "eslint.config.mjs", "eslint.config.cjs", "eslint.config.ts"]
const readableLegacyFiles = [".eslintrc", ".eslintrc.json", ".eslintrc.yml", ".eslintrc.yaml"]
const legacyConfigurationFiles = [".eslintrc", ".eslintrc.js", ".eslintrc.cjs", ".eslintrc.json", ".eslintrc.yml", ".eslintrc.yaml"]

/** UUIDs are the original service's, so that configurations made there carry over. */
export const eslint9Tool: ToolMetadata = {
  uuid: "2a30ab97-477f-4769-8b88-af596ce7a94c",
  name: "ESLint9",
  patternPrefix: "ESLint9_",
  family: "eslint",
  isClientSide: false,
  languages: ["JavaScript", "TypeScript"],
  enabledByDefault: true,
  // Flat configs are code (run in the sandbox when allowed); eslintrc files are read as data.
  configurationFiles: [...flatConfigurationFiles, ...legacyConfigurationFiles],
  readableConfigurationFiles: readableLegacyFiles
}

export const eslint8Tool: ToolMetadata = {
  uuid: "f8b29663-2cb2-498d-b923-a10c6a8c05cd",
  name: "ESLint",
  patternPrefix: "ESLint8_",
  family: "eslint",
  isClientSide: false,
  languages: ["JavaScript", "TypeScript"],
  enabledByDefault: false,
  configurationFiles: legacyConfigurationFiles,
  readableConfigurationFiles: readableLegacyFiles
}

/** A pattern id is the tool's prefix plus the rule id, with a plugin's `/` written as `_`. */
export const patternId = (prefix: string, ruleId: string): string => `${prefix}${ruleId.replaceAll("/", "_")}`

const title = (description: string): string =>
  description.charAt(0).toUpperCase() + description.slice(1).replace(/\.$/, "")

/** Core rules apply to JavaScript and, through a TypeScript parser, to TypeScript. */
const ruleLanguages = (rule: Rule): ReadonlyArray<string> =>
  rule.origin === "typescript-eslint" ? ["TypeScript"] : ["JavaScript", "TypeScript"]

const ruleTags = (rule: Rule, recommended: boolean): ReadonlyArray<string> => {
  const cwe = rule.origin === "security" ? securityPluginRules[rule.name]?.cwe : undefined
  return [
    rule.module.meta.type,
    ...(recommended ? ["recommended"] : []),
    ...(rule.module.meta.docs?.requiresTypeChecking === true ? ["type-checked"] : []),
    // A security finding of the pattern is filed under its first `CWE-n` tag.
    ...(cwe === undefined ? [] : [cwe])
  ]
}

export const toPattern = (prefix: string, rule: Rule): PatternEncoded => {
  const docs = rule.module.meta.docs
  const recommended = isRecommended(rule)
  const enabled = isEnabledByDefault(rule)
  const level = severity(rule)
  const { category, subCategory } = classify(rule)
  return {
    definition: {
      id: patternId(prefix, rule.ruleId),
      ...(docs?.description !== undefined ? { title: title(docs.description) } : {}),
      category,
      ...(subCategory !== undefined ? { subCategory } : {}),
      level,
      severityLevel: level,
      ...(docs?.description !== undefined ? { description: docs.description } : {}),
      ...(docs?.url !== undefined ? { explanation: `See ${docs.url}` } : {}),
      enabled,
      languages: ruleLanguages(rule),
      timeToFix: defaultTimeToFix,
      parameters: ruleParameters(rule.module).map((parameter) => {
        const harmless = harmlessDefaults[rule.name]?.[parameter.name]
        return harmless === undefined ? parameter : { ...parameter, default: harmless }
      }),
      tags: ruleTags(rule, recommended)
    },
    recommended
  }
}

/** Deprecated rules are left out: they are frozen, and many are removed in the next major. */
const isDeprecated = (rule: Rule): boolean => {
  const deprecated = rule.module.meta.deprecated
  return deprecated !== undefined && deprecated !== false
}

const byId = (a: PatternEncoded, b: PatternEncoded): number =>
  a.definition.id < b.definition.id ? -1 : a.definition.id > b.definition.id ? 1 : 0

export const toTool = (metadata: ToolMetadata, rules: RuleSet): ToolEncoded => ({
  ...metadata,
  patterns: rules.rules
    .filter((rule) => !isDeprecated(rule))
    .map((rule) => toPattern(metadata.patternPrefix, rule))
    .sort(byId)
})

export interface CatalogueData {
  readonly eslint9: ToolEncoded
  readonly eslint8: ToolEncoded
  readonly source: ReadonlyArray<ToolSource>
}

export const catalogueData = (rules: { readonly eslint9: RuleSet; readonly eslint8: RuleSet }): CatalogueData => {
  const data: CatalogueData = {
    eslint9: toTool(eslint9Tool, rules.eslint9),
    eslint8: toTool(eslint8Tool, rules.eslint8),
    source: [
      { tool: eslint9Tool.name, packages: rules.eslint9.packages },
      { tool: eslint8Tool.name, packages: rules.eslint8.packages }
    ]
  }
  // Never write a file the catalogue would then refuse to load.
  Schema.decodeUnknownSync(Schema.Array(ToolDefinitions.ToolDefinition))([data.eslint9, data.eslint8])
  return data
}

/**
 * The ESLint data files, keyed by their path relative to the package, as the generator writes
 * them; `data.source` goes into `source.json` with the other tools' entries (`sourceFile`).
 */
export const renderFiles = (data: CatalogueData): ReadonlyArray<readonly [string, string]> => [
  ["src/data/eslint9.json", json(data.eslint9)],
  ["src/data/eslint8.json", json(data.eslint8)]
]

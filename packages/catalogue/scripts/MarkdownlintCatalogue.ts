import { ToolDefinitions } from "@tidemark/core"
import { Schema } from "effect"
import { json, type ToolSource } from "./CatalogueFiles.js"
// markdownlint publishes no estimate either: its patterns take the same default as ESLint's.
import { defaultTimeToFix } from "./EslintCatalogue.js"
import {
  markdownlintCategory,
  markdownlintOffByDefault,
  markdownlintParameterDefaults,
  markdownlintSeverity
} from "./MarkdownlintClassification.js"
import type { MarkdownlintOption, MarkdownlintRule } from "./MarkdownlintRules.js"
import { plainText } from "./RuffCatalogue.js"

type ToolEncoded = Schema.Schema.Encoded<typeof ToolDefinitions.ToolDefinition>
type PatternEncoded = Schema.Schema.Encoded<typeof ToolDefinitions.CataloguePattern>
type ParameterEncoded = PatternEncoded["definition"]["parameters"][number]

export const markdownlintPackage = "markdownlint"

/** The data files, in markdownlint-cli's order of looking for them; then the code ones, found and never run. */
export const markdownlintDataFiles = [".markdownlint.jsonc", ".markdownlint.json", ".markdownlint.yaml", ".markdownlint.yml", ".markdownlintrc"]

export const markdownlintTool: Omit<ToolEncoded, "patterns"> = {
  // The original service's uuid for its markdownlint tool, so that configurations carry over.
  uuid: "547ff16b-d57c-4d75-8067-5ccf3ea88a00",
  name: "markdownlint",
  patternPrefix: "markdownlint_",
  family: "markdownlint",
  isClientSide: false,
  languages: ["Markdown"],
  enabledByDefault: true,
  configurationFiles: [...markdownlintDataFiles, ".markdownlint.cjs", ".markdownlint.mjs"],
  readableConfigurationFiles: markdownlintDataFiles
}

export const markdownlintPatternId = (id: string): string => `${markdownlintTool.patternPrefix}${id}`

const paragraphsOf = (markdown: string): ReadonlyArray<string> =>
  markdown.split(/\n\s*\n/).map((paragraph) => paragraph.replace(/\s*\n\s*/g, " ").trim())

// The page opens with its title, tags, aliases, parameters and whether it is fixable.
const isHeader = (paragraph: string): boolean => /^(?:#|Tags:|Aliases:|Parameters:|Fixable:|- `|Note)/.test(paragraph)

/**
 * The page's first paragraph of prose that speaks of the rule: what triggers it (its example left
 * out). The pages of the reference-link rules open with what reference links are; the rule comes after.
 */
export const ruleDescription = (documentation: string): string => {
  const prose = paragraphsOf(documentation).filter((paragraph) => !isHeader(paragraph))
  const first = prose.find((paragraph) => /\bthis (?:rule|check)\b/i.test(paragraph)) ?? prose[0] ?? ""
  return plainText(first).replace(/(?:,? for example)?:$/, ".")
}

/** The page's `Rationale:` paragraph, if it has one. */
export const ruleRationale = (documentation: string): string | undefined => {
  const rationale = paragraphsOf(documentation).find((paragraph) => paragraph.startsWith("Rationale:"))
  return rationale === undefined ? undefined : plainText(rationale.slice("Rationale:".length).trim())
}

/** Values are strings in the API: a string as it is, anything else as JSON; unset as `""`. */
const parameterValue = (value: unknown): string =>
  value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value)

const parameterOf = (id: string, option: MarkdownlintOption): ParameterEncoded => {
  const own = markdownlintParameterDefaults.get(id)?.get(option.name)
  return {
    name: option.name,
    description: own === "" ? `${option.description} (unset: markdownlint derives it)` : option.description,
    default: own ?? parameterValue(option.default)
  }
}

export const toMarkdownlintPattern = (rule: MarkdownlintRule): PatternEncoded => {
  const category = markdownlintCategory(rule.id)
  const level = markdownlintSeverity(category)
  const rationale = ruleRationale(rule.documentation)
  return {
    definition: {
      id: markdownlintPatternId(rule.id),
      title: rule.description,
      category,
      level,
      severityLevel: level,
      description: ruleDescription(rule.documentation),
      explanation: `See ${rule.information}`,
      enabled: !markdownlintOffByDefault.has(rule.id),
      languages: ["Markdown"],
      timeToFix: defaultTimeToFix,
      parameters: rule.options.map((option) => parameterOf(rule.id, option)),
      ...(rationale === undefined ? {} : { rationale }),
      tags: [...rule.aliases, ...rule.tags]
    },
    // markdownlint enables every rule by default.
    recommended: true
  }
}

export const toMarkdownlintTool = (rules: ReadonlyArray<MarkdownlintRule>): ToolEncoded => {
  const patterns = rules.map(toMarkdownlintPattern).sort((a, b) => (a.definition.id < b.definition.id ? -1 : 1))
  const tool = { ...markdownlintTool, patterns }
  // Never write a file the catalogue would then refuse to load.
  Schema.decodeUnknownSync(ToolDefinitions.ToolDefinition)(tool)
  return tool
}

export const markdownlintSource = (version: string): ToolSource => ({ tool: markdownlintTool.name, packages: { [markdownlintPackage]: version } })

export const markdownlintFile = (tool: ToolEncoded): readonly [string, string] => ["src/data/markdownlint.json", json(tool)]

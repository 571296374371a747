import { ToolDefinitions } from "@tidemark/core"
import { Schema } from "effect"
import { json, type ToolSource } from "./CatalogueFiles.js"
// Spectral publishes no estimate either: its patterns take the same default as ESLint's.
import { defaultTimeToFix } from "./EslintCatalogue.js"
import { spectralCategory, spectralEnabled, spectralSeverity } from "./SpectralClassification.js"
import { type SpectralRule, type SpectralRulesetName, spectralPackage } from "./SpectralRules.js"

/**
 * The Spectral tool of the catalogue, generated from the installed `@stoplight/spectral-rulesets`:
 * a pattern per rule of its OpenAPI and AsyncAPI rulesets (SpectralRules.ts), placed by
 * SpectralClassification.ts. A pattern's title is the rule's description, its description that
 * and the document formats the rule applies to.
 */

type ToolEncoded = Schema.Schema.Encoded<typeof ToolDefinitions.ToolDefinition>
type PatternEncoded = Schema.Schema.Encoded<typeof ToolDefinitions.CataloguePattern>

/** The ruleset files Spectral's CLI finds by itself that are data; then the code ones, found and never run. */
export const spectralDataFiles = [".spectral.yaml", ".spectral.yml", ".spectral.json"]

export const spectralTool: Omit<ToolEncoded, "patterns"> = {
  // The original service's uuid for its Spectral tool was not found in any public source: this
  // one is Tidemark's own, fixed here so that configurations carry over between installations.
  uuid: "4c1d7e92-5b3a-4f08-9e6d-2a8b7c5f1e30",
  name: "Spectral",
  patternPrefix: "Spectral_",
  family: "spectral",
  isClientSide: false,
  // OpenAPI and AsyncAPI documents are written in either; Spectral tells them from other files by content.
  languages: ["JSON", "YAML"],
  enabledByDefault: true,
  configurationFiles: [...spectralDataFiles, ".spectral.js", ".spectral.mjs", ".spectral.cjs", ".spectral.ts"],
  readableConfigurationFiles: spectralDataFiles
}

export const spectralPatternId = (id: string): string => `${spectralTool.patternPrefix}${id}`

/** The specification a ruleset is for, as its formats name it. */
const specificationOf: Readonly<Record<SpectralRulesetName, string>> = { oas: "OpenAPI", asyncapi: "AsyncAPI" }

/** `A`, `A and B`, `A, B and C`. */
const listed = (items: ReadonlyArray<string>): string =>
  items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1) ?? ""}`

/** Which documents a rule checks: its formats, or every version of its ruleset's specification. */
export const appliesTo = (rule: Pick<SpectralRule, "ruleset" | "formats">): string =>
  `Applies to ${rule.formats.length === 0 ? `every ${specificationOf[rule.ruleset]} version` : listed(rule.formats)}.`

const sentence = (text: string): string => (/[.!?]$/.test(text) ? text : `${text}.`)

export const toSpectralPattern = (rule: SpectralRule): PatternEncoded => {
  const level = spectralSeverity(rule.severity)
  return {
    definition: {
      id: spectralPatternId(rule.id),
      title: rule.description,
      category: spectralCategory(rule),
      level,
      severityLevel: level,
      description: `${sentence(rule.description)} ${appliesTo(rule)}`,
      explanation: `See ${rule.documentationUrl}#${rule.id}`,
      enabled: spectralEnabled(rule),
      languages: ["JSON", "YAML"],
      timeToFix: defaultTimeToFix,
      parameters: [],
      tags: [rule.ruleset, ...rule.formats]
    },
    recommended: rule.recommended
  }
}

export const toSpectralTool = (rules: ReadonlyArray<SpectralRule>): ToolEncoded => {
  const patterns = rules.map(toSpectralPattern).sort((a, b) => (a.definition.id < b.definition.id ? -1 : 1))
  const tool = { ...spectralTool, patterns }
  // Never write a file the catalogue would then refuse to load.
  Schema.decodeUnknownSync(ToolDefinitions.ToolDefinition)(tool)
  return tool
}

export const spectralSource = (version: string): ToolSource => ({ tool: spectralTool.name, packages: { [spectralPackage]: version } })

export const spectralFile = (tool: ToolEncoded): readonly [string, string] => ["src/data/spectral.json", json(tool)]

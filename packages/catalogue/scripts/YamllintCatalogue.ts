import { type Pattern, ToolDefinitions } from "@tidemark/core"
import { Schema } from "effect"
import { yamllintPatternSeverity, yamllintSyntaxRule } from "../src/ToolHeads.js"
import { json, type ToolSource } from "./CatalogueFiles.js"
// yamllint publishes no estimate either: its patterns take the same default as ESLint's.
import { defaultTimeToFix } from "./EslintCatalogue.js"
import type { YamllintRule, YamllintRuleList } from "./YamllintRules.js"

/**
 * The yamllint tool of the catalogue, generated from yamllint's own rules (YamllintRules.ts) at the
 * release Tidemark runs, and a pattern for what yamllint reports without a rule: a file it cannot
 * parse (`[error] syntax error: … (syntax)`). A pattern's title and description are the first
 * sentence and paragraph of the rule's documentation.
 */

type ToolEncoded = Schema.Schema.Encoded<typeof ToolDefinitions.ToolDefinition>
type PatternEncoded = Schema.Schema.Encoded<typeof ToolDefinitions.CataloguePattern>

/** Debian 12's package, which `scripts/test-tools.sh` installs: the release the patterns are read from. */
export const yamllintRelease = "1.29.0"

export const yamllintTool: Omit<ToolEncoded, "patterns"> = {
  // The original service's uuid for its yamllint tool was not found in any public source: this one
  // is Tidemark's own, fixed here so that configurations carry over.
  uuid: "c4e7a2d9-3b61-4f08-9d5e-7a18b2f6c053",
  name: "yamllint",
  patternPrefix: "yamllint_",
  family: "yamllint",
  isClientSide: false,
  languages: ["YAML"],
  enabledByDefault: true,
  // yamllint's configuration is YAML data (`extends`, `rules`, `ignore`, `yaml-files`), read as such
  // and written again for yamllint (docs/analysis-tools.md).
  configurationFiles: [".yamllint", ".yamllint.yaml", ".yamllint.yml"],
  readableConfigurationFiles: [".yamllint", ".yamllint.yaml", ".yamllint.yml"]
}

export const yamllintPatternId = (rule: string): string => `${yamllintTool.patternPrefix}${rule}`

/** A duplicated key or a file that does not parse is data lost or misread; truthy values change meaning between YAML 1.1 and 1.2. */
const errorProne: ReadonlySet<string> = new Set([yamllintSyntaxRule, "key-duplicates", "truthy"])

export const yamllintCategory = (rule: string): Pattern.Category => (errorProne.has(rule) ? "ErrorProne" : "CodeStyle")

/**
 * On by default here: only what is a fault on any YAML. Not truthy: `on:`, the key of every GitHub
 * Actions workflow, is one (its `check-keys`), and Ansible writes `yes`; nor the formatting rules,
 * which teams argue over (a repository's own `.yamllint` turns them on).
 */
export const yamllintOnByDefault: ReadonlySet<string> = new Set([yamllintSyntaxRule, "key-duplicates"])

const sentenceOf = (text: string): string => /^.*?\.(?=\s|$)/.exec(text)?.[0] ?? text

const patternOf = (rule: string, type: string, description: string, recommended: boolean): PatternEncoded => {
  const severity = yamllintPatternSeverity(rule)
  return {
    definition: {
      id: yamllintPatternId(rule),
      title: sentenceOf(description),
      category: yamllintCategory(rule),
      level: severity,
      severityLevel: severity,
      description,
      explanation: `yamllint's rule ${rule}: https://yamllint.readthedocs.io/en/v${yamllintRelease}/rules.html`,
      enabled: yamllintOnByDefault.has(rule),
      languages: [...yamllintTool.languages],
      timeToFix: defaultTimeToFix,
      parameters: [],
      tags: [type]
    },
    recommended
  }
}

/** Whether yamllint's `default` configuration enables the rule. */
const inDefault = (list: YamllintRuleList, rule: YamllintRule): boolean => {
  const conf = list.presets["default"]?.rules[rule.id]
  return conf !== undefined && conf !== "disable"
}

/** The listing is of another release than the one Tidemark runs. */
export class YamllintReleaseMismatch extends Schema.TaggedError<YamllintReleaseMismatch>()("YamllintReleaseMismatch", {
  listed: Schema.String,
  expected: Schema.String
}) {}

const syntaxPattern = patternOf(
  yamllintSyntaxRule,
  "syntax",
  "The file is not YAML that yamllint can parse: it reports where parsing failed (a syntax error), and a YAML reader would refuse the file.",
  true
)

/** The listed rules and the syntax error, in id order. */
export const toYamllintTool = (list: YamllintRuleList): ToolEncoded => {
  if (list.version !== yamllintRelease) throw new YamllintReleaseMismatch({ listed: list.version, expected: yamllintRelease })
  const patterns = [syntaxPattern, ...list.rules.map((rule) => patternOf(rule.id, rule.type, rule.description, inDefault(list, rule)))]
    .sort((a, b) => (a.definition.id < b.definition.id ? -1 : a.definition.id > b.definition.id ? 1 : 0))
  const tool = { ...yamllintTool, patterns }
  // Never write a file the catalogue would then refuse to load.
  Schema.decodeUnknownSync(ToolDefinitions.ToolDefinition)(tool)
  return tool
}

export const yamllintSource: ToolSource = { tool: yamllintTool.name, packages: { yamllint: yamllintRelease } }

export const yamllintFile = (tool: ToolEncoded): readonly [string, string] => ["src/data/yamllint.json", json(tool)]

/** yamllint's `default` and `relaxed` configurations, which an analysis expands a repository's `extends` with. */
export const yamllintPresetsFile = (list: YamllintRuleList): readonly [string, string] => ["src/data/yamllint-presets.json", json(list.presets)]

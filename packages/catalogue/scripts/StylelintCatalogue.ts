import { readFileSync } from "node:fs"
import { ToolDefinitions } from "@tidemark/core"
import { stylelintCssOnlyRules, stylelintRunsOn, type StylelintSyntax } from "../src/StylelintSyntaxes.js"
import { Schema } from "effect"
import { json, type ToolSource } from "./CatalogueFiles.js"
// Stylelint publishes no estimate either: its patterns take the same default as ESLint's.
import { defaultTimeToFix } from "./EslintCatalogue.js"
import type { Parameter } from "./RuleParameters.js"
import { stylelintCategory, stylelintHarmlessDefaults, stylelintOffByDefault, stylelintSeverity } from "./StylelintClassification.js"
import { StylelintDocs, type StylelintRuleDoc } from "./StylelintDocs.js"
import type { InstalledStylelint, InstalledStylelintRule } from "./StylelintRules.js"

type ToolEncoded = Schema.Schema.Encoded<typeof ToolDefinitions.ToolDefinition>
type PatternEncoded = Schema.Schema.Encoded<typeof ToolDefinitions.CataloguePattern>

/** Stylelint's configuration files, in the order it looks for them in a folder (cosmiconfig's), `package.json#stylelint` aside. */
export const stylelintConfigurationFiles = [
  ".stylelintrc",
  ".stylelintrc.json",
  ".stylelintrc.yaml",
  ".stylelintrc.yml",
  ".stylelintrc.js",
  ".stylelintrc.ts",
  ".stylelintrc.cjs",
  ".stylelintrc.mjs",
  "stylelint.config.js",
  "stylelint.config.ts",
  "stylelint.config.cjs",
  "stylelint.config.mjs"
] as const

const stylelintSyntaxes: ReadonlyArray<StylelintSyntax> = ["CSS", "SCSS", "LESS"]

export const stylelintTool: Omit<ToolEncoded, "patterns"> = {
  // The original service's uuid for its Stylelint tool was not found in any public source:
  // generated once for Tidemark.
  uuid: "4f0a7c36-1d2e-4b8f-9a55-c3e6d2b7a914",
  name: "Stylelint",
  patternPrefix: "Stylelint_",
  family: "stylelint",
  isClientSide: false,
  // The measures' names (cloc's) of the languages of `.css`, `.scss` and `.less` files.
  languages: stylelintSyntaxes,
  enabledByDefault: true,
  configurationFiles: [...stylelintConfigurationFiles],
  // JSON and YAML, read as data; the others are code, not run.
  readableConfigurationFiles: [".stylelintrc", ".stylelintrc.json", ".stylelintrc.yaml", ".stylelintrc.yml"]
}

/** The committed docs of Stylelint's rules (StylelintDocs.ts), next to this script. */
export const stylelintDocsPath = new URL("stylelint-rule-docs.json", import.meta.url)

export const committedStylelintDocs = (): StylelintDocs =>
  Schema.decodeUnknownSync(StylelintDocs)(JSON.parse(readFileSync(stylelintDocsPath, "utf8")))

export const stylelintDocsFile = (docs: StylelintDocs): string => json(Schema.encodeSync(StylelintDocs)(docs))

/** Stylelint's rule ids hold no `/`; a plugin's would (`scss/at-rule-no-unknown`), written `_` as ESLint's are. */
export const stylelintPatternId = (rule: string): string => `${stylelintTool.patternPrefix}${rule.replaceAll("/", "_")}`

const title = (summary: string): string => summary.replace(/\.$/, "")

/** A parameter's value as the API carries it: a string as it is, anything else as JSON. */
const parameterValue = (value: unknown): string => (typeof value === "string" ? value : JSON.stringify(value))

/** A README heading of a primary option is a quoted choice (`"always"`), `true`, or a type (`number`, `Array<string>`). */
const choiceOf = (form: string): string | undefined => /^"(.*)"$/.exec(form)?.[1]

/**
 * The primary option as `unnamedParam`, unless the rule takes only `true`. A choice of strings
 * defaults to the configured one, else the first the README lists (as ESLint's enums do); a
 * number, a pattern or a list has no default a repository did not give (`""`: the rule then says
 * its option is missing, and is skipped).
 */
const primaryParameter = (doc: StylelintRuleDoc, configured: unknown): ReadonlyArray<Parameter> => {
  const forms = doc.primaryOptions.filter((form) => form !== "true")
  if (forms.length === 0) return []
  const choices = forms.flatMap((form) => choiceOf(form) ?? [])
  const given = configured === undefined || configured === true ? undefined : parameterValue(configured)
  if (choices.length === forms.length) {
    return [{ name: "unnamedParam", description: `enum option: ${choices.join(" | ")}`, default: given ?? choices[0] ?? "" }]
  }
  return [{ name: "unnamedParam", description: `${doc.primaryOptions.join(" or ")} option`, default: given ?? "" }]
}

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const secondaryParameters = (doc: StylelintRuleDoc, configured: unknown): ReadonlyArray<Parameter> =>
  doc.secondaryOptions.map((option) => {
    const given = isRecord(configured) ? configured[option.name] : undefined
    const harmless = stylelintHarmlessDefaults[doc.rule]?.[option.name]
    const values = option.values.length > 0 ? `one or more of: ${option.values.join(" | ")}` : ""
    return {
      name: option.name,
      description: [values, option.example].filter((part) => part !== "").join("; ") || "option",
      default: harmless ?? (given === undefined ? "" : parameterValue(given))
    }
  })

/** A rule's setting in a config: `true`, `"always"`, or `[primary, { secondary }]`. */
const settingParts = (setting: unknown): readonly [unknown, unknown] =>
  Array.isArray(setting) ? [setting[0], setting[1]] : [setting, undefined]

const tags = (rule: InstalledStylelintRule, doc: StylelintRuleDoc, recommended: boolean): ReadonlyArray<string> => [
  doc.family,
  ...(recommended ? ["recommended"] : []),
  ...(rule.fixable ? ["fixable"] : []),
  ...(doc.cssOnly ? ["css-only"] : [])
]

export const toStylelintPattern = (rule: InstalledStylelintRule, doc: StylelintRuleDoc, setting: unknown): PatternEncoded => {
  const recommended = setting !== undefined && setting !== null
  const category = stylelintCategory(rule.name, doc.family)
  const level = stylelintSeverity(category, recommended)
  const [primary, secondary] = settingParts(setting)
  return {
    definition: {
      id: stylelintPatternId(rule.name),
      title: title(doc.summary),
      category,
      level,
      severityLevel: level,
      description: doc.description,
      explanation: `See ${rule.url}`,
      enabled: recommended && !stylelintOffByDefault.has(rule.name),
      // Where the default patterns run it (StylelintSyntaxes.ts).
      languages: stylelintSyntaxes.filter((syntax) => stylelintRunsOn(rule.name, syntax)),
      timeToFix: defaultTimeToFix,
      parameters: [...primaryParameter(doc, primary), ...secondaryParameters(doc, secondary)],
      tags: tags(rule, doc, recommended)
    },
    recommended
  }
}

/**
 * An installed rule the committed docs do not describe, a documented one Stylelint does not have,
 * or a README that says its rule is only for CSS where StylelintSyntaxes.ts does not (or the reverse).
 */
export class StylelintDocsMismatch extends Schema.TaggedError<StylelintDocsMismatch>()("StylelintDocsMismatch", {
  undocumented: Schema.Array(Schema.String),
  uninstalled: Schema.Array(Schema.String),
  cssOnly: Schema.Array(Schema.String)
}) {}

const symmetricDifference = (a: ReadonlyArray<string>, b: ReadonlyArray<string>): ReadonlyArray<string> =>
  [...a.filter((x) => !b.includes(x)), ...b.filter((x) => !a.includes(x))].sort()

/** Deprecated rules are left out, as ESLint's are: they are frozen, and removed in the next major. */
export const toStylelintTool = (installed: InstalledStylelint, docs: StylelintDocs): ToolEncoded => {
  const byRule = new Map(docs.rules.map((doc) => [doc.rule, doc]))
  const rules = installed.rules.filter((rule) => !rule.deprecated)
  const undocumented = rules.filter((rule) => !byRule.has(rule.name)).map((rule) => rule.name)
  const uninstalled = docs.rules.filter((doc) => !rules.some((rule) => rule.name === doc.rule)).map((doc) => doc.rule)
  const cssOnly = symmetricDifference(docs.rules.filter((doc) => doc.cssOnly).map((doc) => doc.rule), stylelintCssOnlyRules)
  if (undocumented.length > 0 || uninstalled.length > 0 || cssOnly.length > 0) {
    throw new StylelintDocsMismatch({ undocumented, uninstalled, cssOnly })
  }
  const tool = {
    ...stylelintTool,
    patterns: rules.flatMap((rule) => {
      const doc = byRule.get(rule.name)
      return doc === undefined ? [] : [toStylelintPattern(rule, doc, installed.recommended[rule.name])]
    })
  }
  // Never write a file the catalogue would then refuse to load.
  Schema.decodeUnknownSync(ToolDefinitions.ToolDefinition)(tool)
  return tool
}

export const stylelintSource = (installed: InstalledStylelint): ToolSource => ({ tool: stylelintTool.name, packages: installed.packages })

export const stylelintFile = (tool: ToolEncoded): readonly [string, string] => ["src/data/stylelint.json", json(tool)]

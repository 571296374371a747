import { ToolDefinitions } from "@tidemark/core"
import { Schema } from "effect"
// Ruff publishes no estimate either: its patterns take the same default as ESLint's.
import { defaultTimeToFix } from "./EslintCatalogue.js"
import { json, type ToolSource } from "./CatalogueFiles.js"
import { ruffCategory, ruffSeverity } from "./RuffClassification.js"
import { ruffSafeFixTag } from "../src/ToolHeads.js"
import type { RuffRule } from "./RuffRules.js"
import { ruffWeakness } from "./BanditWeaknesses.js"

type ToolEncoded = Schema.Schema.Encoded<typeof ToolDefinitions.ToolDefinition>
type PatternEncoded = Schema.Schema.Encoded<typeof ToolDefinitions.CataloguePattern>

export const ruffPackage = "@astral-sh/ruff-wasm-nodejs"

export const ruffTool: Omit<ToolEncoded, "patterns"> = {
  uuid: "8b1e2f4a-93c6-4d57-a0e1-5c7d2b9f6e31",
  name: "Ruff",
  patternPrefix: "Ruff_",
  family: "Ruff",
  isClientSide: false,
  languages: ["Python"],
  enabledByDefault: true,
  configurationFiles: ["pyproject.toml", "ruff.toml", ".ruff.toml"],
  // TOML, read as data; a pyproject.toml is a Ruff configuration only with [tool.ruff], which its name cannot tell.
  readableConfigurationFiles: ["ruff.toml", ".ruff.toml"]
}

/** A rule as the catalogue takes it: its source metadata and whether Ruff enables it by default. */
export interface CatalogueRule {
  readonly rule: RuffRule
  readonly recommended: boolean
}

export const ruffPatternId = (code: string): string => `${ruffTool.patternPrefix}${code}`

/** `unused-import` → `Unused import`, the way Ruff's documentation reads a rule name. */
export const ruffTitle = (name: string): string => {
  const words = name.replaceAll("-", " ")
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** A Markdown link: inline `[text](url)`, reference `[text][ref]` or shortcut `[text]`. */
const link = /\[((?:[^[\]`]|`[^`]*`)+)\](?:\([^)]*\)|\[[^\]]*\])?/y

/** Links kept as their text; code spans (`Final[Literal[...]]`) stay exactly as written. */
export const plainText = (markdown: string): string => {
  let text = ""
  let index = 0
  while (index < markdown.length) {
    const char = markdown.charAt(index)
    const spanEnd = char === "`" ? markdown.indexOf("`", index + 1) : -1
    if (spanEnd > index) {
      text += markdown.slice(index, spanEnd + 1)
      index = spanEnd + 1
      continue
    }
    link.lastIndex = index
    const found = char === "[" ? link.exec(markdown) : null
    text += found === null ? char : (found[1] ?? "")
    index = found === null ? index + 1 : link.lastIndex
  }
  return text
}

/**
 * Rules of Ruff's default set that are off by default here, each because following its advice
 * breaks working code (measured on requests: docs/real-repositories.md). A repository can enable
 * them, and its own configuration decides for itself.
 * - TRY004 asks to raise `TypeError` where code raises `ValueError`: callers that catch the
 *   `ValueError` stop catching it.
 * - B018 asks to remove an expression statement: reading a property runs its getter
 *   (`resp.content  # Consume socket so it can be released`, in requests), and a test reads an
 *   attribute to assert that it exists.
 */
export const ruffOffByDefault: ReadonlySet<string> = new Set(["TRY004", "B018"])

const tags = ({ rule, recommended }: CatalogueRule): ReadonlyArray<string> => {
  const weakness = ruffWeakness(rule.linter.name, rule.code)
  return [
    rule.linter.name,
    ...(recommended ? ["recommended"] : []),
    ...(rule.fix === "None" ? [] : [`fix-${rule.fix.toLowerCase()}`]),
    // Only these rules' fixes become quick fixes: Ruff's WASM build does not say which fix is safe.
    ...(rule.safeFix ? [ruffSafeFixTag] : []),
    // A security finding of the pattern is filed under its `CWE-n` tag.
    ...(weakness === undefined ? [] : [weakness.cwe])
  ]
}

export const toRuffPattern = (entry: CatalogueRule): PatternEncoded => {
  const { rule, recommended } = entry
  const category = ruffCategory(rule.linter.name, rule.code)
  const level = ruffSeverity(rule.code, category)
  const weakness = category === "Security" ? ruffWeakness(rule.linter.name, rule.code) : undefined
  return {
    definition: {
      id: ruffPatternId(rule.code),
      title: ruffTitle(rule.name),
      category,
      ...(weakness === undefined ? {} : { subCategory: weakness.subCategory }),
      level,
      severityLevel: level,
      description: plainText(rule.whatItDoes),
      explanation: `See https://docs.astral.sh/ruff/rules/${rule.name}/`,
      enabled: recommended && !ruffOffByDefault.has(rule.code),
      languages: ["Python"],
      timeToFix: defaultTimeToFix,
      // Ruff's options belong to a linter (`lint.pydocstyle.convention`), not to one rule.
      parameters: [],
      tags: tags(entry)
    },
    recommended
  }
}

const byId = (a: PatternEncoded, b: PatternEncoded): number =>
  a.definition.id < b.definition.id ? -1 : a.definition.id > b.definition.id ? 1 : 0

export const toRuffTool = (rules: ReadonlyArray<CatalogueRule>): ToolEncoded => {
  const tool = { ...ruffTool, patterns: rules.map(toRuffPattern).sort(byId) }
  // Never write a file the catalogue would then refuse to load.
  Schema.decodeUnknownSync(ToolDefinitions.ToolDefinition)(tool)
  return tool
}

export const ruffSource = (version: string): ToolSource => ({ tool: ruffTool.name, packages: { [ruffPackage]: version } })

export const ruffFile = (tool: ToolEncoded): readonly [string, string] => ["src/data/ruff.json", json(tool)]

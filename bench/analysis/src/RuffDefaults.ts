import { catalogue } from "@tidemark/catalogue"
import type { Analyzer } from "@tidemark/core"
import { catalogueTool, toolAtDefaults } from "./DefaultSettings.js"

export const ruffUuid = "8b1e2f4a-93c6-4d57-a0e1-5c7d2b9f6e31"

/**
 * The Ruff tool as a repository gets it when nothing configures it: the catalogue's enabled
 * patterns at their default parameters, and the repository's own Ruff configuration followed when
 * it has one (`usesConfigurationFileByDefault`, as core sets it for a tool the repository never
 * chose a configuration for).
 */
export const defaultRuff = (): Analyzer.AnalyzedTool => toolAtDefaults(catalogueTool(ruffUuid), true)

/** The Ruff codes of the tool's patterns (the catalogue's prefix taken off), as the plug-in runs them. */
export const ruffCodesOf = (tool: Analyzer.AnalyzedTool): ReadonlyArray<string> => {
  const prefix = catalogue.find((t) => t.uuid === ruffUuid)?.patternPrefix ?? ""
  return tool.patterns.map((pattern) => (pattern.id.startsWith(prefix) ? pattern.id.slice(prefix.length) : pattern.id))
}

/** The settings with Ruff added after their tools. */
export const withRuff = (settings: Analyzer.AnalyzerSettings): Analyzer.AnalyzerSettings => ({
  ...settings,
  tools: [...settings.tools, defaultRuff()]
})

import type { ToolDefinitions } from "@tidemark/core"
import type { ConfigLintLimits } from "../ConfigLintSandbox.js"
import { legacyConfigurationOf } from "../eslintrc/LegacyConfiguration.js"
import { makeMarkdownlintTool } from "../markdownlint/MarkdownlintTool.js"
import { makeRuffTool } from "../ruff/RuffTool.js"
import { makeSpectralTool } from "../spectral/SpectralTool.js"
import { makeStylelintTool } from "../stylelint/StylelintTool.js"
import type { AnalysisTool } from "./AnalysisTool.js"
import { makeEslintTool } from "./EslintTool.js"
import { externalMakers, type ExternalToolsOptions, type inProcessFamilies, pluginsOf, registeredPlugin } from "./ExternalTools.js"

/**
 * The tools this server runs: one plug-in per catalogue tool whose family has one. The catalogue
 * may list a tool no plug-in runs here; an analysis that has it enabled says so instead of
 * counting it clean.
 */

export interface AnalysisToolsOptions extends ExternalToolsOptions {
  readonly configurationFileLimits: ConfigLintLimits
}

export const analysisTools = (options: AnalysisToolsOptions): ReadonlyArray<AnalysisTool> => {
  const eslint = { configurationFileLimits: options.configurationFileLimits, readLegacy: legacyConfigurationOf }
  const inProcess: Record<typeof inProcessFamilies[number], (definition: ToolDefinitions.ToolDefinition) => AnalysisTool> = {
    eslint: (definition) => makeEslintTool(definition, eslint),
    Ruff: makeRuffTool,
    markdownlint: makeMarkdownlintTool,
    stylelint: makeStylelintTool,
    spectral: makeSpectralTool
  }
  return pluginsOf({ ...inProcess, ...externalMakers(options) }, options, registeredPlugin(options))
}

import { toolHeads } from "@tidemark/catalogue/ToolHeads"
import type { ToolDefinitions } from "@tidemark/core"
import type { ConfigLintLimits } from "../ConfigLintSandbox.js"
import type { AnalysisTool } from "./AnalysisTool.js"
import { legacyConfigurationOf } from "../eslintrc/LegacyConfiguration.js"
import { makeRuffTool } from "../ruff/RuffTool.js"
import { makeEslintTool } from "./EslintTool.js"

/**
 * The tools this server runs: one plug-in per catalogue tool that has one. The catalogue may list a
 * tool no plug-in runs here; an analysis that has it enabled says so instead of counting it clean.
 */

export interface AnalysisToolsOptions {
  readonly configurationFileLimits: ConfigLintLimits
}

const eslint9Uuid = "2a30ab97-477f-4769-8b88-af596ce7a94c"
const eslint8Uuid = "f8b29663-2cb2-498d-b923-a10c6a8c05cd"
const ruffUuid = "8b1e2f4a-93c6-4d57-a0e1-5c7d2b9f6e31"

const definitionOf = (uuid: string): ToolDefinitions.ToolDefinition | undefined => toolHeads.find((tool) => tool.uuid === uuid)

export const analysisTools = (options: AnalysisToolsOptions): ReadonlyArray<AnalysisTool> => {
  const eslint = { configurationFileLimits: options.configurationFileLimits, readLegacy: legacyConfigurationOf }
  return [
    [eslint9Uuid, (d: ToolDefinitions.ToolDefinition) => makeEslintTool(d, eslint)] as const,
    [eslint8Uuid, (d: ToolDefinitions.ToolDefinition) => makeEslintTool(d, eslint)] as const,
    [ruffUuid, makeRuffTool] as const
  ].flatMap(([uuid, make]) => {
    const definition = definitionOf(uuid)
    return definition === undefined ? [] : [make(definition)]
  })
}

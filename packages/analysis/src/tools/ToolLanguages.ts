import { AnalysedLanguages, type ToolDefinitions } from "@tidemark/core"
import type { LanguageLines } from "../TreeTotals.js"
import type { AnalysisTool } from "./AnalysisTool.js"

/**
 * Each language of a tree with the tools that measured its issues, or why none did: no plug-in
 * reads it (`no_tool`), one does and the repository has not enabled it (`tool_disabled`), or the
 * repository enabled a catalogue tool for it that this server does not run (`tool_not_installed`).
 */
export const languageAnalysisOf = (
  languages: ReadonlyArray<LanguageLines>,
  plugins: ReadonlyArray<AnalysisTool>,
  ran: ReadonlyArray<AnalysisTool>,
  notRun: ReadonlyArray<ToolDefinitions.ToolDefinition>
): Array<AnalysedLanguages.LanguageAnalysis> =>
  languages.map(({ language, loc }) => {
    const tools = ran.filter((tool) => tool.languages.includes(language)).map((tool) => tool.definition.name)
    if (tools.length > 0) return new AnalysedLanguages.LanguageAnalysis({ language, loc, tools })
    const disabled = plugins.filter((tool) => tool.languages.includes(language)).map((tool) => tool.definition.name)
    const notInstalled = notRun.filter((tool) => tool.languages.includes(language)).map((tool) => tool.name)
    const [notAnalysed, candidates] = disabled.length > 0
      ? ["tool_disabled" as const, disabled]
      : notInstalled.length > 0
      ? ["tool_not_installed" as const, notInstalled]
      : ["no_tool" as const, []]
    return new AnalysedLanguages.LanguageAnalysis({ language, loc, tools: [], notAnalysed, ...(candidates.length > 0 ? { candidates } : {}) })
  })

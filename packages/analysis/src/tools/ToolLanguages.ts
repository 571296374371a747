import { AnalysedLanguages, type AnalysisResults, IssueLoad } from "@tidemark/core"
import type { LanguageLines } from "../TreeTotals.js"
import type { AnalysisTool } from "./AnalysisTool.js"

/** A tool this server cannot run, by its catalogue name, with the languages (the measures' names) it would have measured. */
export interface NotRunTool {
  readonly name: string
  readonly languages: ReadonlyArray<string>
}

/**
 * Each language of a tree with the tools that measured its issues, or why none did: no plug-in
 * reads it (`no_tool`), one does and the repository has not enabled it (`tool_disabled`), or the
 * tool for it cannot run here (`tool_not_installed`): the repository enabled a catalogue tool
 * this server has no plug-in for, or the plug-in's program is not installed. A measured language
 * carries its own issue counts, from `findings`.
 */
export const languageAnalysisOf = (
  languages: ReadonlyArray<LanguageLines>,
  plugins: ReadonlyArray<AnalysisTool>,
  ran: ReadonlyArray<AnalysisTool>,
  notRun: ReadonlyArray<NotRunTool>,
  findings: ReadonlyArray<Pick<AnalysisResults.IssueFinding, "language" | "level">> = []
): Array<AnalysedLanguages.LanguageAnalysis> => {
  const levels = new Map<string, Array<{ readonly severity: AnalysisResults.IssueFinding["level"] }>>()
  for (const finding of findings) {
    const known = levels.get(finding.language) ?? []
    known.push({ severity: finding.level })
    levels.set(finding.language, known)
  }
  return languages.map(({ language, loc }) => {
    const tools = ran.filter((tool) => tool.languages.includes(language)).map((tool) => tool.definition.name)
    if (tools.length > 0) return new AnalysedLanguages.LanguageAnalysis({ language, loc, tools, issueCounts: IssueLoad.countsOf(levels.get(language) ?? []) })
    const disabled = plugins.filter((tool) => tool.languages.includes(language)).map((tool) => tool.definition.name)
    const notInstalled = notRun.filter((tool) => tool.languages.includes(language)).map((tool) => tool.name)
    const [notAnalysed, candidates] = disabled.length > 0
      ? ["tool_disabled" as const, disabled]
      : notInstalled.length > 0
      ? ["tool_not_installed" as const, notInstalled]
      : ["no_tool" as const, []]
    return new AnalysedLanguages.LanguageAnalysis({ language, loc, tools: [], notAnalysed, ...(candidates.length > 0 ? { candidates } : {}) })
  })
}

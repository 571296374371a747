import { type EnabledRule, enabledRulesOf, TreeAnalyzer } from "@tidemark/analysis"
// Not dependencies of this package (adding them would change the workspace's lockfile): read from
// source, as the corpus is; they are the same modules @tidemark/analysis loads.
import { catalogue } from "@tidemark/catalogue"
import { type Analyzer, Goals, LanguageDefinitions, type ToolDefinitions } from "@tidemark/core"

/**
 * What a repository gets when nothing configures it: the ESLint9 tool with the catalogue's
 * enabled patterns, each parameter at its default (as core's effective configuration makes them),
 * and the default goals. The worker passes exactly this shape to `Analyzer.analyze`.
 */
/**
 * A catalogue tool as a repository that never configured it gets it: its enabled patterns at their
 * default parameters, and (`followConfiguration`) its own configuration followed where the tool
 * reads it as data, as core sets it for a tool the repository never chose a configuration for.
 */
export const toolAtDefaults = (tool: ToolDefinitions.ToolDefinition, followConfiguration: boolean): Analyzer.AnalyzedTool => ({
  uuid: tool.uuid,
  name: tool.name,
  usesConfigurationFile: false,
  usesConfigurationFileByDefault: followConfiguration,
  patterns: tool.patterns.filter((p) => p.definition.enabled).map(({ definition }) => ({
    id: definition.id,
    severityLevel: definition.severityLevel,
    category: definition.category,
    title: definition.title,
    parameters: definition.parameters.map((p) => ({ name: p.name, value: p.default }))
  })),
  knownPatterns: tool.patterns.map(({ definition }) => ({ id: definition.id, category: definition.category, title: definition.title }))
})

/** The catalogue's tool of that uuid; the bench cannot run without it. */
export const catalogueTool = (uuid: string): ToolDefinitions.ToolDefinition => {
  const tool = catalogue.find((t) => t.uuid === uuid)
  if (tool === undefined) throw new Error(`the catalogue has no tool ${uuid}`)
  return tool
}

export const defaultSettings = (): Analyzer.AnalyzerSettings => ({
  goals: Goals.Goals.defaults,
  tools: [toolAtDefaults(catalogueTool(TreeAnalyzer.eslint9Uuid), false)]
})

/** The ESLint9 patterns of the settings as the linting step takes them (TreeAnalyzer's own mapping). */
export const enabledRules = (settings: Analyzer.AnalyzerSettings): ReadonlyArray<EnabledRule> =>
  settings.tools.filter((t) => t.uuid === TreeAnalyzer.eslint9Uuid).flatMap((tool) => enabledRulesOf(tool, TreeAnalyzer.ruleIdOf))

/**
 * The measures' C++ and headers under the service's names, which core's language definitions do
 * not hold yet: a repository's languages read from its file names call `.cpp` CPP and `.h` C.
 */
const cServiceNames: Readonly<Record<string, string>> = { "C++": "CPP", "C/C++ Header": "C" }

/**
 * The tools on by default for a repository of these languages (core's `enabledByDefault`, which
 * reads the service's names of them: the measures' "Bourne Shell" is the service's "Shell"), and
 * those named in `alsoEnabled` (a tool off by default, to read its noise).
 */
export const defaultToolsFor = (languages: ReadonlyArray<string>, followConfiguration: boolean, alsoEnabled: ReadonlyArray<string> = []) => {
  const named = languages.map((language) => cServiceNames[language] ?? LanguageDefinitions.serviceNameOf(language))
  return catalogue
    .filter((tool) => (tool.enabledByDefault || alsoEnabled.includes(tool.name)) && tool.languages.some((l) => named.includes(l)))
    .map((tool) => toolAtDefaults(tool, followConfiguration))
}

import { toolHeads } from "@tidemark/catalogue/ToolHeads"
import type { RegisteredTools, ToolDefinitions } from "@tidemark/core"
import type { ConfigLintLimits } from "../ConfigLintSandbox.js"
import { makeCheckstyleTool } from "../checkstyle/CheckstyleTool.js"
import { makeCppcheckTool } from "../cppcheck/CppcheckTool.js"
import { makeGoVetTool } from "../golang/GoVetTool.js"
import { makeStaticcheckTool } from "../golang/StaticcheckTool.js"
import { legacyConfigurationOf } from "../eslintrc/LegacyConfiguration.js"
import { makeMarkdownlintTool } from "../markdownlint/MarkdownlintTool.js"
import { makePylintTool } from "../pylint/PylintTool.js"
import { makeRegisteredTool } from "../registered/RegisteredTool.js"
import { makeRubocopTool } from "../rubocop/RubocopTool.js"
import { makeRuffTool } from "../ruff/RuffTool.js"
import { makeShellCheckTool } from "../shellcheck/ShellCheckTool.js"
import { makeStylelintTool } from "../stylelint/StylelintTool.js"
import { makeYamllintTool } from "../yamllint/YamllintTool.js"
import { makePhpcsTool } from "../phpcs/PhpcsTool.js"
import type { AnalysisTool } from "./AnalysisTool.js"
import { makeEslintTool } from "./EslintTool.js"

/**
 * The tools this server runs: one plug-in per catalogue tool whose family has one. The catalogue
 * may list a tool no plug-in runs here; an analysis that has it enabled says so instead of
 * counting it clean.
 */

export interface AnalysisToolsOptions {
  readonly configurationFileLimits: ConfigLintLimits
  /** Where external analysers (ShellCheck, Cppcheck, RuboCop, Go's, yamllint, phpcs) are looked for: the service's PATH when absent. */
  readonly searchPath?: string | undefined
  /** How many processes an external analyser that can use several (Cppcheck's `-j`, RuboCop's runs side by side) may run: one when absent. */
  readonly externalJobs?: number | undefined
  /** Where the Go plug-ins keep the go command's build cache and Staticcheck's between analyses (GoEnvironment); each run's own, cold, when absent. */
  readonly goCacheDirectory?: string | undefined
  /** The tools the installation's admin registered: a plug-in each (RegisteredTool). */
  readonly registeredTools?: ReadonlyArray<RegisteredTools.RegisteredTool> | undefined
}

export const analysisTools = (options: AnalysisToolsOptions): ReadonlyArray<AnalysisTool> => {
  const eslint = { configurationFileLimits: options.configurationFileLimits, readLegacy: legacyConfigurationOf }
  // By the catalogue's family: ESLint9 and ESLint (v8) are both "eslint".
  const plugins: Readonly<Record<string, (definition: ToolDefinitions.ToolDefinition) => AnalysisTool>> = {
    eslint: (definition) => makeEslintTool(definition, eslint),
    Ruff: makeRuffTool,
    markdownlint: makeMarkdownlintTool,
    stylelint: makeStylelintTool,
    shellcheck: (definition) => makeShellCheckTool(definition, { searchPath: options.searchPath }),
    cppcheck: (definition) => makeCppcheckTool(definition, { searchPath: options.searchPath, jobs: options.externalJobs }),
    rubocop: (definition) => makeRubocopTool(definition, { searchPath: options.searchPath, jobs: options.externalJobs }),
    staticcheck: (definition) => makeStaticcheckTool(definition, { searchPath: options.searchPath, cacheDirectory: options.goCacheDirectory }),
    govet: (definition) => makeGoVetTool(definition, { searchPath: options.searchPath, cacheDirectory: options.goCacheDirectory }),
    yamllint: (definition) => makeYamllintTool(definition, { searchPath: options.searchPath }),
    checkstyle: (definition) => makeCheckstyleTool(definition, { searchPath: options.searchPath }),
    pylint: (definition) => makePylintTool(definition, { searchPath: options.searchPath }),
    phpcs: (definition) => makePhpcsTool(definition, { searchPath: options.searchPath })
  }
  return [
    ...toolHeads.flatMap((definition) => {
      const make = plugins[definition.family]
      return make === undefined ? [] : [make(definition)]
    }),
    ...(options.registeredTools ?? []).map((tool) => makeRegisteredTool(tool, { searchPath: options.searchPath }))
  ]
}

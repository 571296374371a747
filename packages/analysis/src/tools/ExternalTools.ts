import { toolHeads } from "@tidemark/catalogue/ToolHeads"
import type { RegisteredTools, ToolDefinitions } from "@tidemark/core"
import { makeCheckstyleTool } from "../checkstyle/CheckstyleTool.js"
import { makeCppcheckTool } from "../cppcheck/CppcheckTool.js"
import { makeGoModuleTurns } from "../golang/GoModuleTurns.js"
import { makeGoVetTool } from "../golang/GoVetTool.js"
import { makeStaticcheckTool } from "../golang/StaticcheckTool.js"
import { makePhpcsTool } from "../phpcs/PhpcsTool.js"
import { makePylintTool } from "../pylint/PylintTool.js"
import { makeRegisteredTool } from "../registered/RegisteredTool.js"
import { makeRubocopTool } from "../rubocop/RubocopTool.js"
import { makeShellCheckTool } from "../shellcheck/ShellCheckTool.js"
import { makeYamllintTool } from "../yamllint/YamllintTool.js"
import type { AnalysisTool } from "./AnalysisTool.js"

/**
 * The plug-ins that run a program of the server's (ShellCheck, RuboCop, ...), apart from those
 * that run in process (ESLint, Ruff, markdownlint, Stylelint, Spectral): whether a tool is installed is asked
 * of these alone, so the service's own process (InstalledTools) never loads ESLint, TypeScript or
 * Stylelint, which only the analysis threads use.
 */

export interface ExternalToolsOptions {
  /** Where external analysers (ShellCheck, Cppcheck, RuboCop, Go's, yamllint, phpcs) are looked for: the service's PATH when absent. */
  readonly searchPath?: string | undefined
  /** How many processes an external analyser that can use several (Cppcheck's `-j`, RuboCop's runs side by side) may run: one when absent. */
  readonly externalJobs?: number | undefined
  /** Where the Go plug-ins keep the go command's build cache and Staticcheck's between analyses (GoEnvironment); each run's own, cold, when absent. */
  readonly goCacheDirectory?: string | undefined
  /** The tools the installation's admin registered: a plug-in each (RegisteredTool). */
  readonly registeredTools?: ReadonlyArray<RegisteredTools.RegisteredTool> | undefined
}

/** A plug-in of a catalogue tool, by the catalogue's family (ESLint9 and ESLint, v8, are both `eslint`). */
export type PluginMakers<A> = Readonly<Record<string, (definition: ToolDefinitions.ToolDefinition) => A>>

/** The families whose tools run in process, always installed (AnalysisTools makes their plug-ins). */
export const inProcessFamilies = ["eslint", "Ruff", "markdownlint", "stylelint", "spectral"] as const

export const externalMakers = (options: ExternalToolsOptions): PluginMakers<AnalysisTool> => {
  // Staticcheck and go vet take turns on a module: the second finds its packages built (GoModuleTurns).
  const goTurns = makeGoModuleTurns()
  return {
    shellcheck: (definition) => makeShellCheckTool(definition, { searchPath: options.searchPath }),
    cppcheck: (definition) => makeCppcheckTool(definition, { searchPath: options.searchPath, jobs: options.externalJobs }),
    rubocop: (definition) => makeRubocopTool(definition, { searchPath: options.searchPath, jobs: options.externalJobs }),
    staticcheck: (definition) => makeStaticcheckTool(definition, { searchPath: options.searchPath, cacheDirectory: options.goCacheDirectory, turns: goTurns }),
    govet: (definition) => makeGoVetTool(definition, { searchPath: options.searchPath, cacheDirectory: options.goCacheDirectory, turns: goTurns }),
    yamllint: (definition) => makeYamllintTool(definition, { searchPath: options.searchPath }),
    checkstyle: (definition) => makeCheckstyleTool(definition, { searchPath: options.searchPath }),
    pylint: (definition) => makePylintTool(definition, { searchPath: options.searchPath }),
    phpcs: (definition) => makePhpcsTool(definition, { searchPath: options.searchPath })
  }
}

/**
 * One plug-in per catalogue tool whose family has a maker, then one per registered tool. The
 * catalogue may list a tool no plug-in runs here; an analysis that has it enabled says so instead
 * of counting it clean.
 */
export const pluginsOf = <A>(makers: PluginMakers<A>, options: ExternalToolsOptions, registered: (tool: RegisteredTools.RegisteredTool) => A): Array<A> => [
  ...toolHeads.flatMap((definition) => {
    const make = makers[definition.family]
    return make === undefined ? [] : [make(definition)]
  }),
  ...(options.registeredTools ?? []).map(registered)
]

/** The registered tool's plug-in, looking for its program where the others look. */
export const registeredPlugin = (options: ExternalToolsOptions) => (tool: RegisteredTools.RegisteredTool): AnalysisTool =>
  makeRegisteredTool(tool, { searchPath: options.searchPath })

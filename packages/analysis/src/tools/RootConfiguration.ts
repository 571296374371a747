import type { SourceFile } from "../SourceTree.js"
import { ToolProblem, type ToolSettings } from "./AnalysisTool.js"

/**
 * The configuration file an external analyser reads as data (yamllint's, phpcs's ruleset): the
 * first of its names at the repository's root, whether the analysis follows it — asked for, or
 * the repository never chose (a file read as data runs nothing) — and the problem when the
 * repository asked for its own and has none.
 */
export interface RootConfiguration {
  readonly file: SourceFile | undefined
  /** Whether the analysis reads the file (there is one, and it is asked for or the repository never chose). */
  readonly followed: boolean
  readonly problems: ReadonlyArray<ToolProblem>
}

/** The first of the names (in the tool's order) at the tree's root. */
export const rootFileOf = (names: ReadonlyArray<string>, files: ReadonlyArray<SourceFile>): SourceFile | undefined =>
  names.flatMap((name) => files.filter((file) => file.path === name))[0]

export const rootConfiguration = (tool: string, names: ReadonlyArray<string>, files: ReadonlyArray<SourceFile>, settings: ToolSettings): RootConfiguration => {
  const file = rootFileOf(names, files)
  const missing = settings.useConfigurationFile && file === undefined
  return {
    file,
    followed: (settings.useConfigurationFile || settings.configurationByDefault) && file !== undefined,
    problems: missing ? [new ToolProblem({ tool, code: "configuration_not_found", message: `no ${names.join(", ")} at the repository's root: the enabled patterns apply` })] : []
  }
}

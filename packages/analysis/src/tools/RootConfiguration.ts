import type { ToolDefinitions } from "@tidemark/core"
import { Either } from "effect"
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

/** The root's configuration file of an in-process tool, and whether it is data Tidemark reads (not code it would have to run). */
export interface RootConfigurationFile {
  readonly file: SourceFile
  readonly readable: boolean
}

/** The first of the catalogue's configuration files of the tool at the root, in the catalogue's order. */
export const rootConfigurationOf = (
  definition: ToolDefinitions.ToolDefinition,
  files: ReadonlyArray<SourceFile>
): RootConfigurationFile | undefined => {
  const file = rootFileOf(definition.configurationFiles, files)
  return file === undefined ? undefined : { file, readable: (definition.readableConfigurationFiles ?? []).includes(file.path) }
}

/** The configuration an in-process tool lints with, the file that gave it (if any), and what the repository should hear. */
export interface ChosenConfiguration<C> {
  readonly configuration: C
  readonly file: string | undefined
  readonly problems: ReadonlyArray<ToolProblem>
}

export interface ConfigurationChoice<C> {
  /** The enabled patterns' configuration: what applies when the repository's own does not. */
  readonly patterns: C
  /** Why a code configuration (`.markdownlint.cjs`) is not run, and which files would be read instead. */
  readonly notRun: string
  /** The file's configuration, checked against the tool, or why it cannot be used; with what of it was not followed. */
  readonly read: (file: SourceFile) => Either.Either<{ readonly configuration: C; readonly problems: ReadonlyArray<ToolProblem> }, ToolProblem>
}

/**
 * The repository's own configuration when asked for, or when it never chose and its file is data
 * (reading it runs nothing); else the enabled patterns, with the problem of a configuration asked
 * for and missing, code, or unusable.
 */
export const chooseConfiguration = <C>(
  definition: ToolDefinitions.ToolDefinition,
  files: ReadonlyArray<SourceFile>,
  settings: ToolSettings,
  choice: ConfigurationChoice<C>
): ChosenConfiguration<C> => {
  const tool = definition.name
  const root = rootConfigurationOf(definition, files)
  const wanted = settings.useConfigurationFile || (settings.configurationByDefault && root !== undefined)
  const refused = (problem: ToolProblem | undefined): ChosenConfiguration<C> => ({ configuration: choice.patterns, file: undefined, problems: problem === undefined ? [] : [problem] })
  if (!wanted) return refused(undefined)
  if (root === undefined) {
    const message = `no ${definition.configurationFiles.join(", ")} configures ${tool} at the repository's root: the enabled patterns apply`
    return refused(new ToolProblem({ tool, code: "configuration_not_found", message }))
  }
  if (!root.readable) return refused(new ToolProblem({ tool, code: "unreadable_configuration", file: root.file.path, message: choice.notRun }))
  return Either.match(choice.read(root.file), {
    onLeft: refused,
    onRight: ({ configuration, problems }) => ({ configuration, file: root.file.path, problems })
  })
}

import type { ToolDefinitions } from "@tidemark/core"
import { Effect } from "effect"
import { configurationFileOf } from "../ConfigFileLinter.js"
import type { ConfigLintLimits } from "../ConfigLintSandbox.js"
import { type EslintFlavour, eslint9ToolName, ruleIdIn } from "../EnabledRule.js"
import type { Language } from "../Language.js"
import { LintResult, startLintTree } from "../LintIssues.js"
import type { ConfiguredEslint } from "../PatternLinter.js"
import { isLintable } from "../ScriptFiles.js"
import type { SourceFile } from "../SourceTree.js"
import { type AnalysisTool, type FoundConfiguration, ToolFailed, ToolProblem, type ToolSettings } from "./AnalysisTool.js"

/**
 * ESLint as a plug-in: the catalogue's ESLint9 and ESLint (v8) tools both lint with ESLint 9's
 * engine in process. The repository's own configuration is either a flat config (code: run only in
 * the sandbox, when the repository asks and its organization allows it) or a legacy eslintrc read
 * as data; ESLint (v8) knows only the latter, as ESLint 8 itself did.
 */

/** A repository's legacy configuration (eslintrc), as the reader found it. */
export interface LegacyConfiguration extends ConfiguredEslint {
  /** The root configuration file, or `package.json` (its `eslintConfig`, or `standard` among its tools). */
  readonly file: string
  /** False for a configuration that is code (`.eslintrc.js`): then `config` is empty. */
  readonly readable: boolean
  /** What of it could not be followed (an unknown `extends`, a plugin Tidemark does not ship): the rest applies. */
  readonly problems: ReadonlyArray<ToolProblem>
}

export type LegacyConfigurationReader = (files: ReadonlyArray<SourceFile>) => LegacyConfiguration | undefined

export interface EslintToolOptions {
  /** Time and memory of the sandboxed process that runs a flat config. */
  readonly configurationFileLimits: ConfigLintLimits
  readonly readLegacy: LegacyConfigurationReader
}

const languages: ReadonlyArray<Language> = ["JavaScript", "TypeScript"]

export const makeEslintTool = (definition: ToolDefinitions.ToolDefinition, options: EslintToolOptions): AnalysisTool => {
  const flavour: EslintFlavour = { toolName: definition.name, patternPrefix: definition.patternPrefix }
  // ESLint 8 reads eslintrc files only: a flat config is ESLint9's.
  const readsFlatConfig = definition.name === eslint9ToolName
  const flatOf = (files: ReadonlyArray<SourceFile>) => (readsFlatConfig ? configurationFileOf(files) : undefined)
  const problem = (code: ToolProblem["code"], message: string, file?: string) =>
    new ToolProblem({ tool: definition.name, code, message, ...(file === undefined ? {} : { file }) })

  const configurationOf = (files: ReadonlyArray<SourceFile>): FoundConfiguration | undefined => {
    const flat = flatOf(files)
    if (flat !== undefined) return { file: flat, readable: false }
    const legacy = options.readLegacy(files)
    return legacy === undefined ? undefined : { file: legacy.file, readable: legacy.readable }
  }

  /** The configuration a run follows, and what the repository is told about it. */
  const chosen = (files: ReadonlyArray<SourceFile>, settings: ToolSettings) => {
    const flat = flatOf(files)
    if (settings.useConfigurationFile && flat !== undefined) return { flat: true, configured: undefined, problems: [] }
    if (settings.configurationByDefault && flat !== undefined) {
      return {
        flat: false,
        configured: undefined,
        problems: [problem(
          "unsupported_configuration",
          `${flat} is code, which Tidemark runs only when the repository asks for its configuration file and its organization allows it: the enabled patterns were used`,
          flat
        )]
      }
    }
    const legacy = options.readLegacy(files)
    const wanted = settings.useConfigurationFile || settings.configurationByDefault
    if (!wanted) return { flat: false, configured: undefined, problems: [] }
    // Not asked for by name, a missing configuration is nothing to report: the default is the patterns.
    if (legacy === undefined && !settings.useConfigurationFile) return { flat: false, configured: undefined, problems: [] }
    if (legacy === undefined) {
      return {
        flat: false,
        configured: undefined,
        problems: [problem("configuration_not_found", `${definition.name} was asked to use the repository's configuration file, and the repository has none: the enabled patterns were used`)]
      }
    }
    if (!legacy.readable) {
      // The reader's own words when it has them (a version of standard it does not ship), else why.
      const told = legacy.problems.length > 0
        ? legacy.problems.map((p) => new ToolProblem({ ...p, tool: definition.name, message: `${p.message}: the enabled patterns were used` }))
        : [problem("unreadable_configuration", `${legacy.file} is code, which Tidemark does not run for ${definition.name}: the enabled patterns were used`, legacy.file)]
      return { flat: false, configured: undefined, problems: told }
    }
    return { flat: false, configured: legacy, problems: legacy.problems.map((p) => new ToolProblem({ ...p, tool: definition.name })) }
  }

  return {
    definition,
    languages,
    takes: (file) => isLintable(file.path),
    ruleIdOf: (patternId) => ruleIdIn(flavour, patternId),
    configurationOf,
    start: (root, files, settings) =>
      Effect.gen(function*() {
        const { configured, flat, problems } = chosen(files, settings)
        const linting = yield* startLintTree(root, files, {
          rules: settings.rules,
          useConfigurationFile: flat,
          configurationFileLimits: options.configurationFileLimits,
          configured,
          flavour
        })
        return linting.pipe(
          // The legacy configuration's file is the one the run followed (a flat config's says so itself).
          Effect.map((result) => ({
            result: configured === undefined ? result : new LintResult({ ...result, configurationFile: configured.file }),
            problems
          })),
          Effect.mapError((error) =>
            new ToolFailed({
              tool: definition.name,
              ...(error._tag === "LintError" ? { file: error.configurationFile } : {}),
              // The error's own words (`ESLint configuration eslint.config.js: ...`) are what the repository is shown.
              reason: error.message
            })
          )
        )
      })
  }
}

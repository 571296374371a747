import type { ToolDefinitions } from "@tidemark/core"
import { Effect, Either, Fiber } from "effect"
import { reasonOf } from "../LintedFile.js"
import type { SourceFile } from "../SourceTree.js"
import { type AnalysisTool, ToolProblem, type ToolRun, type ToolSettings, ruleIdWithout } from "../tools/AnalysisTool.js"
import { type MarkdownlintConfiguration, readConfiguration, rootConfigurationOf } from "./MarkdownlintConfigFile.js"
import { lintMarkdown, lintText } from "./MarkdownlintLinter.js"
import { patternConfiguration } from "./MarkdownlintSettings.js"

/**
 * The markdownlint plug-in: Markdown linted in process by the markdownlint library, with the
 * enabled patterns or with the repository's own configuration, which is JSON or YAML and read as
 * such (nothing of the repository runs).
 */

/** Markdown as markdownlint's command line takes it: `.md` and `.markdown` files. */
export const takesMarkdown = (file: SourceFile): boolean => /\.(?:md|markdown)$/i.test(file.path)

/** The configuration a run lints with, the file that gave it (if any) and what the repository should hear. */
interface RunConfiguration {
  readonly configuration: MarkdownlintConfiguration
  readonly file: string | undefined
  readonly problems: ReadonlyArray<ToolProblem>
}

const configurationOf = (
  definition: ToolDefinitions.ToolDefinition,
  files: ReadonlyArray<SourceFile>,
  settings: ToolSettings
): RunConfiguration => {
  const tool = definition.name
  const patterns = patternConfiguration(settings.rules)
  const root = rootConfigurationOf(definition, files)
  // JSON and YAML are data: a repository that never chose follows its own configuration.
  const wanted = settings.useConfigurationFile || (settings.configurationByDefault && root !== undefined)
  if (!wanted) return { configuration: patterns, file: undefined, problems: [] }
  if (root === undefined) {
    const message = `no ${definition.configurationFiles.join(", ")} configures markdownlint at the repository's root: the enabled patterns apply`
    return { configuration: patterns, file: undefined, problems: [new ToolProblem({ tool, code: "configuration_not_found", message })] }
  }
  if (!root.readable) {
    const message = "is JavaScript: Tidemark does not run the repository's code; the enabled patterns apply instead (a .markdownlint.json or .yaml is read)"
    return { configuration: patterns, file: undefined, problems: [new ToolProblem({ tool, code: "unreadable_configuration", file: root.file.path, message })] }
  }
  const refused = (problem: ToolProblem): RunConfiguration => ({ configuration: patterns, file: undefined, problems: [problem] })
  return Either.match(readConfiguration(tool, root.file, files), {
    onLeft: refused,
    onRight: ({ configuration, problems }) =>
      // A rule given options of the wrong shape throws on any text: once here, rather than once per file.
      Either.match(Either.try(() => lintText(configuration, root.file.path, "")), {
        onLeft: (error) =>
          refused(new ToolProblem({ tool, code: "unreadable_configuration", file: root.file.path, message: `markdownlint cannot lint with it (${reasonOf(error)}): the enabled patterns apply instead` })),
        onRight: () => ({ configuration, file: root.file.path, problems })
      })
  })
}

const run = (definition: ToolDefinitions.ToolDefinition, files: ReadonlyArray<SourceFile>, settings: ToolSettings) =>
  Effect.gen(function*() {
    const { configuration, file, problems } = configurationOf(definition, files, settings)
    const result = yield* lintMarkdown({
      definition,
      files: files.filter(takesMarkdown),
      configuration,
      rules: settings.rules,
      configurationFile: file
    })
    return { result, problems } satisfies ToolRun
  })

export const makeMarkdownlintTool = (definition: ToolDefinitions.ToolDefinition): AnalysisTool => ({
  definition,
  languages: ["Markdown"],
  takes: takesMarkdown,
  ruleIdOf: ruleIdWithout(definition.patternPrefix),
  configurationOf: (files) => {
    const root = rootConfigurationOf(definition, files)
    return root === undefined ? undefined : { file: root.file.path, readable: root.readable }
  },
  start: (_root, files, settings) => Effect.map(Effect.fork(run(definition, files, settings)), Fiber.join)
})

import type { ToolDefinitions } from "@tidemark/core"
import { Effect, Either, Fiber } from "effect"
import { reasonOf } from "../LintedFile.js"
import type { SourceFile } from "../SourceTree.js"
import { type AnalysisTool, ToolProblem, type ToolRun, type ToolSettings, ruleIdWithout } from "../tools/AnalysisTool.js"
import { chooseConfiguration, rootConfigurationOf } from "../tools/RootConfiguration.js"
import { type MarkdownlintConfiguration, readConfiguration } from "./MarkdownlintConfigFile.js"
import { lintMarkdown, lintText } from "./MarkdownlintLinter.js"
import { patternConfiguration } from "./MarkdownlintSettings.js"

/**
 * The markdownlint plug-in: Markdown linted in process by the markdownlint library, with the
 * enabled patterns or with the repository's own configuration, which is JSON or YAML and read as
 * such (nothing of the repository runs).
 */

/** Markdown as markdownlint's command line takes it: `.md` and `.markdown` files. */
export const takesMarkdown = (file: SourceFile): boolean => /\.(?:md|markdown)$/i.test(file.path)

const configurationOf = (definition: ToolDefinitions.ToolDefinition, files: ReadonlyArray<SourceFile>, settings: ToolSettings) =>
  chooseConfiguration<MarkdownlintConfiguration>(definition, files, settings, {
    patterns: patternConfiguration(settings.rules),
    notRun: "is JavaScript: Tidemark does not run the repository's code; the enabled patterns apply instead (a .markdownlint.json or .yaml is read)",
    read: (file) =>
      Either.flatMap(readConfiguration(definition.name, file, files), (read) =>
        // A rule given options of the wrong shape throws on any text: once here, rather than once per file.
        Either.match(Either.try(() => lintText(read.configuration, file.path, "")), {
          onLeft: (error) =>
            Either.left(new ToolProblem({ tool: definition.name, code: "unreadable_configuration", file: file.path, message: `markdownlint cannot lint with it (${reasonOf(error)}): the enabled patterns apply instead` })),
          onRight: () => Either.right(read)
        }))
  })

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

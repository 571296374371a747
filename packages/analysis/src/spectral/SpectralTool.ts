import type { ToolDefinitions } from "@tidemark/core"
import { Effect, Either, Fiber } from "effect"
import { reasonOf } from "../LintedFile.js"
import type { SourceFile } from "../SourceTree.js"
import { type AnalysisTool, ToolProblem, type ToolRun, type ToolSettings, ruleIdWithout } from "../tools/AnalysisTool.js"
import { type ChosenConfiguration, chooseConfiguration, rootConfigurationOf } from "../tools/RootConfiguration.js"
import { patternConfiguration, readConfiguration } from "./SpectralConfigFile.js"
import { takesApiDocument } from "./SpectralDocument.js"
import { checkConfiguration, shippedRules, type SpectralConfiguration } from "./SpectralEngine.js"
import { lintApiDocuments } from "./SpectralLinter.js"

/**
 * The Spectral plug-in: OpenAPI and AsyncAPI documents linted in process with Spectral's own
 * rulesets, by the enabled patterns or by the repository's ruleset file, read as data (nothing of
 * the repository runs, no `$ref` is followed out of a document).
 */

const configurationOf = (definition: ToolDefinitions.ToolDefinition, files: ReadonlyArray<SourceFile>, settings: ToolSettings) =>
  chooseConfiguration<SpectralConfiguration>(definition, files, settings, {
    patterns: patternConfiguration(settings.rules),
    notRun: "is code: Tidemark does not run the repository's code; the enabled patterns apply instead (a .spectral.yaml or .json is read)",
    read: (file) =>
      Either.flatMap(readConfiguration(definition.name, file, shippedRules()), (read) =>
        Either.match(Either.try(() => checkConfiguration(read.configuration)), {
          onLeft: (error) =>
            Either.left(new ToolProblem({ tool: definition.name, code: "unreadable_configuration", file: file.path, message: `Spectral cannot lint with it (${reasonOf(error)}): the enabled patterns apply instead` })),
          onRight: () => Either.right(read)
        }))
  })

const run = (definition: ToolDefinitions.ToolDefinition, files: ReadonlyArray<SourceFile>, settings: ToolSettings) =>
  Effect.gen(function*() {
    const documents = files.filter(takesApiDocument)
    // Spectral and its rulesets load at the first document: a tree without one reads no ruleset file either.
    const nothing: ChosenConfiguration<SpectralConfiguration> = { configuration: patternConfiguration(settings.rules), file: undefined, problems: [] }
    const { configuration, file, problems } = documents.length === 0 ? nothing : configurationOf(definition, files, settings)
    const result = yield* lintApiDocuments({ definition, documents, files, configuration, rules: settings.rules, configurationFile: file })
    return { result, problems } satisfies ToolRun
  })

export const makeSpectralTool = (definition: ToolDefinitions.ToolDefinition): AnalysisTool => ({
  definition,
  // Spectral lints API documents, not the JSON or YAML language: a tree's other YAML and JSON files
  // are not analysed by it, so it is not said to measure either language.
  languages: [],
  takes: takesApiDocument,
  ruleIdOf: ruleIdWithout(definition.patternPrefix),
  configurationOf: (files) => {
    const root = rootConfigurationOf(definition, files)
    return root === undefined ? undefined : { file: root.file.path, readable: root.readable }
  },
  start: (_root, files, settings) => Effect.map(Effect.fork(run(definition, files, settings)), Fiber.join)
})

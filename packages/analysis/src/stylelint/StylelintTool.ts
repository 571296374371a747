import type { ToolDefinitions } from "@tidemark/core"
import { Effect, Fiber } from "effect"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { ignoreFileLines, ignoresOf } from "../eslintrc/LegacyIgnores.js"
import type { PatternOf } from "../LintedFile.js"
import { LintResult, SkippedRule } from "../LintResult.js"
import type { SourceFile } from "../SourceTree.js"
import { type AnalysisTool, type FoundConfiguration, ToolProblem, type ToolRun, type ToolSettings, ruleIdWithout } from "../tools/AnalysisTool.js"
import { configurationFilesOf, folderOf, isCodeConfiguration, stylelintConfigurationNames } from "./StylelintConfigFile.js"
import { type StylelintTreeConfiguration, treeConfiguration } from "./StylelintConfiguration.js"
import { stylelintRuleNames } from "./StylelintEngine.js"
import { minifiedCopyOf, takesStylesheet } from "./StylelintFiles.js"
import { withoutUnknownFunctionValues } from "./StylelintFunctions.js"
import { withoutEmptyHooks } from "./StylelintHooks.js"
import { lintStylesheets } from "./StylelintLinter.js"
import { patternConfigs } from "./StylelintPatterns.js"

/**
 * The Stylelint plug-in: CSS, SCSS and Less linted in process by Stylelint's Node API, with the
 * enabled patterns or with the repository's own configuration when it is data (JSON or YAML,
 * `package.json#stylelint`): a JavaScript configuration is code, which this step does not run,
 * and the enabled patterns apply instead. What Stylelint decides by path (the closest
 * configuration, `ignoreFiles`, `overrides`, `.stylelintignore`) is decided here (StylelintConfiguration).
 */

const namesOf = (definition: ToolDefinitions.ToolDefinition) => stylelintConfigurationNames(definition.configurationFiles)

const rootConfiguration = (definition: ToolDefinitions.ToolDefinition, files: ReadonlyArray<SourceFile>) =>
  configurationFilesOf(files.filter((file) => folderOf(file.path) === ""), namesOf(definition)).get("")

/** The repository's `.stylelintignore`, which Stylelint reads from where it runs: the root. */
const stylelintIgnores = (files: ReadonlyArray<SourceFile>): ((path: string) => boolean) => {
  const ignoreFile = files.find((file) => file.path === ".stylelintignore")
  return ignoresOf(ignoreFile === undefined ? [] : [{ directory: "", patterns: ignoreFileLines(ignoreFile.content) }])
}

/** Which configuration a run follows, and what the repository is told about it. */
const chosen = (definition: ToolDefinitions.ToolDefinition, files: ReadonlyArray<SourceFile>, settings: ToolSettings) => {
  const tool = definition.name
  const root = rootConfiguration(definition, files)
  const wanted = settings.useConfigurationFile || settings.configurationByDefault
  if (!wanted) return { tree: undefined, problems: [] }
  // Not asked for by name, a missing configuration is nothing to report: the default is the patterns.
  if (root === undefined) {
    return {
      tree: undefined,
      problems: settings.useConfigurationFile
        ? [new ToolProblem({ tool, code: "configuration_not_found", message: `${tool} was asked to use the repository's configuration file, and the repository has none: the enabled patterns were used` })]
        : []
    }
  }
  if (isCodeConfiguration(root.path)) {
    return {
      tree: undefined,
      problems: [new ToolProblem({ tool, code: "unsupported_configuration", file: root.path, message: `${root.path} is code, which Tidemark does not run for ${tool}: the enabled patterns were used` })]
    }
  }
  const tree = treeConfiguration({ tool, names: namesOf(definition), knownRules: stylelintRuleNames() }, files)
  return { tree: tree.root === undefined ? undefined : tree, problems: tree.problems }
}

const patternOfRules = (definition: ToolDefinitions.ToolDefinition, settings: ToolSettings, configured: boolean): PatternOf => {
  const byRule = new Map(settings.rules.map((rule) => [rule.ruleId, rule]))
  // With the repository's own configuration every rule counts: as its pattern's severity when enabled, else a Warning.
  return (rule) => (configured ? { patternId: `${definition.patternPrefix}${rule}`, severity: byRule.get(rule)?.severity ?? "Warning" } : byRule.get(rule))
}

/**
 * The stylesheets a run lints: those Stylelint takes, less the build outputs only the checkout
 * tells (a stylesheet beside its minified copy, which the analysis ignores and so never lists).
 */
const stylesheetsOf = (root: string, files: ReadonlyArray<SourceFile>) =>
  Effect.sync(() =>
    files.filter((file) => {
      const copy = minifiedCopyOf(file.path)
      return takesStylesheet(file) && (copy === undefined || !existsSync(join(root, copy)))
    })
  )

const configuredRun = (
  definition: ToolDefinitions.ToolDefinition,
  stylesheets: ReadonlyArray<SourceFile>,
  files: ReadonlyArray<SourceFile>,
  settings: ToolSettings,
  tree: StylelintTreeConfiguration
) =>
  Effect.gen(function*() {
    const ignored = stylelintIgnores(files)
    const lintable = stylesheets.filter((file) => !ignored(file.path) && tree.settingsOf(file.path)?.ignored !== true)
    const linted = yield* lintStylesheets({
      tool: definition.name,
      files: lintable,
      configOf: (file) => tree.settingsOf(file.path)?.config ?? { rules: {} },
      patternOf: patternOfRules(definition, settings, true)
    })
    const problems = linted.rejected.map((rejected) =>
      new ToolProblem({
        tool: definition.name,
        code: "unsupported_configuration",
        ...(tree.root === undefined ? {} : { file: tree.root }),
        message: `the rule ${rejected.rule} is left out: Stylelint rejects its setting (${rejected.reason})`
      })
    )
    return { result: linted.resultOf({ skippedRules: [], configurationFile: tree.root }), problems }
  })

const patternRun = (definition: ToolDefinitions.ToolDefinition, stylesheets: ReadonlyArray<SourceFile>, settings: ToolSettings) =>
  Effect.gen(function*() {
    const patterns = patternConfigs(settings.rules, stylelintRuleNames())
    const linted = yield* lintStylesheets({
      tool: definition.name,
      files: stylesheets,
      configOf: (_file, syntax) => patterns.configOf(syntax),
      patternOf: patternOfRules(definition, settings, false)
    })
    const byRule = new Map(settings.rules.map((rule) => [rule.ruleId, rule]))
    const rejected = linted.rejected.flatMap((entry) => {
      const rule = byRule.get(entry.rule)
      return rule === undefined ? [] : [new SkippedRule({ patternId: rule.patternId, ruleId: rule.ruleId, reason: "InvalidOptions", detail: entry.reason })]
    })
    const result = linted.resultOf({ skippedRules: [...patterns.skipped, ...rejected] })
    // The default patterns leave a SCSS or Less hook, and a plugin's function, be; a repository's own configuration decides alone.
    const issues = withoutUnknownFunctionValues(withoutEmptyHooks(result.issues, stylesheets, definition.patternPrefix), definition.patternPrefix)
    return new LintResult({ ...result, issues })
  })

const run = (definition: ToolDefinitions.ToolDefinition, root: string, files: ReadonlyArray<SourceFile>, settings: ToolSettings) =>
  Effect.gen(function*() {
    const stylesheets = yield* stylesheetsOf(root, files)
    const { problems, tree } = chosen(definition, files, settings)
    if (tree === undefined) return { result: yield* patternRun(definition, stylesheets, settings), problems } satisfies ToolRun
    const configured = yield* configuredRun(definition, stylesheets, files, settings, tree)
    return { result: configured.result, problems: [...problems, ...configured.problems] } satisfies ToolRun
  })

export const makeStylelintTool = (definition: ToolDefinitions.ToolDefinition): AnalysisTool => ({
  definition,
  languages: ["CSS", "SCSS", "LESS"],
  takes: takesStylesheet,
  ruleIdOf: ruleIdWithout(definition.patternPrefix),
  configurationOf: (files): FoundConfiguration | undefined => {
    const file = rootConfiguration(definition, files)
    return file === undefined ? undefined : { file: file.path, readable: !isCodeConfiguration(file.path) }
  },
  start: (root, files, settings) => Effect.map(Effect.fork(run(definition, root, files, settings)), Fiber.join)
})

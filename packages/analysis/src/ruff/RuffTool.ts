import type { ToolDefinitions } from "@tidemark/core"
import { Effect, Either, Fiber } from "effect"
import type { EnabledRule } from "../EnabledRule.js"
import { takesPython } from "../PythonFiles.js"
import { reasonOf } from "../LintedFile.js"
import { LintResult, SkippedRule } from "../LintResult.js"
import type { SourceFile } from "../SourceTree.js"
import { type AnalysisTool, ToolFailed, ToolProblem, type ToolRun, type ToolSettings, ruleIdWithout } from "../tools/AnalysisTool.js"
import { configurationFilesOf, folderOf } from "./RuffConfigFile.js"
import { prepareRuffLint, type RuffLintInput } from "./RuffLinter.js"
import { withoutReExports } from "./ReExports.js"
import { patternSettings, type RuffSettings, type Surroundings, surroundingsOf, treeSettings } from "./RuffSettings.js"
import { ruffCheckOf, ruffVersion } from "./RuffWasm.js"

/**
 * The Ruff plug-in: Python linted in process by Ruff's WebAssembly build, with the enabled
 * patterns or with the repository's own configuration, which is TOML and read as such (nothing of
 * the repository runs). The Workspace checks a text without its file's name, so what Ruff decides
 * by path (`exclude`, `per-file-ignores`, the closest configuration) is decided here.
 */

/** The enabled patterns Ruff runs, and those it does not know (a newer or older Ruff's rules). */
const patternRun = (
  rules: ReadonlyArray<EnabledRule>,
  surroundings: Surroundings
): { readonly settings: RuffSettings; readonly skipped: ReadonlyArray<SkippedRule> } => {
  const settingsOf = (codes: ReadonlyArray<string>) => patternSettings(codes, surroundings)
  const all = settingsOf(rules.map((rule) => rule.ruleId))
  if (Either.isRight(ruffCheckOf(all.options))) return { settings: all, skipped: [] }
  // Asked one by one only when the whole selection fails: a Workspace takes half a millisecond.
  const verdicts = rules.map((rule) => ({ rule, verdict: ruffCheckOf(settingsOf([rule.ruleId]).options) }))
  return {
    settings: settingsOf(verdicts.flatMap(({ rule, verdict }) => (Either.isRight(verdict) ? [rule.ruleId] : []))),
    skipped: verdicts.flatMap(({ rule, verdict }) =>
      Either.isLeft(verdict)
        ? [new SkippedRule({ patternId: rule.patternId, ruleId: rule.ruleId, reason: "UnknownRule", detail: verdict.left })]
        : []
    )
  }
}

const rootConfiguration = (files: ReadonlyArray<SourceFile>) => configurationFilesOf(files.filter((file) => folderOf(file.path) === "")).get("")

const run = (definition: ToolDefinitions.ToolDefinition, files: ReadonlyArray<SourceFile>, settings: ToolSettings) =>
  Effect.gen(function*() {
    const tool = definition.name
    // The WebAssembly module is loaded here, at the first run of the process.
    yield* Effect.try({ try: ruffVersion, catch: (error) => new ToolFailed({ tool, reason: `Ruff could not be loaded: ${reasonOf(error)}` }) })
    // Without a configuration, Ruff still takes the Python version the root's pyproject.toml
    // requires, and the modules of the root and of `src` as first-party.
    const patterns = patternRun(settings.rules, surroundingsOf(files, ""))
    const problems: Array<ToolProblem> = []
    // Ruff's configuration is TOML, always read as data: a repository that never chose follows it.
    const configured = settings.useConfigurationFile || (settings.configurationByDefault && rootConfiguration(files) !== undefined)
    const tree = configured ? treeSettings(tool, files, patterns.settings) : undefined
    if (settings.useConfigurationFile && rootConfiguration(files) === undefined) {
      problems.push(
        new ToolProblem({
          tool,
          code: "configuration_not_found",
          message: `no ${definition.configurationFiles.join(", ")} configures Ruff at the repository's root: the enabled patterns apply`
        })
      )
    }
    problems.push(...(tree?.problems ?? []))
    // Without a readable configuration at the root, the patterns apply to the whole tree (a nested
    // configuration, too, is the repository's choice only under its own).
    const root = tree?.root
    const input: RuffLintInput = root === undefined || tree === undefined
      ? { definition, files, takes: takesPython, settingsOf: () => patterns.settings, rules: settings.rules, configured: false, configurationFile: undefined, skippedRules: patterns.skipped }
      : { definition, files, takes: takesPython, settingsOf: tree.settingsOf, rules: settings.rules, configured: true, configurationFile: root.file, skippedRules: [] }
    const lint = yield* prepareRuffLint(input)
    // One Effect per file lets the fiber yield between files.
    const linted = lint.resultOf(yield* Effect.forEach(lint.lintable, lint.lintFile))
    // The repository's own configuration decides alone; the default patterns leave re-exports be.
    const result = input.configured
      ? linted
      : new LintResult({ ...linted, issues: withoutReExports(linted.issues, files, definition.patternPrefix) })
    return { result, problems } satisfies ToolRun
  })

export const makeRuffTool = (definition: ToolDefinitions.ToolDefinition): AnalysisTool => ({
  definition,
  languages: ["Python"],
  takes: takesPython,
  ruleIdOf: ruleIdWithout(definition.patternPrefix),
  configurationOf: (files) => {
    const file = rootConfiguration(files)
    // TOML is data: Tidemark reads any of Ruff's files without running the repository's code.
    return file === undefined ? undefined : { file: file.path, readable: true }
  },
  start: (_root, files, settings) => Effect.map(Effect.fork(run(definition, files, settings)), Fiber.join)
})

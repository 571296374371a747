import { yamllintLevels, yamllintPatternSeverity } from "@tidemark/catalogue/ToolHeads"
import type { ToolDefinitions } from "@tidemark/core"
import { Duration, Effect, Either, Fiber } from "effect"
import { type ConfiguredLint, keptOutcomes, lintedWithFallback } from "../CachedLint.js"
import type { EnabledRule } from "../EnabledRule.js"
import { type ChildFences, childFencesReading } from "../external/ChildFences.js"
import { runConfined } from "../external/ConfinedRun.js"
import { writtenConfiguration } from "../external/WrittenConfiguration.js"
import { availabilityOf, type InstalledProgram } from "../external/ProgramOnPath.js"
import { CachedMessage } from "../LintCache.js"
import { lintedFileOf, type PatternOf, ruleAndLevelOf, ruleAtLevel, summaryOf } from "../LintedFile.js"
import { LintResult } from "../LintResult.js"
import type { SourceFile } from "../SourceTree.js"
import { type AnalysisTool, ToolFailed, ToolProblem, type ToolRun, type ToolSettings, ruleIdWithout } from "../tools/AnalysisTool.js"
import { rootConfiguration, rootFileOf } from "../tools/RootConfiguration.js"
import { takesYaml, yamlFilesMatcher } from "./YamlFiles.js"
import { atTemplateMarker, isHelmTemplate } from "./YamlTemplates.js"
import { configNames, configurationText, patternsPlan, readConfiguration, type YamllintPlan } from "./YamllintConfig.js"
import { yamllintLintKey } from "./YamllintKey.js"
import type { YamllintProblem } from "./YamllintOutput.js"
import { installHint, yamllintOnPath } from "./YamllintProgram.js"
import { defaultYamllintLimits, runYamllint, type YamllintLimits } from "./YamllintRun.js"

/**
 * The yamllint plug-in: YAML checked by the `yamllint` installed on this server, run behind the
 * external analysers' fences (ChildFences, ConfinedRun) over the checkout, always with a
 * configuration Tidemark wrote (`-c`), so that it reads no file of the checkout as one: the enabled
 * patterns (those rules on, nothing extended), or the repository's `.yamllint` read as data
 * (YamllintConfig). Without yamllint on the search path the plug-in still exists: it says it is not
 * installed (`availability`), and YAML is never counted clean.
 *
 * A message's rule id holds the rule and yamllint's level (`truthy:warning`): a rule whose `level`
 * the repository chose takes it (error → Error, warning → Warning), any other its pattern's
 * severity. A file yamllint cannot parse is an issue of the pattern `yamllint_syntax`: YAML is
 * data, and the rules yamllint ran up to the error still say where else the file is wrong. A
 * template of YAML is not YAML (YamlTemplates): a Helm chart's templates are not given to yamllint,
 * and a syntax error at a Go or Jinja marker makes the file unparsed, not an issue.
 */

export interface YamllintToolOptions {
  /** Where `yamllint` is looked for: the service's PATH when absent. */
  readonly searchPath?: string | undefined
  readonly limits?: YamllintLimits | undefined
}

const patternOf = (prefix: string, rules: ReadonlyArray<EnabledRule>, plan: YamllintPlan | undefined): PatternOf => {
  const enabled = new Map(rules.map((rule) => [rule.ruleId, rule.severity]))
  const chosen = new Set(plan?.chosenLevels ?? [])
  return (ruleId) => {
    const { level, rule } = ruleAndLevelOf(ruleId)
    const severity = enabled.get(rule)
    if (plan === undefined && severity === undefined) return undefined
    return {
      patternId: `${prefix}${rule}`,
      severity: chosen.has(rule) && (level === "error" || level === "warning") ? yamllintLevels[level] : (severity ?? yamllintPatternSeverity(rule))
    }
  }
}

/** A syntax error at a template's marker is the file's parsing error (it is a template), not an issue. */
const messagesOf = (content: string, problems: ReadonlyArray<YamllintProblem>): ReadonlyArray<CachedMessage> =>
  [...problems]
    .sort((a, b) => a.line - b.line || a.column - b.column)
    .map((problem) =>
      problem.rule === "syntax" && atTemplateMarker(content, problem.line)
        ? new CachedMessage({ ruleId: null, line: problem.line, message: `a template, not YAML (a Go or Jinja marker where yamllint's parser stopped): ${problem.message}`, fatal: true })
        : new CachedMessage({ ruleId: ruleAtLevel(problem.rule, problem.level), line: problem.line, message: problem.message })
    )

const checkLimits = { timeout: Duration.minutes(1), memoryMegabytes: 1024, outputBytes: 1024 * 1024 }

/**
 * Whether yamllint takes the written configuration (it refuses a whole one for an option its rule
 * does not have, or a value it does not allow): asked once (`--list-files` of a name), before the
 * files, rather than learnt from every file's run failing alone.
 */
const refusal = (program: InstalledProgram, root: string, fences: ChildFences, config: string): Effect.Effect<string | undefined> =>
  runConfined({ program: program.path, args: ["-c", config, "--list-files", "--", "tidemark-check.yaml"], cwd: root, fences, limits: checkLimits }).pipe(
    Effect.map((output) => (output.exitCode === 0 ? undefined : output.stderr.trim().split("\n").slice(0, 2).join(" "))),
    Effect.catchAll((failed) => Effect.succeed(failed.detail))
  )

/** yamllint's runs with a plan written for it (CachedLint's lintedWithFallback). */
const yamllintLint = (program: InstalledProgram, root: string, limits: YamllintLimits): ConfiguredLint<YamllintPlan, { readonly path: string }> => {
  const fences = childFencesReading(program.path, root)
  const keyOf = (plan: YamllintPlan) => {
    const text = configurationText(plan)
    return (file: SourceFile) => yamllintLintKey(program.version, text, file.path, file.content)
  }
  return {
    keyOf,
    write: (plan) => writtenConfiguration("tidemark-yamllint.json", configurationText(plan)),
    refusal: (written) => refusal(program, root, fences, written.path),
    run: (plan, written, files) =>
      Effect.flatMap(
        runYamllint({ program: program.path, root, fences, limits, options: ["-f", "parsable", "-c", written.path], files: files.map((file) => file.path) }),
        (ran) => keptOutcomes("yamllint", files, ran, (file, found) => messagesOf(file.content, found), keyOf(plan))
      )
  }
}

const run = (definition: ToolDefinitions.ToolDefinition, options: YamllintToolOptions, root: string, files: ReadonlyArray<SourceFile>, settings: ToolSettings) =>
  Effect.gen(function*() {
    const tool = definition.name
    const program = yield* yamllintOnPath(options.searchPath)
    if (program._tag === "MissingProgram") return yield* new ToolFailed({ tool, reason: `${program.reason}: ${installHint}` })
    // yamllint's configuration is data: a repository that never chose follows it.
    const { file: rootConfig, followed: wanted, problems: missing } = rootConfiguration(tool, configNames, files, settings)
    const problems: Array<ToolProblem> = [...missing]
    const read = wanted && rootConfig !== undefined ? readConfiguration(rootConfig, new Map(files.map((file) => [file.path, file]))) : undefined
    if (read !== undefined && Either.isLeft(read)) problems.push(new ToolProblem({ tool, code: "unreadable_configuration", file: rootConfig?.path, message: read.left }))
    if (read !== undefined && Either.isRight(read) && read.right.problems.length > 0) {
      problems.push(new ToolProblem({ tool, code: "unsupported_configuration", file: rootConfig?.path, message: read.right.problems.join("; ") }))
    }
    const patterns = patternsPlan(settings.rules.map((rule) => rule.ruleId))
    const followed = read !== undefined && Either.isRight(read) ? read.right.plan : undefined
    const plan = followed ?? patterns
    const named = followed === undefined ? takesYaml : yamlFilesMatcher(plan.yamlFiles)
    const taken = files.filter((file) => named(file) && !isHelmTemplate(root, file.path))
    // No pattern enabled and no configuration followed: nothing to check for (a syntax error is reported under any rules).
    const { linted, refused } = followed === undefined && settings.rules.length === 0
      ? { linted: taken.map((file) => lintedFileOf(file, [])), refused: undefined }
      : yield* lintedWithFallback(yamllintLint(program, root, options.limits ?? defaultYamllintLimits), taken, plan, followed === undefined ? undefined : patterns)
    if (refused !== undefined) problems.push(new ToolProblem({ tool, code: "unreadable_configuration", file: rootConfig?.path, message: `yamllint refused it (the enabled patterns apply): ${refused}` }))
    const configured = refused === undefined ? followed : undefined
    const summary = summaryOf(linted, patternOf(definition.patternPrefix, settings.rules, configured))
    const result = new LintResult({ ...summary, skippedRules: [], ...(configured !== undefined && rootConfig !== undefined ? { configurationFile: rootConfig.path } : {}) })
    return { result, problems } satisfies ToolRun
  })

export const makeYamllintTool = (definition: ToolDefinitions.ToolDefinition, options: YamllintToolOptions = {}): AnalysisTool => ({
  definition,
  languages: ["YAML"],
  availability: availabilityOf(yamllintOnPath(options.searchPath), installHint),
  takes: takesYaml,
  ruleIdOf: ruleIdWithout(definition.patternPrefix),
  configurationOf: (files) => {
    const config = rootFileOf(configNames, files)
    // Read as YAML data and written again for yamllint: readable.
    return config === undefined ? undefined : { file: config.path, readable: true }
  },
  start: (root, files, settings) => Effect.map(Effect.fork(run(definition, options, root, files, settings)), Fiber.join)
})

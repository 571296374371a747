import { pylintPatternSeverity } from "@tidemark/catalogue/ToolHeads"
import type { ToolDefinitions } from "@tidemark/core"
import { Duration, Effect, Either, Fiber } from "effect"
import { type ConfiguredLint, keptOutcomes, lintedWithFallback } from "../CachedLint.js"
import { treeDigest } from "../CacheKey.js"
import type { EnabledRule } from "../EnabledRule.js"
import { type ChildFences, childFencesReading } from "../external/ChildFences.js"
import { runConfined } from "../external/ConfinedRun.js"
import { writtenConfiguration } from "../external/WrittenConfiguration.js"
import { availabilityOf, type InstalledProgram } from "../external/ProgramOnPath.js"
import { CachedMessage } from "../LintCache.js"
import { type LintedFile, lintedFileOf, type PatternOf, summaryOf } from "../LintedFile.js"
import { LintResult } from "../LintResult.js"
import { takesPython } from "../PythonFiles.js"
import type { SourceFile } from "../SourceTree.js"
import { type AnalysisTool, ToolFailed, ToolProblem, type ToolRun, type ToolSettings, ruleIdWithout } from "../tools/AnalysisTool.js"
import { configNames, configurationFileOf, rcfileText, readConfiguration } from "./PylintConfig.js"
import { pylintLintKey } from "./PylintKey.js"
import type { PylintFinding } from "./PylintOutput.js"
import { installHint, pylintOnPath } from "./PylintProgram.js"
import { defaultPylintLimits, type PylintLimits, runPylint } from "./PylintRun.js"

/**
 * The Pylint plug-in: Python checked by the `pylint` installed on this server (a second Python
 * tool beside Ruff, off by default), run behind the external analysers' fences (ChildFences,
 * ConfinedRun) over the checkout, always with an rcfile Tidemark wrote (`--rcfile`), so that it
 * reads no file of the checkout as one: the enabled patterns (`disable=all`, `enable=` their ids),
 * or the repository's own configuration read as data (PylintConfig), without what would run its
 * code. Without Pylint on the search path the plug-in still exists: it says it is not installed.
 *
 * A message's rule id is Pylint's id (`W0102`); at the repository's own configuration a message of
 * a pattern the repository did not enable here takes its kind's severity. A file Pylint cannot parse
 * (`E0001`, syntax-error) is named as not parsed, as Ruff's are.
 */

export interface PylintToolOptions {
  /** Where `pylint` is looked for: the service's PATH when absent. */
  readonly searchPath?: string | undefined
  readonly limits?: PylintLimits | undefined
}

const syntaxError = "E0001"

const patternOf = (prefix: string, rules: ReadonlyArray<EnabledRule>, configured: boolean): PatternOf => {
  const enabled = new Map(rules.map((rule) => [rule.ruleId, rule.severity]))
  return (ruleId) => {
    const severity = enabled.get(ruleId)
    if (!configured && severity === undefined) return undefined
    return { patternId: `${prefix}${ruleId}`, severity: severity ?? pylintPatternSeverity(ruleId) }
  }
}

const messagesOf = (findings: ReadonlyArray<PylintFinding>): ReadonlyArray<CachedMessage> =>
  [...findings]
    .filter((finding) => finding.type !== "info")
    .sort((a, b) => a.line - b.line || a.column - b.column)
    .map((finding) =>
      new CachedMessage({ ruleId: finding["message-id"], line: finding.line, message: finding.message, ...(finding["message-id"] === syntaxError ? { fatal: true } : {}) })
    )

const runOptions = (rcfile: string): ReadonlyArray<string> => [`--rcfile=${rcfile}`, "--output-format=json", "--persistent=n", "--score=n", "--reports=n"]

const checkLimits = { timeout: Duration.minutes(1), memoryMegabytes: 1024, outputBytes: 1024 * 1024 }

/**
 * Whether Pylint takes the written rcfile (it refuses a whole run, exit 32, for a value an option
 * does not allow): asked once of a file that does not exist, before the files.
 */
const refusal = (program: InstalledProgram, root: string, fences: ChildFences, rcfile: string): Effect.Effect<string | undefined> =>
  runConfined({ program: program.path, args: [...runOptions(rcfile), "--", "tidemark-probe-that-is-not-there.py"], cwd: root, fences, limits: checkLimits }).pipe(
    Effect.map((output) => (output.exitCode < 32 ? undefined : output.stderr.trim().split("\n").at(-1) ?? `exit code ${output.exitCode}`)),
    Effect.catchAll((failed) => Effect.succeed(failed.detail))
  )

interface Linted {
  readonly linted: ReadonlyArray<LintedFile>
  readonly refused: string | undefined
}

/**
 * Pylint's runs with an rcfile written for it (CachedLint's lintedWithFallback): the per-file cache
 * keyed on the tree's Python too (Pylint's inference reads the modules a file imports).
 */
const pylintLint = (program: InstalledProgram, root: string, taken: ReadonlyArray<SourceFile>, limits: PylintLimits): ConfiguredLint<string, { readonly path: string }> => {
  const fences = childFencesReading(program.path, root)
  const tree = treeDigest(taken)
  const keyOf = (rcfile: string) => (file: SourceFile) => pylintLintKey(program.version, rcfile, file.path, file.content, tree)
  return {
    keyOf,
    write: (rcfile) => writtenConfiguration("tidemark-pylintrc", rcfile),
    refusal: (written) => refusal(program, root, fences, written.path),
    run: (rcfile, written, files) =>
      Effect.flatMap(
        runPylint({ program: program.path, root, fences, limits, options: runOptions(written.path), files: files.map((file) => file.path) }),
        (ran) => keptOutcomes("Pylint", files, ran, (_, found) => messagesOf(found), keyOf(rcfile))
      )
  }
}

const run = (definition: ToolDefinitions.ToolDefinition, options: PylintToolOptions, root: string, files: ReadonlyArray<SourceFile>, settings: ToolSettings) =>
  Effect.gen(function*() {
    const tool = definition.name
    const program = yield* pylintOnPath(options.searchPath)
    if (program._tag === "MissingProgram") return yield* new ToolFailed({ tool, reason: `${program.reason}: ${installHint}` })
    const taken = files.filter(takesPython)
    const read = readConfiguration(files)
    const problems: Array<ToolProblem> = []
    if (settings.useConfigurationFile && read === undefined) {
      problems.push(new ToolProblem({ tool, code: "configuration_not_found", message: `no Pylint configuration (${configNames.join(", ")}) at the repository's root: the enabled patterns apply` }))
    }
    const wanted = (settings.useConfigurationFile || settings.configurationByDefault) && read !== undefined
    if (wanted && Either.isLeft(read)) problems.push(new ToolProblem({ tool, code: "unreadable_configuration", message: read.left }))
    const followed = wanted && Either.isRight(read) ? read.right : undefined
    if (followed !== undefined && followed.problems.length > 0) {
      problems.push(new ToolProblem({ tool, code: "unsupported_configuration", file: followed.file, message: followed.problems.join("; ") }))
    }
    const patterns = rcfileText(new Map([["disable", "all"], ["enable", settings.rules.map((rule) => rule.ruleId).join(",")]]))
    const { linted, refused }: Linted = followed === undefined && settings.rules.length === 0
      ? { linted: taken.map((file) => lintedFileOf(file, [])), refused: undefined }
      : yield* lintedWithFallback(
        pylintLint(program, root, taken, options.limits ?? defaultPylintLimits),
        taken,
        followed === undefined ? patterns : rcfileText(followed.options),
        followed === undefined ? undefined : patterns
      )
    if (refused !== undefined) problems.push(new ToolProblem({ tool, code: "unreadable_configuration", file: followed?.file, message: `Pylint refused it (the enabled patterns apply): ${refused}` }))
    const configured = followed !== undefined && refused === undefined
    const summary = summaryOf(linted, patternOf(definition.patternPrefix, settings.rules, configured))
    const result = new LintResult({ ...summary, skippedRules: [], ...(configured && followed !== undefined ? { configurationFile: followed.file } : {}) })
    return { result, problems } satisfies ToolRun
  })

export const makePylintTool = (definition: ToolDefinitions.ToolDefinition, options: PylintToolOptions = {}): AnalysisTool => ({
  definition,
  languages: ["Python"],
  availability: availabilityOf(pylintOnPath(options.searchPath), installHint),
  takes: takesPython,
  ruleIdOf: ruleIdWithout(definition.patternPrefix),
  configurationOf: (files) => {
    const file = configurationFileOf(files)
    // Read as INI or TOML data, without init-hook or plugins: readable.
    return file === undefined ? undefined : { file, readable: true }
  },
  start: (root, files, settings) => Effect.map(Effect.fork(run(definition, options, root, files, settings)), Fiber.join)
})

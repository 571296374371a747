import { readFile } from "node:fs/promises"
import { join } from "node:path"
import { RegisteredTools, type ToolDefinitions } from "@tidemark/core"
import { Duration, Effect, Either, Fiber } from "effect"
import type { EnabledRule } from "../EnabledRule.js"
import { childFencesReading } from "../external/ChildFences.js"
import { runConfined } from "../external/ConfinedRun.js"
import { locateProgram } from "../external/ProgramOnPath.js"
import { scratchFolder } from "../external/WrittenConfiguration.js"
import { isLanguage, languageOf } from "../Language.js"
import { failedFileOf, type LintedFile, lintedFileOf, type PatternOf, summaryOf } from "../LintedFile.js"
import { LintResult } from "../LintResult.js"
import { levelOfSarif, readSarif, type SarifIssue, type SarifRule } from "../Sarif.js"
import type { SourceFile } from "../SourceTree.js"
import { type AnalysisTool, ToolFailed, type ToolRun, type ToolSettings, ruleIdWithout } from "../tools/AnalysisTool.js"
import { commandLines, namesFiles, writesOutputFile } from "./RegisteredCommand.js"
import { discoveredRulesOf, messagesByFile, splitRuleId } from "./RegisteredFindings.js"

/**
 * A tool the installation's admin registered (RegisteredTools): its command run behind the
 * external analysers' fences (ChildFences, ConfinedRun: no network, an empty environment but for
 * the variables the registration gives, its time and memory limits) over the checkout, its SARIF
 * log read into issues. The rules its log names become its patterns (`discovered`, kept by the
 * worker); a result of a pattern the repository disabled is left out, one of a rule never seen
 * before counts (a pattern is on until disabled).
 *
 * Its files are not cached one by one: the command, not Tidemark, decides what it reads, and a
 * finding in one file may come from another.
 */

export interface RegisteredToolOptions {
  /** Where the command's program is looked for when not given by absolute path: the service's PATH when absent. */
  readonly searchPath?: string | undefined
}

const programOf = (tool: RegisteredTools.RegisteredTool, searchPath: string | undefined): Effect.Effect<string | undefined> =>
  locateProgram(tool.command[0], searchPath)

const installHintOf = (tool: RegisteredTools.RegisteredTool) =>
  `install ${tool.command[0]} on the server's search path (the command the administrator registered for ${tool.name})`

const patternOf = (prefix: string, rules: ReadonlyArray<EnabledRule>, known: ReadonlySet<string>): PatternOf => {
  const enabled = new Map(rules.map((rule) => [rule.ruleId, rule.severity]))
  return (ruleId) => {
    const { level, rule } = splitRuleId(ruleId)
    const severity = enabled.get(rule)
    // Disabled: known to the catalogue and not enabled. Never seen: on, at the result's level.
    if (severity === undefined && known.has(rule)) return undefined
    return { patternId: `${prefix}${rule}`, severity: severity ?? levelOfSarif(level) }
  }
}

interface Logged {
  readonly issues: ReadonlyArray<SarifIssue>
  readonly rules: ReadonlyArray<SarifRule>
}

/** One run of a command line: its log (whatever its exit code: a tool exits non-zero when it finds something), or why there is none. */
const runOnce = (
  tool: RegisteredTools.RegisteredTool,
  program: string,
  args: ReadonlyArray<string>,
  root: string,
  output: string
): Effect.Effect<Either.Either<Logged, string>> =>
  Effect.gen(function*() {
    const ran = yield* Effect.either(runConfined({
      program,
      args,
      cwd: root,
      fences: childFencesReading(program, root),
      limits: { timeout: Duration.seconds(tool.timeoutSeconds), memoryMegabytes: tool.memoryMegabytes, outputBytes: 256 * 1024 * 1024 },
      environment: tool.environment
    }))
    if (Either.isLeft(ran)) return Either.left(ran.left.message)
    const text = writesOutputFile(tool.command)
      ? yield* Effect.promise(() => readFile(output, "utf8").catch(() => ""))
      : ran.right.stdout
    if (text.trim() === "") return Either.left(`${tool.name} wrote no SARIF log (exit code ${ran.right.exitCode}): ${ran.right.stderr.trim().split("\n").slice(-2).join(" ")}`)
    return Either.mapLeft(readSarif(text, root), (error) => `${tool.name}'s log: ${error.message}`)
  })

const run = (tool: RegisteredTools.RegisteredTool, definition: ToolDefinitions.ToolDefinition, options: RegisteredToolOptions, root: string, files: ReadonlyArray<SourceFile>, settings: ToolSettings) =>
  Effect.scoped(Effect.gen(function*() {
    const program = yield* programOf(tool, options.searchPath)
    if (program === undefined) return yield* new ToolFailed({ tool: tool.name, reason: `${tool.command[0]} is not on the search path: ${installHintOf(tool)}` })
    const taken = files.filter(takesOf(tool))
    // A folder the tool may write its logs in: a log of its own for each run, so that a run that
    // writes none is never read as the run before it.
    const folder = yield* scratchFolder("tidemark-registered-", 0o1777)
    const logOf = (run: number) => join(folder, `log-${run}.sarif`)
    const lines = taken.length === 0 ? [] : commandLines(tool.command, taken.map((file) => file.path), logOf)
    const logs = yield* Effect.forEach(lines, (line, run) => Effect.map(runOnce(tool, program, line.args, root, logOf(run)), (log) => ({ line, log })))
    // A run over the whole checkout that failed leaves nothing known: the tool failed, its files are not counted clean.
    const failed = logs.find(({ log }) => Either.isLeft(log))
    if (failed !== undefined && Either.isLeft(failed.log) && !namesFiles(tool.command)) return yield* new ToolFailed({ tool: tool.name, reason: failed.log.left })
    const failedFiles = new Map(logs.flatMap(({ line, log }) => (Either.isLeft(log) ? line.args.map((arg) => [arg, log.left] as const) : [])))
    const found = logs.flatMap(({ log }) => (Either.isRight(log) ? [log.right] : []))
    const inTree = new Set(files.map((file) => file.path))
    const byFile = messagesByFile(found.flatMap((log) => log.issues), inTree)
    // Its languages' files, and any other of the tree it found something in (a manifest, a lockfile).
    const takenPaths = new Set(taken.map((file) => file.path))
    const reported = files.filter((file) => byFile.has(file.path) || takenPaths.has(file.path))
    const linted: ReadonlyArray<LintedFile> = reported.map((file) => {
      const reason = failedFiles.get(file.path)
      return reason === undefined ? lintedFileOf(file, byFile.get(file.path) ?? []) : failedFileOf(file, new Error(reason))
    })
    const known = new Set(settings.knownRules ?? [])
    const summary = summaryOf(linted, patternOf(definition.patternPrefix, settings.rules, known))
    const discovered = discoveredRulesOf(found.flatMap((log) => log.rules))
    return { result: new LintResult({ ...summary, skippedRules: [] }), problems: [], discovered } satisfies ToolRun
  }))

const takesOf = (tool: RegisteredTools.RegisteredTool) => {
  const languages = new Set<string>(tool.languages)
  return (file: SourceFile): boolean => {
    const language = languageOf(file.path, file.content)
    return language !== undefined && languages.has(language)
  }
}

export const makeRegisteredTool = (tool: RegisteredTools.RegisteredTool, options: RegisteredToolOptions = {}): AnalysisTool => {
  const definition = RegisteredTools.registeredToolDefinition(tool, [])
  return {
    definition,
    languages: tool.languages.flatMap((language) => (isLanguage(language) ? [language] : [])),
    availability: Effect.map(programOf(tool, options.searchPath), (program) =>
      program === undefined
        ? { _tag: "NotInstalled", reason: `${tool.command[0]} is not on the search path`, install: installHintOf(tool) }
        : { _tag: "Installed" }),
    takes: takesOf(tool),
    ruleIdOf: ruleIdWithout(definition.patternPrefix),
    configurationOf: () => undefined,
    start: (root, files, settings) => Effect.map(Effect.fork(run(tool, definition, options, root, files, settings)), Fiber.join)
  }
}

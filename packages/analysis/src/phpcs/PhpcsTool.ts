import { phpcsPatternId, phpcsPatternSeverity, phpcsTypes } from "@tidemark/catalogue/ToolHeads"
import type { ToolDefinitions } from "@tidemark/core"
import { Duration, Effect, Either, Fiber, Option } from "effect"
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
import { withoutMisreadings } from "./Misreadings.js"
import { hasExtension, takesPhp } from "./PhpcsFiles.js"
import { phpcsLintKey } from "./PhpcsKey.js"
import { type PhpcsMessage, sniffOf } from "./PhpcsOutput.js"
import { installHint, phpcsOnPath } from "./PhpcsProgram.js"
import { compare, phpOnPath, requiredPhpOf, versionParts } from "./RequiredPhp.js"
import { configNames, patternsPlan, type PhpcsPlan, readRuleset, rulesetText, selectedBy } from "./PhpcsRuleset.js"
import { defaultPhpcsLimits, type PhpcsLimits, runPhpcs } from "./PhpcsRun.js"

/**
 * The PHP_CodeSniffer plug-in: PHP checked by the `phpcs` installed on this server, run behind the
 * external analysers' fences (ChildFences, ConfinedRun) over the checkout, always with a ruleset
 * Tidemark wrote (`--standard`), so that phpcs reads no file of the checkout as one and runs none
 * of its PHP: the enabled patterns' sniffs, or the repository's own ruleset read as data
 * (PhpcsRuleset). Without phpcs on the search path the plug-in still exists: it says it is not
 * installed (`availability`), and PHP is never counted clean.
 *
 * A message's rule id holds its source and phpcs's type (`Generic.PHP.Syntax.PHPSyntax:ERROR`): a
 * sniff whose `<type>` the repository chose takes it (ERROR → Error, WARNING → Warning), any
 * other its pattern's severity. What phpcs 3.7.1 misreads of newer PHP is left out (Misreadings). phpcs's own messages (`Internal.…`) are not issues: a file its
 * tokenizer gives up on is not parsed; one without PHP (`Internal.NoCodeFound`) has nothing to say.
 */

export interface PhpcsToolOptions {
  /** Where `phpcs` is looked for: the service's PATH when absent. */
  readonly searchPath?: string | undefined
  readonly limits?: PhpcsLimits | undefined
}

/** Whether the repository's ruleset chose the type of the message of this source (`<type>` on it, its sniff, category or standard). */
const typedBy = (typed: ReadonlyArray<string>) => (source: string): boolean => typed.some((ref) => source === ref || source.startsWith(`${ref}.`))

const patternOf = (rules: ReadonlyArray<EnabledRule>, plan: PhpcsPlan | undefined): PatternOf => {
  const enabled = new Map(rules.map((rule) => [rule.ruleId, rule.severity]))
  const chosen = typedBy(plan?.typed ?? [])
  return (ruleId) => {
    const { level: type, rule: source } = ruleAndLevelOf(ruleId)
    const sniff = sniffOf(source)
    const patternId = phpcsPatternId(sniff)
    const severity = enabled.get(sniff.replaceAll(".", "_"))
    if (plan === undefined && severity === undefined) return undefined
    return {
      patternId,
      severity: chosen(source) && (type === "ERROR" || type === "WARNING") ? phpcsTypes[type] : (severity ?? phpcsPatternSeverity(sniff))
    }
  }
}

const tokenizerFailure = "Internal.Tokenizer.Exception"

const messagesOf = (messages: ReadonlyArray<PhpcsMessage>): ReadonlyArray<CachedMessage> =>
  [...messages]
    .filter((message) => !message.source.startsWith("Internal.") || message.source === tokenizerFailure)
    .sort((a, b) => a.line - b.line)
    .map((message) =>
      message.source === tokenizerFailure
        ? new CachedMessage({ ruleId: null, line: message.line, message: `phpcs could not tokenize the file: ${message.message}`, fatal: true })
        : new CachedMessage({ ruleId: ruleAtLevel(message.source, message.type), line: message.line, message: message.message })
    )

const checkLimits = { timeout: Duration.minutes(1), memoryMegabytes: 1024, outputBytes: 1024 * 1024 }

/**
 * Whether phpcs takes the written ruleset (it refuses a whole one for a sniff it does not have):
 * asked once (`-e`, which lists the sniffs without checking a file), before the files, rather than
 * learnt from every file's run failing alone.
 */
const refusal = (program: InstalledProgram, root: string, fences: ChildFences, ruleset: string): Effect.Effect<string | undefined> =>
  runConfined({ program: program.path, args: ["-e", `--standard=${ruleset}`], cwd: root, fences, limits: checkLimits }).pipe(
    Effect.map((output) => (output.exitCode === 0 ? undefined : `${output.stdout}\n${output.stderr}`.trim().split("\n")[0] ?? "")),
    Effect.catchAll((failed) => Effect.succeed(failed.detail))
  )

const optionsOf = (plan: PhpcsPlan, ruleset: string, root: string): ReadonlyArray<string> => [
  "--report=json",
  // Quiet: no progress on standard output, which must be the report alone.
  "-q",
  "--no-cache",
  "--no-colors",
  `--standard=${ruleset}`,
  `--basepath=${root}`,
  `--extensions=${plan.extensions.join(",")}`
]

/** phpcs's runs with a ruleset written for it (CachedLint's lintedWithFallback); the fallback checks the files of its own extensions. */
const phpcsLint = (program: InstalledProgram, root: string, limits: PhpcsLimits): ConfiguredLint<PhpcsPlan, { readonly path: string }> => {
  const fences = childFencesReading(program.path, root)
  const keyOf = (plan: PhpcsPlan) => {
    const text = `${rulesetText(plan)}\n${plan.extensions.join(",")}`
    return (file: SourceFile) => phpcsLintKey(program.version, text, file.path, file.content)
  }
  return {
    keyOf,
    write: (plan) => writtenConfiguration("tidemark-phpcs.xml", rulesetText(plan)),
    refusal: (written) => refusal(program, root, fences, written.path),
    run: (plan, written, files) =>
      Effect.flatMap(
        runPhpcs({ program: program.path, root, fences, limits, options: optionsOf(plan, written.path, root), files: files.map((file) => file.path) }),
        (ran) => keptOutcomes("phpcs", files, ran, (file, found) => messagesOf(withoutMisreadings(found, file.content)), keyOf(plan))
      ),
    fallbackFiles: (fallback, files) => files.filter((file) => hasExtension(fallback.extensions)(file.path))
  }
}

/** The repository's ruleset as phpcs is to follow it (none when it is absent, not asked for, unreadable or has no rule that runs here), and what was not followed. */
const followedRuleset = (tool: string, files: ReadonlyArray<SourceFile>, settings: ToolSettings) => {
  const root = rootConfiguration(tool, configNames, files, settings)
  const config = root.file
  if (!root.followed || config === undefined) return { config, plan: undefined, problems: root.problems }
  const read = readRuleset(config, new Map(files.map((file) => [file.path, file])))
  if (Either.isLeft(read)) return { config, plan: undefined, problems: [new ToolProblem({ tool, code: "unreadable_configuration", file: config.path, message: read.left })] }
  const runnable = read.right.plan.rules.length > 0
  const unsupported = [...read.right.problems, ...(runnable ? [] : ["none of its rules can run here: the enabled patterns apply"])]
  return {
    config,
    plan: runnable ? read.right.plan : undefined,
    problems: unsupported.length === 0 ? [] : [new ToolProblem({ tool, code: "unsupported_configuration", file: config.path, message: unsupported.join("; ") })]
  }
}

const syntaxPattern = phpcsPatternId("Generic.PHP.Syntax")

/** The problem when the repository requires a newer PHP than the server's `php -l` (RequiredPhp): its syntax errors are not reported. */
const newerPhpRequired = (tool: string, files: ReadonlyArray<SourceFile>, searchPath: string | undefined): Effect.Effect<ToolProblem | undefined> =>
  Effect.gen(function*() {
    const composer = files.find((file) => file.path === "composer.json")
    const required = composer === undefined ? undefined : requiredPhpOf(composer.content)
    if (required === undefined) return undefined
    const php = yield* phpOnPath(searchPath)
    if (php._tag === "MissingProgram" || compare(required, versionParts(php.version)) <= 0) return undefined
    const message = `composer.json requires PHP ${required.join(".")} or later, and this server's php -l is PHP ${php.version}: what it calls a syntax error may be newer PHP, so Generic.PHP.Syntax is not reported`
    return new ToolProblem({ tool, code: "unsupported_configuration", file: "composer.json", message })
  })

const run = (definition: ToolDefinitions.ToolDefinition, options: PhpcsToolOptions, root: string, files: ReadonlyArray<SourceFile>, settings: ToolSettings) =>
  Effect.gen(function*() {
    const tool = definition.name
    const program = yield* phpcsOnPath(options.searchPath)
    if (program._tag === "MissingProgram") return yield* new ToolFailed({ tool, reason: `${program.reason}: ${installHint}` })
    const { config, plan: followed, problems } = followedRuleset(tool, files, settings)
    const patterns = patternsPlan(settings.rules.map((rule) => rule.ruleId.replaceAll("_", ".")))
    const plan = followed ?? patterns
    const selected = selectedBy(plan, root)
    const taken = files.filter(followed === undefined ? takesPhp : (file) => hasExtension(plan.extensions)(file.path) && selected(file.path))
    // No pattern enabled and no ruleset followed: nothing to check for.
    const { linted, refused } = plan.rules.length === 0
      ? { linted: taken.map((file) => lintedFileOf(file, [])), refused: undefined }
      : yield* lintedWithFallback(phpcsLint(program, root, options.limits ?? defaultPhpcsLimits), taken, plan, followed === undefined ? undefined : patterns)
    const refusedProblem = refused === undefined ? [] : [new ToolProblem({ tool, code: "unreadable_configuration", file: config?.path, message: `phpcs refused it (the enabled patterns apply): ${refused}` })]
    const configured = refused === undefined ? followed : undefined
    const summary = summaryOf(linted, patternOf(settings.rules, configured))
    const newer = yield* newerPhpRequired(tool, files, options.searchPath)
    const issues = newer === undefined ? summary.issues : summary.issues.filter((issue) => issue.patternId !== syntaxPattern)
    const result = new LintResult({ ...summary, issues, skippedRules: [], configurationFile: configured === undefined ? undefined : config?.path })
    return { result, problems: [...problems, ...refusedProblem, ...(newer === undefined ? [] : [newer])] } satisfies ToolRun
  })

export const makePhpcsTool = (definition: ToolDefinitions.ToolDefinition, options: PhpcsToolOptions = {}): AnalysisTool => ({
  definition,
  languages: ["PHP"],
  availability: availabilityOf(phpcsOnPath(options.searchPath), installHint),
  takes: takesPhp,
  ruleIdOf: ruleIdWithout(definition.patternPrefix),
  // Read as XML data and written again for phpcs, without what would run the repository's PHP: readable.
  configurationOf: (files) => Option.getOrUndefined(Option.map(Option.fromNullable(rootFileOf(configNames, files)), (config) => ({ file: config.path, readable: true }))),
  start: (root, files, settings) => Effect.map(Effect.fork(run(definition, options, root, files, settings)), Fiber.join)
})

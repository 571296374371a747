import { chmod, mkdir } from "node:fs/promises"
import { join } from "node:path"
import { rubocopPatternSeverity, rubocopSeverities } from "@tidemark/catalogue/ToolHeads"
import type { ToolDefinitions } from "@tidemark/core"
import { Duration, Effect, Either, Fiber, Schema } from "effect"
import { keptOutcomes, lintedFilesOf, splitByCache } from "../CachedLint.js"
import { treeDigest } from "../CacheKey.js"
import type { EnabledRule } from "../EnabledRule.js"
import { type ChildFences, childFencesReading } from "../external/ChildFences.js"
import { runConfined } from "../external/ConfinedRun.js"
import { scratchFolder, writeReadable } from "../external/WrittenConfiguration.js"
import { availabilityOf, type InstalledProgram } from "../external/ProgramOnPath.js"
import { CachedMessage } from "../LintCache.js"
import { type LintedFile, lintedFileOf, type PatternOf, ruleAndLevelOf, ruleAtLevel, summaryOf } from "../LintedFile.js"
import { LintResult } from "../LintResult.js"
import type { SourceFile } from "../SourceTree.js"
import { type AnalysisTool, ToolFailed, ToolProblem, type ToolRun, type ToolSettings, ruleIdWithout } from "../tools/AnalysisTool.js"
import { keptOffences } from "./KeptOffences.js"
import {
  configName,
  documentName,
  documentText,
  newestKnownRuby,
  oldestRubyOfGemspec,
  patternsConfiguration,
  type SafeConfiguration,
  safeConfigurationOf,
  targetingRuby,
  unknownRubyOf
} from "./RubocopConfig.js"
import { rubocopLintKey } from "./RubocopKey.js"
import { type RubocopOffence, RubocopSeverity, severityOfRubocop, syntaxCop } from "./RubocopOutput.js"
import { installHint, rubocopOnPath } from "./RubocopProgram.js"
import { defaultRubocopLimits, type RubocopLimits, runRubocop } from "./RubocopRun.js"
import { isRubyVersionSource, takesRuby } from "./RubyFiles.js"

/**
 * The RuboCop plug-in: Ruby checked by the `rubocop` installed on this server, run behind the
 * external analysers' fences (ChildFences, ConfinedRun) over the checkout, with the enabled
 * patterns (`--only`) or with the repository's own `.rubocop.yml`, read as data and made safe
 * (RubocopConfig). RuboCop always gets a configuration Tidemark wrote (`--config`), so that it
 * reads no file of the checkout or above it as one; it runs without its cache (`--cache false`:
 * the per-file cache is Tidemark's) and honours the configuration's `Exclude` for the files it is
 * given (`--force-exclusion`). Without RuboCop on the search path the plug-in still exists: it
 * says it is not installed (`availability`), and the analysis says the Ruby code was not analysed.
 *
 * A message's rule id holds the cop and RuboCop's severity (`Lint/Loop:warning`): at the cop's own
 * severity the issue takes its pattern's; at another (a `Severity:` the repository chose) RuboCop's
 * (convention, refactor, info → Info; warning → Warning; error, fatal → Error). A file RuboCop
 * cannot parse (`Lint/Syntax`) is named as not parsed, as ESLint's are. A `Lint/UselessAssignment`
 * on Ruby's deliberate `name = name = value` is left out (DeliberateAssignment).
 */

export interface RubocopToolOptions {
  /** Where `rubocop` is looked for: the service's PATH when absent. */
  readonly searchPath?: string | undefined
  readonly limits?: RubocopLimits | undefined
  /** How many RuboCop runs may go side by side (the analysis's CPUs): one when absent. */
  readonly jobs?: number | undefined
}

const isSeverity = Schema.is(RubocopSeverity)

const patternOf = (prefix: string, rules: ReadonlyArray<EnabledRule>, configured: boolean): PatternOf => {
  const enabled = new Map(rules.map((rule) => [rule.ruleId, rule.severity]))
  return (ruleId) => {
    const { level: severity, rule: cop } = ruleAndLevelOf(ruleId)
    const chosen = enabled.get(cop)
    if (!configured && chosen === undefined) return undefined
    const own = severity === rubocopSeverities.get(cop)
    return {
      patternId: `${prefix}${cop}`,
      severity: own || !isSeverity(severity) ? (chosen ?? rubocopPatternSeverity(cop)) : severityOfRubocop[severity]
    }
  }
}

const messagesOf = (offences: ReadonlyArray<RubocopOffence>): ReadonlyArray<CachedMessage> =>
  [...offences]
    .sort((a, b) => a.line - b.line)
    .map((offence) =>
      new CachedMessage({ ruleId: ruleAtLevel(offence.cop, offence.severity), line: offence.line, message: offence.message, ...(offence.cop === syntaxCop ? { fatal: true } : {}) })
    )

/** How the files are checked: the configuration written for RuboCop, and the cops asked for when it is not the repository's. */
interface Plan {
  readonly configuration: SafeConfiguration
  readonly only: ReadonlyArray<string> | undefined
}

/** Where a run's configuration is: RuboCop's own options naming it and its cache root. */
interface Written {
  readonly folder: string
  /** `--cache-root` and `--config`. */
  readonly options: ReadonlyArray<string>
}

/**
 * A folder of this process's temporary files holding the configuration's documents, readable by
 * the fences' user, and a cache root it may write to; removed after. RuboCop must be given a cache
 * root (`--cache-root`): without one, before reading its options, it looks for a running RuboCop
 * server's under the folder the working folder's `.rubocop.yml` names — reading that file through
 * ERB, which runs the Ruby in it. It writes nothing else there (`--cache false`).
 */
const writtenConfiguration = (configuration: SafeConfiguration) =>
  Effect.flatMap(scratchFolder("tidemark-rubocop-"), (folder) =>
    Effect.promise(async (): Promise<Written> => {
      for (const index of configuration.documents.keys()) await writeReadable(folder, documentName(index), documentText(configuration, index, folder))
      const cache = join(folder, "cache")
      await mkdir(cache)
      await chmod(cache, 0o1777)
      return { folder, options: ["--cache-root", cache, "--config", join(folder, documentName(0))] }
    }))

const optionsOf = (written: Written, only: ReadonlyArray<string> | undefined): ReadonlyArray<string> => [
  // `--cache-root` before `--cache false`: RuboCop refuses the pair the other way round.
  ...written.options,
  "--format",
  "json",
  "--force-exclusion",
  "--cache",
  "false",
  // RuboCop says nothing of a file it cannot parse unless Lint/Syntax is among the cops asked for.
  ...(only === undefined ? [] : ["--only", [...new Set([syntaxCop, ...only])].join(",")])
]

const checkLimits = { timeout: Duration.minutes(1), memoryMegabytes: 2048, outputBytes: 1024 * 1024 }

/**
 * Whether RuboCop takes the written configuration (it refuses a whole one for a parameter it no
 * longer has, or a value it does not allow): asked once, before the files, rather than learnt
 * from every file's run failing alone.
 */
const refusal = (program: InstalledProgram, root: string, fences: ChildFences, written: Written): Effect.Effect<string | undefined> =>
  runConfined({ program: program.path, args: [...written.options, "--show-cops", syntaxCop], cwd: root, fences, limits: checkLimits }).pipe(
    Effect.map((output) => (output.exitCode === 0 ? undefined : output.stderr.trim().split("\n").slice(0, 2).join(" ").replace(/\S*tidemark-rubocop-\d+\.yml/g, configName))),
    Effect.catchAll((failed) => Effect.succeed(failed.detail))
  )

/**
 * The Ruby version the repository names that RuboCop does not know, if it stops on it: asked once
 * of one file, rather than learnt from every file's run failing alone.
 */
const unknownRuby = (program: InstalledProgram, root: string, fences: ChildFences, written: Written, file: string): Effect.Effect<string | undefined> =>
  runConfined({ program: program.path, args: [...optionsOf(written, [syntaxCop]), "--", file], cwd: root, fences, limits: checkLimits }).pipe(
    Effect.map((output) => (output.exitCode === 2 ? unknownRubyOf(output.stderr) : undefined)),
    Effect.catchAll(() => Effect.succeed(undefined))
  )

const retargeted = (plan: Plan, ruby: number): Plan => ({ ...plan, configuration: targetingRuby(plan.configuration, ruby) })

/** What a lint of the files found besides their outcomes: a configuration RuboCop refused, a Ruby it does not know. */
interface Linted {
  readonly linted: ReadonlyArray<LintedFile>
  readonly refused: string | undefined
  readonly unknownRuby?: string | undefined
}

/**
 * The files linted through the per-file cache when the context has one; the others in batched
 * runs with the plan's configuration written for RuboCop. A repository's configuration RuboCop
 * refuses is named, and the enabled patterns apply instead; a Ruby version it does not know (asked
 * when `fallbackRuby` is given: the tree has a file naming one) is named, and `fallbackRuby` parsed for.
 */
const lintFiles = (
  program: InstalledProgram,
  root: string,
  taken: ReadonlyArray<SourceFile>,
  versions: string,
  plan: Plan,
  fallback: Plan,
  limits: RubocopLimits & { readonly jobs?: number | undefined },
  fallbackRuby: number | undefined
): Effect.Effect<Linted> =>
  Effect.scoped(Effect.gen(function*() {
    const planKey = JSON.stringify([plan.configuration.documents, plan.only ?? null])
    const keyOf = (file: SourceFile) => rubocopLintKey(program.version, planKey, file.path, file.content, versions)
    const { missing, outcomes } = yield* splitByCache(taken, keyOf)
    if (missing.length === 0) return { linted: lintedFilesOf(taken, outcomes), refused: undefined }
    const fences = childFencesReading(program.path, root)
    const written = yield* writtenConfiguration(plan.configuration)
    // The two questions are asked beside the runs, not before them: a RuboCop start each (a second
    // or more) on the way of every analysis, for answers that are almost always "no". A "yes" stops
    // the runs (which would fail, then run every file again alone) and the files run again.
    const running = yield* Effect.fork(
      runRubocop({ program: program.path, root, fences, limits, jobs: limits.jobs, options: optionsOf(written, plan.only), files: missing.map((file) => file.path) })
    )
    const [refused, unknown] = yield* Effect.all([
      plan.only === undefined ? refusal(program, root, fences, written) : Effect.succeed(undefined),
      fallbackRuby !== undefined && missing[0] !== undefined ? unknownRuby(program, root, fences, written, missing[0].path) : Effect.succeed(undefined)
    ], { concurrency: "unbounded" })
    if (refused !== undefined) {
      yield* Fiber.interrupt(running)
      const again = yield* lintFiles(program, root, taken, versions, fallback, fallback, limits, fallbackRuby)
      return { ...again, refused }
    }
    if (unknown !== undefined && fallbackRuby !== undefined) {
      yield* Fiber.interrupt(running)
      const again = yield* lintFiles(program, root, taken, versions, retargeted(plan, fallbackRuby), retargeted(fallback, fallbackRuby), limits, undefined)
      return { ...again, unknownRuby: unknown }
    }
    const ran = yield* Fiber.join(running)
    const fresh = yield* keptOutcomes("RuboCop", missing, ran, (file, found) => messagesOf(keptOffences(found, file.content)), keyOf)
    return { linted: lintedFilesOf(taken, outcomes, fresh), refused: undefined }
  }))

const run = (definition: ToolDefinitions.ToolDefinition, options: RubocopToolOptions, root: string, files: ReadonlyArray<SourceFile>, settings: ToolSettings) =>
  Effect.gen(function*() {
    const tool = definition.name
    const program = yield* rubocopOnPath(options.searchPath)
    if (program._tag === "MissingProgram") return yield* new ToolFailed({ tool, reason: `${program.reason}: ${installHint}` })
    const taken = files.filter(takesRuby)
    const rootConfig = files.find((file) => file.path === configName)
    const problems: Array<ToolProblem> = []
    if (settings.useConfigurationFile && rootConfig === undefined) {
      problems.push(new ToolProblem({ tool, code: "configuration_not_found", message: `no ${configName} at the repository's root: the enabled patterns apply` }))
    }
    // RuboCop's configuration is read as data: a repository that never chose follows it.
    const wanted = (settings.useConfigurationFile || settings.configurationByDefault) && rootConfig !== undefined
    const safe = wanted ? safeConfigurationOf(rootConfig, new Map(files.map((file) => [file.path, file]))) : undefined
    if (safe !== undefined && Either.isLeft(safe)) problems.push(new ToolProblem({ tool, code: "unreadable_configuration", file: configName, message: safe.left }))
    if (safe !== undefined && Either.isRight(safe) && safe.right.problems.length > 0) {
      problems.push(new ToolProblem({ tool, code: "unsupported_configuration", file: configName, message: safe.right.problems.join("; ") }))
    }
    const patterns: Plan = { configuration: patternsConfiguration, only: settings.rules.map((rule) => rule.ruleId) }
    const plan: Plan = safe !== undefined && Either.isRight(safe) ? { configuration: safe.right, only: undefined } : patterns
    // No pattern enabled and no configuration followed: nothing to check for.
    const versionSources = files.filter((file) => isRubyVersionSource(file.path))
    // A gemspec's `required_ruby_version` never names a Ruby RuboCop does not know: it takes the oldest it knows that fits.
    const probeRuby = plan.only === undefined || versionSources.some((file) => !file.path.endsWith(".gemspec"))
    // In place of a Ruby RuboCop does not know: the oldest the gem supports, which its code must parse on, else the newest RuboCop knows.
    const gemspecRuby = versionSources.flatMap((file) => (file.path.endsWith(".gemspec") ? [oldestRubyOfGemspec(file.content)] : [])).find((ruby) => ruby !== undefined)
    const fallbackRuby = gemspecRuby ?? newestKnownRuby
    const { linted, refused, unknownRuby: unknown }: Linted = plan.only !== undefined && plan.only.length === 0
      ? { linted: taken.map((file) => lintedFileOf(file, [])), refused: undefined }
      : yield* lintFiles(program, root, taken, treeDigest(versionSources), plan, patterns, { ...(options.limits ?? defaultRubocopLimits), jobs: options.jobs }, probeRuby ? fallbackRuby : undefined)
    if (unknown !== undefined) {
      problems.push(new ToolProblem({ tool, code: "unsupported_configuration", message: `RuboCop ${program.version} does not know Ruby ${unknown}, the version the repository names: its files are parsed as Ruby ${fallbackRuby.toFixed(1)}${gemspecRuby === undefined ? "" : ", the oldest its gemspec supports"}` }))
    }
    if (refused !== undefined) problems.push(new ToolProblem({ tool, code: "unreadable_configuration", file: configName, message: `RuboCop refused it (the enabled patterns apply): ${refused}` }))
    const followed = plan.only === undefined && refused === undefined
    const summary = summaryOf(linted, patternOf(definition.patternPrefix, settings.rules, followed))
    const result = new LintResult({ ...summary, skippedRules: [], ...(followed ? { configurationFile: configName } : {}) })
    return { result, problems } satisfies ToolRun
  })

export const makeRubocopTool = (definition: ToolDefinitions.ToolDefinition, options: RubocopToolOptions = {}): AnalysisTool => ({
  definition,
  languages: ["Ruby"],
  availability: availabilityOf(rubocopOnPath(options.searchPath), installHint),
  takes: takesRuby,
  ruleIdOf: ruleIdWithout(definition.patternPrefix),
  configurationOf: (files) => {
    const config = files.find((file) => file.path === configName)
    // Read as YAML data, never through RuboCop's ERB or its `require`: readable.
    return config === undefined ? undefined : { file: config.path, readable: true }
  },
  start: (root, files, settings) => Effect.map(Effect.fork(run(definition, options, root, files, settings)), Fiber.join)
})

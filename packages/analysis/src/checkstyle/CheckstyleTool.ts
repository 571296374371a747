import { checkstyleSeverities } from "@tidemark/catalogue/ToolHeads"
import type { ToolDefinitions } from "@tidemark/core"
import { Duration, Effect, Either, Fiber } from "effect"
import { type ConfiguredLint, keptOutcomes, lintedWithFallback } from "../CachedLint.js"
import type { EnabledRule } from "../EnabledRule.js"
import { type ChildFences, childFencesReading } from "../external/ChildFences.js"
import { runConfined } from "../external/ConfinedRun.js"
import { scratchFolder, writeReadable } from "../external/WrittenConfiguration.js"
import { availabilityOf, type InstalledProgram } from "../external/ProgramOnPath.js"
import { languageOfPath } from "../Language.js"
import { CachedMessage } from "../LintCache.js"
import { lintedFileOf, type PatternOf, summaryOf } from "../LintedFile.js"
import { LintResult } from "../LintResult.js"
import type { SourceFile } from "../SourceTree.js"
import { type AnalysisTool, ToolFailed, ToolProblem, type ToolRun, type ToolSettings, ruleIdWithout } from "../tools/AnalysisTool.js"
import { buildSettingsOf, isTestSource } from "./CheckstyleBuild.js"
import { type CheckstylePlan, configurationText, patternsPlan, readConfiguration } from "./CheckstyleConfig.js"
import { checkstyleLintKey } from "./CheckstyleKey.js"
import { type CheckstyleFinding, readReport } from "./CheckstyleOutput.js"
import { checkstyleEnvironment, checkstyleMemoryMegabytes, checkstyleOnPath, installHint } from "./CheckstyleProgram.js"
import { type CheckstyleLimits, defaultCheckstyleLimits, runCheckstyle } from "./CheckstyleRun.js"

/**
 * The Checkstyle plug-in: Java checked by the `checkstyle` installed on this server (a JVM, sized
 * by CheckstyleProgram), run behind the external analysers' fences (ChildFences, ConfinedRun) over
 * the checkout, always with a configuration Tidemark wrote (`-c`), so that Checkstyle reads no file
 * of the checkout as one: the enabled patterns (those checks with Checkstyle's defaults), or the
 * repository's own configuration read as data (CheckstyleConfig) with what its Maven build adds
 * (CheckstyleBuild: a suppressions file, test sources left out unless it checks them). Without Checkstyle on the search
 * path the plug-in still exists: it says it is not installed (`availability`), and Java is never
 * counted clean.
 *
 * A finding's rule id is its check's module name (`EmptyBlock`, pattern `Checkstyle_EmptyBlock`),
 * its severity the pattern's. A file Checkstyle cannot parse (Java newer than it reads: `sealed`,
 * `permits`) is named as not analysed, never an issue.
 */

export interface CheckstyleToolOptions {
  /** Where `checkstyle` is looked for: the service's PATH when absent. */
  readonly searchPath?: string | undefined
  readonly limits?: CheckstyleLimits | undefined
}

/**
 * Whether Checkstyle reads the file: Java sources, not a `module-info.java`, which this Checkstyle's
 * grammar does not parse (gson's three: `unexpected token: module`) and which holds no code its
 * checks read (google_checks.xml leaves it out too).
 */
export const takesJava = (file: SourceFile): boolean => languageOfPath(file.path) === "Java" && !/(?:^|\/)module-info\.java$/.test(file.path)

const patternOf = (prefix: string, rules: ReadonlyArray<EnabledRule>, followed: boolean): PatternOf => {
  const enabled = new Map(rules.map((rule) => [rule.ruleId, rule.severity]))
  return (ruleId) => {
    const severity = enabled.get(ruleId)
    if (!followed && severity === undefined) return undefined
    return { patternId: `${prefix}${ruleId}`, severity: severity ?? checkstyleSeverities.get(ruleId) ?? "Info" }
  }
}

const messagesOf = (findings: ReadonlyArray<CheckstyleFinding>): ReadonlyArray<CachedMessage> =>
  [...findings].sort((a, b) => a.line - b.line).map((finding) => new CachedMessage({ ruleId: finding.check, line: finding.line, message: finding.message }))

/** A file Checkstyle is asked to read once before a repository's configuration is used: a class with nothing in it. */
const probeSource = "class TidemarkProbe {\n}\n"

/** A folder of this process's temporary files holding the configuration (and the probe), readable by the fences' user; removed after. */
const writtenConfiguration = (plan: CheckstylePlan) =>
  Effect.flatMap(scratchFolder("tidemark-checkstyle-"), (folder) =>
    Effect.promise(async () => ({
      folder,
      path: await writeReadable(folder, "tidemark-checkstyle.xml", configurationText(plan)),
      probe: await writeReadable(folder, "TidemarkProbe.java", probeSource)
    })))

const checkLimits = { timeout: Duration.minutes(1), memoryMegabytes: checkstyleMemoryMegabytes, outputBytes: 1024 * 1024 }

/**
 * Whether Checkstyle takes the written configuration (it refuses a whole one for a value it cannot
 * convert, a regular expression it cannot compile): asked once, on the probe, before the files,
 * rather than learnt from every file's run failing alone.
 */
const refusal = (program: InstalledProgram, root: string, fences: ChildFences, config: string, probe: string): Effect.Effect<string | undefined> =>
  runConfined({ program: program.path, args: ["-c", config, "-f", "xml", probe], cwd: root, fences, limits: checkLimits, environment: checkstyleEnvironment }).pipe(
    Effect.map((output) => Either.match(readReport(root, {})([probe], output), { onLeft: (reason) => reason, onRight: () => undefined })),
    Effect.catchAll((failed) => Effect.succeed(failed.detail))
  )

/** Checkstyle's runs with a plan written for it (CachedLint's lintedWithFallback). */
const checkstyleLint = (
  program: InstalledProgram,
  root: string,
  limits: CheckstyleLimits
): ConfiguredLint<CheckstylePlan, { readonly path: string; readonly probe: string }> => {
  const fences = childFencesReading(program.path, root)
  const keyOf = (plan: CheckstylePlan) => {
    const text = configurationText(plan)
    return (file: SourceFile) => checkstyleLintKey(program.version, text, file.path, file.content)
  }
  return {
    keyOf,
    write: writtenConfiguration,
    refusal: (written) => refusal(program, root, fences, written.path, written.probe),
    run: (plan, written, files) =>
      Effect.flatMap(
        runCheckstyle({ program: program.path, root, fences, limits, configuration: written.path, ids: plan.ids, files: files.map((file) => file.path) }),
        (ran) => keptOutcomes("Checkstyle", files, ran, (_file, found) => messagesOf(found), keyOf(plan))
      )
  }
}

const rootConfigOf = (definition: ToolDefinitions.ToolDefinition, files: ReadonlyArray<SourceFile>): SourceFile | undefined =>
  definition.configurationFiles.flatMap((name) => files.filter((file) => file.path === name))[0]

const run = (definition: ToolDefinitions.ToolDefinition, options: CheckstyleToolOptions, root: string, files: ReadonlyArray<SourceFile>, settings: ToolSettings) =>
  Effect.gen(function*() {
    const tool = definition.name
    const program = yield* checkstyleOnPath(options.searchPath)
    if (program._tag === "MissingProgram") return yield* new ToolFailed({ tool, reason: `${program.reason}: ${installHint}` })
    const config = rootConfigOf(definition, files)
    const problems: Array<ToolProblem> = []
    if (settings.useConfigurationFile && config === undefined) {
      problems.push(new ToolProblem({ tool, code: "configuration_not_found", message: `no ${definition.configurationFiles.join(", ")} in the repository: the enabled patterns apply` }))
    }
    // Checkstyle's configuration is data: a repository that never chose follows it.
    const wanted = (settings.useConfigurationFile || settings.configurationByDefault) && config !== undefined
    const build = buildSettingsOf(files)
    const read = wanted ? readConfiguration(config, new Map(files.map((file) => [file.path, file])), build) : undefined
    if (read !== undefined && Either.isLeft(read)) problems.push(new ToolProblem({ tool, code: "unreadable_configuration", file: config?.path, message: read.left }))
    if (read !== undefined && Either.isRight(read) && read.right.problems.length > 0) {
      problems.push(new ToolProblem({ tool, code: "unsupported_configuration", file: config?.path, message: read.right.problems.join("; ") }))
    }
    const patterns = patternsPlan(settings.rules.map((rule) => rule.ruleId))
    const followed = read !== undefined && Either.isRight(read) ? read.right.plan : undefined
    // Following the repository's configuration is following its build: Maven's plug-in reads no test source unless told.
    const taken = files.filter((file) => takesJava(file) && (followed === undefined || build.includesTests || !isTestSource(file.path)))
    // No pattern enabled and no configuration followed: nothing to check for.
    const { linted, refused } = followed === undefined && settings.rules.length === 0
      ? { linted: taken.map((file) => lintedFileOf(file, [])), refused: undefined }
      : yield* lintedWithFallback(checkstyleLint(program, root, options.limits ?? defaultCheckstyleLimits), taken, followed ?? patterns, followed === undefined ? undefined : patterns)
    if (refused !== undefined) problems.push(new ToolProblem({ tool, code: "unreadable_configuration", file: config?.path, message: `Checkstyle refused it (the enabled patterns apply): ${refused}` }))
    const configured = refused === undefined && followed !== undefined
    const summary = summaryOf(linted, patternOf(definition.patternPrefix, settings.rules, configured))
    const result = new LintResult({ ...summary, skippedRules: [], ...(configured && config !== undefined ? { configurationFile: config.path } : {}) })
    return { result, problems } satisfies ToolRun
  })

export const makeCheckstyleTool = (definition: ToolDefinitions.ToolDefinition, options: CheckstyleToolOptions = {}): AnalysisTool => ({
  definition,
  languages: ["Java"],
  availability: availabilityOf(checkstyleOnPath(options.searchPath), installHint),
  takes: takesJava,
  ruleIdOf: ruleIdWithout(definition.patternPrefix),
  configurationOf: (files) => {
    const config = rootConfigOf(definition, files)
    // Read as XML data and written again for Checkstyle: readable.
    return config === undefined ? undefined : { file: config.path, readable: true }
  },
  start: (root, files, settings) => Effect.map(Effect.fork(run(definition, options, root, files, settings)), Fiber.join)
})

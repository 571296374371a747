import { cppcheckSeverities } from "@tidemark/catalogue/ToolHeads"
import type { ToolDefinitions } from "@tidemark/core"
import { Effect, Fiber, Schema } from "effect"
import { type FileMessages, keptOutcomes, lintedFilesOfUnits, splitByCache } from "../CachedLint.js"
import { treeDigest } from "../CacheKey.js"
import type { EnabledRule } from "../EnabledRule.js"
import { childFencesReading } from "../external/ChildFences.js"
import { availabilityOf, type InstalledProgram } from "../external/ProgramOnPath.js"
import { CachedMessage } from "../LintCache.js"
import { type PatternOf, ruleAndLevelOf, ruleAtLevel, summaryOf } from "../LintedFile.js"
import { LintResult } from "../LintResult.js"
import type { SourceFile } from "../SourceTree.js"
import { type AnalysisTool, ToolFailed, ToolProblem, type ToolRun, type ToolSettings, ruleIdWithout } from "../tools/AnalysisTool.js"
import { cppcheckLanguages, includesSource, isTranslationUnit, takesCpp } from "./CppcheckFiles.js"
import { cppcheckLintKey } from "./CppcheckKey.js"
import { type CppcheckFinding, CppcheckSeverity, severityOfCppcheck } from "./CppcheckOutput.js"
import { cppcheckOnPath, installHint } from "./CppcheckProgram.js"
import { type CppcheckLimits, defaultCppcheckLimits, runCppcheck } from "./CppcheckRun.js"
import { isSuppressed, suppressionsOf } from "./CppcheckSuppressions.js"

/**
 * The Cppcheck plug-in: C and C++ checked by the `cppcheck` installed on this server, run behind
 * the external analysers' fences (ChildFences, ConfinedRun) over the checkout's sources, each
 * header through the sources that include it (CppcheckFiles). Without Cppcheck on the search path
 * the plug-in still exists: it says it is not installed (`availability`), and the analysis says
 * the C and C++ code was not analysed.
 *
 * Cppcheck runs with the severities of the enabled patterns (`--enable=`; errors always run), one
 * configuration of the preprocessor per source (`--max-configs=1`: the code without the build's
 * defines; checking the twelve it would by default took 16 times as long on jq), the code's own
 * `// cppcheck-suppress` comments honoured (`--inline-suppr`) and the repository's suppressions
 * list read as data (CppcheckSuppressions). A message's rule id holds Cppcheck's id and the
 * severity it was reported with (`nullPointer:warning` for a possible null pointer), which is
 * the issue's severity, as ShellCheck's level is; an error check's possible finding counts only
 * where its pattern asks for them (`possible`).
 */

export interface CppcheckToolOptions {
  /** Where `cppcheck` is looked for: the service's PATH when absent. */
  readonly searchPath?: string | undefined
  readonly limits?: CppcheckLimits | undefined
  /** How many processes a run may use (`-j`): the CPUs one analysis may take. */
  readonly jobs?: number | undefined
}

const isSeverity = Schema.is(CppcheckSeverity)

const ruleIdOfFinding = (finding: CppcheckFinding): string => ruleAtLevel(finding.id, finding.severity)

/**
 * The pattern a message counts as, if any. An error check's finding Cppcheck reports as a warning
 * is one it can only say is possible: it counts where the pattern's `possible` parameter is true.
 */
const patternOf = (prefix: string, rules: ReadonlyArray<EnabledRule>): PatternOf => {
  const enabled = new Map(rules.map((rule) => [rule.ruleId, rule.parameters.some((p) => p.name === "possible" && p.value === "true")]))
  return (ruleId) => {
    const { level: severity, rule: id } = ruleAndLevelOf(ruleId)
    const possible = enabled.get(id)
    if (possible === undefined) return undefined
    if (!possible && severity === "warning" && cppcheckSeverities.get(id) === "error") return undefined
    return { patternId: `${prefix}${id}`, severity: isSeverity(severity) ? severityOfCppcheck[severity] : "Warning" }
  }
}

/** The severities Cppcheck must be asked for (`--enable=`) to run the enabled patterns' checks; errors always run. */
export const severitiesToEnable = (rules: ReadonlyArray<EnabledRule>): ReadonlyArray<string> =>
  [...new Set(rules.flatMap((rule) => {
    const severity = cppcheckSeverities.get(rule.ruleId)
    return severity === undefined || severity === "error" ? [] : [severity]
  }))].sort()

/** The options every run of one analysis shares (`-j` aside, which changes no finding). */
export const optionsOf = (rules: ReadonlyArray<EnabledRule>): ReadonlyArray<string> => {
  const enable = severitiesToEnable(rules)
  return ["--quiet", "--xml", "--xml-version=2", "--inline-suppr", "--max-configs=1", ...(enable.length === 0 ? [] : [`--enable=${enable.join(",")}`])]
}

/** A finding as the cache keeps it: in the source checked, or in the file (a header) where it is. */
const cachedOf = (unit: string, finding: CppcheckFinding): CachedMessage =>
  new CachedMessage({ ruleId: ruleIdOfFinding(finding), line: finding.line, message: finding.message, ...(finding.file === unit ? {} : { file: finding.file }) })

/**
 * Each source's messages (or why it has none): from the per-file cache where the context has it,
 * the others from one batched run. A source is keyed on the headers it may include too, and on
 * every source when it includes one.
 */
const lintUnits = (
  program: InstalledProgram,
  root: string,
  units: ReadonlyArray<SourceFile>,
  included: ReadonlyArray<SourceFile>,
  options: ReadonlyArray<string>,
  settings: { readonly limits: CppcheckLimits; readonly jobs: number }
): Effect.Effect<ReadonlyMap<string, FileMessages>> =>
  Effect.gen(function*() {
    const headers = treeDigest(included)
    const everything = units.some((unit) => includesSource(unit.content)) ? treeDigest([...units, ...included]) : headers
    const keyOf = (unit: SourceFile) =>
      cppcheckLintKey(program.version, options.join(" "), unit.path, unit.content, includesSource(unit.content) ? everything : headers)
    const { missing, outcomes } = yield* splitByCache(units, keyOf)
    if (missing.length === 0) return outcomes
    const ran = yield* runCppcheck({
      program: program.path,
      root,
      fences: childFencesReading(program.path, root),
      limits: settings.limits,
      // -j forks: a run of one source gains nothing by it.
      options: [...options, ...(settings.jobs > 1 && missing.length > 1 ? [`-j${settings.jobs}`] : [])],
      units: missing.map((unit) => unit.path)
    })
    const fresh = yield* keptOutcomes("Cppcheck", missing, ran, (unit, findings) => findings.map((f) => cachedOf(unit.path, f)), keyOf)
    return new Map([...outcomes, ...fresh])
  })

const run = (definition: ToolDefinitions.ToolDefinition, options: CppcheckToolOptions, root: string, files: ReadonlyArray<SourceFile>, settings: ToolSettings) =>
  Effect.gen(function*() {
    const tool = definition.name
    const program = yield* cppcheckOnPath(options.searchPath)
    if (program._tag === "MissingProgram") return yield* new ToolFailed({ tool, reason: `${program.reason}: ${installHint}` })
    const taken = files.filter(takesCpp)
    const suppressions = suppressionsOf(files)
    const problems = suppressions === undefined || suppressions.problems.length === 0
      ? []
      : [new ToolProblem({ tool, code: "unsupported_configuration", file: suppressions.file, message: `${suppressions.file}: ${suppressions.problems.join("; ")}` })]
    // No pattern enabled: nothing to check for.
    const outcomes = settings.rules.length === 0
      ? new Map<string, FileMessages>()
      : yield* lintUnits(
        program,
        root,
        taken.filter((file) => isTranslationUnit(file.path)),
        taken.filter((file) => !isTranslationUnit(file.path)),
        optionsOf(settings.rules),
        { limits: options.limits ?? defaultCppcheckLimits, jobs: options.jobs ?? 1 }
      )
    // A source's messages, and a header's from every source that included it; a vendored header (not
    // among the tree's C and C++) gets none, and the suppressions list's are not kept.
    const kept = (file: string, message: CachedMessage) =>
      suppressions === undefined || !isSuppressed(suppressions.suppressions, ruleAndLevelOf(message.ruleId ?? "").rule, file, message.line)
    const summary = summaryOf(lintedFilesOfUnits(taken, outcomes, kept), patternOf(definition.patternPrefix, settings.rules))
    return { result: new LintResult({ ...summary, skippedRules: [] }), problems } satisfies ToolRun
  })

export const makeCppcheckTool = (definition: ToolDefinitions.ToolDefinition, options: CppcheckToolOptions = {}): AnalysisTool => ({
  definition,
  languages: cppcheckLanguages,
  availability: availabilityOf(cppcheckOnPath(options.searchPath), installHint),
  takes: takesCpp,
  ruleIdOf: ruleIdWithout(definition.patternPrefix),
  // Cppcheck has no configuration file that chooses its checks; a suppressions list is honoured whatever the patterns.
  configurationOf: () => undefined,
  start: (root, files, settings) => Effect.map(Effect.fork(run(definition, options, root, files, settings)), Fiber.join)
})

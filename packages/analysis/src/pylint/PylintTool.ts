import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { pylintPatternSeverity } from "@tidemark/catalogue/ToolHeads"
import type { ToolDefinitions } from "@tidemark/core"
import { Duration, Effect, Either, Fiber } from "effect"
import { keptOutcomes, lintedFilesOf, splitByCache } from "../CachedLint.js"
import { treeDigest } from "../CacheKey.js"
import type { EnabledRule } from "../EnabledRule.js"
import { type ChildFences, childFencesReading } from "../external/ChildFences.js"
import { runConfined } from "../external/ConfinedRun.js"
import { availabilityOf, type InstalledProgram } from "../external/ProgramOnPath.js"
import { CachedMessage } from "../LintCache.js"
import { type LintedFile, lintedFileOf, type PatternOf, summaryOf } from "../LintedFile.js"
import { LintResult } from "../LintResult.js"
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

/** A folder of this process's temporary files holding the rcfile, readable by the fences' user; removed after. */
const writtenRcfile = (text: string) =>
  Effect.acquireRelease(
    Effect.promise(async () => {
      const folder = await mkdtemp(join(tmpdir(), "tidemark-pylint-"))
      await chmod(folder, 0o755)
      const path = join(folder, "tidemark-pylintrc")
      await writeFile(path, text)
      await chmod(path, 0o644)
      return { folder, path }
    }),
    (written) => Effect.promise(() => rm(written.folder, { recursive: true, force: true }))
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
 * The files linted through the per-file cache when the context has one (keyed on the tree's
 * Python too: Pylint's inference reads the modules a file imports); the others in batched runs. A
 * repository's configuration Pylint refuses is named, and the enabled patterns apply instead.
 */
const lintFiles = (
  program: InstalledProgram,
  root: string,
  taken: ReadonlyArray<SourceFile>,
  rcfile: string,
  fallback: string | undefined,
  limits: PylintLimits
): Effect.Effect<Linted> =>
  Effect.scoped(Effect.gen(function*() {
    const tree = treeDigest(taken)
    const keyOf = (file: SourceFile) => pylintLintKey(program.version, rcfile, file.path, file.content, tree)
    const { missing, outcomes } = yield* splitByCache(taken, keyOf)
    if (missing.length === 0) return { linted: lintedFilesOf(taken, outcomes), refused: undefined }
    const fences = childFencesReading(program.path, root)
    const written = yield* writtenRcfile(rcfile)
    const refused = fallback === undefined ? undefined : yield* refusal(program, root, fences, written.path)
    if (refused !== undefined && fallback !== undefined) {
      const again = yield* lintFiles(program, root, taken, fallback, undefined, limits)
      return { linted: again.linted, refused }
    }
    const ran = yield* runPylint({ program: program.path, root, fences, limits, options: runOptions(written.path), files: missing.map((file) => file.path) })
    const fresh = yield* keptOutcomes("Pylint", missing, ran, (_, found) => messagesOf(found), keyOf)
    return { linted: lintedFilesOf(taken, outcomes, fresh), refused: undefined }
  }))

const takesPython = (file: SourceFile): boolean => file.path.endsWith(".py") || file.path.endsWith(".pyi")

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
      : yield* lintFiles(program, root, taken, followed === undefined ? patterns : rcfileText(followed.options), followed === undefined ? undefined : patterns, options.limits ?? defaultPylintLimits)
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

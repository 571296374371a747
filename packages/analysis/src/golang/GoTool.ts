import type { ToolDefinitions } from "@tidemark/core"
import { Effect, Either, Fiber, Option } from "effect"
import { join } from "node:path"
import { cachedTogetherOf, keptOutcomes } from "../CachedLint.js"
import { treeDigest } from "../CacheKey.js"
import type { EnabledRule } from "../EnabledRule.js"
import { childFencesReading } from "../external/ChildFences.js"
import { availabilityOf, type InstalledProgram, type ProgramLookup } from "../external/ProgramOnPath.js"
import { CachedMessage } from "../LintCache.js"
import { failedFileOf, type LintedFile, lintedFileOf, type PatternOf, summaryOf } from "../LintedFile.js"
import { LintResult } from "../LintResult.js"
import type { SourceFile } from "../SourceTree.js"
import { type AnalysisTool, ToolFailed, ToolProblem, type ToolRun, type ToolSettings, ruleIdWithout } from "../tools/AnalysisTool.js"
import { goFolder, sharedCaches } from "./GoEnvironment.js"
import { moduleRootOf, readIfThere, takesGo } from "./GoFiles.js"
import { goLintKey } from "./GoKey.js"
import { type GoModuleTurns, unsharedTurns } from "./GoModuleTurns.js"
import { goOnPath, installHint } from "./GoProgram.js"
import { defaultGoLimits, type GoAnalyser, type GoLimits, runModule } from "./GoRun.js"
import { statedGoVersion } from "./StatedGoVersion.js"

/**
 * What the Go plug-ins (Staticcheck, go vet) share: Go files by extension (GoFiles), checked module
 * by module, offline (GoRun, GoEnvironment), each file's messages through the per-file cache keyed
 * on its whole module. Without `go` (or the analyser) on the search path the plug-in still exists:
 * it says it is not installed, and the analysis says the Go code was not analysed.
 */

export interface GoToolOptions {
  /** Where the programs are looked for: the service's PATH when absent. */
  readonly searchPath?: string | undefined
  readonly limits?: GoLimits | undefined
  /**
   * Where the go command's build cache and Staticcheck's are kept between analyses (GoEnvironment):
   * each run's own, cold, when absent or out of reach of the user the runs switch to.
   */
  readonly cacheDirectory?: string | undefined
  /** The turns the Go plug-ins of one server take on a module (GoModuleTurns); each run its own when absent. */
  readonly turns?: GoModuleTurns | undefined
}

/** A Go plug-in: how its analyser is found and run. */
export interface GoPlugin {
  /** Its program: `go` itself for go vet. */
  readonly lookUp: (searchPath: string | undefined) => Effect.Effect<ProgramLookup>
  /**
   * How it is run with the enabled checks; `goVersion`: the oldest Go the code supports where its
   * go.mod does not say (StatedGoVersion), for an analyser whose advice depends on it.
   */
  readonly analyser: (program: InstalledProgram, rules: ReadonlyArray<EnabledRule>, goVersion: string | undefined) => GoAnalyser
}

const patternOf = (prefix: string, rules: ReadonlyArray<EnabledRule>): PatternOf => {
  const enabled = new Map(rules.map((rule) => [rule.ruleId, rule.severity]))
  return (ruleId) => {
    const severity = enabled.get(ruleId)
    return severity === undefined ? undefined : { patternId: `${prefix}${ruleId}`, severity }
  }
}

/** The module's files and the files that decide how it loads (its go.mod's text given, read once), as one digest. */
const moduleDigest = (root: string, module: string | undefined, goMod: string, files: ReadonlyArray<SourceFile>): string =>
  treeDigest([
    ...files,
    ...(module === undefined ? [] : [
      { path: `${module}/go.mod`, content: goMod },
      ...["go.sum", "vendor/modules.txt"].map((name) => ({ path: `${module}/${name}`, content: readIfThere(join(root, module, name)) ?? "" }))
    ])
  ])

type Outcomes = Map<string, Either.Either<ReadonlyArray<CachedMessage>, string>>

/** Whether a go.mod has a `go` line, which the analysers read themselves. */
const namesGoVersion = (goMod: string): boolean => /^\s*go\s+\d/m.test(goMod)

const lazyStatedGoVersion = (root: string) => {
  let read: { readonly version: string | undefined } | undefined
  return () => (read ??= { version: statedGoVersion(root) }).version
}

const checkModule = (
  tool: string,
  programs: { readonly go: InstalledProgram; readonly analyser: GoAnalyser; readonly versions: string },
  root: string,
  { folder: module, goMod }: { readonly folder: string | undefined; readonly goMod: string },
  files: ReadonlyArray<SourceFile>,
  options: GoToolOptions
) =>
  Effect.gen(function*() {
    const digest = moduleDigest(root, module, goMod, files)
    const keyOf = (file: SourceFile) => goLintKey(tool, programs.versions, programs.analyser.options.join(" "), file.path, file.content, digest)
    const cached = yield* cachedTogetherOf(files.map(keyOf))
    if (Option.isSome(cached)) {
      const outcomes: Outcomes = new Map(files.map((file, index) => [file.path, Either.right(cached.value[index] ?? [])]))
      return { outcomes, problem: undefined }
    }
    const fences = childFencesReading(programs.analyser.program, root)
    const caches = options.cacheDirectory === undefined ? undefined : sharedCaches(options.cacheDirectory, fences.user)
    const limits = options.limits ?? defaultGoLimits
    const turns = options.turns ?? unsharedTurns
    const ran = yield* turns.inTurn(`${root}\0${module ?? ""}\0${digest}`, (turn) =>
      Effect.scoped(Effect.flatMap(goFolder(fences.user), (folder) =>
        runModule({ analyser: programs.analyser, go: programs.go.path, root, module, files, fences, limits, folder, caches, listing: turn.listing }))))
    const fresh = yield* keptOutcomes(programs.analyser.name, files, ran.files, (_, findings) =>
      findings.map((f) => new CachedMessage({ ruleId: f.code, line: f.line, message: f.message })).sort((a, b) => a.line - b.line), keyOf)
    return { outcomes: new Map(fresh), problem: ran.problem }
  })

const run = (definition: ToolDefinitions.ToolDefinition, plugin: GoPlugin, options: GoToolOptions, root: string, files: ReadonlyArray<SourceFile>, settings: ToolSettings) =>
  Effect.gen(function*() {
    const tool = definition.name
    const go = yield* goOnPath(options.searchPath)
    const program = yield* plugin.lookUp(options.searchPath)
    for (const found of [go, program]) {
      if (found._tag === "MissingProgram") return yield* new ToolFailed({ tool, reason: `${found.reason}: ${installHint}` })
    }
    if (go._tag === "MissingProgram" || program._tag === "MissingProgram") return yield* new ToolFailed({ tool, reason: installHint })
    const taken = files.filter(takesGo)
    const modules = new Map<string | undefined, Array<SourceFile>>()
    for (const file of taken) {
      const module = moduleRootOf(root, file.path)
      modules.set(module, [...(modules.get(module) ?? []), file])
    }
    const outcomes: Outcomes = new Map()
    const problems: Array<ToolProblem> = []
    if (settings.rules.length > 0) {
      const stated = lazyStatedGoVersion(root)
      for (const [module, moduleFiles] of modules) {
        // Read once: whether it names a Go version, and the module's digest.
        const goModText = module === undefined ? "" : readIfThere(join(root, module, "go.mod")) ?? ""
        const analyser = plugin.analyser(program, settings.rules, namesGoVersion(goModText) ? undefined : stated())
        const checked = yield* checkModule(tool, { go, analyser, versions: `go ${go.version}, ${program.version}` }, root, { folder: module, goMod: goModText }, moduleFiles, options)
        for (const [path, outcome] of checked.outcomes) outcomes.set(path, outcome)
        const goMod = module === undefined ? undefined : module === "" ? "go.mod" : `${module}/go.mod`
        if (checked.problem !== undefined) problems.push(new ToolProblem({ tool, code: "unsupported_configuration", ...(goMod === undefined ? {} : { file: goMod }), message: `${goMod ?? "files under no go.mod"}: ${checked.problem}` }))
      }
    }
    const linted: ReadonlyArray<LintedFile> = taken.map((file) => {
      const outcome = outcomes.get(file.path) ?? Either.right([])
      return Either.isLeft(outcome) ? failedFileOf(file, new Error(outcome.left)) : lintedFileOf(file, outcome.right)
    })
    const summary = summaryOf(linted, patternOf(definition.patternPrefix, settings.rules))
    return { result: new LintResult({ ...summary, skippedRules: [] }), problems } satisfies ToolRun
  })

/** The availability of a Go plug-in: the go command, then its analyser, whose version is shown. */
const goAvailability = (plugin: GoPlugin, searchPath: string | undefined) =>
  availabilityOf(
    Effect.flatMap(goOnPath(searchPath), (go) => (go._tag === "MissingProgram" ? Effect.succeed(go) : plugin.lookUp(searchPath))),
    installHint
  )

export const makeGoTool = (definition: ToolDefinitions.ToolDefinition, plugin: GoPlugin, options: GoToolOptions = {}): AnalysisTool => ({
  definition,
  languages: ["Go"],
  availability: goAvailability(plugin, options.searchPath),
  takes: takesGo,
  ruleIdOf: ruleIdWithout(definition.patternPrefix),
  // The checks run are the enabled patterns; no configuration file of the tools' is read.
  configurationOf: () => undefined,
  start: (root, files, settings) => Effect.map(Effect.fork(run(definition, plugin, options, root, files, settings)), Fiber.join)
})

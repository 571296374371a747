import * as NodeContext from "@effect/platform-node/NodeContext"
import { toolHeads } from "@tidemark/catalogue/ToolHeads"
import { AnalysedLanguages, Analyzer, CommitAnalysis, IssueLoad, type RegisteredTools, Repository, SecretFindings } from "@tidemark/core"
import { Array as Arr, Context, Effect, Layer } from "effect"
import type { InvalidAnalysisConfiguration } from "./AnalysisConfiguration.js"
import { type ConfigLintLimits, defaultConfigLintLimits } from "./ConfigLintSandbox.js"
import { AnalysisCache } from "./AnalysisCache.js"
import * as DirectoryAnalysisCache from "./DirectoryAnalysisCache.js"
import { enabledRulesOf, eslint9Flavour, ruleIdIn } from "./EnabledRule.js"
import { makeFrameCache } from "./FrameCache.js"
import { goCachesBeside } from "./golang/GoEnvironment.js"
import { loadGrammars } from "./Grammars.js"
import { LintCache } from "./LintCache.js"
import type { Issue } from "./LintResult.js"
import { remembered, rememberedEntries } from "./RememberedEntries.js"
import { resultRowsOf } from "./ResultRows.js"
import { readInventory } from "./inventory/TreeInventory.js"
import { scanSecrets } from "./secrets/SecretScan.js"
import { SkippedFile, skippedFileProblems } from "./SkippedFile.js"
import { type AnalysisTool, installed, type ToolAvailability, type ToolProblem, type ToolRun } from "./tools/AnalysisTool.js"
import { analysisTools } from "./tools/AnalysisTools.js"
import { languageAnalysisOf } from "./tools/ToolLanguages.js"
import { defaultTreeAnalysisSettings, measureTree, scopeTree } from "./TreeAnalysis.js"

export interface TreeAnalyzerOptions {
  /** Where each file's measures and ESLint messages are cached by content, so an unchanged file is measured and linted once. */
  readonly cacheDirectory: string
  /** Time and memory of the sandboxed process that runs a repository's own ESLint config. */
  readonly configurationFileLimits?: ConfigLintLimits | undefined
  /** Where external analysers (ShellCheck, Cppcheck, RuboCop) are looked for: the service's PATH when absent. */
  readonly searchPath?: string | undefined
  /**
   * How many processes an external analyser may run for one analysis (Cppcheck's `-j`): the CPUs
   * an analysis slot has (ThreadedAnalyzer: the machine's, shared by the analyses that run at
   * once); one when absent.
   */
  readonly externalJobs?: number | undefined
  /** The tools the installation's admin registered (SARIF), run beside the shipped ones. */
  readonly registeredTools?: ReadonlyArray<RegisteredTools.RegisteredTool> | undefined
}

/** The ESLint9 tool of the catalogue (api-facts): the tool whose patterns the analysis runs. */
export const eslint9Uuid = "2a30ab97-477f-4769-8b88-af596ce7a94c"

/** The catalogue writes a plugin rule's `/` as `_` (`ESLint9_@typescript-eslint_no-shadow`); core rule ids hold no `_`. */
export const ruleIdOf = (patternId: string): string => ruleIdIn(eslint9Flavour, patternId)

/**
 * The problem to show on the analysis when the repository's configuration file could not be read
 * (`AnalyzedTree.configurationProblem`): the analysis went on with the defaults only, so it is
 * `some_analysis`, as a refused ESLint configuration file is.
 */
export const configurationFileProblem = (error: InvalidAnalysisConfiguration): Repository.Problem =>
  new Repository.Problem({ code: "invalid_configuration_file", severity: "some_analysis", message: error.message, actions: [] })

/** A lockfile that could not be read: its dependencies are not in the inventory, and not checked for vulnerabilities. */
const lockfileProblem = ({ path, reason }: { readonly path: string; readonly reason: string }): Repository.Problem =>
  new Repository.Problem({
    code: "lockfile_not_read",
    severity: "some_analysis",
    message: `${path}: its dependencies could not be read (${reason}), so they are not checked for known vulnerabilities`,
    actions: []
  })

/** A tool's problem (its configuration could not be read or followed): the rest of its analysis went on. */
const toolProblem = (problem: ToolProblem): Repository.Problem =>
  new Repository.Problem({
    code: problem.code === "configuration_not_found"
      ? "configuration_file_not_found"
      : problem.code === "unsupported_configuration"
      ? "configuration_partly_followed"
      : "invalid_configuration_file",
    severity: "some_analysis",
    message: `${problem.tool}: ${problem.message}`,
    actions: []
  })

/**
 * An enabled tool this server cannot run (no plug-in, or its program is not installed): its
 * languages are not analysed, and the repository is told, with what to install when that is why.
 */
const notRunProblem = (tool: Analyzer.AnalyzedTool, missing: ReadonlyMap<string, MissingPlugin>): Repository.Problem => {
  const why = missing.get(tool.uuid)?.availability
  return new Repository.Problem({
    code: "tool_not_installed",
    severity: "some_analysis",
    message: why === undefined
      ? `${tool.name} is enabled, and this server cannot run it: its issues are not measured`
      : `${tool.name} is enabled, and this server cannot run it (${why.reason}): its issues are not measured; ${why.install}`,
    actions: []
  })
}

interface MissingPlugin {
  readonly plugin: AnalysisTool
  readonly availability: Extract<ToolAvailability, { readonly _tag: "NotInstalled" }>
}

/** The plug-ins whose program is installed, and those whose is not, by tool uuid. */
const availableOf = (plugins: ReadonlyArray<AnalysisTool>) =>
  Effect.map(
    Effect.forEach(plugins, (plugin) => Effect.map(plugin.availability ?? Effect.succeed(installed), (availability) => ({ plugin, availability }))),
    (found) => ({
      usable: found.flatMap(({ availability, plugin }) => (availability._tag === "Installed" ? [plugin] : [])),
      missing: new Map(found.flatMap(({ availability, plugin }) =>
        availability._tag === "NotInstalled" ? [[plugin.definition.uuid, { plugin, availability }] as const] : []
      ))
    })
  )

/** The languages with code the tools did not read, in one problem. */
const notAnalysedProblem = (languages: ReadonlyArray<AnalysedLanguages.LanguageAnalysis>): Array<Repository.Problem> => {
  const missing = AnalysedLanguages.notAnalysedCode(languages)
  if (missing.length === 0) return []
  const graded = AnalysedLanguages.isGraded(languages)
  return [new Repository.Problem({
    code: "languages_not_analysed",
    severity: "some_analysis",
    message: `Issues of ${missing.map(AnalysedLanguages.notAnalysedText).join("; ")} were not measured: ${
      graded ? "the grade counts the analysed code only" : "less than half of the code was analysed, so there is no grade"
    }`,
    actions: []
  })]
}

/**
 * The Analyzer port on this package's measures: lines of code, complexity and duplication of the
 * tree (each file's measures cached by content), and the issues of every enabled tool a plug-in runs
 * (tools/AnalysisTools.ts), with its enabled patterns or the repository's own configuration.
 */
export const make = (options: TreeAnalyzerOptions) =>
  Effect.gen(function*() {
    const grammars = yield* loadGrammars
    const plugins = analysisTools({
      configurationFileLimits: options.configurationFileLimits ?? defaultConfigLintLimits,
      searchPath: options.searchPath,
      externalJobs: options.externalJobs,
      goCacheDirectory: goCachesBeside(options.cacheDirectory),
      registeredTools: options.registeredTools
    })
    // One per analyzer: the next analysis of mostly the same files (a pull request's head after its
    // target) tokenizes only what changed.
    const frames = makeFrameCache()
    // The entries on disk outlive the process; the last ones used stay in it too (RememberedEntries).
    const [measures, messages] = yield* Effect.all([
      DirectoryAnalysisCache.make(options.cacheDirectory),
      DirectoryAnalysisCache.makeLint(options.cacheDirectory)
    ]).pipe(Effect.provide(NodeContext.layer))
    const caches = Layer.merge(
      Layer.succeed(AnalysisCache, AnalysisCache.of(remembered(measures, rememberedEntries))),
      Layer.succeed(LintCache, LintCache.of(remembered(messages, rememberedEntries)))
    )
    const platform = Layer.merge(NodeContext.layer, caches)

    const analyze = (root: string, settings: Analyzer.AnalyzerSettings, overdue: ReadonlyArray<SkippedFile> = []) =>
      Effect.gen(function*() {
        const treeSettings = {
          ...defaultTreeAnalysisSettings,
          fileComplexityValueThreshold: settings.goals.fileComplexityValueThreshold,
          fileDuplicationBlockThreshold: settings.goals.fileDuplicationBlockThreshold,
          frames,
          overdue
        }
        const scoped = yield* scopeTree(root, treeSettings)
        // An external analyser is asked whether it is installed (its program started for its version)
        // only for a tree with files it reads: one without them would lint nothing, installed or not.
        const [wanted, idle] = Arr.partition(plugins, (plugin) => plugin.availability !== undefined && !scoped.lintSources.some(plugin.takes))
        // A plug-in whose program is not installed here runs nothing: its tool is not run.
        const { missing, usable } = yield* availableOf(wanted)
        const enabled = settings.tools.flatMap((tool) => {
          const plugin = usable.find((p) => p.definition.uuid === tool.uuid)
          return plugin === undefined ? [] : [{ tool, plugin }]
        })
        const notRun = settings.tools.filter((tool) => ![...usable, ...idle].some((p) => p.definition.uuid === tool.uuid))
        // Each tool starts first: where it can, it runs beside the measures.
        const runs = yield* Effect.forEach(enabled, ({ plugin, tool }) => {
          const overdueOfTool = overdue.filter((file) => file.tool === tool.name)
          const unlintable = new Set(overdueOfTool.map((file) => file.path))
          return Effect.map(
            // Every file, not only those it takes: a tool's configuration lives in files it does not lint.
            plugin.start(root, scoped.lintSources.filter((file) => !unlintable.has(file.path)), {
              rules: enabledRulesOf(tool, plugin.ruleIdOf),
              useConfigurationFile: tool.usesConfigurationFile,
              configurationByDefault: tool.usesConfigurationFileByDefault === true,
              knownRules: (tool.knownPatterns ?? []).map((pattern) => plugin.ruleIdOf(pattern.id))
            }),
            (finished) => ({ plugin, tool, finished, overdue: overdueOfTool })
          )
        })
        const { analysis, configurationFile, configurationProblem, duplication, skipped, sources } = yield* measureTree(scoped, grammars, treeSettings)
        const inventory = yield* readInventory(root, (path) => scoped.scope.analysed({ path, content: "" }))
        // Every analysed text file, whether or not a tool lints it: a key in a .env or a README is still committed.
        const secrets = yield* scanSecrets(scoped.sources)
        const finished = yield* Effect.forEach(runs, (run) => Effect.map(run.finished, (done: ToolRun) => ({ ...run, done })))
        const issues: Array<Issue> = finished.flatMap(({ done }) => done.result.issues)
        const unlinted = finished.flatMap(({ done, overdue, tool }) => [
          ...done.result.failedFiles.map((failed) => new SkippedFile({ path: failed.file, tool: tool.name, reason: failed.reason })),
          ...overdue
        ])
        const totals = analysis.totals
        // Enabled or not, a plug-in that cannot run leaves its languages "not installed": enabling it would not help.
        const notInstalled = [
          ...[...missing.values()].map(({ plugin }) => ({ name: plugin.definition.name, languages: plugin.languages })),
          ...notRun.filter((tool) => !missing.has(tool.uuid)).flatMap((tool) => toolHeads.filter((known) => known.uuid === tool.uuid))
        ]
        const rows = resultRowsOf({
          files: analysis.files,
          duplication,
          issues,
          sources,
          tools: finished.map(({ plugin, tool }) => ({ uuid: tool.uuid, name: tool.name, patternPrefix: plugin.definition.patternPrefix })),
          // The catalogue's description of every rule, for those the repository's own configuration turns on.
          patterns: new Map([
            ...finished.flatMap(({ done, plugin }) =>
              (done.discovered ?? []).map((rule) => ({ id: `${plugin.definition.patternPrefix}${rule.id}`, category: rule.category, title: rule.title }))),
            ...finished.flatMap(({ tool }) => [...(tool.knownPatterns ?? []), ...tool.patterns])
          ].map((p) => [p.id, { category: p.category, title: p.title }])),
          goals: settings.goals
        })
        // Each measured language with its own issues: the grade weighs the code's (AnalysedLanguages).
        const languageAnalysis = languageAnalysisOf(totals.languages, usable, finished.map(({ plugin }) => plugin), notInstalled, rows.findings)
        const measures = new CommitAnalysis.AnalysisMeasures({
          loc: totals.loc,
          // Counted from the same list the rows are made of: a count always equals its list.
          issueCounts: IssueLoad.countsOf(rows.findings.map((finding) => ({ severity: finding.level }))),
          complexFilesCount: totals.complexFilesCount,
          complexFilesPercentage: totals.complexFilesPercentage,
          duplicationPercentage: totals.duplicationPercentage,
          languages: totals.languages.map((l) => l.language),
          stackTags: totals.stackTags,
          languageAnalysis,
          followedConfigurations: finished.flatMap(({ done, tool }) =>
            done.result.configurationFile === undefined ? [] : [{ toolUuid: tool.uuid, file: done.result.configurationFile }]
          )
        })
        // An unreadable configuration file does not stop the analysis (the defaults apply): the repository is told.
        const problems = [
          ...(configurationProblem === undefined ? [] : [configurationFileProblem(configurationProblem)]),
          ...finished.flatMap(({ done }) => done.problems.map(toolProblem)),
          ...notRun.map((tool) => notRunProblem(tool, missing)),
          ...notAnalysedProblem(languageAnalysis),
          ...skippedFileProblems([...skipped, ...unlinted]),
          ...inventory.unreadable.map(lockfileProblem)
        ]
        return {
          measures,
          ...rows,
          problems,
          ...(configurationFile === undefined
            ? {}
            : { configurationFile: new CommitAnalysis.ConfigurationFile({ path: configurationFile.path, content: configurationFile.content }) }),
          discoveredRules: finished.flatMap(({ done, tool }) => (done.discovered === undefined ? [] : [{ toolUuid: tool.uuid, rules: done.discovered }])),
          dependencies: inventory.dependencies,
          secrets: secrets.map((secret) => SecretFindings.DetectedSecret.make(secret))
        } satisfies Analyzer.AnalyzerOutput
      }).pipe(
        Effect.mapError((error) => new Analyzer.AnalyzerFailed({ reason: error._tag === "ToolFailed" ? error.reason : error.message })),
        Effect.provide(platform)
      )

    return TreeAnalyzer.of({ analyze })
  })

/**
 * The Analyzer port, and a second attempt of an analysis: the files that held a tool past its time
 * limit in the first (`overdue`, each with the tool it held) are left out of that tool and named
 * among the skipped files (ThreadedAnalyzer watches the time).
 */
export class TreeAnalyzer extends Context.Tag("@tidemark/analysis/TreeAnalyzer")<TreeAnalyzer, {
  readonly analyze: (
    root: string,
    settings: Analyzer.AnalyzerSettings,
    overdue?: ReadonlyArray<SkippedFile>
  ) => Effect.Effect<Analyzer.AnalyzerOutput, Analyzer.AnalyzerFailed>
}>() {}

/** The analyzer; its grammars load once, when the layer is built. */
export const layer = (options: TreeAnalyzerOptions): Layer.Layer<Analyzer.Analyzer> =>
  Layer.effect(Analyzer.Analyzer, Effect.map(Effect.orDie(make(options)), ({ analyze }) => Analyzer.Analyzer.of({ analyze: (root, settings) => analyze(root, settings) })))

/** The analyzer of an analysis thread, which a second attempt may tell which files to leave out. */
export const treeLayer = (options: TreeAnalyzerOptions): Layer.Layer<TreeAnalyzer> => Layer.effect(TreeAnalyzer, Effect.orDie(make(options)))

import * as NodeContext from "@effect/platform-node/NodeContext"
import { Analyzer, CommitAnalysis, IssueLoad, Repository } from "@tidemark/core"
import { Context, Effect, Layer } from "effect"
import type { InvalidAnalysisConfiguration } from "./AnalysisConfiguration.js"
import { type ConfigLintLimits, defaultConfigLintLimits } from "./ConfigLintSandbox.js"
import { AnalysisCache } from "./AnalysisCache.js"
import * as DirectoryAnalysisCache from "./DirectoryAnalysisCache.js"
import { makeFrameCache } from "./FrameCache.js"
import { loadGrammars } from "./Grammars.js"
import { LintCache } from "./LintCache.js"
import { eslint9ToolName } from "./EnabledRule.js"
import { type EnabledRule, eslint9PatternPrefix, startLintTree } from "./LintIssues.js"
import { remembered, rememberedEntries } from "./RememberedEntries.js"
import { resultRowsOf } from "./ResultRows.js"
import { SkippedFile, skippedFileProblems } from "./SkippedFile.js"
import { defaultTreeAnalysisSettings, measureTree, scopeTree } from "./TreeAnalysis.js"

export interface TreeAnalyzerOptions {
  /** Where each file's measures and ESLint messages are cached by content, so an unchanged file is measured and linted once. */
  readonly cacheDirectory: string
  /** Time and memory of the sandboxed process that runs a repository's own ESLint config. */
  readonly configurationFileLimits?: ConfigLintLimits | undefined
}

/** The ESLint9 tool of the catalogue (api-facts): the tool whose patterns the analysis runs. */
export const eslint9Uuid = "2a30ab97-477f-4769-8b88-af596ce7a94c"

/** The catalogue writes a plugin rule's `/` as `_` (`ESLint9_@typescript-eslint_no-shadow`); core rule ids hold no `_`. */
export const ruleIdOf = (patternId: string): string => {
  const id = patternId.slice(eslint9PatternPrefix.length)
  return id.startsWith("@") ? id.replace("_", "/") : id
}

const rulesOf = (tool: Analyzer.AnalyzedTool): ReadonlyArray<EnabledRule> =>
  tool.patterns.map((pattern) => ({
    patternId: pattern.id,
    ruleId: ruleIdOf(pattern.id),
    severity: pattern.severityLevel,
    parameters: pattern.parameters
  }))

/**
 * The problem to show on the analysis when the repository's configuration file could not be read
 * (`AnalyzedTree.configurationProblem`): the analysis went on with the defaults only, so it is
 * `some_analysis`, as a refused ESLint configuration file is.
 */
export const configurationFileProblem = (error: InvalidAnalysisConfiguration): Repository.Problem =>
  new Repository.Problem({ code: "invalid_configuration_file", severity: "some_analysis", message: error.message, actions: [] })

/**
 * The Analyzer port on this package's measures: lines of code, complexity and duplication of the
 * tree (each file's measures cached by content), and the issues of the ESLint9 patterns enabled for
 * the repository (or of its own ESLint configuration file). Other tools of the catalogue are not
 * run on the server yet: their issues are not counted.
 */
export const make = (options: TreeAnalyzerOptions) =>
  Effect.gen(function*() {
    const grammars = yield* loadGrammars
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
        const eslint = settings.tools.find((tool) => tool.uuid === eslint9Uuid)
        const overdueLint = overdue.filter((file) => file.tool === eslint9ToolName)
        const unlintable = new Set(overdueLint.map((file) => file.path))
        // Linting starts first: where it can, it runs beside the measures.
        const linting = eslint === undefined
          ? Effect.succeed(undefined)
          : yield* startLintTree(root, scoped.lintSources.filter((file) => !unlintable.has(file.path)), {
            rules: rulesOf(eslint),
            useConfigurationFile: eslint.usesConfigurationFile,
            configurationFileLimits: options.configurationFileLimits ?? defaultConfigLintLimits
          })
        const { analysis, configurationFile, configurationProblem, duplication, skipped, sources } = yield* measureTree(scoped, grammars, treeSettings)
        const linted = yield* linting
        const issues = linted?.issues ?? []
        const unlinted = [
          ...(linted?.failedFiles ?? []).map((failed) => new SkippedFile({ path: failed.file, tool: eslint9ToolName, reason: failed.reason })),
          ...(eslint === undefined ? [] : overdueLint)
        ]
        const totals = analysis.totals
        const rows = resultRowsOf({
          files: analysis.files,
          duplication,
          issues,
          sources,
          tool: { uuid: eslint?.uuid ?? eslint9Uuid, name: eslint?.name ?? eslint9ToolName },
          // The catalogue's description of every rule, for those the repository's own configuration turns on.
          patterns: new Map([...(eslint?.knownPatterns ?? []), ...(eslint?.patterns ?? [])].map((p) => [p.id, { category: p.category, title: p.title }])),
          goals: settings.goals
        })
        const measures = new CommitAnalysis.AnalysisMeasures({
          loc: totals.loc,
          // Counted from the same list the rows are made of: a count always equals its list.
          issueCounts: IssueLoad.countsOf(rows.findings.map((finding) => ({ severity: finding.level }))),
          complexFilesCount: totals.complexFilesCount,
          complexFilesPercentage: totals.complexFilesPercentage,
          duplicationPercentage: totals.duplicationPercentage,
          languages: totals.languages.map((l) => l.language),
          stackTags: totals.stackTags
        })
        // An unreadable configuration file does not stop the analysis (the defaults apply): the repository is told.
        const problems = [
          ...(configurationProblem === undefined ? [] : [configurationFileProblem(configurationProblem)]),
          ...skippedFileProblems([...skipped, ...unlinted])
        ]
        return {
          measures,
          ...rows,
          problems,
          ...(configurationFile === undefined
            ? {}
            : { configurationFile: new CommitAnalysis.ConfigurationFile({ path: configurationFile.path, content: configurationFile.content }) })
        } satisfies Analyzer.AnalyzerOutput
      }).pipe(
        Effect.mapError((error) => new Analyzer.AnalyzerFailed({ reason: error.message })),
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

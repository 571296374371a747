import type { FileSystem, Path } from "@effect/platform"
import { Effect, Either, Option, Schema } from "effect"
import { AnalysisCache, type AnalysisCacheError } from "./AnalysisCache.js"
import {
  AnalysisConfiguration,
  analysisConfigurationFileOf,
  analysisConfigurationOfFile,
  type InvalidAnalysisConfiguration
} from "./AnalysisConfiguration.js"
import { type AnalysisScope, analysisScope } from "./AnalysisScope.js"
import {
  defaultDuplicationOptions,
  detectDuplication,
  type DuplicationOptions,
  isDuplicationCode,
  type FileDuplication
} from "./Duplication.js"
import { FileAnalysis } from "./FileAnalysis.js"
import type { FrameCache } from "./FrameCache.js"
import { type ContainedMeasures, type FileMeasures, fileMeasuresKey, linesOnly, measureFileContained } from "./FileMeasures.js"
import { FileWatch, type FileWatchService } from "./FileWatch.js"
import type { Grammars } from "./Grammars.js"
import type { Language } from "./Language.js"
import { isManifest } from "./ManifestDependencies.js"
import { defaultSourceTreeOptions, readSourceTree, type SourceFile, type SourceTreeOptions, type TreeReadError } from "./SourceTree.js"
import { complexityToolName, duplicationToolName, linesOfCodeToolName, type SkippedFile } from "./SkippedFile.js"
import { detectStack } from "./Stack.js"
import { languageLinesOf, percentageOf, TreeTotals } from "./TreeTotals.js"

export class TreeAnalysis extends Schema.Class<TreeAnalysis>("TreeAnalysis")({
  /** The files of a known language, sorted by path. */
  files: Schema.Array(FileAnalysis),
  totals: TreeTotals
}) {}

/** The goals that decide a file's verdicts (core's Goals has these two fields), and how to read the tree. */
export interface TreeAnalysisSettings {
  readonly fileComplexityValueThreshold: number
  readonly fileDuplicationBlockThreshold: number
  /** The minimum clone size and jscpd's file limits. */
  readonly duplication: DuplicationOptions
  readonly tree: SourceTreeOptions
  /** jscpd's frames of each file kept by content from earlier analyses (FrameCache.ts), if any. */
  readonly frames?: FrameCache | undefined
  /**
   * Files held a measure past its time limit in an earlier attempt of this analysis: each is left out
   * of that measure (and named among the skipped files) this time.
   */
  readonly overdue?: ReadonlyArray<SkippedFile> | undefined
}

export const defaultTreeAnalysisSettings: TreeAnalysisSettings = {
  fileComplexityValueThreshold: 20,
  fileDuplicationBlockThreshold: 1,
  duplication: defaultDuplicationOptions,
  tree: defaultSourceTreeOptions
}

/** How much the per-file cache saved; not part of the analysis, which is the same either way. */
export interface CacheUse {
  readonly hits: number
  readonly misses: number
  /** Reads or writes the cache's storage failed: those files were measured, not cached. */
  readonly failures: number
}

export interface AnalyzedTree {
  readonly analysis: TreeAnalysis
  readonly cacheUse: CacheUse
  /** The text files analysed (the ignored and excluded paths left out), for the steps that need their content too. */
  readonly sources: ReadonlyArray<SourceFile>
  /** Each admitted file's clone sides, for the rows of the clones (ResultRows). */
  readonly duplication: ReadonlyArray<FileDuplication>
  /** Those of `sources` the ESLint step reads: the configuration file may leave some out of it. */
  readonly lintSources: ReadonlyArray<SourceFile>
  /** The configuration file the analysis followed (the defaults only, when the tree has none). */
  readonly configuration: AnalysisConfiguration
  /** That file as read, when the tree has one: kept with the analysis for the coverage of its commit. */
  readonly configurationFile: SourceFile | undefined
  /** Files a measure could not handle: left out of that measure, the rest of the analysis went on. */
  readonly skipped: ReadonlyArray<SkippedFile>
  /**
   * The tree's configuration file could not be read, so the analysis followed the defaults only:
   * not a failure of the analysis, but a problem the repository should be told about.
   */
  readonly configurationProblem: InvalidAnalysisConfiguration | undefined
}

type Outcome = "hit" | "miss" | "failure"

// The cache only saves time: a storage failure is logged and counted, and the file measured.
const cacheFailed = (error: AnalysisCacheError) =>
  Effect.logWarning(`analysis cache: ${error.reason}`, error.key).pipe(Effect.as<Outcome>("failure"))

/** A file's measures but those it held past their time limit before (`overdue`, by tool). */
const measuredContained = (
  grammars: Grammars,
  file: SourceFile,
  language: Language,
  overdue: ReadonlyMap<string, SkippedFile>,
  watch: FileWatchService
): ContainedMeasures => {
  const lines = overdue.get(linesOfCodeToolName)
  if (lines !== undefined) return { measures: undefined, skipped: [lines] }
  const complexity = overdue.get(complexityToolName)
  return complexity === undefined
    ? measureFileContained(grammars, language, file.path, file.content, watch)
    : linesOnly(language, file.path, file.content, complexity, watch)
}

const measuredWithCache = (
  grammars: Grammars,
  file: SourceFile,
  language: Language,
  overdue: ReadonlyMap<string, SkippedFile>
) =>
  Effect.gen(function*() {
    const cache = yield* AnalysisCache
    const key = fileMeasuresKey(language, file.path, file.content)
    const cached = yield* cache.get(key).pipe(Effect.either)
    if (cached._tag === "Right" && Option.isSome(cached.right)) {
      return { file, measures: cached.right.value, skipped: [], outcome: "hit" as Outcome }
    }
    const { measures, skipped } = measuredContained(grammars, file, language, overdue, yield* FileWatch)
    // A measure that threw is not cached: the next analysis tries it again, and tells again.
    const outcome = cached._tag === "Left"
      ? yield* cacheFailed(cached.left)
      : measures === undefined || skipped.length > 0
      ? "miss"
      : yield* cache.set(key, measures).pipe(Effect.as<Outcome>("miss"), Effect.catchAll(cacheFailed))
    return { file, measures, skipped, outcome }
  })

const fileAnalysisOf = (
  file: SourceFile,
  measures: FileMeasures,
  duplication: { readonly blocks: number; readonly lines: number } | undefined,
  settings: TreeAnalysisSettings
) =>
  new FileAnalysis({
    path: file.path,
    ...measures,
    cloneBlocks: duplication?.blocks ?? 0,
    duplicatedLines: duplication?.lines ?? 0,
    complex: (measures.complexity ?? 0) > settings.fileComplexityValueThreshold,
    duplicated: (duplication?.blocks ?? 0) > settings.fileDuplicationBlockThreshold
  })

const notOverdue: ReadonlyMap<string, SkippedFile> = new Map()

/** The overdue files by path, then by tool. */
const overdueByFile = (overdue: ReadonlyArray<SkippedFile>): ReadonlyMap<string, ReadonlyMap<string, SkippedFile>> => {
  const byFile = new Map<string, Map<string, SkippedFile>>()
  for (const file of overdue) byFile.set(file.path, (byFile.get(file.path) ?? new Map()).set(file.tool, file))
  return byFile
}

const count = (outcomes: ReadonlyArray<Outcome>, outcome: Outcome) => outcomes.filter((o) => o === outcome).length

/**
 * Lines of code, complexity, duplication and stack of a checked-out tree, the default ignored
 * paths (DefaultIgnores.ts) and what its configuration file (AnalysisConfiguration.ts) excludes
 * left out: of every measure, or of the one an engine's `exclude_paths` names (`metric`: a file
 * left out of it has no per-file measures, so it counts in no file total either; its code still
 * counts in duplication unless `duplication` leaves it out too). Each file's own measures
 * come from the AnalysisCache when its content was measured before; duplication is measured again
 * on every run, since a clone depends on every other file, but each file's frames (its tokens'
 * window hashes) come from `settings.frames` when its content was tokenized before.
 */
export const analyzeTree = (
  root: string,
  grammars: Grammars,
  settings: TreeAnalysisSettings = defaultTreeAnalysisSettings
): Effect.Effect<
  AnalyzedTree,
  TreeReadError,
  FileSystem.FileSystem | Path.Path | AnalysisCache
> => Effect.flatMap(scopeTree(root, settings), (scoped) => measureTree(scoped, grammars, settings))

/** A tree read, with what its configuration file leaves in each measure: what linting needs before the measures. */
export interface ScopedTree {
  readonly sources: ReadonlyArray<SourceFile>
  readonly lintSources: ReadonlyArray<SourceFile>
  readonly scope: AnalysisScope
  readonly configuration: AnalysisConfiguration
  readonly configurationFile: SourceFile | undefined
  readonly configurationProblem: InvalidAnalysisConfiguration | undefined
}

/** The first step of `analyzeTree`: the tree read and scoped, so that linting can start before the measures. */
export const scopeTree = (
  root: string,
  settings: TreeAnalysisSettings = defaultTreeAnalysisSettings
): Effect.Effect<ScopedTree, TreeReadError, FileSystem.FileSystem | Path.Path> =>
  Effect.gen(function*() {
    const read = yield* readSourceTree(root, settings.tree)
    const configurationFile = analysisConfigurationFileOf(read)
    const configured = analysisConfigurationOfFile(configurationFile)
    const configuration = Either.getOrElse(configured, () => AnalysisConfiguration.none)
    const scope = analysisScope(configuration)
    // Minified, installed, vendored and built files are not the team's code: no measure counts them.
    const sources = read.filter(scope.analysed)
    return {
      sources,
      lintSources: sources.filter((file) => !scope.excludedFrom("lint", file.path)),
      scope,
      configuration,
      configurationFile,
      configurationProblem: Either.isLeft(configured) ? configured.left : undefined
    }
  })

/** The second step of `analyzeTree`: the measures of a scoped tree. */
export const measureTree = (
  { configuration, configurationFile, configurationProblem, lintSources, scope, sources }: ScopedTree,
  grammars: Grammars,
  settings: TreeAnalysisSettings = defaultTreeAnalysisSettings
): Effect.Effect<AnalyzedTree, never, AnalysisCache> =>
  Effect.gen(function*() {
    const known = sources.flatMap((file) => {
      const language = scope.excludedFrom("metrics", file.path) ? undefined : scope.languageOf(file.path, file.content)
      return language === undefined ? [] : [{ file, language }]
    })
    const overdue = overdueByFile(settings.overdue ?? [])
    const overdueOf = (path: string): ReadonlyMap<string, SkippedFile> => overdue.get(path) ?? notOverdue
    const measured = yield* Effect.forEach(
      known,
      ({ file, language }) => measuredWithCache(grammars, file, language, overdueOf(file.path)),
      { concurrency: 8 }
    )
    // jscpd reads the files of a programming or markup language it has a format for; not
    // documentation and data (Markdown, YAML, JSON), whose repetitions are not duplicated code.
    const duplication = yield* detectDuplication(
      sources.filter((file) =>
        isDuplicationCode(file.path) && !scope.excludedFrom("duplication", file.path) && !overdueOf(file.path).has(duplicationToolName)
      ),
      settings.duplication,
      settings.frames
    )
    const clonesOf = new Map(
      duplication.files.map((file) => [file.path, { blocks: file.blocks.length, lines: file.duplicatedLines }])
    )
    const files = measured.flatMap(({ file, measures }) =>
      measures === undefined ? [] : [fileAnalysisOf(file, measures, clonesOf.get(file.path), settings)]
    )
    const stack = detectStack(sources.map((file) => file.path), sources.filter((file) => isManifest(file.path)))
    const withComplexity = files.filter((file) => file.complexity !== undefined)
    const complexFilesCount = files.filter((file) => file.complex).length
    const duplicatedFilesCount = files.filter((file) => file.duplicated).length
    const totals = new TreeTotals({
      loc: files.reduce((sum, file) => sum + file.codeLines, 0),
      filesCount: files.length,
      languages: languageLinesOf(files),
      complexFilesCount,
      complexFilesPercentage: percentageOf(complexFilesCount, withComplexity.length),
      duplicatedFilesCount,
      // Of the files the duplication measure reads: a README is neither duplicated nor not.
      duplicationPercentage: percentageOf(duplicatedFilesCount, files.filter((file) => isDuplicationCode(file.path)).length),
      clones: duplication.clones,
      duplicatedLines: duplication.duplicatedLines,
      duplicatedLinesPercentage: duplication.percentage,
      stackTags: stack.tags,
      unreadableManifests: stack.unreadable.map((error) => error.path)
    })
    const outcomes = measured.map((m) => m.outcome)
    return {
      analysis: new TreeAnalysis({ files, totals }),
      cacheUse: { hits: count(outcomes, "hit"), misses: count(outcomes, "miss"), failures: count(outcomes, "failure") },
      sources,
      duplication: duplication.files,
      lintSources,
      skipped: [
        ...measured.flatMap((m) => m.skipped),
        ...duplication.skipped,
        ...(settings.overdue ?? []).filter((file) => file.tool === duplicationToolName)
      ],
      configuration,
      configurationFile,
      configurationProblem
    }
  })

import { FileSystem } from "@effect/platform"
import type { EnabledRule, Grammars, Language, LintResult } from "@tidemark/analysis"
import {
  complexityOf,
  detectDuplication,
  isParsedLanguage,
  languageOf,
  linesOfCode,
  lintTree,
  readSourceTree,
  ThreadedAnalyzer,
  TreeAnalyzer
} from "@tidemark/analysis"
import { Effect } from "effect"
import type { Analyzer, CommitAnalysis } from "@tidemark/core"
import { goCachesBeside } from "../../../packages/analysis/src/golang/GoEnvironment.js"

const timed = <A>(run: () => A): readonly [A, number] => {
  const start = performance.now()
  const value = run()
  return [value, performance.now() - start]
}

const timedEffect = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const start = performance.now()
    const value = yield* effect
    return [value, performance.now() - start] as const
  })

export interface WholeRun {
  /**
   * As the server runs it: in an analysis thread, with its lint thread (ThreadedAnalyzer, one
   * analysis at a time), after the threads' first analysis, as a long-lived server's threads are.
   */
  readonly ms: number
  /** The first analysis of new threads (of the same corpus, each file one line longer): code not yet compiled by V8. */
  readonly firstMs: number
  /** In this thread alone (TreeAnalyzer), as the analysis ran before it had threads. */
  readonly oneThreadMs: number
  readonly measures: CommitAnalysis.AnalysisMeasures
}

/** An empty per-file cache, and the Go caches the analyzer keeps beside it (GoEnvironment), both removed with the scope. */
const cacheDirectory = Effect.gen(function*() {
  const fs = yield* FileSystem.FileSystem
  const directory = yield* fs.makeTempDirectoryScoped({ prefix: "tidemark-bench-analysis-cache-" })
  yield* Effect.addFinalizer(() => Effect.ignore(fs.remove(goCachesBeside(directory), { recursive: true })))
  return directory
})

/** A copy of the tree whose every text file has one more line: its contents hit no cache of the tree's. */
const variantOf = (root: string) =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const copy = yield* fs.makeTempDirectoryScoped({ prefix: "tidemark-bench-variant-" })
    // Readable by all, as a server's checkouts are: the external analysers run as the same user on it as on the tree (ChildFences).
    yield* fs.chmod(copy, 0o755)
    const files = yield* readSourceTree(root)
    yield* Effect.forEach(files, (file) => {
      const target = `${copy}/${file.path}`
      return Effect.zipRight(
        fs.makeDirectory(target.slice(0, target.lastIndexOf("/")), { recursive: true }),
        fs.writeFileString(target, `${file.content}\n`)
      )
    }, { concurrency: 8, discard: true })
    return copy
  })

/**
 * The analysis as the worker runs it on a checkout, on an empty per-file cache (a new directory, and
 * a new analyzer with empty memory, each time: the warm cache is `bench:cache`'s subject): through
 * `ThreadedAnalyzer` (what the server composes), and through `TreeAnalyzer` in this thread. Building
 * the analyzer (starting its threads, loading the grammars) is left out: the worker does it once,
 * when its layer is built. The threads first analyse a variant of the tree whose contents hit none
 * of its cache entries, as a server's threads have analysed other trees before. Both must find the
 * same measures.
 */
export const wholeAnalysis = (root: string, settings: Analyzer.AnalyzerSettings) =>
  Effect.gen(function*() {
    const { ms, firstMs, output } = yield* threadedAnalysis(root, settings)
    const inProcess = yield* TreeAnalyzer.make({ cacheDirectory: yield* cacheDirectory })
    const [alone, oneThreadMs] = yield* timedEffect(inProcess.analyze(root, settings))
    if (JSON.stringify(output.measures) !== JSON.stringify(alone.measures)) {
      return yield* Effect.dieMessage("the threaded analysis and the analysis in one thread found different measures")
    }
    return { ms, firstMs, oneThreadMs, measures: output.measures } satisfies WholeRun
  }).pipe(Effect.scoped)

/** What the threaded analysis of `wholeAnalysis` found and took: its first analysis's time (a variant of the tree), then the tree's. */
export interface ThreadedRun {
  readonly ms: number
  readonly firstMs: number
  readonly output: Analyzer.AnalyzerOutput
}

/** The threaded half of `wholeAnalysis` alone, with the whole output (findings, problems): in the caller's scope. */
export const threadedAnalysis = (root: string, settings: Analyzer.AnalyzerSettings) =>
  Effect.gen(function*() {
    const variant = yield* variantOf(root)
    const threaded = yield* ThreadedAnalyzer.make({ cacheDirectory: yield* cacheDirectory, threads: 1 })
    const [, firstMs] = yield* timedEffect(threaded.analyze(variant, settings))
    const [output, ms] = yield* timedEffect(threaded.analyze(root, settings))
    return { ms, firstMs, output } satisfies ThreadedRun
  })

export interface Breakdown {
  readonly readMs: number
  readonly linesMs: number
  readonly complexityMs: number
  readonly duplicationMs: number
  readonly lintMs: number
  readonly files: number
  /** Functions of the JavaScript and TypeScript files: ESLint's `complexity` reports one message each. */
  readonly scriptFunctions: number
  readonly lint: LintResult
}

const isScript = (language: Language) => language === "JavaScript" || language === "TypeScript"

/**
 * Each measure alone over the same files, one after another, for the breakdown: the whole analysis
 * does the same work (lines and complexity per file, through its cache) plus the stack and the
 * cache's writes.
 */
export const breakdown = (root: string, grammars: Grammars, rules: ReadonlyArray<EnabledRule>) =>
  Effect.gen(function*() {
    const [sources, readMs] = yield* timedEffect(readSourceTree(root))
    const known = sources.flatMap((file) => {
      const language = languageOf(file.path, file.content)
      return language === undefined ? [] : [{ ...file, language }]
    })
    const [, linesMs] = timed(() => linesOfCode(known))
    const [scriptFunctions, complexityMs] = timed(() =>
      known.reduce((count, file) => {
        if (!isParsedLanguage(file.language)) return count
        const functions = complexityOf(grammars, file.language, file.path, file.content).functions.length
        return isScript(file.language) ? count + functions : count
      }, 0)
    )
    const [, duplicationMs] = yield* timedEffect(detectDuplication(sources))
    const [lint, lintMs] = yield* timedEffect(lintTree(root, sources, { rules, useConfigurationFile: false }))
    return { readMs, linesMs, complexityMs, duplicationMs, lintMs, files: sources.length, scriptFunctions, lint } satisfies Breakdown
  })

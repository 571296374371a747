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
  TreeAnalyzer
} from "@tidemark/analysis"
import { Effect } from "effect"
import type { AnalysisMeasures, AnalyzerSettings } from "@tidemark/core"

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
  readonly ms: number
  readonly measures: AnalysisMeasures
}

/**
 * The analysis as the worker runs it on a checkout: `TreeAnalyzer`'s `analyze` with the
 * repository's settings, on an empty per-file cache (a new directory each time: the warm cache is
 * `bench:cache`'s subject). Building the analyzer (loading the grammars) is left out: the worker
 * does it once, when its layer is built.
 */
export const wholeAnalysis = (root: string, settings: AnalyzerSettings) =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const cacheDirectory = yield* fs.makeTempDirectoryScoped({ prefix: "tidemark-bench-analysis-cache-" })
    const analyzer = yield* TreeAnalyzer.make({ cacheDirectory })
    const [output, ms] = yield* timedEffect(analyzer.analyze(root, settings))
    return { ms, measures: output.measures } satisfies WholeRun
  }).pipe(Effect.scoped)

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

import type { Grammars, Language } from "@tidemark/analysis"
import { complexityOf, detectDuplication, isParsedLanguage, languageOf, linesOfCode } from "@tidemark/analysis"
import { Effect } from "effect"
import type { CorpusFile } from "../../../packages/analysis/test/Corpus.js"

export interface Timings {
  readonly linesMs: number
  readonly complexityMs: number
  readonly duplicationMs: number
  readonly functions: number
  readonly code: number
  readonly duplicationPercentage: number
}

const timed = <A>(run: () => A): readonly [A, number] => {
  const start = performance.now()
  const value = run()
  return [value, performance.now() - start]
}

/**
 * The three measures over the corpus, one after another, each timed. Reading the files is left out
 * (~0.1 s; the anchors read theirs); complexity covers the Python files too, which ESLint does not.
 */
export const analyse = (grammars: Grammars, corpus: ReadonlyArray<CorpusFile>) =>
  Effect.gen(function*() {
    const known = corpus.flatMap((file) => {
      const language: Language | undefined = languageOf(file.path, file.content)
      return language === undefined ? [] : [{ ...file, language }]
    })
    const [lines, linesMs] = timed(() => linesOfCode(known))
    const [functions, complexityMs] = timed(() =>
      known.reduce((count, file) =>
        isParsedLanguage(file.language)
          ? count + complexityOf(grammars, file.language, file.path, file.content).functions.length
          : count, 0)
    )
    const start = performance.now()
    const duplication = yield* detectDuplication(corpus)
    return {
      linesMs,
      complexityMs,
      duplicationMs: performance.now() - start,
      functions,
      code: lines.total.code,
      duplicationPercentage: duplication.percentage
    } satisfies Timings
  })

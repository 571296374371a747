/**
 * What the per-file cache saves (issue 6: "re-analysing an unchanged commit reuses cached per-file
 * results; measure the speed-up"): `analyzeTree` over the corpus directory four times: with an
 * empty cache on disk (every file measured and written), again with the same directory (every file
 * read from it), with a warm in-memory cache, and from the directory once more. Duplication is measured again on every run.
 * Markdown on stdout, progress on stderr.
 *
 *   pnpm install && pnpm --filter @tidemark/bench-analysis bench:cache
 */
import { FileSystem } from "@effect/platform"
import { NodeContext } from "@effect/platform-node"
import type { AnalyzedTree, Grammars } from "@tidemark/analysis"
import { analyzeTree, DirectoryAnalysisCache, loadGrammars, MemoryAnalysisCache } from "@tidemark/analysis"
import { Effect, Layer } from "effect"
import { cpus, loadavg } from "node:os"
import { ensureCorpus } from "../../../packages/analysis/test/Corpus.js"

const progress = (message: string) => Effect.sync(() => console.error(`[bench:cache] ${message}`))

const timed = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const start = performance.now()
    const value = yield* effect
    return [value, performance.now() - start] as const
  })

const row = (name: string, [run, ms]: readonly [AnalyzedTree, number], baselineMs: number) =>
  `| ${name} | ${(ms / 1000).toFixed(2)} s | ${run.cacheUse.hits} | ${run.cacheUse.misses} | ×${(baselineMs / ms).toFixed(1)} |`

const runs = (root: string, grammars: Grammars, directory: string) =>
  Effect.gen(function*() {
    const onDisk = DirectoryAnalysisCache.layer(directory)
    yield* progress("empty cache on disk")
    const cold = yield* timed(analyzeTree(root, grammars).pipe(Effect.provide(onDisk)))
    yield* progress("same cache directory, new instance")
    const warmDisk = yield* timed(analyzeTree(root, grammars).pipe(Effect.provide(onDisk)))
    yield* progress("warm memory cache")
    const memory = yield* Effect.gen(function*() {
      yield* analyzeTree(root, grammars)
      return yield* timed(analyzeTree(root, grammars))
    }).pipe(Effect.provide(MemoryAnalysisCache.layer))
    // Once more from disk, last: the runs before warm up the JIT, which favours later runs.
    yield* progress("same cache directory, last")
    const warmDiskLast = yield* timed(analyzeTree(root, grammars).pipe(Effect.provide(onDisk)))
    return { cold, warmDisk, memory, warmDiskLast }
  })

const program = Effect.gen(function*() {
  yield* progress("fetching the corpus (npm pack, cached)")
  const root = ensureCorpus()
  const grammars = yield* loadGrammars
  const fs = yield* FileSystem.FileSystem
  const directory = yield* fs.makeTempDirectoryScoped({ prefix: "tidemark-bench-cache-" })
  const { cold, memory, warmDisk, warmDiskLast } = yield* runs(root, grammars, directory)
  const [analysis] = cold
  if (JSON.stringify(warmDisk[0].analysis) !== JSON.stringify(analysis.analysis)) {
    return yield* Effect.dieMessage("the cached analysis differs from the measured one")
  }
  console.log(`Corpus: ${analysis.analysis.totals.filesCount} files, ${analysis.analysis.totals.loc} code lines. ` +
    `${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(1)).join(" ")}.\n`)
  console.log("| run of analyzeTree | wall time | cache hits | misses | speed-up |")
  console.log("|---|---|---|---|---|")
  console.log(row("empty cache (directory)", cold, cold[1]))
  console.log(row("warm cache (directory)", warmDisk, cold[1]))
  console.log(row("warm cache (memory)", memory, cold[1]))
  console.log(row("warm cache (directory), last", warmDiskLast, cold[1]))
}).pipe(Effect.scoped, Effect.provide(Layer.mergeAll(NodeContext.layer)))

Effect.runPromise(program).catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})

/**
 * What an analysis costs the HTTP API of the same process (security review: the in-process worker
 * of `tidemark serve`). An HTTP server answers `GET /api/v3/version` while the bench's corpus
 * (ESLint's package and more, see main.ts) is analysed in the same process with the default
 * settings, first by `TreeAnalyzer` on the server's own event loop (before), then by
 * `ThreadedAnalyzer` (after: the analysis in a worker thread). A client on a thread of its own asks
 * every 50 ms during each analysis; the table gives p50/p99/max of its latencies. Goal: p99 under
 * 50 ms. Markdown on stdout, progress on stderr.
 *
 *   pnpm --filter @tidemark/bench-analysis bench:latency
 */
import { FileSystem, HttpRouter, HttpServer, HttpServerResponse } from "@effect/platform"
import { NodeContext, NodeHttpServer } from "@effect/platform-node"
import { ThreadedAnalyzer, TreeAnalyzer } from "@tidemark/analysis"
import { type Analyzer, Percentile } from "@tidemark/core"
import { Effect, Layer } from "effect"
import { createServer } from "node:http"
import { availableParallelism, cpus, loadavg } from "node:os"
import { ensureCorpus } from "../../../packages/analysis/test/Corpus.js"
import { defaultSettings } from "./DefaultSettings.js"
import { sample } from "./HttpLatency.js"

const intervalMs = 50

const progress = (message: string) => Effect.sync(() => console.error(`[bench] ${message}`))

const load = () => loadavg().map((l) => l.toFixed(1)).join(" / ")

/** The version route as the API answers it: a small JSON body. */
const versionServer = HttpRouter.empty.pipe(
  HttpRouter.get("/api/v3/version", HttpServerResponse.unsafeJson({ version: "bench" })),
  HttpServer.serve(),
  Layer.provideMerge(NodeHttpServer.layer(createServer, { port: 0, host: "127.0.0.1" }))
)

interface Variant {
  readonly name: string
  readonly analyzer: (cacheDirectory: string) => Effect.Effect<Analyzer.Analyzer["Type"], unknown, import("effect").Scope.Scope>
}

const variants: ReadonlyArray<Variant> = [
  { name: "before: TreeAnalyzer on the server's event loop", analyzer: (cacheDirectory) => TreeAnalyzer.make({ cacheDirectory }) },
  {
    name: `after: ThreadedAnalyzer (${availableParallelism()} threads)`,
    analyzer: (cacheDirectory) => ThreadedAnalyzer.make({ cacheDirectory, threads: availableParallelism() })
  }
]

const format = (ms: number | null) => (ms === null ? "–" : ms < 10 ? ms.toFixed(2) : ms.toFixed(1))

/** One variant: its analyzer built (not timed), then the corpus analysed while the client samples. */
const measure = (variant: Variant, root: string, url: string) =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const cacheDirectory = yield* fs.makeTempDirectoryScoped({ prefix: "tidemark-bench-latency-cache-" })
    const analyzer = yield* variant.analyzer(cacheDirectory)
    yield* progress(`${variant.name}: analysing`)
    const sampler = sample(url, intervalMs)
    const started = performance.now()
    const output = yield* analyzer.analyze(root, defaultSettings())
    const analysisMs = performance.now() - started
    const latencies = yield* Effect.promise(() => sampler.stop())
    return {
      name: variant.name,
      analysisMs,
      files: output.files.length,
      samples: latencies.length,
      p50: Percentile.percentile(latencies, 0.5),
      p99: Percentile.percentile(latencies, 0.99),
      max: Math.max(...latencies)
    }
  }).pipe(Effect.scoped)

const program = Effect.gen(function*() {
  const loadBefore = load()
  yield* progress("fetching the corpus (npm pack, cached)")
  const root = ensureCorpus()
  const address = yield* HttpServer.addressWith((a) => Effect.succeed(a._tag === "TcpAddress" ? `http://127.0.0.1:${a.port}` : ""))
  const url = `${address}/api/v3/version`
  const rows = []
  for (const variant of variants) rows.push(yield* measure(variant, root, url))
  console.log(`Corpus analysed with the default ESLint9 patterns and goals, empty per-file cache; GET /api/v3/version every ${intervalMs} ms ` +
    `from a client thread, timed from when each request was due. Node ${process.versions.node}, ${cpus().length} cores, ` +
    `load average ${loadBefore} before, ${load()} after.\n`)
  console.log("| analyzer | analysis | files | samples | p50 ms | p99 ms | max ms | p99 < 50 ms |")
  console.log("|---|---|---|---|---|---|---|---|")
  for (const row of rows) {
    console.log(`| ${row.name} | ${(row.analysisMs / 1000).toFixed(2)} s | ${row.files} | ${row.samples} | ${format(row.p50)} | ${format(row.p99)} | ${format(row.max)} | ${(row.p99 ?? Infinity) < 50 ? "PASS" : "FAIL"} |`)
  }
}).pipe(Effect.provide(Layer.merge(NodeContext.layer, versionServer)))

Effect.runPromise(program).then(() => process.exit(0), (error: unknown) => {
  console.error(error)
  process.exit(1)
})

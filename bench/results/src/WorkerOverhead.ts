import { TreeAnalyzer } from "@tidemark/analysis"
import type { Backend } from "@tidemark/bench-storage/Backends"
import { timed } from "@tidemark/bench-storage/Measure"
import { catalogue } from "@tidemark/catalogue"
import {
  AnalysisQueue,
  AnalysisResultStore,
  AnalysisStore,
  AnalysisWorker,
  Analyzer,
  CommitAnalysis
} from "@tidemark/core"
import { MemoryEventQueue, StaticToolCatalogue } from "@tidemark/core/memory"
import { Console, Context, Effect, Layer, Schema } from "effect"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ensureCorpus } from "../../../packages/analysis/test/Corpus.js"
import * as BenchRepository from "./BenchRepository.js"
import * as NoGit from "@tidemark/bench-storage/NoGit"
import * as CorpusCheckout from "./CorpusCheckout.js"
import * as NoopResultStore from "./NoopResultStore.js"
import { emptyTimes, type StoreTimes, timedStore } from "./TimedResultStore.js"

/** The repository whose head is the corpus. */
const repository = "corpus"

export type ResultStoreChoice = "kept" | "noop"

export interface Variant {
  readonly backend: Backend
  readonly results: ResultStoreChoice
}

export interface WorkerRun {
  readonly variant: Variant
  /** `AnalysisWorker.processOne`: pull, checkout, analysis, rows, analysis record, prune, ack. */
  readonly ms: number
  readonly times: StoreTimes
  /** Problems the stored analysis reports: none, or the run measured a failure. */
  readonly problems: ReadonlyArray<string>
}

const encodeJob = Schema.encodeSync(CommitAnalysis.AnalysisJobJson)

/** The ports the worker needs besides the analyzer and the result store, on one backend's storage. */
const portsOf = (backend: Backend, root: string) =>
  Layer.mergeAll(
    backend.storage,
    StaticToolCatalogue.layer(catalogue),
    MemoryEventQueue.analysisLayer(),
    CorpusCheckout.layer(root),
    // The corpus (npm tarballs) has no history to blame: issues are stored without authors in both
    // variants alike (bench:blame in bench/analysis measures blaming).
    NoGit.layer
  )

/** A fresh per-file cache each time, as bench/analysis measures the whole analysis: nothing of a run helps the next. */
const emptyCacheAnalyzer = Effect.acquireRelease(
  Effect.promise(() => mkdtemp(join(tmpdir(), "tidemark-bench-results-cache-"))),
  (dir) => Effect.promise(() => rm(dir, { recursive: true, force: true }))
).pipe(Effect.flatMap((cacheDirectory) => TreeAnalyzer.make({ cacheDirectory })))

type Ports = Layer.Layer.Success<ReturnType<typeof portsOf>>

/** One backend's ports, built for the whole part, and the repository the jobs analyse. */
interface Bench {
  readonly backend: Backend
  readonly ports: Context.Context<Ports>
  readonly job: CommitAnalysis.AnalysisJob
  readonly repositoryId: number
}

const benchOn = (backend: Backend, root: string) =>
  Effect.gen(function*() {
    const ports = yield* Layer.build(portsOf(backend, root))
    const { commit, record } = yield* Effect.provide(BenchRepository.add(repository), ports)
    const job = new CommitAnalysis.AnalysisJob({
      organizationId: record.organizationId,
      repositoryName: repository,
      branch: BenchRepository.branch,
      commitSha: commit.sha,
      requestedAt: BenchRepository.now
    })
    return { backend, ports, job, repositoryId: record.id } satisfies Bench
  })

/**
 * One job through a worker built for the run: the analyzer (built outside the time, as a worker
 * builds it once) with an empty cache, and the result store chosen, timed or doing nothing.
 */
const runOnce = (bench: Bench, results: ResultStoreChoice) =>
  Effect.scoped(Effect.gen(function*() {
    const times = emptyTimes()
    const store = results === "noop" ? NoopResultStore.store : timedStore(Context.get(bench.ports, AnalysisResultStore.AnalysisResultStore), times)
    const context = bench.ports.pipe(Context.add(Analyzer.Analyzer, yield* emptyCacheAnalyzer), Context.add(AnalysisResultStore.AnalysisResultStore, store))
    const worker = Context.get(yield* Effect.provide(Layer.build(AnalysisWorker.AnalysisWorker.Default()), context), AnalysisWorker.AnalysisWorker)
    yield* Context.get(bench.ports, AnalysisQueue.AnalysisQueue).publish(crypto.randomUUID(), encodeJob(bench.job))
    const [handled, ms] = yield* timed(worker.processOne)
    if (handled !== 1) return yield* Effect.dieMessage(`the worker handled ${handled} jobs`)
    const latest = yield* Context.get(bench.ports, AnalysisStore.AnalysisStore).latest([{ repositoryId: bench.repositoryId, branch: bench.job.branch }])
    const problems = latest.get(bench.repositoryId)?.problems.map((p) => p.message) ?? ["no analysis stored"]
    return { variant: { backend: bench.backend, results }, ms, times, problems } satisfies WorkerRun
  }))

export interface WorkerSettings {
  readonly backends: ReadonlyArray<Backend>
  /** Runs of each variant, interleaved so that a change of the machine's load touches all of them alike. */
  readonly runs: number
}

/**
 * The analysis worker over the bench/analysis corpus, with each backend's result store and with
 * one that keeps nothing, in rounds: every round runs every variant once, in an order that moves
 * by one each round. One unmeasured analysis first: the first in a process is the slowest.
 */
export const run = (settings: WorkerSettings) =>
  Effect.scoped(Effect.gen(function*() {
    const root = ensureCorpus()
    const benches = yield* Effect.forEach(settings.backends, (backend) => benchOn(backend, root))
    const variants = benches.flatMap((bench) => (["noop", "kept"] as const).map((results) => ({ bench, results })))
    const first = variants[0]
    if (first === undefined) return []
    yield* Console.error("[worker] warm-up analysis")
    yield* runOnce(first.bench, first.results)
    const runs: Array<WorkerRun> = []
    for (let round = 0; round < settings.runs; round++) {
      for (let i = 0; i < variants.length; i++) {
        const variant = variants[(i + round) % variants.length] ?? first
        const done = yield* runOnce(variant.bench, variant.results)
        yield* Console.error(
          `[worker] round ${round + 1}: ${variant.bench.backend.title}, ${variant.results}: ${(done.ms / 1000).toFixed(2)} s ` +
            `(save ${done.times.saveMs.toFixed(0)} ms, prune ${done.times.pruneMs.toFixed(0)} ms)`
        )
        runs.push(done)
      }
    }
    return runs
  }))

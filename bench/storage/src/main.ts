/**
 * The storage benchmark: the core's domain services over the in-memory adapters (the baseline),
 * PostgreSQL at DATABASE_URL (a fresh database, dropped at the end) and the embedded default
 * (PGlite in a temporary directory). Prints Markdown tables on stdout, progress on stderr.
 *
 *   pnpm --filter @tidemark/bench-storage bench
 */
// First, as in the server: the V8 settings every tidemark process runs with.
import "@tidemark/server/RuntimeFlags"
import { LogSarifReader, ReportCoverageReader } from "@tidemark/analysis"
import { DomainServices, type ToolDefinitions } from "@tidemark/core"
import { CryptoIdGenerator, MemoryEventQueue, MemoryEventStore, StaticToolCatalogue } from "@tidemark/core/memory"
import { Cause, Config, Console, Effect, Exit, Layer } from "effect"
import { cpus, loadavg } from "node:os"
import * as Backends from "./Backends.js"
import * as BenchTool from "./BenchTool.js"
import * as Dataset from "./Dataset.js"
import * as NoGit from "./NoGit.js"
import { describeSettings, measureConfig } from "./Measure.js"
import * as Report from "./Report.js"
import * as StorageBench from "./StorageBench.js"
import { targets } from "./Targets.js"

const settings = Config.all({
  databaseUrl: Backends.serverUrl,
  ...measureConfig,
  seedConcurrency: Config.integer("BENCH_SEED_CONCURRENCY").pipe(Config.withDefault(8)),
  /** A subset of `memory,postgres,embedded`, e.g. to profile one backend. */
  backends: Config.array(Config.literal("memory", "postgres", "embedded")(), "BENCH_BACKENDS").pipe(
    Config.withDefault(["memory", "postgres", "embedded"] as const)
  ),
  /** Operation keys to measure (all when empty), e.g. `listFirstPage` to profile one of them. */
  operations: Config.array(Config.string(), "BENCH_OPERATIONS").pipe(Config.withDefault([])),
  printSamples: Config.boolean("BENCH_SAMPLES").pipe(Config.withDefault(false))
})

/**
 * As the server composes it: storage → catalogue, git, ids, queue → domain services. The queue
 * (which only the ingestion service publishes to) stays in memory: no operation measured uses it.
 */
const services = (backend: Backends.Backend, tool: ToolDefinitions.ToolDefinition) =>
  DomainServices.layer().pipe(
    Layer.provideMerge(Layer.mergeAll(
      backend.storage,
      StaticToolCatalogue.layer([tool]),
      NoGit.layer,
      CryptoIdGenerator.layer,
      MemoryEventQueue.layer(),
      MemoryEventQueue.analysisLayer(),
      ReportCoverageReader.layer,
      LogSarifReader.layer,
      MemoryEventStore.layer
    ))
  )

/** Other work on the machine skews the tails: the load average before and after says how much there was. */
const loadAverage = () => loadavg().map((l) => l.toFixed(1)).join(" ")

const machine = (loadBefore: string) => {
  const cores = cpus()
  return `${cores.length} cores (${cores[0]?.model.trim() ?? "unknown CPU"}), Node ${process.version}, ${process.platform}; ` +
    `load average (1/5/15 min) ${loadBefore} at start, ${loadAverage()} at end`
}

const program = Effect.gen(function*() {
  const config = yield* settings
  const loadBefore = loadAverage()
  const tool = yield* BenchTool.make(Dataset.patternsPerTool)
  const backends = [Backends.memory, Backends.postgres(config.databaseUrl), Backends.embedded]
    .filter((b) => config.backends.includes(b.key))
  const results = yield* Effect.forEach(backends, (backend) => StorageBench.run(backend, services(backend, tool), tool, config))
  const of = (key: Backends.Backend["key"]) => results.find((r) => r.backend.key === key)
  yield* Console.log(Report.render({
    machine: machine(loadBefore),
    dataset: `${Dataset.organizations} organizations × ${Dataset.repositoriesPerOrganization} repositories (2 branches, 2 commits each, an analysis of the default branch's head); ` +
      `one tool of ${tool.patterns.length} patterns; ${Dataset.configuredPatterns} pattern settings on each repository of ${Dataset.measured.organization}; ` +
      `one standard of ${Dataset.standardPatterns} patterns applied to ${Dataset.standardRepositories} of its repositories; ` +
      describeSettings(config),
    results,
    baseline: of("memory") ?? results[0],
    required: Report.verdicts(of("postgres"), targets),
    informative: Report.verdicts(of("embedded"), targets)
  }))
})

Effect.runPromiseExit(program).then((exit) => {
  if (Exit.isFailure(exit)) {
    console.error(Cause.pretty(exit.cause))
    process.exitCode = 1
  }
})

/**
 * The analysis-results benchmark (issue 13, point 5): one repository whose latest analysis holds
 * 100 000 issues in 2 000 files, stored in memory (the baseline) and in PostgreSQL as migrated (in
 * a fresh database, dropped at the end); the issue and file operations measured through the core services the HTTP handlers call,
 * against their targets; then the analysis worker over bench/analysis's corpus with each result
 * store and with one that keeps nothing. Markdown on stdout, progress on stderr.
 *
 *   pnpm --filter @tidemark/bench-results bench
 */
// First, as in the server: the V8 settings every tidemark process runs with.
import "@tidemark/server/RuntimeFlags"
import * as NodeHasher from "@tidemark/server/NodeHasher"
import * as Backends from "@tidemark/bench-storage/Backends"
import { describeSettings, measureConfig } from "@tidemark/bench-storage/Measure"
import { Cause, Config, Console, Effect, Exit } from "effect"
import { cpus, loadavg } from "node:os"
import * as LatencyBench from "./LatencyBench.js"
import * as Report from "./Report.js"
import { targets } from "./Targets.js"
import * as WorkerOverhead from "./WorkerOverhead.js"

const settings = Config.all({
  databaseUrl: Backends.serverUrl,
  parts: Config.array(Config.literal("latency", "worker")(), "BENCH_PARTS").pipe(Config.withDefault(["latency", "worker"] as const)),
  /** A subset of `memory,postgres`, e.g. to profile one backend. */
  backends: Config.array(Config.literal("memory", "postgres")(), "BENCH_BACKENDS").pipe(
    Config.withDefault(["memory", "postgres"] as const)
  ),
  issues: Config.integer("BENCH_ISSUES").pipe(Config.withDefault(100_000)),
  files: Config.integer("BENCH_FILES").pipe(Config.withDefault(2_000)),
  ...measureConfig,
  /** Operation keys to measure (all when empty), e.g. `overview` to profile one of them. */
  operations: Config.array(Config.string(), "BENCH_OPERATIONS").pipe(Config.withDefault([])),
  printSamples: Config.boolean("BENCH_SAMPLES").pipe(Config.withDefault(false)),
  workerRuns: Config.integer("BENCH_WORKER_RUNS").pipe(Config.withDefault(3))
})

/** Other work on the machine skews the tails: the load average before and after says how much there was. */
const loadAverage = () => loadavg().map((l) => l.toFixed(1)).join(" ")

const machine = (loadBefore: string) => {
  const cores = cpus()
  return `${cores.length} cores (${cores[0]?.model.trim() ?? "unknown CPU"}), Node ${process.version}; ` +
    `load average (1/5/15 min) ${loadBefore} at start, ${loadAverage()} at end`
}

type Settings = Config.Config.Success<typeof settings>

const backendsOf = (config: Settings) => {
  const all = { memory: Backends.memory, postgres: Backends.postgres(config.databaseUrl) }
  return config.backends.map((key) => all[key])
}

const latencyPart = (config: Settings) =>
  Effect.gen(function*() {
    // One backend after the other, each let go before the next is measured (see LatencyBench.run).
    const results = yield* Effect.forEach(backendsOf(config), (backend) => LatencyBench.run(backend, { ...config, size: config }))
    const [baseline, ...measured] = results
    if (baseline === undefined) return []
    return [
      `Dataset: ${baseline.seed.issues} issues in ${baseline.seed.files} files, ${baseline.seed.clones} clones, one analysis of one repository; ${describeSettings(config)}`,
      "",
      Report.seedTable(results),
      "",
      Report.latencyTable(baseline, measured),
      "",
      "Targets (issue 13, point 5; p99):",
      "",
      Report.verdictTable(measured.flatMap((result) => Report.latencyVerdicts(result, targets))),
      ""
    ]
  })

const workerPart = (config: Settings) =>
  Effect.gen(function*() {
    const runs = yield* WorkerOverhead.run({ backends: backendsOf(config), runs: config.workerRuns })
    const problems = Report.problems(runs)
    return [
      `Analysis worker over the bench/analysis corpus (empty per-file cache each run, ${config.workerRuns} run(s) of each variant, interleaved):`,
      "",
      Report.workerTable(runs),
      "",
      Report.verdictTable(Report.workerVerdicts(runs)),
      "",
      ...(problems.length === 0 ? [] : [`Problems the analyses reported: ${problems.join("; ")}`, ""])
    ]
  })

const program = Effect.gen(function*() {
  const config = yield* settings
  const loadBefore = loadAverage()
  const latency = config.parts.includes("latency") ? yield* latencyPart(config) : []
  const worker = config.parts.includes("worker") ? yield* workerPart(config) : []
  yield* Console.log([`Machine: ${machine(loadBefore)}`, "", ...latency, ...worker].join("\n"))
})

// The server's Hasher: issue identities are hashed as the server's worker hashes them.
Effect.runPromiseExit(Effect.provide(program, NodeHasher.layer)).then((exit) => {
  if (Exit.isFailure(exit)) {
    console.error(Cause.pretty(exit.cause))
    process.exitCode = 1
  }
})

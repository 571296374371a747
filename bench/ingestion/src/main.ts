/**
 * The ingestion benchmark (issue 4, item 5), one run:
 *   (a) accepted events/s and p50/p99 of `POST /v1/ingestion/cli` at 50 connections, against a bare
 *       `node:http` server publishing to the same JetStream stream (the baseline), then against
 *       `tidemark serve` with the API alone (TIDEMARK_WORKER=false), NATS_URL set;
 *   (b) end to end, HTTP to rows in PostgreSQL: `tidemark serve` with its worker (and
 *       BENCH_EXTRA_WORKERS `tidemark worker` processes) under the same load for 60 s, then until
 *       the queue has drained;
 *   worker (only when BENCH_PHASES names it): the worker's own ceiling. The API alone (worker off)
 *       fills the stream for BENCH_FILL_SECONDS, then one `tidemark worker` process drains it:
 *       rows ÷ time from its first stored row to the last.
 * PostgreSQL gets a scratch database per run, dropped at the end; the JetStream streams are
 * deleted before and after every phase. Markdown tables on stdout, progress on stderr.
 *
 *   pnpm build && pnpm --filter @tidemark/bench-ingestion bench
 */
import { Cause, Console, Duration, Effect, Exit, Fiber, Option } from "effect"
import { mkdtemp, rm } from "node:fs/promises"
import { createServer } from "node:net"
import { cpus, loadavg, tmpdir } from "node:os"
import { join } from "node:path"
import * as Load from "./Load.js"
import * as Processes from "./Processes.js"
import * as Profile from "./Profile.js"
import * as Report from "./Report.js"
import * as ScratchDatabase from "./ScratchDatabase.js"
import { type Settings, settings } from "./Settings.js"
import * as Streams from "./Streams.js"
import * as Tidemark from "./Tidemark.js"

const progress = (message: string) => Effect.sync(() => console.error(`[bench] ${message}`))

/** A free loopback port (the OS picks it). */
const freePort = Effect.async<number>((resume) => {
  const server = createServer()
  server.listen(0, "127.0.0.1", () => {
    const address = server.address()
    const port = typeof address === "object" && address !== null ? address.port : 0
    server.close(() => resume(Effect.succeed(port)))
  })
})

const temporaryDirectory = Effect.acquireRelease(
  Effect.promise(() => mkdtemp(join(tmpdir(), "tidemark-bench-ingestion-"))),
  (dir) => Effect.promise(() => rm(dir, { recursive: true, force: true }))
)

const loadAverage = () => loadavg().map((l) => l.toFixed(1)).join(" ")

const cliUrl = (port: number, apiKey: string) =>
  `http://127.0.0.1:${port}/v1/ingestion/cli?api_key=${encodeURIComponent(apiKey)}&system=bench`

/** A short load first (JIT, connection pools, NATS buffers), then the measured one. */
const warmThenMeasure = (config: Settings, url: string, idPrefix: string) =>
  Effect.gen(function*() {
    yield* Load.run({ url, connections: config.connections, seconds: config.warmupSeconds, idPrefix: `${idPrefix}w` })
    return yield* Load.run({ url, connections: config.connections, seconds: config.apiSeconds, idPrefix })
  })

/** Deletes the streams around `phase`, so that it starts empty and leaves nothing behind. */
const withCleanStreams = <A, E, R>(config: Settings, phase: Effect.Effect<A, E, R>) =>
  Effect.scoped(Effect.gen(function*() {
    const jsm = yield* Streams.manager(config.natsUrl)
    yield* Streams.reset(jsm)
    return yield* phase.pipe(Effect.ensuring(Streams.reset(jsm).pipe(Effect.ignore)))
  }))

const runId = Date.now().toString(36)

const baseline = (config: Settings, env: Tidemark.Environment) =>
  withCleanStreams(config, Effect.scoped(Effect.gen(function*() {
    const port = yield* freePort
    const child = yield* Processes.node(
      "baseline",
      ["--import", "tsx", Processes.baselineScript],
      { PORT: String(port), NATS_URL: config.natsUrl },
      join(env.logDir, "baseline.log")
    )
    const url = cliUrl(port, "unused")
    yield* Processes.waitUntilReady(child, Load.run({ url, connections: 1, seconds: 1, idPrefix: `${runId}-probe` }).pipe(
      Effect.filterOrFail((r) => r.accepted > 0, () => new Error("the baseline accepted nothing"))
    ), Duration.seconds(30))
    yield* progress(`(a) baseline on port ${port}: ${config.warmupSeconds} s warm-up, ${config.apiSeconds} s measured`)
    return yield* warmThenMeasure(config, url, `${runId}-b`)
  })))

const api = (config: Settings, env: Tidemark.Environment) =>
  withCleanStreams(config, Effect.scoped(Effect.gen(function*() {
    const port = yield* freePort
    const nodeArgs = Option.match(config.profileDir, {
      onNone: () => [],
      onSome: (dir) => ["--cpu-prof", `--cpu-prof-dir=${dir}`]
    })
    const child = yield* Tidemark.serve(env, port, { runWorker: false, nodeArgs })
    const key = yield* Tidemark.ready(child, port)
    yield* progress(`(a) tidemark serve, API only, on port ${port}: ${config.warmupSeconds} s warm-up, ${config.apiSeconds} s measured`)
    return yield* warmThenMeasure(config, cliUrl(port, key), `${runId}-t`)
  })))

interface PipelineResult {
  readonly load: Load.LoadResult
  readonly stored: number
  readonly storedDuringLoad: number
  readonly drainSeconds: number
  readonly drained: boolean
  /** Rows stored in each 10 s of the load. */
  readonly perWindow: ReadonlyArray<number>
}

const pipeline = (config: Settings, env: Tidemark.Environment) =>
  withCleanStreams(config, Effect.scoped(Effect.gen(function*() {
    const port = yield* freePort
    const count = yield* ScratchDatabase.storedEvents(env.databaseUrl)
    const child = yield* Tidemark.serve(env, port, { runWorker: true })
    const key = yield* Tidemark.ready(child, port)
    for (let i = 1; i <= config.extraWorkers; i++) yield* Tidemark.worker(env, i)
    const before = yield* count
    yield* progress(`(b) tidemark serve + worker (+${config.extraWorkers} worker processes) on port ${port}: ${config.pipelineSeconds} s of load`)
    const samples: Array<number> = []
    const sampler = yield* count.pipe(
      Effect.tap((n) => Effect.sync(() => samples.push(n - before))),
      Effect.zipRight(Effect.sleep(Duration.seconds(10))),
      Effect.forever,
      Effect.forkScoped
    )
    const load = yield* Load.run({ url: cliUrl(port, key), connections: config.connections, seconds: config.pipelineSeconds, idPrefix: `${runId}-p` })
    const loadEnded = Date.now()
    const storedDuringLoad = (yield* count) - before
    yield* Fiber.interrupt(sampler)
    yield* progress(`(b) load done: ${load.accepted} accepted, ${storedDuringLoad} stored; waiting for the queue to drain`)
    // Bounded: polls until every accepted event is a row, or the drain timeout.
    const deadline = loadEnded + config.drainTimeoutSeconds * 1000
    let stored = storedDuringLoad
    while (stored < load.accepted && Date.now() < deadline) {
      yield* Effect.sleep(Duration.millis(250))
      stored = (yield* count) - before
    }
    const perWindow = samples.slice(1).map((n, i) => n - (samples[i] ?? 0))
    return {
      load,
      stored,
      storedDuringLoad,
      drainSeconds: (Date.now() - loadEnded) / 1000,
      drained: stored >= load.accepted,
      perWindow
    } satisfies PipelineResult
  })))

interface WorkerResult {
  readonly queued: number
  readonly stored: number
  /** From the worker's first stored row to its last. */
  readonly seconds: number
  readonly drained: boolean
}

const workerCeiling = (config: Settings, env: Tidemark.Environment) =>
  withCleanStreams(config, Effect.gen(function*() {
    const count = yield* ScratchDatabase.storedEvents(env.databaseUrl)
    const queued = yield* Effect.scoped(Effect.gen(function*() {
      const port = yield* freePort
      const child = yield* Tidemark.serve(env, port, { runWorker: false })
      const key = yield* Tidemark.ready(child, port)
      yield* progress(`(worker) filling the stream through the API (worker off) for ${config.fillSeconds} s`)
      return yield* Load.run({ url: cliUrl(port, key), connections: config.connections, seconds: config.fillSeconds, idPrefix: `${runId}-f` })
    }))
    return yield* Effect.scoped(Effect.gen(function*() {
      const before = yield* count
      yield* progress(`(worker) ${queued.accepted} events queued; one tidemark worker drains them`)
      yield* Tidemark.worker(env, 1)
      const deadline = Date.now() + config.drainTimeoutSeconds * 1000 + 30_000
      let stored = 0
      let first: number | undefined
      let last = Date.now()
      while (stored < queued.accepted && Date.now() < deadline) {
        yield* Effect.sleep(Duration.millis(100))
        const now = (yield* count) - before
        if (now > stored) {
          first ??= Date.now()
          last = Date.now()
        }
        stored = now
      }
      return {
        queued: queued.accepted,
        stored,
        seconds: (last - (first ?? last)) / 1000,
        drained: stored >= queued.accepted
      } satisfies WorkerResult
    }))
  }))

const machine = (loadBefore: string) => {
  const cores = cpus()
  return `${cores.length} cores (${cores[0]?.model.trim() ?? "unknown CPU"}), Node ${process.version}, ${process.platform}; ` +
    `load average (1/5/15 min) ${loadBefore} at start, ${loadAverage()} at end`
}

const program = Effect.scoped(Effect.gen(function*() {
  const config = yield* settings
  const loadBefore = loadAverage()
  const dir = yield* temporaryDirectory
  const database = yield* ScratchDatabase.make(config.databaseUrl)
  yield* progress(`scratch database ${database.name}; logs in ${dir} (removed at the end)`)
  const env: Tidemark.Environment = { databaseUrl: database.url, natsUrl: config.natsUrl, dataDir: join(dir, "data"), logDir: dir }
  const runs = (phase: Settings["phases"][number]) => config.phases.includes(phase)

  const base = runs("baseline") ? Option.some(yield* baseline(config, env)) : Option.none()
  const tidemark = runs("api") ? Option.some(yield* api(config, env)) : Option.none()
  const e2e = runs("pipeline") ? Option.some(yield* pipeline(config, env)) : Option.none()
  const drain = runs("worker") ? Option.some(yield* workerCeiling(config, env)) : Option.none()

  const basePerSecond = Option.getOrUndefined(Option.map(base, (b) => b.acceptedPerSecond))
  const loadDetail = (r: Load.LoadResult) => `${r.accepted} accepted in ${r.seconds} s; ${r.rejected} non-2xx, ${r.errors} errors`
  const rows: Array<Report.Row> = []
  Option.map(base, (r) => rows.push({ what: "(a) baseline: node:http + JetStream publish", eventsPerSecond: r.acceptedPerSecond, p50: r.p50, p99: r.p99, detail: loadDetail(r) }))
  Option.map(tidemark, (r) => rows.push({ what: "(a) tidemark serve, API only", eventsPerSecond: r.acceptedPerSecond, p50: r.p50, p99: r.p99, detail: loadDetail(r) }))
  Option.map(e2e, (r) => {
    rows.push({ what: "(b) HTTP accepted while the worker runs", eventsPerSecond: r.load.acceptedPerSecond, p50: r.load.p50, p99: r.load.p99, detail: loadDetail(r.load) })
    rows.push({
      what: "(b) rows stored during the load",
      eventsPerSecond: r.storedDuringLoad / r.load.seconds,
      p50: undefined,
      p99: undefined,
      detail: `${r.storedDuringLoad} rows in ${r.load.seconds} s; per 10 s: ${r.perWindow.join(", ")}`
    })
    rows.push({
      what: "(b) end to end: rows ÷ (load + drain)",
      eventsPerSecond: r.stored / (r.load.seconds + r.drainSeconds),
      p50: undefined,
      p99: undefined,
      detail: `${r.stored} rows of ${r.load.accepted} accepted; drained ${r.drainSeconds.toFixed(1)} s after the load${r.drained ? "" : " (NOT drained: timeout)"}`
    })
  })

  Option.map(drain, (r) =>
    rows.push({
      what: "worker alone: rows ÷ (first row → last row)",
      eventsPerSecond: r.seconds > 0 ? r.stored / r.seconds : 0,
      p50: undefined,
      p99: undefined,
      detail: `${r.stored} rows of ${r.queued} queued in ${r.seconds.toFixed(1)} s${r.drained ? "" : " (NOT drained: timeout)"}`
    }))

  const verdicts: Array<Report.Verdict> = []
  if (basePerSecond !== undefined) {
    Option.map(tidemark, (t) => {
      verdicts.push({ target: "(a) ≥ 50 % of the baseline's events/s", measured: Report.percent(t.acceptedPerSecond, basePerSecond), pass: t.acceptedPerSecond >= basePerSecond / 2 })
    })
  }
  Option.map(tidemark, (t) => verdicts.push({ target: "(a) p99 < 20 ms", measured: `${Report.ms(t.p99)} ms`, pass: t.p99 < 20 }))
  Option.map(e2e, (r) => {
    const sustained = r.stored / (r.load.seconds + r.drainSeconds)
    verdicts.push({
      target: `(b) ≥ 10 000 events/s end to end, sustained ${config.pipelineSeconds} s`,
      measured: `${Report.perSecond(sustained)} events/s (${Report.perSecond(r.storedDuringLoad / r.load.seconds)} during the load)`,
      pass: sustained >= 10_000 && r.drained && config.pipelineSeconds >= 60
    })
  })

  const profile = Option.isSome(config.profileDir) && runs("api") ? yield* Profile.summarise(config.profileDir.value, 30) : ""
  yield* Console.log([
    `Machine: ${machine(loadBefore)}`,
    `Load: autocannon, ${config.connections} connections, no pipelining, a fresh change id per request; ` +
    `(a) ${config.warmupSeconds} s warm-up then ${config.apiSeconds} s; (b) ${config.pipelineSeconds} s, ${config.extraWorkers} extra worker process(es)`,
    "",
    Report.results(rows, basePerSecond),
    "",
    Report.verdicts(verdicts),
    ...(profile === "" ? [] : ["", profile])
  ].join("\n"))
}))

Effect.runPromiseExit(program).then((exit) => {
  if (Exit.isFailure(exit)) {
    console.error(Cause.pretty(exit.cause))
    process.exitCode = 1
  }
})

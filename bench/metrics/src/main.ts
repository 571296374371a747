/**
 * The delivery-metrics benchmark: 1 000 000 events (90 days, 50 systems) stored in PostgreSQL
 * through the event store, then the metrics call of the API (`EventStore.aggregate` + core's
 * `metricsOf`) for the whole organization and for one system, against the same calculation in
 * core over the same events already in memory (the baseline). Prints Markdown on stdout.
 *
 *   pnpm --filter @tidemark/bench-metrics bench
 */
import { SqlClient } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { Migrations, PgEventStore } from "@tidemark/adapter-pg"
import * as ScratchDatabase from "../../../packages/adapter-pg/test/ScratchDatabase.js"
import { DeliveryAggregates, DeliveryEvents, DeliveryMetrics, EventStore } from "@tidemark/core"
import { measure, type Stats, timed } from "@tidemark/bench-storage/Measure"
import { Config, Console, Effect, Layer, Option, Redacted } from "effect"
import { cpus, loadavg } from "node:os"
import * as Dataset from "./Dataset.js"

const settings = Config.all({
  databaseUrl: Config.string("DATABASE_URL").pipe(Config.withDefault("postgres://postgres@127.0.0.1:5432/test")),
  systems: Config.integer("BENCH_SYSTEMS").pipe(Config.withDefault(50)),
  days: Config.integer("BENCH_DAYS").pipe(Config.withDefault(90)),
  deploymentsPerDay: Config.integer("BENCH_DEPLOYMENTS_PER_DAY").pipe(Config.withDefault(20)),
  changesPerDeployment: Config.integer("BENCH_CHANGES_PER_DEPLOYMENT").pipe(Config.withDefault(10)),
  incidentsPerDay: Config.number("BENCH_INCIDENTS_PER_DAY").pipe(Config.withDefault(2.5)),
  iterations: Config.integer("BENCH_ITERATIONS").pipe(Config.withDefault(30)),
  budgetMs: Config.integer("BENCH_BUDGET_MS").pipe(Config.withDefault(15_000)),
  /** A database a previous run seeded with the same settings: reused as it is, never dropped. */
  seeded: Config.option(Config.string("BENCH_SEEDED_DATABASE_URL"))
})

const organization = 1
const batchSize = 5_000
const end = Date.parse("2026-11-01T00:00:00Z")

const loadAverage = () => loadavg().map((l) => l.toFixed(1)).join(" ")
const ms = (x: number) => (x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : x.toFixed(0))

const table = (header: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<string>>) =>
  [header, header.map(() => "---"), ...rows].map((cells) => `| ${cells.join(" | ")} |`).join("\n")

interface Case {
  readonly title: string
  readonly query: DeliveryEvents.MetricsQuery
  readonly targetMs: number
}

const casesOf = (config: { readonly systems: number; readonly days: number }): ReadonlyArray<Case> => {
  const window: DeliveryEvents.MetricsQuery = { from: end - config.days * 86_400_000, to: end, bucket: "week" }
  return [
    { title: `whole organization (${config.systems} systems)`, query: window, targetMs: 500 },
    { title: "one system", query: { ...window, system: Dataset.systemName(7) }, targetMs: 100 },
    { title: "whole organization, one team", query: { ...window, team: "team-3" }, targetMs: 500 }
  ]
}

type Settings = Config.Config.Success<typeof settings>

const measureSettings = (config: Settings) => ({
  warmup: 2,
  iterations: config.iterations,
  budgetMs: config.budgetMs,
  minIterations: 5
})

/**
 * The events generated, stored (unless a seeded database is reused) and measured in memory: the
 * baseline's timings and answers. The events are not kept past this phase, so that the garbage
 * collector of the PostgreSQL phase does not walk the baseline's million events, which a server
 * answering the metrics never holds.
 */
const baselinePhase = (config: Settings) =>
  Effect.gen(function*() {
    const store = yield* EventStore.EventStore
    const seedStart = performance.now()
    const perSystem = Array.from({ length: config.systems }, (_, i) => ({
      system: Dataset.systemName(i),
      events: Dataset.systemEvents({ ...config, end }, i)
    }))
    const total = perSystem.reduce((n, s) => n + s.events.length, 0)
    yield* Console.error(`generated ${total} events in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`)
    const storeAll = Effect.forEach(perSystem, ({ events, system }) =>
      Effect.forEach(
        Array.from({ length: Math.ceil(events.length / batchSize) }, (_, i) => events.slice(i * batchSize, (i + 1) * batchSize)),
        (batch) => store.store(organization, system, batch),
        { discard: true }
      ), { concurrency: 2, discard: true })
    const [, storeMs] = yield* timed(Option.isSome(config.seeded) ? Effect.void : storeAll)
    yield* Console.error(Option.isSome(config.seeded) ? "reusing the seeded database" : `stored in ${(storeMs / 1000).toFixed(1)} s`)

    // The baseline holds the same events as core's calculations take them.
    const inMemory = DeliveryEvents.deliveryEventsOf(perSystem.flatMap(({ events, system }) => events.map((event) => ({ system, event }))))
    const baselines = yield* Effect.forEach(casesOf(config), ({ query }) => {
      const core = Effect.sync(() => DeliveryMetrics.metricsOf(DeliveryAggregates.aggregateEvents(inMemory, query), query))
      return Effect.all({ answer: Effect.map(core, (metrics) => JSON.stringify(metrics)), stats: measure(core, measureSettings(config)) })
    })
    return { total, storeMs, baselines }
  })

const program = Effect.gen(function*() {
  const config = yield* settings
  const loadBefore = loadAverage()
  const store = yield* EventStore.EventStore
  const { baselines, storeMs, total } = yield* baselinePhase(config)
  // What autovacuum does soon after a bulk load: the planner then knows the tables' sizes, and
  // the visibility map lets the metrics read the timeline from its index alone.
  yield* Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => sql`VACUUM ANALYZE delivery_events, delivery_first_deployments, delivery_incident_causes, delivery_lead_time_days`
  )

  const rows: Array<ReadonlyArray<string>> = []
  const verdicts: Array<ReadonlyArray<string>> = []
  for (const [i, { query, targetMs, title }] of casesOf(config).entries()) {
    const { answer, stats: baseline } = baselines[i]!
    const sql = Effect.map(store.aggregate(organization, query), (aggregates) => DeliveryMetrics.metricsOf(aggregates, query))
    const same = answer === JSON.stringify(yield* sql)
    yield* Console.error(`${title}: results ${same ? "equal" : "DIFFER"}`)
    const postgres: Stats = yield* measure(sql, measureSettings(config))
    yield* Console.error(`${title}, PostgreSQL, ms in order: ${postgres.samples.map(ms).join(" ")}`)
    rows.push(
      [title, "core in memory (baseline)", String(baseline.n), ms(baseline.p50), ms(baseline.p99), "×1.0", same ? "yes" : "NO"],
      [title, "PostgreSQL (SQL aggregation)", String(postgres.n), ms(postgres.p50), ms(postgres.p99), `×${(postgres.p50 / baseline.p50).toFixed(2)}`, same ? "yes" : "NO"]
    )
    verdicts.push([`${title} < ${targetMs} ms (p99)`, ms(postgres.p99), postgres.p99 < targetMs ? "PASS" : "FAIL"])
  }

  const cores = cpus()
  yield* Console.log([
    `Events: ${total} (${config.systems} systems × ${config.days} days; ${Option.isSome(config.seeded) ? "stored by an earlier run" : `stored in ${(storeMs / 1000).toFixed(1)} s`})`,
    `Machine: ${cores.length} cores (${cores[0]?.model.trim() ?? "unknown CPU"}), Node ${process.version}; load average ${loadBefore} at start, ${loadAverage()} at end`,
    "",
    table(["metrics of", "computed by", "n", "p50 ms", "p99 ms", "p50 ÷ baseline", "same result"], rows),
    "",
    table(["target", "p99 ms", "result"], verdicts)
  ].join("\n"))
})

const database = Layer.unwrapScoped(Effect.gen(function*() {
  const { databaseUrl, seeded } = yield* settings
  const { url } = Option.isSome(seeded)
    ? { url: seeded.value }
    : yield* ScratchDatabase.databaseOn(databaseUrl, "tidemark_bench_metrics")
  return PgClient.layer({ url: Redacted.make(url), applicationName: "tidemark-bench-metrics" })
}))

program.pipe(
  Effect.provide(PgEventStore.layer.pipe(Layer.provide(Migrations.layer), Layer.provideMerge(database))),
  Effect.runPromise
).catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})

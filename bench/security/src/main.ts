/**
 * Security and risk management at scale (issue 28, point 5), each on PostgreSQL (a fresh database,
 * dropped at the end) against the in-memory store (the baseline, same run):
 *
 * - matching an inventory of 10 000 dependencies against 200 000 advisories: the advisories naming
 *   its packages looked up in the store, then matched in each ecosystem's version order (what an
 *   analysis and `advisories match` do per repository); goal under 1 s;
 * - searching an organization's 100 000 items (20 repositories of 5 000): the first page by
 *   deadline, a filtered page, the page by status, and the dashboard's tally; goal p99 under 50 ms.
 *
 *   pnpm --filter @tidemark/bench-security bench
 */
import "@tidemark/server/RuntimeFlags"
import { SqlClient } from "@effect/sql"
import { PgStorage } from "@tidemark/adapter-pg"
import * as Backends from "@tidemark/bench-storage/Backends"
import { ms, table } from "@tidemark/bench-storage/MarkdownTable"
import { describeSettings, measure, measureConfig, timed } from "@tidemark/bench-storage/Measure"
import {
  Advisory,
  AdvisoryStore,
  Dependency,
  OrganizationStore,
  RepositoryStore,
  Records,
  SecurityItems,
  SecurityItemStore,
  VulnerableDependencies
} from "@tidemark/core"
import { Config, Console, Effect, Layer, Option, Redacted } from "effect"
import * as ScratchDatabase from "../../../packages/adapter-pg/test/ScratchDatabase.js"
import { cpus, loadavg } from "node:os"

const settings = Config.all({
  databaseUrl: Backends.serverUrl,
  advisories: Config.integer("BENCH_ADVISORIES").pipe(Config.withDefault(200_000)),
  dependencies: Config.integer("BENCH_DEPENDENCIES").pipe(Config.withDefault(10_000)),
  repositories: Config.integer("BENCH_REPOSITORIES").pipe(Config.withDefault(20)),
  itemsPerRepository: Config.integer("BENCH_ITEMS_PER_REPOSITORY").pipe(Config.withDefault(5_000)),
  ...measureConfig
})

// Deterministic pseudo-random numbers (mulberry32): every run and backend sees the same data.
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

const event = (kind: "introduced" | "fixed", version: string) => Advisory.RangeEvent.make({ kind, version })

/**
 * 200 000 advisories over 50 000 npm and PyPI packages (4 per package on average, as in OSV's
 * export, where a popular package has dozens), each a range `[x.0.0, x.y.z)`.
 */
const advisoriesOf = (count: number) => {
  const next = random(1)
  return Array.from({ length: count }, (_, i) => {
    const ecosystem = i % 3 === 0 ? "pypi" as const : "npm" as const
    const major = Math.floor(next() * 5)
    return Advisory.Advisory.make({
      id: `BENCH-${i}`,
      aliases: [`CVE-2099-${i}`],
      modified: "2024-01-01T00:00:00Z",
      priority: (["Low", "Medium", "High", "Critical"] as const)[i % 4]!,
      cwes: [],
      affected: [Advisory.AffectedPackage.make({
        ecosystem,
        name: `package-${Math.floor(next() * count / 4)}`,
        ranges: [[event("introduced", `${major}.0.0`), event("fixed", `${major}.${Math.floor(next() * 10)}.${Math.floor(next() * 10)}`)]],
        versions: []
      })]
    })
  })
}

const dependenciesOf = (count: number, packages: number) => {
  const next = random(2)
  return Array.from({ length: count }, (_, i) => {
    const ecosystem = i % 3 === 0 ? "pypi" as const : "npm" as const
    const name = `package-${Math.floor(next() * packages)}`
    const version = `${Math.floor(next() * 5)}.${Math.floor(next() * 10)}.${Math.floor(next() * 10)}`
    return Dependency.Dependency.make({ purl: `pkg:${ecosystem}/${name}@${version}`, ecosystem, name, version, direct: i % 10 === 0, path: "lock" })
  })
}

const match = (dependencies: ReadonlyArray<Dependency.Dependency>) =>
  Effect.flatMap(AdvisoryStore.AdvisoryStore, (store) =>
    Effect.map(
      store.forPackages(Dependency.distinctPackages(dependencies)),
      (found) => VulnerableDependencies.vulnerableDependencies(dependencies, VulnerableDependencies.indexAdvisories(found)).length
    ))

const finding = (repository: number, index: number) =>
  SecurityItems.SecurityFinding.make({
    key: `SCA:pkg:npm/package-${index}:CVE-2099-${repository}`,
    scanType: index % 5 === 0 ? "SAST" : "SCA",
    title: `package-${index} 1.0.0: a vulnerability`,
    securityCategory: index % 7 === 0 ? "" : "OutdatedDependencies",
    priority: (["Low", "Medium", "High", "Critical"] as const)[index % 4]!,
    itemSourceId: `BENCH-${index}`,
    filePath: "package-lock.json",
    affectedVersion: "1.0.0",
    fixedVersion: ["1.0.1"]
  })

/** PostgreSQL in a fresh database, its client offered beside the stores (for the maintenance a server's autovacuum does). */
const postgres = (serverUrl: string): Backends.Backend => ({
  key: "postgres",
  title: "PostgreSQL",
  storage: Layer.unwrapScoped(
    Effect.map(ScratchDatabase.databaseOn(serverUrl, "tidemark_bench"), ({ url }) => PgStorage.layerUrl(Redacted.make(url)))
  )
})

const loadAverage = () => loadavg().map((l) => l.toFixed(1)).join(" ")

const run = (backend: Backends.Backend, config: Config.Config.Success<typeof settings>) =>
  Effect.gen(function*() {
    yield* Console.error(`${backend.title}: importing ${config.advisories} advisories…`)
    const advisories = advisoriesOf(config.advisories)
    const store = yield* AdvisoryStore.AdvisoryStore
    const [, importMs] = yield* timed(Effect.forEach(
      Array.from({ length: Math.ceil(advisories.length / 1000) }, (_, i) => advisories.slice(i * 1000, i * 1000 + 1000)),
      (batch) => store.save(batch, [], "2024-01-01T00:00:00.000Z"),
      { discard: true }
    ))
    const dependencies = dependenciesOf(config.dependencies, Math.floor(config.advisories / 4))
    const matching = yield* measure(match(dependencies), { ...config, warmup: 2, iterations: 10, minIterations: 5 })
    const matched = yield* match(dependencies)

    yield* Console.error(`${backend.title}: ${config.repositories * config.itemsPerRepository} items…`)
    const organizations = yield* OrganizationStore.OrganizationStore
    const repositories = yield* RepositoryStore.RepositoryStore
    const organization = yield* organizations.ensureOrganization("gh", "bench-security")
    const items = yield* SecurityItemStore.SecurityItemStore
    const [, seedMs] = yield* timed(Effect.forEach(Array.from({ length: config.repositories }, (_, i) => i), (r) =>
      Effect.gen(function*() {
        const repository = yield* repositories.saveSnapshot(organization.id, new Records.RepositorySnapshot({
          provider: "gh",
          owner: organization.name,
          name: `repo-${r}`,
          visibility: "Private",
          gitUrl: `https://example.com/repo-${r}.git`,
          languages: [],
          rootFiles: [],
          defaultBranch: "main",
          branches: [],
          commits: []
        }), "2024-01-01T00:00:00.000Z")
        const findings = Array.from({ length: config.itemsPerRepository }, (_, i) => finding(r, i))
        // Opened over a year, so that deadlines and statuses spread.
        for (let day = 0; day < 10; day++) {
          yield* items.reconcile({ organizationId: organization.id, id: repository.id, name: repository.name }, ["SCA", "SAST"],
            findings.slice(0, (day + 1) * findings.length / 10), new Date(Date.UTC(2025, 0, 1 + day * 36)).toISOString())
        }
      }), { discard: true }))
    // What autovacuum does a minute after such a burst of writes on a server: the planner's statistics
    // and the visibility map (index-only counts) as a steady state has them.
    const client = yield* Effect.serviceOption(SqlClient.SqlClient)
    if (Option.isSome(client)) yield* client.value`VACUUM ANALYZE`
    const query = (fields: Partial<SecurityItemStore.ItemQuery>): SecurityItemStore.ItemQuery => ({
      filter: {},
      sla: SecurityItems.defaultSlaConfig,
      now: "2026-01-01T00:00:00.000Z",
      order: "DueAt",
      direction: "asc",
      offset: 0,
      limit: 100,
      ...fields
    })
    const operations = [
      ["first page by deadline", items.search(organization.id, query({}))],
      ["filtered: Critical, Overdue, one repository", items.search(organization.id, query({ filter: { priorities: ["Critical"], statuses: ["Overdue"], repositories: ["repo-3"] } }))],
      ["page 50 by status", items.search(organization.id, query({ order: "Status", offset: 5_000 }))],
      ["dashboard tally", items.tally(organization.id, {}, SecurityItems.defaultSlaConfig, "2026-01-01T00:00:00.000Z")]
    ] as const
    const searches = yield* Effect.forEach(operations, ([name, operation]) => Effect.map(measure(operation, config), (stats) => [name, stats] as const))
    return { backend, importMs, matching, matched, seedMs, searches }
  }).pipe(Effect.provide(Layer.orDie(backend.storage)))

const program = Effect.gen(function*() {
  const config = yield* settings
  const before = loadAverage()
  const [baseline, onPostgres] = [yield* run(Backends.memory, config), yield* run(postgres(config.databaseUrl), config)]
  const cores = cpus()
  yield* Console.log(`## Security and risk management (${new Date().toISOString().slice(0, 10)})\n`)
  yield* Console.log(`${cores.length} cores (${cores[0]?.model.trim()}), Node ${process.version}; load ${before} at start, ${loadAverage()} at end; ${describeSettings(config)}.\n`)
  yield* Console.log(table(["matching", "backend", "advisories imported in", "dependencies", "vulnerable found", "p50 ms", "p99 ms", "ratio p50 to memory"], [baseline, onPostgres].map((r) => [
    `${config.dependencies} deps × ${config.advisories} advisories`,
    r.backend.title,
    `${(r.importMs / 1000).toFixed(1)} s`,
    String(config.dependencies),
    String(r.matched),
    ms(r.matching.p50),
    ms(r.matching.p99),
    `${(r.matching.p50 / baseline.matching.p50).toFixed(2)}×`
  ])))
  yield* Console.log("")
  yield* Console.log(table(["search of 100 000 items", "backend", "calls", "ops/s", "p50 ms", "p99 ms", "ratio p99 to memory"], [baseline, onPostgres].flatMap((r) =>
    r.searches.map(([name, stats], i) => [
      name,
      r.backend.title,
      String(stats.n),
      stats.opsPerSecond.toFixed(0),
      ms(stats.p50),
      ms(stats.p99),
      `${(stats.p99 / baseline.searches[i]![1].p99).toFixed(2)}×`
    ]))))
  yield* Console.log(`\nItems seeded in ${(onPostgres.seedMs / 1000).toFixed(1)} s on PostgreSQL (${(baseline.seedMs / 1000).toFixed(1)} s in memory).`)
})

Effect.runPromise(program).catch((error) => {
  console.error(error)
  process.exit(1)
})

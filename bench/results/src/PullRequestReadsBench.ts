import * as Backends from "@tidemark/bench-storage/Backends"
import { describeSettings, measure, measureConfig, type Stats, timed } from "@tidemark/bench-storage/Measure"
import * as NoGit from "@tidemark/bench-storage/NoGit"
import { settle } from "@tidemark/bench-storage/Settle"
import {
  Access,
  ChangeAnalysis,
  ChangeStore,
  FileResultStore,
  PullRequest,
  PullRequestReads,
  PullRequestStore
} from "@tidemark/core"
import { CryptoIdGenerator } from "@tidemark/core/memory"
import { Config, Console, Effect, Layer } from "effect"
import { cpus, loadavg } from "node:os"
import * as BenchRepository from "./BenchRepository.js"
import { seedAnalysis } from "./Seed.js"

/**
 * Issue 14, point 7: reading a pull request with 1 000 new issues on PostgreSQL, at the service
 * level as bench/results measures the issue operations (the calls the HTTP handlers make):
 * `PullRequestReads.one` (getRepositoryPullRequest) and `.issues` with status=new
 * (listPullRequestIssues), first page and a later one. Target: p99 under 30 ms.
 *
 * Seeded through the stores: the target branch's analysis (rows of a 20 000-issue analysis, so
 * that the issue page's file ids are looked up among real rows), the pull request, and its change
 * with 1 000 added issues taken from those rows (ChangeStore.save).
 */

const repository = "pulls"
const number = 1

const settings = Config.all({
  databaseUrl: Backends.serverUrl,
  newIssues: Config.integer("BENCH_PR_ISSUES").pipe(Config.withDefault(1_000)),
  targetIssues: Config.integer("BENCH_PR_TARGET_ISSUES").pipe(Config.withDefault(20_000)),
  ...measureConfig
})

const services = (backend: Backends.Backend) =>
  PullRequestReads.PullRequestReads.Default.pipe(
    Layer.provideMerge(Access.Access.Default),
    Layer.provideMerge(Layer.mergeAll(backend.storage, CryptoIdGenerator.layer, NoGit.layer))
  )

/** The target's analysis and rows, the pull request, and its change adding `newIssues` of those rows. */
const seed = (newIssues: number, targetIssues: number) =>
  Effect.gen(function*() {
    // The origin branch's head is a commit the repository lists, as a refresh from git stores it.
    const { commit, heads, record, results } = yield* seedAnalysis(repository, { issues: targetIssues, files: 2_000 }, ["feature"])
    const headSha = heads[1] ?? commit.sha
    yield* (yield* PullRequestStore.PullRequestStore).upsert({
      repositoryId: record.id,
      number,
      title: "A thousand new issues",
      author: PullRequest.PullRequestAuthor.make({ name: "Ada Lovelace", email: "ada@example.org" }),
      originBranch: "feature",
      targetBranch: BenchRepository.branch,
      state: "open",
      headSha,
      updated: BenchRepository.now
    })
    const step = Math.max(1, Math.floor(results.issues.length / newIssues))
    const added = results.issues.filter((_, i) => i % step === 0).slice(0, newIssues)
    const kinds = new Map<string, ChangeAnalysis.IssueKindCount>()
    for (const issue of added) {
      const key = `${issue.level}/${issue.category}`
      const count = (kinds.get(key)?.count ?? 0) + 1
      kinds.set(key, ChangeAnalysis.IssueKindCount.make({ level: issue.level, category: issue.category, count }))
    }
    const files = new Map<string, { language: string; count: number; lines: Array<number> }>()
    for (const issue of added) {
      const file = files.get(issue.filePath) ?? { language: issue.language, count: 0, lines: [] }
      file.count += 1
      file.lines.push(issue.line)
      files.set(issue.filePath, file)
    }
    const change = ChangeAnalysis.ChangeAnalysis.make({
      repositoryId: record.id,
      headSha,
      baseSha: commit.sha,
      startedAnalysis: BenchRepository.now,
      endedAnalysis: BenchRepository.now,
      newIssues: added.length,
      fixedIssues: 0,
      deltaComplexity: 0,
      deltaClonesCount: 0,
      newIssueKinds: [...kinds.values()],
      files: [...files].map(([path, f]) =>
        ChangeAnalysis.FileDelta.make({
          path,
          language: f.language,
          inHead: true,
          newIssues: f.count,
          fixedIssues: 0,
          deltaClonesCount: 0,
          addedLines: [...new Set(f.lines)].sort((a, b) => a - b)
        })
      ),
      clones: [],
      problems: []
    })
    const [, saveMs] = yield* timed((yield* ChangeStore.ChangeStore).save(
      { repositoryId: record.id, subject: { kind: "pullRequest", number } },
      change,
      added.map((issue) => ChangeAnalysis.DeltaIssue.make({ deltaType: "Added", issue }))
    ))
    return { newIssues: added.length, files: files.size, targetIssues: results.issues.length, saveMs }
  })

interface Operation {
  readonly title: string
  readonly run: Effect.Effect<unknown, unknown, never>
}

const at = BenchRepository.coordinates(repository)

/**
 * The two reads, then the store calls they make: \`one\` reads the whole change, an issue page its
 * summary, a page of rows and the page's file ids (what is left of its time is building the page's
 * views and the calls of a few tenths of a millisecond: the pull request, the repository, the two
 * commits).
 */
const operations = Effect.gen(function*() {
  const reads = yield* PullRequestReads.PullRequestReads
  const changes = yield* ChangeStore.ChangeStore
  const files = yield* FileResultStore.FileResultStore
  const { repository: record } = yield* (yield* Access.Access).repository(BenchRepository.admin, at, "read")
  const issues = (cursor?: string) => reads.issues(BenchRepository.admin, at, number, { status: "new", limit: 100, cursor })
  // The cursor of the fifth page, as a client paging through the list has it.
  let cursor: string | undefined
  for (let page = 1; page < 5; page++) cursor = (yield* issues(cursor)).pagination.cursor
  const first = yield* reads.one(BenchRepository.admin, at, number)
  if (first.isAnalysing || first.newIssues === undefined) return yield* Effect.dieMessage("the pull request shows no analysis")
  const key = { repositoryId: record.id, subject: { kind: "pullRequest", number } } as const
  const page = yield* changes.issues(key, "Added", { after: undefined, limit: 100 })
  const paths = [...new Set(page.items.map((d) => d.issue.filePath))]
  return [
    { title: "getRepositoryPullRequest (PullRequestReads.one)", run: reads.one(BenchRepository.admin, at, number) },
    { title: "listPullRequestIssues status=new, first page (100)", run: issues() },
    { title: "listPullRequestIssues status=new, fifth page (cursor)", run: issues(cursor) },
    { title: "part: ChangeStore.find (the change, its files)", run: changes.find(key) },
    { title: "part: ChangeStore.findSummary (the change without its files)", run: changes.findSummary(key) },
    { title: "part: ChangeStore.issues (a page and its total)", run: changes.issues(key, "Added", { after: undefined, limit: 100 }) },
    { title: "part: FileResultStore.fileIds (the page's files)", run: files.fileIds(record.id, paths) },
    // The first rows also pay for warming up what the earlier ones did not use (JIT, caches):
    // measured again last, each read shows what it costs warm.
    { title: "again, warm: PullRequestReads.one", run: reads.one(BenchRepository.admin, at, number) },
    { title: "again, warm: first page", run: issues() },
    { title: "again, warm: fifth page", run: issues(cursor) }
  ] satisfies ReadonlyArray<Operation>
})

const ms = (value: number) => value.toFixed(2)

/** Seeds PostgreSQL (a scratch database), settles it, measures each read; prints a table. */
export const report = Effect.scoped(Effect.gen(function*() {
  const config = yield* settings
  const loadBefore = loadavg().map((l) => l.toFixed(1)).join(" / ")
  const context = yield* Layer.build(services(Backends.postgres(config.databaseUrl)))
  const rows: Array<readonly [string, Stats]> = []
  const seeded = yield* Effect.gen(function*() {
    const seeded = yield* seed(config.newIssues, config.targetIssues)
    yield* settle
    yield* Console.error(`[reads] seeded: ${seeded.newIssues} new issues in ${seeded.files} files (ChangeStore.save ${ms(seeded.saveMs)} ms)`)
    for (const operation of yield* operations) {
      const stats = yield* measure(operation.run, config)
      yield* Console.error(`[reads] ${operation.title}: n=${stats.n} p50=${ms(stats.p50)} ms p99=${ms(stats.p99)} ms`)
      rows.push([operation.title, stats])
    }
    return seeded
  }).pipe(Effect.provide(context))
  const loadAfter = loadavg().map((l) => l.toFixed(1)).join(" / ")
  console.log(`\n### Reading a pull request with ${seeded.newIssues} new issues (PostgreSQL)\n`)
  console.log(`${seeded.newIssues} new issues in ${seeded.files} files, taken from the target's ${seeded.targetIssues}-issue analysis; ` +
    `ChangeStore.save took ${ms(seeded.saveMs)} ms. ${describeSettings(config)}. Node ${process.versions.node}, ` +
    `${cpus().length} cores, load average ${loadBefore} before, ${loadAfter} after.\n`)
  console.log("| operation | n | p50 ms | p99 ms | mean ms | max ms | target p99 < 30 ms |")
  console.log("|---|---|---|---|---|---|---|")
  for (const [title, stats] of rows) {
    const target = title.startsWith("part:") ? "" : stats.p99 < 30 ? "met" : "missed"
    console.log(`| ${title} | ${stats.n} | ${ms(stats.p50)} | ${ms(stats.p99)} | ${ms(stats.mean)} | ${ms(stats.max)} | ${target} |`)
  }
}))

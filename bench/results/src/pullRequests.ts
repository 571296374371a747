/**
 * Issue 14, point 7: what a pull request costs, in two parts (BENCH_PARTS=analysis,reads).
 *
 * - analysis: a pull request changing 10 files of bench/analysis's corpus through the worker
 *   (warm per-file cache) against the whole analysis of the corpus, in the same run
 *   (`PullRequestAnalysis.ts`); BENCH_RUNS rounds (default 1).
 * - reads: a pull request with 1 000 new issues read on PostgreSQL, `PullRequestReads.one` and
 *   `.issues` (`PullRequestReadsBench.ts`).
 *
 *   npx -y pnpm@10.34.9 --filter @tidemark/bench-results bench:pull-requests
 *
 * Markdown on stdout, progress on stderr.
 */
import { NodeContext } from "@effect/platform-node"
import { Config, Effect } from "effect"
import { cpus, loadavg } from "node:os"
import * as PullRequestAnalysis from "./PullRequestAnalysis.js"
import * as PullRequestReadsBench from "./PullRequestReadsBench.js"

const load = () => loadavg().map((l) => l.toFixed(1)).join(" / ")
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

const settings = Config.all({
  parts: Config.string("BENCH_PARTS").pipe(Config.withDefault("analysis,reads"), Config.map((s) => s.split(","))),
  runs: Config.integer("BENCH_RUNS").pipe(Config.withDefault(1))
})

const analysisRow = (label: string, job: PullRequestAnalysis.JobRun, baselineMs: number) =>
  `| ${label} | ${seconds(job.ms)} | ${(100 * job.ms / baselineMs).toFixed(1)} % | ${seconds(job.steps.checkoutMs)} | ` +
  `${job.steps.analyses} × ${seconds(job.steps.analyzeMs)} | ${seconds(job.steps.blameMs)} (${job.steps.blamedFiles} files) | ` +
  `${seconds(job.steps.gitMs)} | ${seconds(job.ms - job.steps.checkoutMs - job.steps.analyzeMs - job.steps.blameMs - job.steps.gitMs)} |`

const analysisPart = (runs: number) =>
  Effect.gen(function*() {
    const before = load()
    const results: Array<PullRequestAnalysis.PullRequestRun> = []
    for (let round = 0; round < runs; round++) results.push(yield* PullRequestAnalysis.run)
    console.log(`### Pull request analysis (${results[0]?.files ?? 0} files changed) against the whole analysis\n`)
    console.log(`Node ${process.versions.node}, ${cpus().length} cores, load average ${before} before, ${load()} after.\n`)
    console.log("| job | worker time | of the whole analysis | checkout | analyses × time | blame | merge-base + diff | rest (store, settings) |")
    console.log("|---|---|---|---|---|---|---|---|")
    results.forEach((result, i) => {
      const round = runs > 1 ? ` (round ${i + 1})` : ""
      console.log(analysisRow(`whole analysis of main, empty cache${round}`, result.whole, result.whole.ms))
      console.log(analysisRow(`pull request, warm cache${round}`, result.pullRequest, result.whole.ms))
    })
    for (const result of results) {
      console.log(`\nThe pull request: ${result.newIssues} new issues, ${result.fixedIssues} fixed` +
        (result.problems.length === 0 ? "." : `; problems: ${result.problems.join("; ")}.`))
    }
    console.log("\nWhere the head's analysis goes (its parts timed alone on the head's tree afterwards, the cache as the job left it):\n")
    console.log("| part | time | of the pull request's analysis step |")
    console.log("|---|---|---|")
    for (const { head, pullRequest } of results) {
      const share = (ms: number) => `${(100 * ms / pullRequest.steps.analyzeMs).toFixed(0)} %`
      console.log(`| lines, complexity, duplication (analyzeTree; cache ${head.cacheHits} hits, ${head.cacheMisses} misses) | ${seconds(head.measuresMs)} | ${share(head.measuresMs)} |`)
      console.log(`| of which duplication alone (detectDuplication) | ${seconds(head.duplicationMs)} | ${share(head.duplicationMs)} |`)
      console.log(`| ESLint over every file (lintTree) | ${seconds(head.lintMs)} | ${share(head.lintMs)} |`)
    }
  })

const program = Effect.gen(function*() {
  const { parts, runs } = yield* settings
  if (parts.includes("analysis")) yield* analysisPart(runs)
  if (parts.includes("reads")) yield* PullRequestReadsBench.report
}).pipe(Effect.provide(NodeContext.layer))

Effect.runPromise(program).catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})

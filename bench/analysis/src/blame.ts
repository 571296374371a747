/**
 * What giving issues their authors costs (issue 13): the worker's path on a real repository with
 * its history, timed step by step. The commit is checked out from a mirror as the worker does it
 * (GitCli), analysed by `TreeAnalyzer` with the default ESLint9 patterns on an empty per-file
 * cache, then the files with issues are blamed through the same `withAuthors` the worker calls
 * (only the lines with issues), and once more as before, whole files, for comparison.
 * The corpus of `bench` is npm tarballs without history, so this bench takes a git repository:
 * by default ESLint's own, at the tag of the corpus's ESLint (a clone of about 90 MB).
 *
 *   BENCH_BLAME_REPO=<url or path> BENCH_BLAME_REV=v9.39.5 BENCH_BLAME_CONCURRENCY=1,4 BENCH_RUNS=2 \
 *     pnpm --filter @tidemark/bench-analysis bench:blame
 *
 * Markdown on stdout, progress on stderr.
 */
import { FileSystem, Path } from "@effect/platform"
import { NodeContext } from "@effect/platform-node"
import { GitCli } from "@tidemark/adapter-git"
import { TreeAnalyzer } from "@tidemark/analysis"
import { FileLines, IssueAuthors } from "@tidemark/core"
import { Effect, Layer } from "effect"
import { execFileSync } from "node:child_process"
import { cpus, loadavg } from "node:os"
import { defaultSettings } from "./DefaultSettings.js"

const repository = process.env["BENCH_BLAME_REPO"] ?? "https://github.com/eslint/eslint.git"
const revision = process.env["BENCH_BLAME_REV"] ?? "v9.39.5"
const runs = Math.max(1, Number(process.env["BENCH_RUNS"] ?? "1"))
const concurrencies = (process.env["BENCH_BLAME_CONCURRENCY"] ?? "4").split(",").map(Number).filter((n) => n >= 1)

const progress = (message: string) => Effect.sync(() => console.error(`[bench:blame] ${message}`))
const load = () => loadavg().map((l) => l.toFixed(1)).join(" / ")
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

const timed = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const start = performance.now()
    const value = yield* effect
    return [value, performance.now() - start] as const
  })

/** The commit `revision` names at the source (a tag's commit, not the tag object). */
const commitOf = (url: string, rev: string): string => {
  const lines = execFileSync("git", ["ls-remote", "--", url, rev, `${rev}^{}`], { encoding: "utf8" }).trim().split("\n")
  const peeled = lines.find((line) => line.endsWith("^{}")) ?? lines[0] ?? ""
  const sha = peeled.split("\t")[0] ?? ""
  if (!/^[0-9a-f]{40}$/.test(sha)) throw new Error(`${rev} names no commit of ${url}`)
  return sha
}

interface Run {
  readonly concurrency: number
  readonly checkoutMs: number
  readonly analysisMs: number
  readonly blameMs: number
  /** The same files blamed whole (FileLines without `only`), after the timed blame above. */
  readonly wholeFilesMs: number
  readonly issues: number
  readonly files: number
  readonly authored: number
  readonly authors: number
}

const oneRun = (sha: string, concurrency: number) =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const path = yield* Path.Path
    const scratch = yield* fs.makeTempDirectoryScoped({ prefix: "tidemark-bench-blame-" })
    const git = yield* GitCli.makePorts({ cacheDirectory: path.join(scratch, "git-cache"), blameConcurrency: concurrency })
    const analyzer = yield* TreeAnalyzer.make({ cacheDirectory: path.join(scratch, "analysis-cache") })
    // The mirror is cloned before the clock starts: a worker's mirror is there from the repository's addition.
    yield* git.reader.read(repository)
    const [root, checkoutMs] = yield* timed(git.checkout.checkout(repository, sha))
    const [output, analysisMs] = yield* timed(analyzer.analyze(root, defaultSettings()))
    const authorsOver = (lines: FileLines.FileLines["Type"]) =>
      Effect.provide(IssueAuthors.IssueAuthors, IssueAuthors.IssueAuthors.Default.pipe(Layer.provide(Layer.succeed(FileLines.FileLines, lines))))
    const issueLines = yield* authorsOver(git.lines)
    const [findings, blameMs] = yield* timed(issueLines.withAuthors(repository, sha, output.findings))
    const wholeFiles = yield* authorsOver(FileLines.FileLines.of({ read: (url, commit, paths) => git.lines.read(url, commit, paths), texts: git.lines.texts }))
    const [wholeFindings, wholeFilesMs] = yield* timed(wholeFiles.withAuthors(repository, sha, output.findings))
    const authored = findings.filter((f) => f.authorEmail !== undefined)
    if (wholeFindings.some((f, i) => f.authorEmail !== findings[i]?.authorEmail)) {
      return yield* Effect.dieMessage("blaming the issue lines gave other authors than blaming whole files")
    }
    return {
      concurrency,
      checkoutMs,
      analysisMs,
      blameMs,
      wholeFilesMs,
      issues: findings.length,
      files: new Set(findings.map((f) => f.filePath)).size,
      authored: authored.length,
      authors: new Set(authored.map((f) => f.authorEmail)).size
    } satisfies Run
  }).pipe(Effect.scoped)

const row = (run: Run) => {
  const withoutBlame = run.checkoutMs + run.analysisMs
  return `| ${run.concurrency} | ${seconds(run.checkoutMs)} | ${seconds(run.analysisMs)} | ${seconds(run.blameMs)} | ` +
    `${seconds(run.wholeFilesMs)} | ×${(run.blameMs / run.wholeFilesMs).toFixed(2)} | ` +
    `${run.files} | ${run.issues} (${run.authored} with an author, ${run.authors} authors) | ` +
    `×${((withoutBlame + run.blameMs) / withoutBlame).toFixed(2)} |`
}

const program = Effect.gen(function*() {
  const loadBefore = load()
  const sha = commitOf(repository, revision)
  const results: Array<Run> = []
  for (let run = 1; run <= runs; run++) {
    for (const concurrency of concurrencies) {
      yield* progress(`run ${run}/${runs}, ${concurrency} blame(s) at once`)
      const result = yield* oneRun(sha, concurrency)
      yield* progress(`analysis ${seconds(result.analysisMs)}, blame ${seconds(result.blameMs)}, load ${load()}`)
      results.push(result)
    }
  }
  console.log(`${repository} at ${revision} (${sha}). Node ${process.versions.node}, ${cpus().length} cores, ` +
    `load average ${loadBefore} before, ${load()} after.\n`)
  console.log("| blames at once | checkout | analysis | blame (issue lines) | blame (whole files) | lines ÷ whole | files blamed | issues | with blame ÷ without |")
  console.log("|---|---|---|---|---|---|---|---|---|")
  for (const result of results) console.log(row(result))
}).pipe(Effect.provide(NodeContext.layer))

Effect.runPromise(program).catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})

import { GitCli } from "@tidemark/adapter-git"
import {
  analyzeTree,
  detectDuplication,
  DirectoryAnalysisCache,
  lintTree,
  loadGrammars,
  readSourceTree,
  TreeAnalyzer
} from "@tidemark/analysis"
import { timed } from "@tidemark/bench-storage/Measure"
import { catalogue } from "@tidemark/catalogue"
import {
  AnalysisQueue,
  AnalysisWorker,
  Analyzer,
  ChangeStore,
  CommitAnalysis,
  FileLines,
  GitChanges,
  OrganizationStore,
  Repositories,
  RepositoryStore,
  SourceCheckout
} from "@tidemark/core"
import { MemoryEventQueue, StaticToolCatalogue, storageLayer } from "@tidemark/core/memory"
import { Console, Context, Effect, Layer, Option, Schema } from "effect"
import { execFileSync } from "node:child_process"
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ensureCorpus } from "../../../packages/analysis/test/Corpus.js"
import { defaultSettings, enabledRules } from "../../analysis/src/DefaultSettings.js"

/**
 * Issue 14, point 7: a pull request that changes 10 files of bench/analysis's corpus, analysed by
 * the worker's real path (`AnalysisWorker.processOne` on a job with `pullRequest` and
 * `targetBranch`: ChangeRecording.recordPullRequest), with the per-file cache warm from the target's
 * analysis, against the whole analysis of the corpus (the target branch's job, on an empty cache) in
 * the same run. The corpus becomes a git repository with two branches in a temporary directory,
 * read, checked out, diffed and blamed by the real GitCli adapter; storage is in memory (what the
 * analysis costs, not the store: bench/results' worker part measures the store).
 */

const organization = "acme"
const repositoryName = "corpus"
const changedFiles = 10

/** Each step the worker takes through a port, summed over a job. */
export interface Steps {
  checkoutMs: number
  analyses: number
  analyzeMs: number
  blameMs: number
  blamedFiles: number
  gitMs: number
}

const noSteps = (): Steps => ({ checkoutMs: 0, analyses: 0, analyzeMs: 0, blameMs: 0, blamedFiles: 0, gitMs: 0 })

export interface JobRun {
  readonly ms: number
  readonly steps: Steps
}

export interface PullRequestRun {
  readonly files: number
  readonly whole: JobRun
  readonly pullRequest: JobRun
  readonly newIssues: number
  readonly fixedIssues: number
  readonly problems: ReadonlyArray<string>
  readonly head: HeadBreakdown
}

/** Where the head's analysis goes: its parts timed alone on the head's tree, the per-file cache as warm as the job had it. */
export interface HeadBreakdown {
  /** `analyzeTree`: lines and complexity per file (from the cache but for the 10 changed files) and duplication. */
  readonly measuresMs: number
  readonly cacheHits: number
  readonly cacheMisses: number
  /** Duplication alone (across all files: not cached). */
  readonly duplicationMs: number
  /** ESLint over every file (not cached per file). */
  readonly lintMs: number
}

const gitEnv = {
  ...process.env,
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_AUTHOR_NAME: "Ada Lovelace",
  GIT_AUTHOR_EMAIL: "ada@example.org",
  GIT_COMMITTER_NAME: "Ada Lovelace",
  GIT_COMMITTER_EMAIL: "ada@example.org"
}
const git = (cwd: string, args: ReadonlyArray<string>) => execFileSync("git", args, { cwd, env: gitEnv, encoding: "utf8", maxBuffer: 1 << 26 }).trim()

/**
 * The corpus as a git repository: `main` holds it, `feature` changes 10 of its JavaScript files
 * (spread over the tree), each given a function that is never used and reads an undefined name.
 */
export const corpusRepository = (root: string) => {
  const directory = mkdtempSync(join(tmpdir(), "tidemark-bench-pr-"))
  cpSync(root, directory, { recursive: true })
  git(directory, ["init", "--quiet", "-b", "main"])
  git(directory, ["add", "--all"])
  git(directory, ["commit", "--quiet", "-m", "The corpus"])
  const scripts = git(directory, ["ls-files", "*.js"]).split("\n").filter((f) => f !== "").sort()
  const step = Math.max(1, Math.floor(scripts.length / changedFiles))
  const chosen = scripts.filter((_, i) => i % step === 0).slice(0, changedFiles)
  git(directory, ["checkout", "--quiet", "-b", "feature"])
  chosen.forEach((file, i) => {
    const path = join(directory, file)
    writeFileSync(path, `${readFileSync(path, "utf8")}\nfunction tidemarkBenchAdded${i}() { return tidemarkBenchMissing${i} }\n`)
  })
  git(directory, ["commit", "--quiet", "-am", "Change 10 files"])
  git(directory, ["checkout", "--quiet", "main"])
  return {
    directory,
    files: chosen.length,
    main: git(directory, ["rev-parse", "main"]),
    feature: git(directory, ["rev-parse", "feature"]),
    remove: () => rmSync(directory, { recursive: true, force: true })
  }
}

/** The worker's ports with each step timed into `steps` (the current job's). */
const timedPorts = (ports: GitCli.GitCliPorts, analyzer: Context.Tag.Service<Analyzer.Analyzer>, current: () => Steps) => {
  const add = (field: "checkoutMs" | "analyzeMs" | "blameMs" | "gitMs") => <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    Effect.map(timed(effect), ([value, ms]) => {
      current()[field] += ms
      return value
    })
  return Context.make(SourceCheckout.SourceCheckout, { checkout: (url, sha) => add("checkoutMs")(ports.checkout.checkout(url, sha)) }).pipe(
    Context.add(Analyzer.Analyzer, {
      analyze: (root, settings) => {
        current().analyses += 1
        return add("analyzeMs")(analyzer.analyze(root, settings))
      }
    }),
    Context.add(FileLines.FileLines, {
      read: (url, sha, paths, only) => {
        current().blamedFiles += paths.length
        return add("blameMs")(ports.lines.read(url, sha, paths, only))
      },
      texts: ports.lines.texts
    }),
    Context.add(GitChanges.GitChanges, {
      ...ports.changes,
      mergeBase: (url, a, b) => add("gitMs")(ports.changes.mergeBase(url, a, b)),
      changedFiles: (url, base, head) => add("gitMs")(ports.changes.changedFiles(url, base, head))
    })
  )
}

const encodeJob = Schema.encodeSync(CommitAnalysis.AnalysisJobJson)

/** The head's tree analysed again part by part, in the repository's working tree checked out at `feature`. */
const headBreakdown = (directory: string, cacheDirectory: string) =>
  Effect.gen(function*() {
    git(directory, ["checkout", "--quiet", "feature"])
    const grammars = yield* loadGrammars
    const [tree, measuresMs] = yield* timed(analyzeTree(directory, grammars).pipe(Effect.provide(DirectoryAnalysisCache.layer(cacheDirectory))))
    const sources = yield* readSourceTree(directory)
    const [, duplicationMs] = yield* timed(detectDuplication(sources))
    const [, lintMs] = yield* timed(lintTree(directory, sources, { rules: enabledRules(defaultSettings()), useConfigurationFile: false }))
    git(directory, ["checkout", "--quiet", "main"])
    return { measuresMs, cacheHits: tree.cacheUse.hits, cacheMisses: tree.cacheUse.misses, duplicationMs, lintMs } satisfies HeadBreakdown
  })

/** One round: a fresh store, mirror and empty per-file cache; the target's whole analysis, then the pull request's. */
export const run = Effect.scoped(Effect.gen(function*() {
  const corpus = corpusRepository(ensureCorpus())
  yield* Effect.addFinalizer(() => Effect.sync(corpus.remove))
  const scratch = join(corpus.directory, "..", `${corpus.directory.split("/").at(-1) ?? "pr"}-data`)
  yield* Effect.addFinalizer(() => Effect.sync(() => rmSync(scratch, { recursive: true, force: true })))
  const ports = yield* GitCli.makePorts({ cacheDirectory: join(scratch, "git-cache") })
  const analyzer = yield* TreeAnalyzer.make({ cacheDirectory: join(scratch, "analysis-cache") })
  let steps = noSteps()
  const storage = yield* Layer.build(Layer.mergeAll(storageLayer, StaticToolCatalogue.layer(catalogue), MemoryEventQueue.analysisLayer()))
  const context = Context.merge(storage, timedPorts(ports, analyzer, () => steps))
  const worker = Context.get(yield* Effect.provide(Layer.build(AnalysisWorker.AnalysisWorker.Default()), context), AnalysisWorker.AnalysisWorker)

  // The repository as adding it stores it; the mirror is cloned here, before any clock starts.
  const repositories = Context.get(context, RepositoryStore.RepositoryStore)
  const { id: organizationId } = yield* Context.get(context, OrganizationStore.OrganizationStore).ensureOrganization("gh", organization)
  const read = yield* ports.reader.read(corpus.directory)
  const record = yield* repositories.saveSnapshot(
    organizationId,
    Repositories.snapshotOf({ provider: "gh", owner: organization, name: repositoryName, gitUrl: corpus.directory, visibility: "Private" }, read),
    new Date().toISOString()
  )
  const job = (fields: Partial<CommitAnalysis.AnalysisJob>) =>
    new CommitAnalysis.AnalysisJob({ organizationId, repositoryName, branch: "main", commitSha: corpus.main, requestedAt: new Date().toISOString(), ...fields })
  const processed = (analysisJob: CommitAnalysis.AnalysisJob) =>
    Effect.gen(function*() {
      steps = noSteps()
      yield* Context.get(context, AnalysisQueue.AnalysisQueue).publish(crypto.randomUUID(), encodeJob(analysisJob))
      const [handled, ms] = yield* timed(worker.processOne)
      if (handled !== 1) return yield* Effect.dieMessage(`the worker handled ${handled} jobs`)
      return { ms, steps } satisfies JobRun
    })

  yield* Console.error(`[pull-request] whole analysis of main (${corpus.main.slice(0, 12)}), empty cache`)
  const whole = yield* processed(job({}))
  yield* Console.error(`[pull-request] ${(whole.ms / 1000).toFixed(2)} s; the pull request (feature → main), warm cache`)
  const pullRequest = yield* processed(job({ branch: "feature", commitSha: corpus.feature, pullRequest: 1, targetBranch: "main" }))
  yield* Console.error(`[pull-request] ${(pullRequest.ms / 1000).toFixed(2)} s`)
  const head = yield* headBreakdown(corpus.directory, join(scratch, "analysis-cache"))
  const change = yield* Context.get(context, ChangeStore.ChangeStore).find({ repositoryId: record.id, subject: { kind: "pullRequest", number: 1 } })
  if (Option.isNone(change)) return yield* Effect.dieMessage("the pull request's analysis was not stored")
  return {
    files: corpus.files,
    whole,
    pullRequest,
    newIssues: change.value.newIssues,
    fixedIssues: change.value.fixedIssues,
    problems: change.value.problems.map((p) => p.message),
    head
  } satisfies PullRequestRun
}))

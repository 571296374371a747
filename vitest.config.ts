import { setFlagsFromString } from "node:v8"
import { defineConfig } from "vitest/config"
import { BaseSequencer, type TestSpecification } from "vitest/node"

/**
 * WebAssembly at V8's baseline tier in the test processes, as in the servers the tests start
 * (`TIDEMARK_WASM_OPTIMIZE=false`, packages/server/src/WasmTier.ts): optimizing Ruff's 10 MB
 * module and PGlite's costs every process that runs them seconds of CPU (Ruff over 50 files: 6.2
 * CPU s, 1.3 at the baseline tier), which the tests' small trees never win back. The flag is the
 * process's: set here, in the process whose threads run the shared files; the forks get it as an
 * argument (below).
 */
const baselineWasm = "--liftoff-only"
setFlagsFromString(baselineWasm)

/**
 * The longest files, longest first (as measured on a two-core machine), started before the rest:
 * a clean clone has no timings of its own, and Vitest then starts the largest files first, which
 * left the server's long ones for the end (the run's last 140 s with one file running).
 */
const longestFirst = [
  "packages/server/test/Cli.test.ts",
  "packages/analysis/test/ThreadedAnalyzer.test.ts",
  "packages/server/test/Durability.test.ts",
  "packages/server/test/Crash.test.ts",
  "packages/server/test/Packaging.test.ts",
  "packages/adapter-http/test/hostile/HostileRepositories.test.ts",
  "packages/server/test/Gate.test.ts",
  "packages/server/test/TokenCli.test.ts",
  "packages/server/test/RegisteredTools.test.ts",
  "packages/server/test/GitHostCli.test.ts",
  "packages/server/test/RepositoryToken.test.ts",
  "packages/server/test/DashboardChanges.e2e.test.ts",
  "packages/server/test/BrokerRestart.test.ts",
  "packages/adapter-http/test/properties/IngestionFuzz.test.ts",
  "packages/adapter-pg/test/EmbeddedIngestion.test.ts",
  "packages/adapter-pg/test/PgStorage.test.ts",
  "packages/analysis/test/CloneDetector.test.ts",
  "packages/analysis/test/RealProjects.test.ts",
  "packages/analysis/test/golang/GoTool.test.ts",
  "packages/analysis/test/rubocop/RubocopTool.test.ts"
]

class LongestFirst extends BaseSequencer {
  override async sort(files: Array<TestSpecification>) {
    const rank = (file: TestSpecification) => {
      const index = longestFirst.findIndex((path) => file.moduleId.endsWith(path))
      return index === -1 ? longestFirst.length : index
    }
    return (await super.sort(files)).map((file, order) => ({ file, order })).sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order).map(({ file }) => file)
  }
}

/**
 * The HTTP suite (whole servers with real git and analyser) runs once, on PostgreSQL; every storage
 * adapter is held to the same behaviour by the per-port contract suites (memory, PostgreSQL, PGlite),
 * so running the suite again per storage only repeated the git and analysis work. Its subfolders
 * run once too: health in `all`, the hostile repositories in `isolated`.
 */
const httpSuite = ["packages/adapter-http/test/*.test.ts"]

/**
 * Files that must run in a fresh module registry each: the server's files (each drives child
 * processes and ports of its own), a test that measures a parser's stack overflow, whose depth
 * depends on what the worker ran before, and the analysis threads' test, which times a thread's
 * replacement (in a shared thread, beside CPU-bound files, it took past its minute), and the
 * hostile repositories' (in a shared thread its analyses never finished within three minutes).
 * The embedded database's files too: PGlite's WebAssembly memory (hundreds of MB) stays resident in
 * the process that opened it, and every process that process starts then costs its page tables'
 * copy: beside EmbeddedPostgres, the git adapter's contract file took 36.6 s instead of 10.1 s and
 * the two 96.7 CPU s instead of 56.6 (most of it system time, in fork), and every later file of the
 * threads' process that runs git or a server paid the same.
 */
const isolatedFiles = [
  "packages/server/test/**/*.test.ts",
  "packages/adapter-pg/test/Embedded*.test.ts",
  "packages/adapter-http/test/hostile/**/*.test.ts",
  "packages/analysis/test/TreeAnalyzer.test.ts",
  "packages/analysis/test/ThreadedAnalyzer.test.ts"
]

/**
 * The packages whose test files share their worker's modules (Vitest's threads pool without
 * isolation): each file of the core otherwise loads Effect's hundreds of modules afresh, which was
 * most of the suite's CPU time (the core's 77 files: 47 CPU s shared, 308 isolated). They run
 * first and alone: the core's files failed beside the adapters' (a PGlite left open; a test clock
 * lost beside git's, the git hosts' and the port contracts' files). The adapters', the examples' and
 * the HTTP suite's files share modules too, but among themselves, after them (a project at a time:
 * Vitest recycles the threads between projects): in a process each, they spent more time loading
 * the sources than testing them (the HTTP suite alone: 397 s of collection for 329 s of tests,
 * 253 s; shared, 64 s and 155 s).
 */
const sharedModules = ["core", "catalogue", "analysis", "dashboard"].map((name) => `packages/${name}/test/**/*.test.ts`)

/**
 * Vitest gives a machine of N cores N-1 workers: one on this project's two-core machines, which
 * ran the suite one file at a time. Most of its long files wait on other processes (git, the
 * server, PostgreSQL, NATS, Chromium, npm), so three threads keep both cores busy. The processes
 * of `isolated` run beside the threads of `http-postgres` and `all`, two at once: each starts
 * servers and commands of its own, and six workers on two cores timed out the tests that wait on a
 * server or a thread. Since every analysis also reads lockfiles and scans for secrets, three
 * threads beside two processes kept a two-core machine at a load of 9–10 and timed out tests that
 * wait on an embedded database or a server (stop 42): two threads.
 */
const workers = Number(process.env["TIDEMARK_TEST_WORKERS"] ?? "2")
const forks = Number(process.env["TIDEMARK_TEST_FORKS"] ?? "2")

export default defineConfig({
  resolve: { conditions: ["tidemark-source"] },
  ssr: { resolve: { conditions: ["tidemark-source"] } },
  test: {
    maxWorkers: workers,
    minWorkers: 1,
    // Each test file loads Effect's hundreds of modules afresh; bundled once, a file starts in half the time.
    deps: {
      optimizer: {
        ssr: {
          enabled: true,
          include: ["effect", "@effect/platform", "@effect/platform-node", "@effect/sql", "@effect/sql-pg", "@effect/vitest"]
        }
      }
    },
    // Pool options are read per pool from here, not from a project. The threads are kept for the
    // whole run (as many at least as at most): Tinypool 1.1 retiring an idle thread while Vitest
    // recycles the pool failed the run with "Terminating worker thread" after every test passed.
    poolOptions: {
      threads: { isolate: false, minThreads: workers, maxThreads: workers },
      forks: { isolate: true, minForks: 1, maxForks: forks, execArgv: [baselineWasm] }
    },
    sequence: { sequencer: LongestFirst },
    // A file's tests wait on servers, git and analysers beside the rest of the suite: on a loaded
    // two-core machine a 20 s test took past 30 s (the clean run of stop 42 failed 13 such tests,
    // each passing alone), so the limit is for hangs, not for speed (speed is bench/'s).
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: "shared",
          pool: "threads",
          sequence: { groupOrder: 0 },
          include: sharedModules,
          exclude: [...isolatedFiles, "**/node_modules/**"],
          env: { TIDEMARK_TEST_STORAGE: "memory" }
        }
      },
      {
        extends: true,
        test: {
          name: "all",
          pool: "threads",
          sequence: { groupOrder: 1 },
          include: ["packages/*/test/**/*.test.ts", "examples/test/**/*.test.ts"],
          exclude: [...httpSuite, ...isolatedFiles, ...sharedModules, "**/node_modules/**"],
          env: { TIDEMARK_TEST_STORAGE: "memory" }
        }
      },
      {
        extends: true,
        test: {
          name: "isolated",
          sequence: { groupOrder: 1 },
          include: isolatedFiles,
          globalSetup: ["packages/server/test/EmbeddedTemplate.setup.ts"],
          env: { TIDEMARK_TEST_STORAGE: "memory" }
        }
      },
      {
        extends: true,
        test: { name: "http-postgres", pool: "threads", sequence: { groupOrder: 1 }, include: httpSuite, env: { TIDEMARK_TEST_STORAGE: "postgres" } }
      }
    ]
  }
})

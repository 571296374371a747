import { defineConfig } from "vitest/config"

/**
 * The HTTP suite (whole servers with real git and analyser) runs once, on PostgreSQL; every storage
 * adapter is held to the same behaviour by the per-port contract suites (memory, PostgreSQL, PGlite),
 * so running the suite again per storage only repeated the git and analysis work. Its subfolders
 * (health, hostile repositories) run once too, in `all`.
 */
const httpSuite = ["packages/adapter-http/test/*.test.ts"]

/**
 * Files that must run in a fresh module registry each: the server's files (each drives child
 * processes and ports of its own), a test that measures a parser's stack overflow, whose depth
 * depends on what the worker ran before, and the analysis threads' test, which times a thread's
 * replacement (in a shared thread, beside CPU-bound files, it took past its minute).
 */
const isolatedFiles = [
  "packages/server/test/**/*.test.ts",
  "packages/analysis/test/TreeAnalyzer.test.ts",
  "packages/analysis/test/ThreadedAnalyzer.test.ts"
]

/**
 * The packages whose test files share their worker's modules (Vitest's threads pool without
 * isolation): each file of the core otherwise loads Effect's hundreds of modules afresh, which was
 * most of the suite's CPU time (the core's 77 files: 47 CPU s shared, 308 isolated). The adapters',
 * the examples' and the HTTP suite's files keep a process each: they hold databases, queues and
 * analysis threads that outlive a file, and the core's files failed beside them (a PGlite left open;
 * a test clock lost beside git's, the git hosts' and the port contracts' files).
 */
const sharedModules = ["core", "catalogue", "analysis", "dashboard"].map((name) => `packages/${name}/test/**/*.test.ts`)

/**
 * Vitest gives a machine of N cores N-1 workers: one on this project's two-core machines, which
 * ran the suite one file at a time. Most of its long files wait on other processes (git, the
 * server, PostgreSQL, NATS, Chromium, npm), so three workers keep both cores busy. The
 * threads pool (`shared`) runs first, then the forks pool (the rest): side by side, six workers
 * on two cores timed out the tests that wait on a server or a thread.
 */
const workers = Number(process.env["TIDEMARK_TEST_WORKERS"] ?? "3")

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
      forks: { isolate: true }
    },
    testTimeout: 30_000,
    hookTimeout: 60_000,
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
          sequence: { groupOrder: 1 },
          include: ["packages/*/test/**/*.test.ts", "examples/test/**/*.test.ts"],
          exclude: [...httpSuite, ...isolatedFiles, ...sharedModules, "**/node_modules/**"],
          env: { TIDEMARK_TEST_STORAGE: "memory" }
        }
      },
      {
        extends: true,
        test: { name: "isolated", sequence: { groupOrder: 1 }, include: isolatedFiles, env: { TIDEMARK_TEST_STORAGE: "memory" } }
      },
      {
        extends: true,
        test: { name: "http-postgres", sequence: { groupOrder: 1 }, include: httpSuite, env: { TIDEMARK_TEST_STORAGE: "postgres" } }
      }
    ]
  }
})

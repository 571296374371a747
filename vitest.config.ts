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
 * processes and ports of its own), and a test that measures a parser's stack overflow, whose depth
 * depends on what the worker ran before. The other files of `all` could share their worker's
 * modules (`vitest run --no-isolate` runs the core's 77 files in 15 s instead of 55), but Vitest
 * 3.2 does not take `isolate: false` from a project's config (measured: 55 s with it), and a
 * global `--no-isolate` breaks the HTTP suite (an analysis thread outlives its file): still to do.
 */
const isolatedFiles = ["packages/server/test/**/*.test.ts", "packages/analysis/test/TreeAnalyzer.test.ts"]

/**
 * Vitest gives a machine of N cores N-1 workers: one on this project's two-core machines, which
 * ran the suite one file at a time. Most of its long files wait on other processes (git, the
 * server, PostgreSQL, NATS, Chromium, npm), so three workers keep both cores busy.
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
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "all",
          include: ["packages/*/test/**/*.test.ts", "examples/test/**/*.test.ts"],
          exclude: [...httpSuite, ...isolatedFiles, "**/node_modules/**"],
          env: { TIDEMARK_TEST_STORAGE: "memory" }
        }
      },
      { extends: true, test: { name: "isolated", include: isolatedFiles, env: { TIDEMARK_TEST_STORAGE: "memory" } } },
      { extends: true, test: { name: "http-postgres", include: httpSuite, env: { TIDEMARK_TEST_STORAGE: "postgres" } } }
    ]
  }
})

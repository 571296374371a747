import { defineConfig } from "vitest/config"

/**
 * The HTTP suite (whole servers with real git and analyser) runs once, on PostgreSQL; every storage
 * adapter is held to the same behaviour by the per-port contract suites (memory, PostgreSQL, PGlite),
 * so running the suite again per storage only repeated the git and analysis work. Its subfolders
 * (health, hostile repositories) run once too, in `all`.
 */
const httpSuite = ["packages/adapter-http/test/*.test.ts"]

export default defineConfig({
  resolve: { conditions: ["tidemark-source"] },
  ssr: { resolve: { conditions: ["tidemark-source"] } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "all",
          include: ["packages/*/test/**/*.test.ts", "examples/test/**/*.test.ts"],
          exclude: [...httpSuite, "**/node_modules/**"],
          env: { TIDEMARK_TEST_STORAGE: "memory" }
        }
      },
      { extends: true, test: { name: "http-postgres", include: httpSuite, env: { TIDEMARK_TEST_STORAGE: "postgres" } } }
    ]
  }
})

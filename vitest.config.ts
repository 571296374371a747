import { defineConfig } from "vitest/config"

/** The HTTP suite runs once per storage adapter (its property tests, storage-independent, once). */
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
          env: { TIDEMARK_TEST_STORAGE: "memory" }
        }
      },
      { extends: true, test: { name: "http-postgres", include: httpSuite, env: { TIDEMARK_TEST_STORAGE: "postgres" } } },
      { extends: true, test: { name: "http-embedded", include: httpSuite, env: { TIDEMARK_TEST_STORAGE: "embedded" } } }
    ]
  }
})

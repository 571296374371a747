import { defineConfig } from "vitest/config"

export default defineConfig({
  resolve: { conditions: ["tidemark-source"] },
  ssr: { resolve: { conditions: ["tidemark-source"] } },
  test: {
    include: ["packages/*/test/**/*.test.ts", "examples/test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000
  }
})

import { defineConfig } from "vite"

/**
 * The dashboard is static files served by the HTTP adapter at `/`. Relative asset URLs (`base`)
 * keep the build correct under any prefix; hash routing means the server needs no route table.
 */
export default defineConfig({
  base: "./",
  esbuild: { jsx: "automatic", jsxImportSource: "preact" },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    // The budget is 200 KB gzipped; a warning past 150 KB raw keeps growth visible early.
    chunkSizeWarningLimit: 150
  },
  // `pnpm --filter @tidemark/dashboard dev` (or `preview`) against a running server: `pnpm start`,
  // or the one `TIDEMARK_URL` names, as for the CLI.
  server: { proxy: { "/api": process.env["TIDEMARK_URL"] ?? "http://127.0.0.1:8080" } }
})

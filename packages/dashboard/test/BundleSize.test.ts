import { execFileSync } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, describe, expect, it } from "vitest"
import { measureFirstLoad } from "./FirstLoad.js"

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..")
const budgetBytes = 200 * 1024

describe("the built dashboard", () => {
  const outDir = mkdtempSync(join(tmpdir(), "tidemark-dashboard-"))
  afterAll(() => rmSync(outDir, { recursive: true, force: true }))

  it("loads less than 200 KB of gzipped JavaScript at first", () => {
    // A production build of its own (a separate process, as `pnpm build` runs it), into a scratch folder.
    execFileSync(process.execPath, [join(packageDir, "node_modules/vite/bin/vite.js"), "build", "--outDir", outDir, "--logLevel", "warn"], {
      cwd: packageDir,
      env: { ...process.env, NODE_ENV: "production" },
      stdio: "pipe"
    })
    const firstLoad = measureFirstLoad(outDir)
    console.info(
      `dashboard first load: ${firstLoad.scripts.join(", ")}: ${(firstLoad.rawBytes / 1024).toFixed(1)} KB, ` +
        `${(firstLoad.gzippedBytes / 1024).toFixed(1)} KB gzipped (budget ${budgetBytes / 1024} KB)`
    )
    expect(firstLoad.scripts.length).toBeGreaterThan(0)
    expect(firstLoad.gzippedBytes).toBeLessThan(budgetBytes)
  })
})

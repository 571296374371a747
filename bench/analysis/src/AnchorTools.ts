import { execFileSync } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/** Wall time of a command, in milliseconds; ESLint exits 1 when it reports, which is expected. */
const wallTime = (command: string, args: ReadonlyArray<string>, cwd: string, okExitCodes: ReadonlyArray<number>) => {
  const start = performance.now()
  try {
    execFileSync(command, args, { cwd, stdio: "ignore" })
  } catch (error) {
    const status = (error as { readonly status?: number }).status
    if (status === undefined || !okExitCodes.includes(status)) throw error
  }
  return performance.now() - start
}

export const clocMs = (root: string) => wallTime("cloc", ["--quiet", "--json", "."], root, [0])

export const jscpdMs = (root: string) => {
  const output = mkdtempSync(join(tmpdir(), "tidemark-bench-jscpd-"))
  try {
    return wallTime(process.execPath, [
      here("../node_modules/jscpd/bin/jscpd"), "--min-tokens", "50", "--reporters", "json", "--output", output, "--silent", "."
    ], root, [0])
  } finally {
    rmSync(output, { recursive: true, force: true })
  }
}

export const eslintMs = (root: string) =>
  wallTime(process.execPath, [
    here("../node_modules/eslint/bin/eslint.js"), "--config", here("../eslint.complexity.config.mjs"),
    "--format", "json", "--output-file", "/dev/null", "--no-warn-ignored", "."
  ], root, [0, 1])

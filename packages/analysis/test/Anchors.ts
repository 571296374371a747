import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { cacheRoot, corpusId } from "./Corpus.js"

/**
 * The anchor tools' answers on the corpus never change for a given tool version, and running them
 * costs most of the suite's time (ESLint alone ~20 s), so each is kept beside the corpus once computed.
 */
/** Room for the first run on a machine: downloading the corpus and running the anchor tools. */
export const anchorTimeout = 180_000

export const cachedAnchor = <A>(name: string, compute: () => A): A => {
  const dir = join(cacheRoot, `anchors-${corpusId}`)
  const file = join(dir, `${name}.json`)
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as A
  const value = compute()
  mkdirSync(dir, { recursive: true })
  writeFileSync(file, JSON.stringify(value))
  return value
}

const clocVersion = (): string => {
  try {
    return execFileSync("cloc", ["--version"], { encoding: "utf8" }).trim()
  } catch {
    throw new Error("cloc is not installed: apt-get install -y cloc (.ci/run installs it when missing)")
  }
}

export interface ClocFile {
  readonly code: number
  readonly language: string
}

/** cloc's code lines per file, keyed by path relative to the corpus root. */
export const clocByFile = (root: string): Record<string, ClocFile> =>
  cachedAnchor(`cloc-${clocVersion()}`, () => {
    const json = execFileSync("cloc", ["--json", "--by-file", "--quiet", "."], {
      cwd: root,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024
    })
    const report = JSON.parse(json) as Record<string, ClocFile>
    return Object.fromEntries(
      Object.entries(report)
        .filter(([path]) => path !== "header" && path !== "SUM")
        .map(([path, file]) => [path.replace(/^\.\//, ""), { code: file.code, language: file.language }])
    )
  })

export interface JscpdTotal {
  readonly clones: number
  readonly duplicatedLines: number
  readonly lines: number
  readonly percentage: number
}

// jscpd's exports map hides its package.json, so the bin is found from this package's node_modules.
const jscpdBin = fileURLToPath(new URL("../node_modules/jscpd/bin/jscpd", import.meta.url))

/** The jscpd CLI's totals on the corpus with the given minimum block size. */
export const jscpdTotal = (root: string, minTokens: number): JscpdTotal =>
  cachedAnchor(`jscpd-4.3.0-min-tokens-${minTokens}`, () => {
    const output = mkdtempSync(join(cacheRoot, "jscpd-"))
    try {
      execFileSync(process.execPath, [
        jscpdBin, "--min-tokens", String(minTokens), "--reporters", "json", "--output", output, "--silent", "."
      ], { cwd: root, stdio: "ignore" })
      const report = JSON.parse(readFileSync(join(output, "jscpd-report.json"), "utf8")) as {
        readonly statistics: { readonly total: JscpdTotal }
      }
      const { clones, duplicatedLines, lines, percentage } = report.statistics.total
      return { clones, duplicatedLines, lines, percentage }
    } finally {
      rmSync(output, { recursive: true, force: true })
    }
  })

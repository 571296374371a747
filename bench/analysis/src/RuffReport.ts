/** Tables of `bench:python` (Ruff in our analysis against Ruff's WebAssembly build called directly). */

export const median = (samples: ReadonlyArray<number>): number => {
  const sorted = [...samples].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

/** The nearest-rank percentile. */
export const percentile = (samples: ReadonlyArray<number>, p: number): number => {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0
}

const table = (header: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<string>>) =>
  [`| ${header.join(" | ")} |`, `|${header.map(() => "---").join("|")}|`, ...rows.map((r) => `| ${r.join(" | ")} |`)].join("\n")

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const millis = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2))
const perThousand = (ms: number, lines: number) => (lines === 0 ? "–" : millis((ms / lines) * 1000))

export interface PythonRow {
  readonly name: string
  readonly commit: string
  readonly files: number
  readonly lines: number
  /** Medians over the runs, in milliseconds. */
  readonly wholeMs: number
  readonly ruffOnlyMs: number
  readonly noToolsMs: number
  /** The plug-in's run alone (RuffPluginRun). */
  readonly pluginMs: number
  readonly standaloneMs: number
  /** The first standalone run and the first whole analysis of the repository in the process. */
  readonly coldStandaloneMs: number
  readonly coldWholeMs: number
  /** Every file's check of every run. */
  readonly checkMs: ReadonlyArray<number>
  readonly oursRuffIssues: number
  readonly standaloneDiagnostics: number
}

/** Ruff's step in our analysis: the analysis with Ruff alone less the analysis with no tool. */
export const ruffStepMs = (row: PythonRow) => row.ruffOnlyMs - row.noToolsMs

export const renderPython = (rows: ReadonlyArray<PythonRow>) =>
  table([
    "repository",
    "Python files",
    "lines",
    "ours, whole (ESLint9 + Ruff)",
    "ours, Ruff step (Ruff alone − no tool)",
    "ours, Ruff plug-in run alone",
    "Ruff standalone (WASM, read + check)",
    "standalone ÷ whole",
    "standalone ÷ plug-in run",
    "check per file p50 / p99 (ms)",
    "ms per 1000 lines: whole / plug-in / standalone"
  ], rows.map((row) => [
    `${row.name} (${row.commit.slice(0, 7)})`,
    String(row.files),
    String(row.lines),
    seconds(row.wholeMs),
    seconds(ruffStepMs(row)),
    seconds(row.pluginMs),
    seconds(row.standaloneMs),
    `×${(row.standaloneMs / row.wholeMs).toFixed(2)}`,
    `×${(row.standaloneMs / row.pluginMs).toFixed(2)}`,
    `${millis(percentile(row.checkMs, 50))} / ${millis(percentile(row.checkMs, 99))}`,
    `${perThousand(row.wholeMs, row.lines)} / ${perThousand(row.pluginMs, row.lines)} / ${perThousand(row.standaloneMs, row.lines)}`
  ]))

export interface JavaScriptRow {
  readonly tree: string
  readonly pythonFiles: number
  readonly eslintMs: ReadonlyArray<number>
  readonly withRuffMs: ReadonlyArray<number>
  /** Ruff's plug-in run alone over the tree (RuffPluginRun): what adding it costs, without the analyses' noise. */
  readonly pluginMs: ReadonlyArray<number>
}

export const renderJavaScript = (rows: ReadonlyArray<JavaScriptRow>) =>
  table([
    "tree",
    "files Ruff lints",
    "ESLint9 (default today): median / fastest",
    "ESLint9 + Ruff: median / fastest",
    "ratio of medians",
    "ratio of fastest",
    "Ruff plug-in run alone (median)",
    "(ESLint9 + plug-in run) ÷ ESLint9",
    "≤ 1.10 (ratio of medians)"
  ], rows.map((row) => {
    const ratio = median(row.withRuffMs) / median(row.eslintMs)
    const plugin = median(row.pluginMs)
    return [
      row.tree,
      String(row.pythonFiles),
      `${seconds(median(row.eslintMs))} / ${seconds(Math.min(...row.eslintMs))}`,
      `${seconds(median(row.withRuffMs))} / ${seconds(Math.min(...row.withRuffMs))}`,
      `×${ratio.toFixed(3)}`,
      `×${(Math.min(...row.withRuffMs) / Math.min(...row.eslintMs)).toFixed(3)}`,
      `${millis(plugin)} ms`,
      `×${((median(row.eslintMs) + plugin) / median(row.eslintMs)).toFixed(3)}`,
      ratio <= 1.1 ? "PASS" : "FAIL"
    ]
  }))

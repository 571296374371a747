/**
 * Ruff in the analysis (the issue's bench item): (1) Python repositories analysed as the worker
 * analyses them (`TreeAnalyzer.analyze`, ESLint9 and Ruff at their defaults, an empty per-file
 * cache each time) against Ruff's WebAssembly build called directly over the same files with the
 * same options (one Workspace, each file read and checked); Ruff's step is isolated as the analysis
 * with Ruff alone less the analysis with no tool. (2) JavaScript trees analysed with the tools a
 * JavaScript repository gets today (ESLint9) and with Ruff added: the goal is at most 10 % more.
 * Each measurement runs BENCH_RUNS times (default 3), medians reported. Markdown on stdout,
 * progress on stderr.
 *
 *   BENCH_PYTHON_REPOS=<git dir>[,<git dir>...] pnpm --filter @tidemark/bench-analysis bench:python
 *
 * BENCH_WARMUP rounds of both Ruff-only sides per Python repository before the counted runs (default 5);
 * BENCH_PARTS=python,javascript (default both); BENCH_JS_TREES=javascript,corpus (default both:
 * the corpus without its Python, and the whole corpus with node-gyp's gyp).
 */
import { FileSystem } from "@effect/platform"
import { NodeContext } from "@effect/platform-node"
import { TreeAnalyzer } from "@tidemark/analysis"
import { IssueLoad, type Analyzer } from "@tidemark/core"
import { Effect } from "effect"
import { cpSync, existsSync, mkdirSync } from "node:fs"
import { cpus, loadavg, tmpdir } from "node:os"
import { join } from "node:path"
import { corpusId, ensureCorpus } from "../../../packages/analysis/test/Corpus.js"
import { defaultSettings } from "./DefaultSettings.js"
import { pythonTreeOf } from "./PythonTrees.js"
import { defaultRuff, ruffCodesOf, withRuff } from "./RuffDefaults.js"
import { type JavaScriptRow, median, type PythonRow, renderJavaScript, renderPython } from "./RuffReport.js"
import { ruffPluginRun } from "./RuffPluginRun.js"
import { loadRuffWasm, ruffInputOf, ruffStandalone } from "./RuffStandalone.js"

const progress = (message: string) => Effect.sync(() => console.error(`[bench:python] ${message}`))
const load = () => loadavg().map((l) => l.toFixed(1)).join(" / ")
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const listOf = (name: string, fallback: string) => (process.env[name] ?? fallback).split(",").map((s) => s.trim()).filter((s) => s !== "")

const runs = Math.max(1, Number(process.env["BENCH_RUNS"] ?? "3"))
const parts = listOf("BENCH_PARTS", "python,javascript")
const jsTrees = listOf("BENCH_JS_TREES", "javascript,corpus")
const warmupRounds = Math.max(0, Number(process.env["BENCH_WARMUP"] ?? "5"))

/** One analysis as the worker runs it in process: a new analyzer on an empty cache directory, `analyze` alone timed. */
const analysisMs = (root: string, settings: Analyzer.AnalyzerSettings) =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const analyzer = yield* TreeAnalyzer.make({ cacheDirectory: yield* fs.makeTempDirectoryScoped({ prefix: "tidemark-bench-python-cache-" }) })
    const start = performance.now()
    const output = yield* analyzer.analyze(root, settings)
    return { ms: performance.now() - start, issues: IssueLoad.totalOf(output.measures.issueCounts) }
  }).pipe(Effect.scoped)

const pythonRow = (gitDirectory: string) =>
  Effect.gen(function*() {
    const tree = pythonTreeOf(gitDirectory)
    const eslintAndRuff = withRuff(defaultSettings())
    const ruff = defaultRuff()
    const ruffAlone: Analyzer.AnalyzerSettings = { ...eslintAndRuff, tools: [ruff] }
    const noTools: Analyzer.AnalyzerSettings = { ...eslintAndRuff, tools: [] }
    const input = yield* ruffInputOf(tree.root, ruffCodesOf(ruff))
    const samples = {
      whole: [] as Array<number>,
      ruffOnly: [] as Array<number>,
      none: [] as Array<number>,
      plugin: [] as Array<number>,
      standalone: [] as Array<number>
    }
    // Not counted: the first run of each side in the process compiles code (the WebAssembly's
    // functions as they are first called, V8's of the rest); reported apart.
    const coldStandaloneMs = ruffStandalone(input).ms
    const coldWholeMs = (yield* analysisMs(tree.root, eslintAndRuff)).ms
    yield* progress(`${tree.name}: first runs (not counted): standalone ${seconds(coldStandaloneMs)}, whole ${seconds(coldWholeMs)}`)
    // V8 compiles the WebAssembly's functions again, optimised, once they have run often enough:
    // a few rounds of both Ruff-only sides, not counted, before the ones that are.
    for (let round = 1; round <= warmupRounds; round++) {
      const standalone = ruffStandalone(input).ms
      const plugin = (yield* ruffPluginRun(tree.root, ruff)).ms
      yield* progress(`${tree.name} warm-up ${round}/${warmupRounds} (not counted): standalone ${seconds(standalone)}, plug-in run ${seconds(plugin)}`)
    }
    const checkMs: Array<number> = []
    // Each file's fastest check: its own cost, without the pauses of a shared machine.
    const fastestCheck = new Map<string, number>()
    let oursRuffIssues = 0
    let standaloneDiagnostics = 0
    for (let run = 1; run <= runs; run++) {
      // Alternating which of the two Ruff-only sides goes first, so that neither is always the warmer.
      const pluginFirst = run % 2 === 0 ? yield* ruffPluginRun(tree.root, ruff) : undefined
      const standalone = ruffStandalone(input)
      samples.standalone.push(standalone.ms)
      standaloneDiagnostics = standalone.diagnostics
      for (const { ms, path } of standalone.checkMs) {
        checkMs.push(ms)
        fastestCheck.set(path, Math.min(ms, fastestCheck.get(path) ?? Number.POSITIVE_INFINITY))
      }
      const whole = yield* analysisMs(tree.root, eslintAndRuff)
      const alone = yield* analysisMs(tree.root, ruffAlone)
      const none = yield* analysisMs(tree.root, noTools)
      const plugin = pluginFirst ?? (yield* ruffPluginRun(tree.root, ruff))
      samples.plugin.push(plugin.ms)
      samples.whole.push(whole.ms)
      samples.ruffOnly.push(alone.ms)
      samples.none.push(none.ms)
      oursRuffIssues = alone.issues
      yield* progress(
        `${tree.name} run ${run}/${runs}: standalone ${seconds(standalone.ms)}, whole ${seconds(whole.ms)}, ` +
          `Ruff alone ${seconds(alone.ms)}, no tool ${seconds(none.ms)}, plug-in run ${seconds(plugin.ms)} ` +
          `(${plugin.linted} files, ${plugin.issues} issues), load ${load()}`
      )
    }
    const outliers = [...fastestCheck].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([path, ms]) => `${path} ${ms.toFixed(1)} ms`)
    yield* progress(`${tree.name}: slowest files (fastest of their checks) ${outliers.join(", ")}`)
    return {
      name: tree.name,
      commit: tree.commit,
      files: input.files.length,
      lines: input.lines,
      wholeMs: median(samples.whole),
      ruffOnlyMs: median(samples.ruffOnly),
      noToolsMs: median(samples.none),
      pluginMs: median(samples.plugin),
      standaloneMs: median(samples.standalone),
      coldStandaloneMs,
      coldWholeMs,
      checkMs,
      oursRuffIssues,
      standaloneDiagnostics,
      outliers
    } satisfies PythonRow & { readonly outliers: ReadonlyArray<string> }
  })

/** The corpus less its Python (node-gyp's gyp): ESLint's package and @effect/platform's sources, copied once. */
const javascriptTree = (corpus: string) => {
  const root = join(tmpdir(), "tidemark-bench-python", `javascript-${corpusId}`)
  if (!existsSync(root)) {
    mkdirSync(root, { recursive: true })
    for (const dir of ["eslint-9.39.5", "effect-platform-0.97.2"]) cpSync(join(corpus, dir), join(root, dir), { recursive: true })
  }
  return root
}

const javascriptRow = (tree: string, root: string) =>
  Effect.gen(function*() {
    const today = defaultSettings()
    const withRuffAdded = withRuff(today)
    const pythonFiles = (yield* ruffInputOf(root, ruffCodesOf(defaultRuff()))).files.length
    yield* progress(`${tree}: warm-up analysis (not counted)`)
    yield* analysisMs(root, withRuffAdded)
    const eslintMs: Array<number> = []
    const withRuffMs: Array<number> = []
    const pluginMs: Array<number> = []
    for (let run = 1; run <= runs; run++) {
      // Alternating which goes first, so that a drift of the machine's load weighs on both sides.
      const order = run % 2 === 1 ? ["today", "with Ruff"] as const : ["with Ruff", "today"] as const
      for (const side of order) {
        const { ms } = yield* analysisMs(root, side === "today" ? today : withRuffAdded)
        ;(side === "today" ? eslintMs : withRuffMs).push(ms)
        yield* progress(`${tree} run ${run}/${runs}: ${side} ${seconds(ms)}, load ${load()}`)
      }
      pluginMs.push((yield* ruffPluginRun(root, defaultRuff())).ms)
    }
    return { tree, pythonFiles, eslintMs, withRuffMs, pluginMs } satisfies JavaScriptRow
  })

const program = Effect.gen(function*() {
  const loadBefore = load()
  // First, before anything else loads it: what the first Ruff run of a process (or thread) pays.
  const firstLoadMs = loadRuffWasm().ms
  const version = loadRuffWasm().wasm.Workspace.version()
  yield* progress(`Ruff ${version} WebAssembly module loaded in ${seconds(firstLoadMs)}`)
  const pythonRows: Array<PythonRow & { readonly outliers: ReadonlyArray<string> }> = []
  if (parts.includes("python")) {
    const repositories = listOf("BENCH_PYTHON_REPOS", "")
    if (repositories.length === 0) return yield* Effect.dieMessage("BENCH_PYTHON_REPOS: a comma-separated list of git directories")
    for (const repository of repositories) pythonRows.push(yield* pythonRow(repository))
  }
  const jsRows: Array<JavaScriptRow> = []
  if (parts.includes("javascript")) {
    const corpus = ensureCorpus()
    for (const tree of jsTrees) jsRows.push(yield* javascriptRow(tree, tree === "corpus" ? corpus : javascriptTree(corpus)))
  }
  console.log(
    `Node ${process.versions.node}, ${cpus().length} cores, load average ${loadBefore} before, ${load()} after. ` +
      `Ruff ${version} (WebAssembly); its module's first load in this process: ${seconds(firstLoadMs)} (before any run, so in none of the times). ` +
      `Median of ${runs} run(s) each, one thread (TreeAnalyzer), empty per-file cache.\n`
  )
  if (pythonRows.length > 0) {
    console.log(renderPython(pythonRows))
    console.log("")
    for (const row of pythonRows) {
      console.log(
        `${row.name}: our Ruff issues ${row.oursRuffIssues}, standalone diagnostics ${row.standaloneDiagnostics} ` +
          `(per-file ignores not applied, syntax errors included); first runs in the process (not counted): ` +
          `standalone ${seconds(row.coldStandaloneMs)}, whole ${seconds(row.coldWholeMs)}; slowest files (fastest of their checks): ` +
          `${row.outliers.join(", ")}; slowest check ${Math.max(...row.checkMs).toFixed(1)} ms of ${row.checkMs.length}.`
      )
    }
    console.log("")
  }
  if (jsRows.length > 0) {
    console.log(renderJavaScript(jsRows))
    console.log("")
    for (const row of jsRows) {
      console.log(
        `${row.tree}: ESLint9 ${row.eslintMs.map(seconds).join(", ")}; with Ruff ${row.withRuffMs.map(seconds).join(", ")}; ` +
          `Ruff's plug-in run alone ${row.pluginMs.map((ms) => `${ms.toFixed(0)} ms`).join(", ")}.`
      )
    }
  }
}).pipe(Effect.provide(NodeContext.layer))

Effect.runPromise(program).catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})

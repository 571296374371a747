/**
 * The polyglot benchmark (issue 26, item 4): Tidemark's whole analysis of a repository, as the
 * worker runs it (ThreadedAnalyzer, its threads warm, an empty per-file cache), with the tools a
 * repository nobody configured gets for its languages, against the same work done by the tools' own
 * command lines one after another: cloc for the lines, jscpd for duplication, and each external
 * analyser's CLI over the files its plug-in takes, with the configuration its plug-in writes
 * (PolyglotAnchors). Every anchor's run is checked: a row with an anchor that failed to analyse is
 * printed, named, and left out of the totals. The tools Tidemark runs in process have their own
 * command lines as anchors (ESLint's, Stylelint's, markdownlint-cli2 over the same markdownlint);
 * those with no CLI here (Ruff's WebAssembly build, Spectral) run on Tidemark's side only, against
 * it. Markdown tables on stdout, progress on stderr.
 *
 *   pnpm --filter @tidemark/bench-analysis bench:polyglot go=/tmp/real/cobra shell=/tmp/real/nvm ...
 */
import { NodeContext } from "@effect/platform-node"
import { scopeTree, TreeAnalyzer } from "@tidemark/analysis"
import { Goals } from "@tidemark/core"
import { Effect } from "effect"
import { mkdtempSync, rmSync } from "node:fs"
import { cpus, loadavg, tmpdir } from "node:os"
import { join } from "node:path"
import { defaultToolsFor } from "./DefaultSettings.js"
import { threadedAnalysis } from "./OurAnalysis.js"
import { type AnchorRun, anchors, clocRun, jscpdRun } from "./PolyglotAnchors.js"

const progress = (message: string) => Effect.sync(() => console.error(`[polyglot] ${message}`))

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

const load = () => loadavg().map((l) => l.toFixed(1)).join(" / ")

const inScratch = <A>(use: (folder: string) => A): A => {
  const folder = mkdtempSync(join(tmpdir(), "tidemark-polyglot-"))
  try {
    return use(folder)
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

interface Row {
  readonly name: string
  readonly lines: number
  readonly languages: ReadonlyArray<string>
  readonly oursMs: number
  /** Tidemark's findings per tool, and the files a tool could not analyse. */
  readonly ours: ReadonlyArray<string>
  readonly anchors: ReadonlyArray<AnchorRun>
  readonly loadBefore: string
  readonly loadAfter: string
}

const anchorText = (run: AnchorRun) => `${run.label} ${seconds(run.ms)} (${run.failure === undefined ? `${run.count} ${run.unit}` : `FAILED: ${run.failure}`})`

const program = Effect.gen(function*() {
  const targets = process.argv.slice(2).map((arg) => {
    const [name, path] = arg.split("=")
    if (name === undefined || path === undefined) throw new Error(`expected name=path, got ${arg}`)
    return { name, path }
  })
  const goCaches = mkdtempSync(join(tmpdir(), "tidemark-polyglot-go-"))
  const rows: Array<Row> = []
  for (const { name, path } of targets) {
    const loadBefore = load()
    const probeCache = mkdtempSync(join(tmpdir(), "tidemark-polyglot-probe-"))
    const probe = yield* TreeAnalyzer.make({ cacheDirectory: probeCache })
    const languages = (yield* probe.analyze(path, { goals: Goals.Goals.defaults, tools: [] })).measures.languages
    rmSync(probeCache, { recursive: true, force: true })
    const tools = defaultToolsFor(languages, false)
    const { lintSources } = yield* scopeTree(path)
    yield* progress(`${name}: ours (${tools.map((t) => t.name).join(", ")}), load ${loadBefore}`)
    const ours = yield* Effect.scoped(threadedAnalysis(path, { goals: Goals.Goals.defaults, tools }))
    yield* progress(`${name}: ours ${seconds(ours.ms)} (its first analysis, of a variant of the tree: ${seconds(ours.firstMs)}); the CLIs one after another`)
    for (const problem of ours.output.problems) yield* progress(`${name}: problem ${problem.code}: ${problem.message.slice(0, problem.code === "file_skipped" ? 300 : 3000).replaceAll("\n", " ")}`)
    const skipped = ours.output.problems.filter((problem) => problem.code === "file_skipped")
    const found = tools.map((tool) => `${tool.name} ${ours.output.findings.filter((finding) => finding.toolUuid === tool.uuid).length}`)
    const runs = inScratch((scratch) => [clocRun(path), jscpdRun(path, scratch)])
    for (const tool of tools) {
      const run = inScratch((scratch) => anchors[tool.name]?.({ root: path, tool, files: lintSources, scratch, goCaches }))
      if (run !== undefined) runs.push(run)
    }
    yield* progress(`${name}: ${runs.map(anchorText).join("; ")}`)
    rows.push({
      name,
      lines: ours.output.measures.loc,
      languages: languages.slice(0, 4),
      oursMs: ours.ms,
      ours: [...found, ...(skipped.length === 0 ? [] : [`${skipped.length} skipped-file problems: ${skipped[0]?.message.slice(0, 160) ?? ""}`])],
      anchors: runs,
      loadBefore,
      loadAfter: load()
    })
  }
  rmSync(goCaches, { recursive: true, force: true })
  console.log(`Node ${process.versions.node}, ${cpus().length} cores.\n`)
  console.log("| repository | lines | load before / after (1, 5, 15 min) | Tidemark | Tidemark's findings | the CLIs one after another | CLIs total | CLIs / Tidemark |")
  console.log("|---|---|---|---|---|---|---|---|")
  let oursTotal = 0
  let anchorsTotal = 0
  for (const row of rows) {
    const failed = row.anchors.filter((run) => run.failure !== undefined)
    const anchorMs = row.anchors.reduce((sum, run) => sum + run.ms, 0)
    if (failed.length === 0) {
      oursTotal += row.oursMs
      anchorsTotal += anchorMs
    }
    const ratio = failed.length === 0 ? `${(anchorMs / row.oursMs).toFixed(2)}×` : `not a result (${failed.map((run) => run.label).join(", ")} failed)`
    console.log(
      `| ${row.name} (${row.languages.join(", ")}) | ${row.lines} | ${row.loadBefore}, ${row.loadAfter} | ${seconds(row.oursMs)} | ${row.ours.join("; ")} | ${row.anchors.map(anchorText).join("; ")} | ${seconds(anchorMs)} | ${ratio} |`
    )
  }
  console.log(`| all results | | | ${seconds(oursTotal)} | | | ${seconds(anchorsTotal)} | ${oursTotal === 0 ? "" : `${(anchorsTotal / oursTotal).toFixed(2)}×`} |`)
}).pipe(Effect.provide(NodeContext.layer))

Effect.runPromise(program).catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})

/**
 * The analysis benchmark (issue 6, item 4): wall time of our whole analysis, as the worker runs it
 * (`TreeAnalyzer`'s `analyze` with the ESLint9 patterns a repository gets by default and the
 * default goals, on an empty per-file cache), over the corpus (the test suite's: ESLint's npm
 * package, @effect/platform's sources, node-gyp's gyp; ~184 000 lines) against the anchors doing
 * the same work one after another: cloc for lines of code, the ESLint 9 CLI with the same rules
 * (its flat config generated from the catalogue) plus `complexity`, jscpd for duplication
 * (50 tokens). Each measure is also timed alone for the breakdown. Each side runs BENCH_RUNS times
 * (default 1); the table shows the fastest run. Markdown on stdout, progress on stderr.
 *
 *   pnpm install && pnpm --filter @tidemark/bench-analysis bench
 */
import { NodeContext } from "@effect/platform-node"
import { loadGrammars } from "@tidemark/analysis"
import { Effect } from "effect"
import { cpus, loadavg } from "node:os"
import { ensureCorpus } from "../../../packages/analysis/test/Corpus.js"
import { clocMs, eslintRun, jscpdMs } from "./AnchorTools.js"
import { defaultSettings, enabledRules } from "./DefaultSettings.js"
import { anchorConfig } from "./EslintAnchorConfig.js"
import type { Breakdown, WholeRun } from "./OurAnalysis.js"
import { breakdown, wholeAnalysis } from "./OurAnalysis.js"
import type { AnchorTimings } from "./Report.js"
import { anchorsTotalMs, renderCounts, renderRules, renderTimes } from "./Report.js"

const progress = (message: string) => Effect.sync(() => console.error(`[bench] ${message}`))

const runs = Math.max(1, Number(process.env["BENCH_RUNS"] ?? "1"))

const fastest = <A>(samples: ReadonlyArray<A>, total: (a: A) => number): A | undefined =>
  samples.reduce<A | undefined>((best, sample) => (best === undefined || total(sample) < total(best) ? sample : best), undefined)

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

const partsMs = (p: Breakdown) => p.readMs + p.linesMs + p.complexityMs + p.duplicationMs + p.lintMs

const load = () => loadavg().map((l) => l.toFixed(1)).join(" / ")

const program = Effect.gen(function*() {
  const loadBefore = load()
  yield* progress("fetching the corpus (npm pack, cached)")
  const root = ensureCorpus()
  const settings = defaultSettings()
  const rules = enabledRules(settings)
  const anchor = anchorConfig(root, rules)
  const ruleIds = new Set(anchor.ruleIds)
  const grammars = yield* loadGrammars
  const wholes: Array<WholeRun> = []
  const parts: Array<Breakdown> = []
  const anchors: Array<AnchorTimings> = []
  for (let run = 1; run <= runs; run++) {
    yield* progress(`run ${run}/${runs}: ours, whole analysis`)
    const whole = yield* wholeAnalysis(root, settings)
    wholes.push(whole)
    yield* progress(`run ${run}/${runs}: ours, measure by measure (whole: ${seconds(whole.ms)})`)
    const part = yield* breakdown(root, grammars, rules)
    parts.push(part)
    yield* progress(`run ${run}/${runs}: cloc, eslint, jscpd (parts: ${seconds(partsMs(part))})`)
    const cloc = clocMs(root)
    const eslint = eslintRun(root, anchor.source, ruleIds)
    const timings: AnchorTimings = { clocMs: cloc, eslintMs: eslint.ms, jscpdMs: jscpdMs(root), eslint: eslint.counts }
    anchors.push(timings)
    yield* progress(`run ${run}/${runs}: anchors ${seconds(anchorsTotalMs(timings))}, load ${load()}`)
  }
  const whole = fastest(wholes, (w) => w.ms)
  const part = fastest(parts, partsMs)
  const anchorBest = fastest(anchors, anchorsTotalMs)
  if (whole === undefined || part === undefined || anchorBest === undefined) return yield* Effect.dieMessage("no run")
  console.log(`Corpus: ${part.files} text files, ${whole.measures.loc} code lines, ${part.lint.lintedFiles} JS/TS files. ` +
    `Node ${process.versions.node}, ${cpus().length} cores, load average ${loadBefore} before, ${load()} after. ` +
    `Fastest of ${runs} run(s).\n`)
  console.log(renderTimes(whole, part, anchorBest, rules.length))
  console.log("")
  console.log(renderCounts(whole, part, anchorBest.eslint))
  console.log("")
  console.log(renderRules({
    enabled: rules.length,
    anchorRuns: anchor.ruleIds.length,
    oursSkipped: part.lint.skippedRules.map((r) => ({ ruleId: r.ruleId, reason: r.reason })),
    anchorLeftOut: anchor.leftOut
  }))
  console.log(`The CLI's config ignores what our tree reader skips: ${anchor.ignores.join(", ")}.`)
}).pipe(Effect.provide(NodeContext.layer))

Effect.runPromise(program).catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})

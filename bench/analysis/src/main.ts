/**
 * The analysis benchmark (issue 6, item 4): wall time of our three measures over the corpus (the
 * test suite's: ESLint's npm package and @effect/platform's sources, ~146 000 lines) against the
 * anchors doing the same work one after another: cloc for lines of code, the ESLint CLI with the
 * complexity rule, jscpd for duplication (50 tokens). Each side runs BENCH_RUNS times (default 1);
 * the table shows the fastest run. Markdown on stdout, progress on stderr.
 *
 *   pnpm install && pnpm --filter @tidemark/bench-analysis bench
 */
import { loadGrammars } from "@tidemark/analysis"
import { Effect } from "effect"
import { cpus, loadavg } from "node:os"
import { ensureCorpus, readCorpus } from "../../../packages/analysis/test/Corpus.js"
import { clocMs, eslintMs, jscpdMs } from "./AnchorTools.js"
import type { Timings } from "./OurAnalysis.js"
import { analyse } from "./OurAnalysis.js"
import type { AnchorTimings } from "./Report.js"
import { render } from "./Report.js"

const progress = (message: string) => Effect.sync(() => console.error(`[bench] ${message}`))

const runs = Math.max(1, Number(process.env["BENCH_RUNS"] ?? "1"))

const fastest = <A>(samples: ReadonlyArray<A>, total: (a: A) => number): A =>
  samples.reduce((best, sample) => (total(sample) < total(best) ? sample : best))

const program = Effect.gen(function*() {
  yield* progress("fetching the corpus (npm pack, cached)")
  const root = ensureCorpus()
  const corpus = readCorpus(root)
  const grammars = yield* loadGrammars
  const ours: Array<Timings> = []
  const anchors: Array<AnchorTimings> = []
  for (let run = 1; run <= runs; run++) {
    yield* progress(`run ${run}/${runs}: ours`)
    ours.push(yield* analyse(grammars, corpus))
    yield* progress(`run ${run}/${runs}: cloc, eslint, jscpd`)
    anchors.push({ clocMs: clocMs(root), eslintMs: eslintMs(root), jscpdMs: jscpdMs(root) })
  }
  const best = fastest(ours, (t) => t.linesMs + t.complexityMs + t.duplicationMs)
  const bestAnchors = fastest(anchors, (t) => t.clocMs + t.eslintMs + t.jscpdMs)
  console.log(`Corpus: ${corpus.length} files, ${best.code} code lines, ${best.functions} functions, ` +
    `${best.duplicationPercentage} % duplicated lines. ${cpus().length} cores, load ${loadavg().map((l) => l.toFixed(1)).join(" ")}.\n`)
  console.log(render(best, bestAnchors))
})

Effect.runPromise(program).catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})

import type { Timings } from "./OurAnalysis.js"

export interface AnchorTimings {
  readonly clocMs: number
  readonly eslintMs: number
  readonly jscpdMs: number
}

const table = (header: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<string>>) => {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)))
  const line = (cells: ReadonlyArray<string>) => `| ${widths.map((w, i) => (cells[i] ?? "").padEnd(w)).join(" | ")} |`
  return [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n")
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const ratio = (ours: number, theirs: number) => `×${(theirs / ours).toFixed(1)}`

/** The results as a Markdown table (ratio: how many times faster ours is), ready for docs/benchmarks.md. */
export const render = (ours: Timings, anchors: AnchorTimings) => {
  const oursTotal = ours.linesMs + ours.complexityMs + ours.duplicationMs
  const anchorsTotal = anchors.clocMs + anchors.eslintMs + anchors.jscpdMs
  return table(["measure", "ours", "anchor", "anchor time", "anchor ÷ ours"], [
    ["lines of code", seconds(ours.linesMs), "cloc", seconds(anchors.clocMs), ratio(ours.linesMs, anchors.clocMs)],
    ["complexity", seconds(ours.complexityMs), "eslint CLI, complexity rule (JS/TS only)", seconds(anchors.eslintMs), ratio(ours.complexityMs, anchors.eslintMs)],
    ["duplication", seconds(ours.duplicationMs), "jscpd CLI", seconds(anchors.jscpdMs), ratio(ours.duplicationMs, anchors.jscpdMs)],
    ["all three", seconds(oursTotal), "one after another", seconds(anchorsTotal), ratio(oursTotal, anchorsTotal)]
  ])
}

/** The results as Markdown tables, ready to paste into docs/benchmarks.md. */

export const table = (header: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<string>>) => {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)))
  const line = (cells: ReadonlyArray<string>) => `| ${widths.map((w, i) => (cells[i] ?? "").padEnd(w)).join(" | ")} |`
  return [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n")
}

export const ms = (x: number) => (x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : x.toFixed(0))
export const perSecond = (x: number) => Math.round(x).toLocaleString("en-US")
export const percent = (x: number, baseline: number) => (baseline > 0 ? `${((100 * x) / baseline).toFixed(0)} %` : "n/a")

/** One line of the main table. */
export interface Row {
  readonly what: string
  readonly eventsPerSecond: number
  readonly p50: number | undefined
  readonly p99: number | undefined
  readonly detail: string
}

export const results = (rows: ReadonlyArray<Row>, baselinePerSecond: number | undefined) =>
  table(
    ["measurement", "events/s", "p50 ms", "p99 ms", "ratio to baseline", "detail"],
    rows.map((r) => [
      r.what,
      perSecond(r.eventsPerSecond),
      r.p50 === undefined ? "–" : ms(r.p50),
      r.p99 === undefined ? "–" : ms(r.p99),
      baselinePerSecond === undefined ? "n/a" : percent(r.eventsPerSecond, baselinePerSecond),
      r.detail
    ])
  )

export interface Verdict {
  readonly target: string
  readonly measured: string
  readonly pass: boolean
}

export const verdicts = (list: ReadonlyArray<Verdict>) =>
  table(["target", "measured", "result"], list.map((v) => [v.target, v.measured, v.pass ? "PASS" : "FAIL"]))

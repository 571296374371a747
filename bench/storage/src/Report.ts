import type { Backend } from "./Backends.js"
import { ms, table } from "./MarkdownTable.js"
import type { BackendResult } from "./StorageBench.js"
import type { Target } from "./Targets.js"

/** The results as Markdown tables, ready to paste into docs/benchmarks.md. */

const seconds = (x: number) => `${(x / 1000).toFixed(1)} s`
const ratio = (x: number, baseline: number) => `×${(x / baseline).toFixed(1)}`

const seedTable = (results: ReadonlyArray<BackendResult>) =>
  table(
    ["backend", "start-up (migrations)", "seed 100 × 100 repositories", "seed their analyses", "seed pattern settings + standard"],
    results.map((r) => [r.backend.title, seconds(r.startupMs), seconds(r.seed.repositoriesMs), seconds(r.seed.analysesMs), seconds(r.seed.configurationMs)])
  )

const detailTable = (results: ReadonlyArray<BackendResult>) =>
  table(
    ["operation", "backend", "n", "p50 ms", "p99 ms", "mean ms", "ops/s"],
    results.flatMap((r) =>
      r.operations.map((o) => [
        o.title,
        r.backend.title,
        String(o.stats.n),
        ms(o.stats.p50),
        ms(o.stats.p99),
        ms(o.stats.mean),
        o.stats.opsPerSecond.toFixed(0)
      ])
    )
  )

/** Rows are operations; each backend shows p50/p99, and every other backend its p50 against the baseline's. */
const comparisonTable = (results: ReadonlyArray<BackendResult>, baseline: BackendResult) => {
  const others = results.filter((r) => r !== baseline)
  const header = [
    "operation",
    ...results.map((r) => `${r.backend.title} p50 / p99 ms`),
    ...others.map((r) => `${r.backend.title} p50 ÷ ${baseline.backend.title}`)
  ]
  const rows = baseline.operations.map((base) => {
    const of = (r: BackendResult) => r.operations.find((o) => o.key === base.key)?.stats
    return [
      base.title,
      ...results.map((r) => {
        const s = of(r)
        return s === undefined ? "–" : `${ms(s.p50)} / ${ms(s.p99)}`
      }),
      ...others.map((r) => {
        const s = of(r)
        return s === undefined ? "–" : ratio(s.p50, base.stats.p50)
      })
    ]
  })
  return table(header, rows)
}

export interface Verdict {
  readonly backend: Backend
  readonly target: Target
  readonly title: string
  readonly p99: number
  readonly pass: boolean
}

export const verdicts = (result: BackendResult | undefined, targets: ReadonlyArray<Target>): ReadonlyArray<Verdict> =>
  result === undefined ? [] : targets.flatMap((target) =>
    result.operations
      .filter((o) => target.operations.includes(o.key))
      .map((o) => ({ backend: result.backend, target, title: o.title, p99: o.stats.p99, pass: o.stats.p99 < target.limitMs }))
  )

const verdictTable = (verdicts: ReadonlyArray<Verdict>) =>
  table(
    ["backend", "target", "operation", "p99 ms", "result"],
    verdicts.map((v) => [v.backend.title, v.target.title, v.title, ms(v.p99), v.pass ? "PASS" : "FAIL"])
  )

export interface ReportInput {
  readonly machine: string
  readonly dataset: string
  readonly results: ReadonlyArray<BackendResult>
  readonly baseline: BackendResult | undefined
  /** Verdicts that decide acceptance (PostgreSQL), then those shown for information (embedded). */
  readonly required: ReadonlyArray<Verdict>
  readonly informative: ReadonlyArray<Verdict>
}

const section = (title: string, body: string | undefined) => (body === undefined ? [] : [title, "", body, ""])

export const render = (input: ReportInput) =>
  [
    `Machine: ${input.machine}`,
    `Dataset: ${input.dataset}`,
    "",
    ...section("Seeding:", seedTable(input.results)),
    ...section(
      `Latency (p50 / p99; ratio of p50 against ${input.baseline?.backend.title ?? "the baseline"}):`,
      input.baseline === undefined ? undefined : comparisonTable(input.results, input.baseline)
    ),
    ...section("Per backend:", detailTable(input.results)),
    ...section("Targets (issue 3, PostgreSQL):", input.required.length === 0 ? undefined : verdictTable(input.required)),
    ...section(
      "Same targets on the embedded default, for information:",
      input.informative.length === 0 ? undefined : verdictTable(input.informative)
    ),
    ...(input.required.length === 0 ? [] : [`Overall (PostgreSQL): ${input.required.every((v) => v.pass) ? "PASS" : "FAIL"}`])
  ].join("\n")

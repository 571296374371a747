import { ms, table } from "@tidemark/bench-storage/MarkdownTable"
import { stats } from "@tidemark/bench-storage/Measure"
import type { Target } from "@tidemark/bench-storage/Targets"
import type { BackendResult } from "./LatencyBench.js"
import type { OperationKey } from "./Operations.js"
import type { WorkerRun } from "./WorkerOverhead.js"

/** The results as Markdown tables, ready to paste into docs/benchmarks.md. */

const seconds = (x: number) => `${(x / 1000).toFixed(2)} s`
const ratio = (x: number, baseline: number) => `×${(x / baseline).toFixed(2)}`

export const seedTable = (results: ReadonlyArray<BackendResult>) =>
  table(
    ["backend", "start-up (migrations)", "dataset generated", "AnalysisResultStore.save of the dataset"],
    results.map((r) => [r.backend.title, seconds(r.startupMs), seconds(r.seed.generateMs), seconds(r.seed.saveMs)])
  )

/**
 * One row per operation: the baseline's p50 / p99, then each measured backend's p50 / p99, its
 * throughput and its p50 against the baseline's, and whether every backend answered the same.
 */
export const latencyTable = (baseline: BackendResult, measured: ReadonlyArray<BackendResult>) =>
  table(
    [
      "operation",
      `${baseline.backend.title} p50 / p99 ms`,
      ...measured.flatMap((m) => [`${m.backend.title} p50 / p99 ms`, "ops/s", `p50 ÷ ${baseline.backend.title}`]),
      "same answer"
    ],
    baseline.operations.map((base) => {
      const of = measured.map((m) => m.operations.find((o) => o.key === base.key))
      return [
        base.title,
        `${ms(base.stats.p50)} / ${ms(base.stats.p99)}`,
        ...of.flatMap((o) =>
          o === undefined
            ? ["–", "–", "–"]
            : [`${ms(o.stats.p50)} / ${ms(o.stats.p99)}`, o.stats.opsPerSecond.toFixed(0), ratio(o.stats.p50, base.stats.p50)]
        ),
        of.every((o) => o?.answer === base.answer) ? "yes" : "NO"
      ]
    })
  )

export interface Verdict {
  readonly backend: string
  readonly target: string
  readonly operation: string
  readonly measured: string
  readonly pass: boolean
}

export const latencyVerdicts = (result: BackendResult, targets: ReadonlyArray<Target<OperationKey>>): ReadonlyArray<Verdict> =>
  targets.flatMap((target) =>
    result.operations
      .filter((o) => target.operations.includes(o.key))
      .map((o) => ({
        backend: result.backend.title,
        target: target.title,
        operation: o.title,
        measured: `${ms(o.stats.p99)} ms`,
        pass: o.stats.p99 < target.limitMs
      }))
  )

export const verdictTable = (verdicts: ReadonlyArray<Verdict>) =>
  table(
    ["backend", "target", "operation", "measured", "result"],
    verdicts.map((v) => [v.backend, v.target, v.operation, v.measured, v.pass ? "PASS" : "FAIL"])
  )

const median = (xs: ReadonlyArray<number>) => stats(xs).p50

interface WorkerGroup {
  readonly title: string
  readonly results: WorkerRun["variant"]["results"]
  readonly runs: ReadonlyArray<WorkerRun>
}

const groups = (runs: ReadonlyArray<WorkerRun>): ReadonlyArray<WorkerGroup> => {
  const titles = [...new Set(runs.map((r) => r.variant.backend.title))]
  return titles.flatMap((title) =>
    (["noop", "kept"] as const).map((results) => ({
      title,
      results,
      runs: runs.filter((r) => r.variant.backend.title === title && r.variant.results === results)
    }))
  )
}

/** The maximum slowdown issue 13 allows storing the results to cost the whole analysis. */
export const maxSlowdown = 1.1

export const workerTable = (runs: ReadonlyArray<WorkerRun>) =>
  table(
    ["storage", "result store", "runs (in order)", "median", "median ÷ no-op", "rows saved (issues / files / clones)", "save + prune (median)"],
    groups(runs).map((group, _, all) => {
      const noop = all.find((g) => g.title === group.title && g.results === "noop")
      const wall = median(group.runs.map((r) => r.ms))
      const rows = group.runs[0]?.times.rows
      return [
        group.title,
        group.results === "noop" ? "keeps nothing (baseline)" : "saves the rows",
        group.runs.map((r) => (r.ms / 1000).toFixed(2)).join(", "),
        seconds(wall),
        noop === undefined ? "–" : ratio(wall, median(noop.runs.map((r) => r.ms))),
        group.results === "noop" || rows === undefined ? "–" : `${rows.issues} / ${rows.files} / ${rows.clones}`,
        group.results === "noop" ? "–" : `${ms(median(group.runs.map((r) => r.times.saveMs + r.times.pruneMs)))} ms`
      ]
    })
  )

/**
 * Two verdicts per storage: the end-to-end medians (what the target names), and the store's own
 * time against the baseline's median, which the analysis's own noise does not blur.
 */
export const workerVerdicts = (runs: ReadonlyArray<WorkerRun>): ReadonlyArray<Verdict> =>
  groups(runs).filter((g) => g.results === "kept").flatMap((kept) => {
    const noop = median(runs.filter((r) => r.variant.backend.title === kept.title && r.variant.results === "noop").map((r) => r.ms))
    const endToEnd = median(kept.runs.map((r) => r.ms)) / noop
    const own = median(kept.runs.map((r) => r.times.saveMs + r.times.pruneMs)) / noop
    const target = `storing the results slows the analysis by ≤ ${Math.round((maxSlowdown - 1) * 100)} %`
    return [
      { backend: kept.title, target, operation: "end to end: median with the store ÷ median without", measured: `×${endToEnd.toFixed(3)}`, pass: endToEnd <= maxSlowdown },
      { backend: kept.title, target, operation: "the store's save + prune ÷ the median without", measured: `${(own * 100).toFixed(2)} %`, pass: 1 + own <= maxSlowdown }
    ]
  })

export const problems = (runs: ReadonlyArray<WorkerRun>) =>
  [...new Set(runs.flatMap((r) => r.problems))]

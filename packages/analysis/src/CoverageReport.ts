import { CommitCoverage } from "@tidemark/core"
import { Schema } from "effect"

/** Line coverage of one file: which of its coverable lines ran at least once. */
export interface FileCoverage {
  readonly path: string
  readonly coverableLines: number
  readonly coveredLines: number
  /** Lines with code that never ran, ascending (what a reader of the report wants to see). */
  readonly uncoveredLines: ReadonlyArray<number>
  /** `[line, hits]` of each coverable line, ascending (none when the report gave totals only). */
  readonly hits: ReadonlyArray<readonly [number, number]>
}

export interface CoverageReport {
  readonly files: ReadonlyArray<FileCoverage>
  readonly coverableLines: number
  readonly coveredLines: number
  /** covered / coverable × 100; undefined when the report has no coverable line at all. */
  readonly percentage: number | undefined
}

export type CoverageFormat = "lcov" | "cobertura"

/** A report we could not read; `line` is the report's line (1-based) when the format tells it. */
export class CoverageReportError extends Schema.TaggedError<CoverageReportError>()("CoverageReportError", {
  format: Schema.Literal("lcov", "cobertura"),
  reason: Schema.String,
  line: Schema.optional(Schema.Int)
}) {
  override get message(): string {
    const where = this.line === undefined ? "" : ` at line ${this.line}`
    return `invalid ${this.format === "lcov" ? "LCOV" : "Cobertura"} report${where}: ${this.reason}`
  }
}

/**
 * What a parser read for one file: hits per line number, and the totals the report states for
 * files it describes without their lines (LCOV's `LF`/`LH` without `DA`).
 */
export interface CoverageRecord {
  readonly path: string
  readonly lines: ReadonlyMap<number, number>
  readonly summary?: { readonly coverable: number; readonly covered: number }
}

/**
 * Builds the report from the parsers' records. A file named twice (LCOV writes one record per test
 * run, Cobertura one class per inner class) is one file: a line is covered if any record ran it.
 */
export const coverageReport = (records: ReadonlyArray<CoverageRecord>): CoverageReport => {
  const byPath = new Map<string, Array<CoverageRecord>>()
  for (const record of records) byPath.set(record.path, [...(byPath.get(record.path) ?? []), record])
  const files = [...byPath.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, same]) => fileCoverage(path, same))
  const coverableLines = files.reduce((sum, file) => sum + file.coverableLines, 0)
  const coveredLines = files.reduce((sum, file) => sum + file.coveredLines, 0)
  return { files, coverableLines, coveredLines, percentage: percentageOf(coveredLines, coverableLines) }
}

const fileCoverage = (path: string, records: ReadonlyArray<CoverageRecord>): FileCoverage => {
  const hits = new Map<number, number>()
  for (const record of records) {
    for (const [line, count] of record.lines) hits.set(line, CommitCoverage.addedHits(hits.get(line) ?? 0, count))
  }
  if (hits.size === 0) {
    // Totals without lines cannot be merged line by line: the best-covered record stands for all.
    const summaries = records.flatMap((record) => (record.summary === undefined ? [] : [record.summary]))
    const coverable = Math.max(0, ...summaries.map((summary) => summary.coverable))
    const covered = Math.max(0, ...summaries.map((summary) => summary.covered))
    return { path, coverableLines: coverable, coveredLines: covered, uncoveredLines: [], hits: [] }
  }
  const lines = [...hits.entries()].sort(([a], [b]) => a - b)
  const uncoveredLines = lines.filter(([, count]) => count === 0).map(([line]) => line)
  return { path, coverableLines: hits.size, coveredLines: hits.size - uncoveredLines.length, uncoveredLines, hits: lines }
}

// Multiplying before dividing keeps exact integers exact (29 / 100 × 100 is 28.999… in floats).
const percentageOf = (covered: number, coverable: number): number | undefined =>
  coverable === 0 ? undefined : (covered * 100) / coverable

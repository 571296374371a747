import { Schema } from "effect"
import { Coverage } from "./Coverage.js"
import type { Goals } from "./Goals.js"
import { trusted } from "./Trusted.js"

export const CoverageFormat = Schema.Literal("lcov", "cobertura")
export type CoverageFormat = typeof CoverageFormat.Type

/**
 * What a stored report came as: a report file read by the CoverageReader, or `reporter`, the
 * lines the original service's coverage reporters send to its API 2.0 (ReporterCoverage).
 */
export const StoredCoverageFormat = Schema.Literal(...CoverageFormat.literals, "reporter")
export type StoredCoverageFormat = typeof StoredCoverageFormat.Type

/** Line coverage of one file of a report: how many of its coverable lines ran at least once. */
export class FileCoverage extends Schema.Class<FileCoverage>("FileCoverage")({
  /** Relative to the repository's root where the report allowed it. */
  path: Schema.String,
  coverableLines: Schema.Int,
  coveredLines: Schema.Int
}) {}

/** A line's hits are exact numbers up to 2^53 - 1 (Number.MAX_SAFE_INTEGER): a report may count no more. */
export const maxHits = Number.MAX_SAFE_INTEGER

/** Line numbers and counts of lines are PostgreSQL integers (int4) in storage: a report may name none past this. */
export const maxLineNumber = 2_147_483_647

/**
 * The hits of one line reported twice (test shards, one record per run), added up: a line that
 * ran 2^53 times is covered, and the sum stays an exact number that storage reads back.
 */
export const addedHits = (a: number, b: number): number => Math.min(a + b, maxHits)

/** Hits as stored: a count past 2^53 - 1 kept before uploads were bounded reads as 2^53 - 1, not as a failure. */
const StoredHits = Schema.transform(Schema.NonNegative, Schema.NonNegativeInt, {
  strict: true,
  decode: (hits) => Math.min(Math.round(hits), maxHits),
  encode: (hits) => hits
})

/**
 * A file's coverage line by line: `[line, hits]` of each coverable line the report lists, ascending
 * by line (empty when the report gave the file's totals only).
 */
export class FileLineCoverage extends FileCoverage.extend<FileLineCoverage>("FileLineCoverage")({
  hits: Schema.Array(Schema.Tuple(Schema.Int, StoredHits))
}) {}

/** A report's file without its lines: what the views of a whole commit count. */
export const fileTotals = (file: FileCoverage): FileCoverage =>
  trusted(FileCoverage, { path: file.path, coverableLines: file.coverableLines, coveredLines: file.coveredLines })

/** A coverage report uploaded for one commit of a repository (a new upload replaces it). */
export class CommitCoverage extends Schema.Class<CommitCoverage>("CommitCoverage")({
  repositoryId: Schema.Int,
  commitSha: Schema.String,
  format: StoredCoverageFormat,
  uploadedAt: Schema.String,
  files: Schema.Array(FileCoverage)
}) {}

/** The numeric fields of the API's Coverage object. */
export interface CoverageNumbers {
  readonly coveragePercentage?: number
  readonly coveragePercentageWithDecimals?: number
  readonly numberTotalFiles: number
  readonly numberCoveredLines: number
  readonly numberCoverableLines: number
  readonly filesUncovered: number
  readonly filesWithLowCoverage: number
}

type Lines = Pick<FileCoverage, "coverableLines" | "coveredLines">

// Multiplying before dividing keeps exact integers exact (29 / 100 × 100 is 28.999… in floats).
export const percentageOf = (covered: number, coverable: number): number | undefined =>
  coverable === 0 ? undefined : (covered * 100) / coverable

/** A percentage as the API shows it: whole (rounded down, so 100 means every line) and with two decimals. */
export const shownPercentage = (percentage: number) => ({
  whole: Math.floor(percentage),
  decimals: Math.round(percentage * 100) / 100
})

/**
 * The Coverage numbers of a report's files. `coveragePercentage` is rounded down so that 100 is
 * never shown while a line is uncovered; the decimals keep two places. A file has low coverage
 * when it is below the repository's `minCoveragePercentage` goal, and is uncovered when none of
 * its coverable lines ran. Without any coverable line there is no percentage.
 */
export const coverageNumbers = (
  report: { readonly files: ReadonlyArray<Lines> },
  minCoveragePercentage: number
): CoverageNumbers => {
  const coverable = report.files.reduce((sum, file) => sum + file.coverableLines, 0)
  const covered = report.files.reduce((sum, file) => sum + file.coveredLines, 0)
  const counts = {
    numberTotalFiles: report.files.length,
    numberCoveredLines: covered,
    numberCoverableLines: coverable,
    filesUncovered: report.files.filter((file) => file.coverableLines > 0 && file.coveredLines === 0).length,
    filesWithLowCoverage: report.files.filter((file) => {
      const percentage = percentageOf(file.coveredLines, file.coverableLines)
      return percentage !== undefined && percentage < minCoveragePercentage
    }).length
  }
  const percentage = percentageOf(covered, coverable)
  if (percentage === undefined) return counts
  const { decimals, whole } = shownPercentage(percentage)
  return { coveragePercentage: whole, coveragePercentageWithDecimals: decimals, ...counts }
}

/**
 * The API's Coverage of a commit's report, against the repository's goals as they are now. Status
 * `UpToDate`: it is shown only with the commit it was uploaded for.
 */
export const coverageView = (coverage: CommitCoverage, goals: Goals): Coverage =>
  trusted(Coverage, {
    status: "UpToDate",
    lastCommitWithCoverage: coverage.commitSha,
    statusUpdatedAt: coverage.uploadedAt,
    valueUpdatedAt: coverage.uploadedAt,
    ...coverageNumbers(coverage, goals.minCoveragePercentage)
  })

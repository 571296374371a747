import { Schema } from "effect"
import { addedHits, FileLineCoverage } from "./CommitCoverage.js"
import { trusted } from "./Trusted.js"

/**
 * The body the original service's coverage reporters post to its API 2.0: each file's hits by line
 * number. The `total` percentages they also send are not read: the lines give the same numbers
 * exactly, as they do for a report file.
 */

/** A line number as a JSON object key: a positive integer written without sign or leading zero. */
const lineKey = /^[1-9][0-9]{0,8}$/

/**
 * Hits by line number. A refined key of `Schema.Record` would pass over other keys in silence;
 * a report that names something else than a line is malformed, so it is refused whole.
 */
const LineHits = Schema.Record({ key: Schema.String, value: Schema.Int.pipe(Schema.nonNegative()) }).pipe(
  Schema.filter((hits) => Object.keys(hits).every((key) => lineKey.test(key)) || "every key must be a line number (a positive integer)")
)

export class ReporterFileReport extends Schema.Class<ReporterFileReport>("ReporterFileReport")({
  /** Relative to the repository's root (both reporters make it so). */
  filename: Schema.String.pipe(Schema.minLength(1)),
  total: Schema.optional(Schema.Number),
  coverage: LineHits
}) {}

export class ReporterReport extends Schema.Class<ReporterReport>("ReporterReport")({
  total: Schema.optional(Schema.Number),
  fileReports: Schema.Array(ReporterFileReport)
}) {}

/** `./src/a.ts` and `src/a.ts` name the same file of the repository. */
const repositoryPath = (filename: string) => filename.replace(/^(?:\.\/)+/, "")

const fileOf = (path: string, hits: ReadonlyMap<number, number>): FileLineCoverage => {
  const lines = [...hits].sort(([a], [b]) => a - b)
  return trusted(FileLineCoverage, {
    path,
    coverableLines: lines.length,
    coveredLines: lines.filter(([, n]) => n > 0).length,
    hits: lines
  })
}

const hitsOf = (file: FileLineCoverage) => new Map(file.hits.map(([line, n]) => [line, n] as const))

/**
 * Two reports of one file: the lines of both, a line's hits added up (what test shards report of
 * one file adds up to what one run would have reported).
 */
export const addedUp = (a: FileLineCoverage, b: FileLineCoverage): FileLineCoverage => {
  const hits = hitsOf(a)
  for (const [line, n] of b.hits) hits.set(line, addedHits(hits.get(line) ?? 0, n))
  return fileOf(a.path, hits)
}

/** The files of a reporter's body as stored coverage; a file named twice counts once, added up. */
export const reportedFiles = (report: ReporterReport): ReadonlyArray<FileLineCoverage> => {
  const files = new Map<string, FileLineCoverage>()
  for (const file of report.fileReports) {
    const path = repositoryPath(file.filename)
    const lines = fileOf(path, new Map(Object.entries(file.coverage).map(([line, n]) => [Number(line), n] as const)))
    const earlier = files.get(path)
    files.set(path, earlier === undefined ? lines : addedUp(earlier, lines))
  }
  return [...files.values()]
}

/**
 * A commit's coverage after one more report: a partial report adds its lines to those already
 * uploaded (the parts of one run, shards or languages); a whole report replaces the files it
 * names and keeps the others (another language's report of the same commit).
 */
export const withReport = (
  earlier: ReadonlyArray<FileLineCoverage>,
  reported: ReadonlyArray<FileLineCoverage>,
  partial: boolean
): ReadonlyArray<FileLineCoverage> => {
  const files = new Map(earlier.map((file) => [file.path, file] as const))
  for (const file of reported) {
    const before = files.get(file.path)
    files.set(file.path, partial && before !== undefined ? addedUp(before, file) : file)
  }
  return [...files.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
}

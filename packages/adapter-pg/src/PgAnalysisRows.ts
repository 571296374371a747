import type { SqlClient } from "@effect/sql"
import { type AnalysisResultStore, AnalysisResults, type StoredResults, Trusted } from "@tidemark/core"
import { Array as Arr, Effect, Schema } from "effect"
import { check, decodeAll } from "./Rows.js"

/**
 * The rows of analysis results on PostgreSQL (migrations 0008 to 0010), shared by the stores that
 * write and read them: one `analysis_results` row per analysis with its number of issues, its
 * issues, files and clone occurrences in tables of their own, written in chunks of JSON (one
 * parameter per chunk rather than one per value) and read by keyset pages.
 */

/** Rows per INSERT: one JSON parameter each, small enough that no statement holds a huge text. */
const chunkSize = 2_000

export const encodeIssue = Schema.encodeSync(AnalysisResults.IssueResult)
export const encodeFile = Schema.encodeSync(AnalysisResults.FileResult)

/**
 * Issues and files read back are checked as plain data (`Rows.check`) against their classes'
 * encoded side, then built without validating again (`trusted`): a page of 100 issues decoded by
 * Effect cost more of Node's time than the statements that read it.
 */
const checkIssueRows = check(Schema.Array(Schema.Struct({ issue: Schema.encodedBoundSchema(AnalysisResults.IssueResult), fileId: Schema.Number })))
export const issueRows = (rows: ReadonlyArray<unknown>) =>
  Effect.map(checkIssueRows(rows), (checked) => checked.map(({ fileId, issue }) => ({ issue: Trusted.trusted(AnalysisResults.IssueResult, issue), fileId })))
const checkFileRows = check(Schema.Array(Schema.Struct({
  file: Schema.encodedBoundSchema(AnalysisResults.FileResult),
  fileId: Schema.Number,
  coverableLines: Schema.NullOr(Schema.Number),
  coveredLines: Schema.NullOr(Schema.Number)
})))
/** A file with its coverage in the analysed commit, when a report names it. */
export const fileRows = (rows: ReadonlyArray<unknown>) =>
  Effect.map(checkFileRows(rows), (checked) =>
    checked.map(({ coverableLines, coveredLines, file, fileId }): StoredResults.StoredFile => {
      const built = Trusted.trusted(AnalysisResults.FileResult, file)
      return coverableLines === null || coveredLines === null
        ? { file: built, fileId }
        : { file: built, fileId, coverage: { coverableLines, coveredLines } }
    }))
const OccurrenceRow = Schema.Struct({
  cloneId: Schema.Number,
  fileId: Schema.Number,
  path: Schema.String,
  fromLine: Schema.Number,
  toLine: Schema.Number
})
export const decodeOccurrenceRows = decodeAll(OccurrenceRow)
const TotalRow = Schema.Struct({ total: Schema.Number })
export const decodeTotal = decodeAll(TotalRow)

/** Inserts `rows` a chunk at a time, each chunk one JSON parameter. */
export const insertChunks = <A, E>(rows: ReadonlyArray<A>, insert: (json: string) => Effect.Effect<unknown, E>) =>
  Effect.forEach(Arr.chunksOf(rows, chunkSize), (chunk) => insert(JSON.stringify(chunk)), { discard: true })

/** The `analysis_results` row of one analysis. */
export const analysisRow = (sql: SqlClient.SqlClient, key: AnalysisResultStore.ResultsKey) =>
  sql`repository_id = ${key.repositoryId} AND branch = ${key.branch} AND commit_sha = ${key.commitSha}`

export const resultId = (sql: SqlClient.SqlClient, key: AnalysisResultStore.ResultsKey) => sql`SELECT id FROM analysis_results WHERE ${analysisRow(sql, key)}`

/** The ids of the repository's files at these paths, made for paths it has never had. */
export const fileIds = (sql: SqlClient.SqlClient, repositoryId: number, paths: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    if (paths.length === 0) return new Map<string, number>()
    const known = () =>
      Effect.map(
        sql<{ readonly id: number; readonly path: string }>`
          SELECT id::float8 AS id, path FROM repository_files
          WHERE repository_id = ${repositoryId} AND path = ANY(${paths}::text[])
        `,
        (rows) => new Map(rows.map((row) => [row.path, row.id]))
      )
    // Reads ask for paths the repository has had (a page of issues): no write unless one is new.
    const found = yield* known()
    if (found.size === new Set(paths).size) return found
    yield* sql`
      INSERT INTO repository_files (repository_id, path)
      SELECT ${repositoryId}, path FROM unnest(${paths}::text[]) AS path
      ON CONFLICT (repository_id, path) DO NOTHING
    `
    return yield* known()
  })


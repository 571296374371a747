import { SqlClient } from "@effect/sql"
import { SqlError } from "@effect/sql/SqlError"
import { CommitCoverage, type Errors, LineCoverageStore } from "@tidemark/core"
import { Array as Arr, Effect, Layer, Schema } from "effect"
import { insertChunks } from "./PgAnalysisRows.js"
import { decodeAll } from "./Rows.js"
import { orUnavailable } from "./StorageFailure.js"

const LineCoverageRow = Schema.Struct({ coverage: CommitCoverage.FileLineCoverage })
const decodeLineCoverageRows = decodeAll(LineCoverageRow)
const encodeReport = Schema.encodeSync(CommitCoverage.CommitCoverage)

/**
 * LineCoverageStore on PostgreSQL: `commit_file_coverage`, one row per commit and file, written in
 * chunks of JSON, and `commit_coverage`, the commit's report (read by PgAnalysisStore), written in
 * the same transaction; a commit's lock is an advisory lock, held by every process on the database.
 */
export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  const saveReport = (report: CommitCoverage.CommitCoverage) =>
    sql`
      INSERT INTO commit_coverage (repository_id, commit_sha, coverage)
      VALUES (${report.repositoryId}, ${report.commitSha}, ${JSON.stringify(encodeReport(report))}::jsonb)
      ON CONFLICT (repository_id, commit_sha) DO UPDATE SET coverage = EXCLUDED.coverage
    `

  const saveCoverage = (report: CommitCoverage.CommitCoverage, files: ReadonlyArray<CommitCoverage.FileLineCoverage>) =>
    Effect.gen(function*() {
      const commit: LineCoverageStore.CoverageKey = report
      yield* sql`
        DELETE FROM commit_file_coverage WHERE repository_id = ${commit.repositoryId} AND commit_sha = ${commit.commitSha}
      `
      yield* insertChunks(
        files.map((file) => ({
          path: file.path,
          coverableLines: file.coverableLines,
          coveredLines: file.coveredLines,
          hits: file.hits
        })),
        (json) =>
          sql`
            INSERT INTO commit_file_coverage (repository_id, commit_sha, path, coverable_lines, covered_lines, hits)
            SELECT ${commit.repositoryId}, ${commit.commitSha}, r.path, r."coverableLines", r."coveredLines", r.hits
            FROM jsonb_to_recordset(${json}::jsonb) AS r(path text, "coverableLines" integer, "coveredLines" integer, hits jsonb)
          `
      )
      yield* saveReport(report)
    }).pipe(sql.withTransaction, orUnavailable)

  const removeCoverage = (report: CommitCoverage.CommitCoverage, paths: ReadonlyArray<string>) =>
    sql`
      DELETE FROM commit_file_coverage
      WHERE repository_id = ${report.repositoryId} AND commit_sha = ${report.commitSha} AND path = ANY(${paths}::text[])
    `.pipe(Effect.zipRight(saveReport(report)), sql.withTransaction, Effect.asVoid, orUnavailable)

  /**
   * A transaction holding an advisory lock of the commit (repository id and a hash of the sha: the
   * two-key lock space, apart from the migrations' one-key lock). The effect's own statements run
   * in that transaction, those of the other stores on this client too, so its reads and writes
   * commit together once no other process holds the lock.
   */
  const exclusive = (commit: LineCoverageStore.CoverageKey) =>
  <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E | Errors.ServiceUnavailable, R> =>
    orUnavailable(sql`SELECT pg_advisory_xact_lock(${commit.repositoryId}, hashtext(${commit.commitSha}))`).pipe(
      Effect.zipRight(effect),
      sql.withTransaction,
      // Beginning or committing the transaction failed: storage, as for every statement.
      Effect.catchIf((error): error is SqlError => error instanceof SqlError, (error) => orUnavailable(Effect.fail(error)))
    )

  /** A commit's line coverage by path, of every file or of one. */
  const lineCoverage = (commit: LineCoverageStore.CoverageKey, path?: string) =>
    sql`
      SELECT jsonb_build_object(
        'path', path, 'coverableLines', coverable_lines, 'coveredLines', covered_lines, 'hits', hits
      ) AS coverage
      FROM commit_file_coverage
      WHERE repository_id = ${commit.repositoryId} AND commit_sha = ${commit.commitSha}
        AND ${path === undefined ? sql`true` : sql`path = ${path}`}
      ORDER BY path
    `.pipe(Effect.flatMap(decodeLineCoverageRows), Effect.map((rows) => rows.map((row) => row.coverage)), orUnavailable)

  const commitCoverage = (commit: LineCoverageStore.CoverageKey) => lineCoverage(commit)

  const fileCoverage = (commit: LineCoverageStore.CoverageKey, path: string) => Effect.map(lineCoverage(commit, path), Arr.head)

  return LineCoverageStore.LineCoverageStore.of({ saveCoverage, removeCoverage, exclusive, commitCoverage, fileCoverage })
})

export const layer = Layer.effect(LineCoverageStore.LineCoverageStore, make)

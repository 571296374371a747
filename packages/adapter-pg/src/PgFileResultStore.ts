import { SqlClient } from "@effect/sql"
import { type AnalysisResultStore, FileResultStore, Pagination, StoredResults } from "@tidemark/core"
import { Array as Arr, Effect, Layer } from "effect"
import { decodeTotal, fileIds, fileRows, resultId } from "./PgAnalysisRows.js"
import { orUnavailable } from "./StorageFailure.js"

/**
 * A file's column under each sort (of the files query below); complexity holds -1 for a file without
 * a complexity measure, coverage -1 for a file without coverage, as fileSortValue counts them.
 */
const sortColumn: Record<StoredResults.FileQuery["sort"], string> = {
  filename: "path",
  issues: "total_issues",
  grade: "grade",
  complexity: "complexity",
  duplication: "duplicated_lines",
  coverage: "coverage"
}

/**
 * FileResultStore on PostgreSQL: `analysis_files` joined to the analysed commit's line coverage,
 * by keyset page on the sort's column and the path; file ids from `repository_files`.
 */
export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  /**
   * The analysis's files with their coverage in the analysed commit. The percentage is computed as
   * fileSortValue computes it (an exact integer product, then one division in float8), so that a
   * page's last key compares equal to its own row. The product is a bigint: a file may count up to
   * 2^31 - 1 lines, and a hundred times that is past an integer.
   */
  const filesOf = (key: AnalysisResultStore.ResultsKey) =>
    sql`
      SELECT f.file, f.file_id, f.path, f.total_issues, f.grade, f.complexity, f.duplicated_lines,
        c.coverable_lines, c.covered_lines,
        coalesce(CASE WHEN c.coverable_lines > 0 THEN (c.covered_lines::bigint * 100)::float8 / c.coverable_lines END, -1) AS coverage
      FROM analysis_files f
      LEFT JOIN commit_file_coverage c
        ON c.repository_id = ${key.repositoryId} AND c.commit_sha = ${key.commitSha} AND c.path = f.path
      WHERE f.result_id = (${resultId(sql, key)})
    `
  const fileColumns = sql`
    file, file_id::float8 AS "fileId", coverable_lines AS "coverableLines", covered_lines AS "coveredLines"
  `

  const files = (key: AnalysisResultStore.ResultsKey, query: StoredResults.FileQuery, page: Pagination.PageRequest) => {
    const column = sql(sortColumn[query.sort])
    const byName = query.sort === "filename"
    const ascending = query.direction === "asc"
    const where = query.search === undefined || query.search === ""
      ? sql`true`
      : sql`strpos(lower(path), ${query.search.toLowerCase()}) > 0`
    const order = byName
      ? (ascending ? sql`path ASC` : sql`path DESC`)
      : (ascending ? sql`${column} ASC, path ASC` : sql`${column} DESC, path DESC`)
    const [first, second] = page.after ?? []
    const after = page.after === undefined
      ? sql`true`
      : byName
      ? (ascending ? sql`path > ${String(first)}` : sql`path < ${String(first)}`)
      : ascending
      ? sql`(${column}, path) > (${Number(first)}, ${String(second)})`
      : sql`(${column}, path) < (${Number(first)}, ${String(second)})`
    return Effect.all([
      sql`
        SELECT ${fileColumns} FROM (${filesOf(key)}) AS f
        WHERE ${where} AND ${after}
        ORDER BY ${order}
        LIMIT ${page.limit + 1}
      `.pipe(Effect.flatMap(fileRows)),
      sql`
        SELECT count(*)::integer AS total FROM analysis_files
        WHERE result_id = (${resultId(sql, key)}) AND ${where}
      `.pipe(Effect.flatMap(decodeTotal))
    ]).pipe(
      Effect.map(([rows, totals]) =>
        Pagination.pageOfRows(rows, totals[0]?.total ?? 0, page, (stored) =>
          byName ? [stored.file.path] : [StoredResults.fileSortValue(stored, query.sort), stored.file.path])
      ),
      orUnavailable
    )
  }

  const file = (key: AnalysisResultStore.ResultsKey, fileId: number) =>
    sql`SELECT ${fileColumns} FROM (${filesOf(key)}) AS f WHERE file_id = ${fileId}`.pipe(
      Effect.flatMap(fileRows),
      Effect.map(Arr.head),
      orUnavailable
    )

  return FileResultStore.FileResultStore.of({
    files,
    file,
    fileIds: (repositoryId, paths) => orUnavailable(fileIds(sql, repositoryId, paths))
  })
})

export const layer = Layer.effect(FileResultStore.FileResultStore, make)

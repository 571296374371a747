import { SqlClient } from "@effect/sql"
import { AnalysisResults, ChangeAnalysis, ChangeStore, Pagination, Trusted } from "@tidemark/core"
import { Array as Arr, Effect, Layer, Option, Schema } from "effect"
import { check, decodeAll } from "./Rows.js"
import { orUnavailable } from "./StorageFailure.js"

/**
 * ChangeStore on PostgreSQL (migration 0015): the change as one JSON value, its issues as rows
 * keyed in the order they list in, written in chunks of JSON like the analyses' issues.
 */

const chunkSize = 2_000
const encodeChange = Schema.encodeSync(ChangeAnalysis.ChangeAnalysis)
const encodeIssue = Schema.encodeSync(AnalysisResults.IssueResult)
/** Checked as plain data, then built without validating again (see `changeAnalysisOfEncoded`). */
const checkChangeRows = check(Schema.Array(Schema.Struct({ subject: Schema.String, change: Schema.encodedBoundSchema(ChangeAnalysis.ChangeAnalysis) })))
const { clones: _, files: __, ...summaryFields } = ChangeAnalysis.ChangeAnalysis.fields
const checkSummaryRows = check(Schema.Array(Schema.Struct({ change: Schema.encodedBoundSchema(Schema.Struct(summaryFields)) })))
const checkIssueRows = check(Schema.Array(Schema.Struct({ rank: Schema.Number, issue: Schema.encodedBoundSchema(AnalysisResults.IssueResult) })))
const TotalRow = Schema.Struct({ total: Schema.Number })
const decodeTotal = decodeAll(TotalRow)

const rankOf = (deltaType: ChangeAnalysis.DeltaType) => (deltaType === "Added" ? 0 : 1)

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  const save = (key: ChangeAnalysis.ChangeKey, change: ChangeAnalysis.ChangeAnalysis, issues: ReadonlyArray<ChangeAnalysis.DeltaIssue>) =>
    Effect.gen(function*() {
      const subject = ChangeStore.subjectKey(key.subject)
      // The issues' rows go with the old change (the delete cascades).
      yield* sql`DELETE FROM changes WHERE repository_id = ${key.repositoryId} AND subject = ${subject}`
      yield* sql`
        INSERT INTO changes (repository_id, subject, change)
        VALUES (${key.repositoryId}, ${subject}, ${JSON.stringify(encodeChange(change))}::jsonb)
      `
      const rows = issues.map((delta) => ({
        rank: rankOf(delta.deltaType),
        filePath: delta.issue.filePath,
        line: delta.issue.line,
        issueId: delta.issue.issueId,
        issue: encodeIssue(delta.issue)
      }))
      yield* Effect.forEach(Arr.chunksOf(rows, chunkSize), (chunk) =>
        sql`
          INSERT INTO change_issues (repository_id, subject, delta_rank, file_path, line, issue_id, issue)
          SELECT ${key.repositoryId}, ${subject}, r.rank, r."filePath", r.line, r."issueId", r.issue
          FROM jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) AS r(
            rank smallint, "filePath" text, line integer, "issueId" text, issue jsonb
          )
        `, { discard: true })
    }).pipe(sql.withTransaction, orUnavailable)

  const findMany = (repositoryId: number, subjects: ReadonlyArray<ChangeAnalysis.ChangeSubject>) =>
    subjects.length === 0
      ? Effect.succeed(new Map<string, ChangeAnalysis.ChangeAnalysis>())
      : sql`
          SELECT subject, change FROM changes
          WHERE repository_id = ${repositoryId} AND subject = ANY(${subjects.map(ChangeStore.subjectKey)}::text[])
        `.pipe(
          Effect.flatMap(checkChangeRows),
          Effect.map((rows): ReadonlyMap<string, ChangeAnalysis.ChangeAnalysis> =>
            new Map(rows.map((row) => [row.subject, ChangeAnalysis.changeAnalysisOfEncoded(row.change)]))),
          orUnavailable
        )

  const find = (key: ChangeAnalysis.ChangeKey) =>
    Effect.map(findMany(key.repositoryId, [key.subject]), (found) => Option.fromNullable(found.get(ChangeStore.subjectKey(key.subject))))

  // The files and clones are left in the database: PostgreSQL drops them before sending the row.
  const findSummary = (key: ChangeAnalysis.ChangeKey) =>
    sql`
      SELECT change - 'files' - 'clones' AS change FROM changes
      WHERE repository_id = ${key.repositoryId} AND subject = ${ChangeStore.subjectKey(key.subject)}
    `.pipe(
      Effect.flatMap(checkSummaryRows),
      Effect.map((rows) =>
        Option.map(Arr.head(rows), (row) => ChangeStore.changeSummaryOf(ChangeAnalysis.changeAnalysisOfEncoded({ ...row.change, files: [], clones: [] })))),
      orUnavailable
    )

  const issues = (key: ChangeAnalysis.ChangeKey, deltaType: ChangeAnalysis.DeltaType | undefined, page: Pagination.PageRequest) => {
    const where = sql.and([
      sql`repository_id = ${key.repositoryId}`,
      sql`subject = ${ChangeStore.subjectKey(key.subject)}`,
      ...(deltaType === undefined ? [] : [sql`delta_rank = ${rankOf(deltaType)}`])
    ])
    const [rank, path, line, id] = page.after ?? []
    const after = page.after === undefined
      ? sql`true`
      : sql`(delta_rank, file_path, line, issue_id) > (${Number(rank)}, ${String(path)}, ${Number(line)}, ${String(id)})`
    return Effect.all([
      sql`
        SELECT delta_rank AS rank, issue FROM change_issues
        WHERE ${where} AND ${after}
        ORDER BY delta_rank, file_path, line, issue_id
        LIMIT ${page.limit + 1}
      `.pipe(Effect.flatMap(checkIssueRows)),
      sql`SELECT count(*)::integer AS total FROM change_issues WHERE ${where}`.pipe(Effect.flatMap(decodeTotal))
    ], { concurrency: 2 }).pipe(
      Effect.map(([rows, totals]) =>
        Pagination.pageOfRows(
          rows.map((row) =>
            Trusted.trusted(ChangeAnalysis.DeltaIssue, { deltaType: row.rank === 0 ? "Added" : "Fixed", issue: Trusted.trusted(AnalysisResults.IssueResult, row.issue) })
          ),
          totals[0]?.total ?? 0,
          page,
          (delta) => [rankOf(delta.deltaType), delta.issue.filePath, delta.issue.line, delta.issue.issueId]
        )
      ),
      orUnavailable
    )
  }

  return ChangeStore.ChangeStore.of({ save, find, findSummary, findMany, issues })
})

export const layer = Layer.effect(ChangeStore.ChangeStore, make)

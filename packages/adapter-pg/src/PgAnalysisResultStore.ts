import { SqlClient } from "@effect/sql"
import { AnalysisResultStore, AnalysisResults, StoredResults, Trusted } from "@tidemark/core"
import { Effect, Layer, Option } from "effect"
import {
  analysisRow,
  decodeOccurrenceRows,
  encodeFile,
  encodeIssue,
  fileIds,
  fileRows,
  insertChunks,
  issueRows,
  resultId
} from "./PgAnalysisRows.js"
import { orUnavailable } from "./StorageFailure.js"

/**
 * AnalysisResultStore on PostgreSQL: an analysis's rows (PgAnalysisRows) written in one
 * transaction, loaded whole, pruned with their analysis (the delete cascades).
 */
export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  const save = (key: AnalysisResultStore.ResultsKey, results: AnalysisResults.AnalysisResults) =>
    Effect.gen(function*() {
      // A new analysis of the same commit replaces the old one's rows (the delete cascades).
      yield* sql`
        DELETE FROM analysis_results WHERE ${analysisRow(sql, key)}
      `
      const [row] = yield* sql<{ readonly id: string }>`
        INSERT INTO analysis_results (repository_id, branch, commit_sha, issues, overview)
        VALUES (
          ${key.repositoryId}, ${key.branch}, ${key.commitSha}, ${results.issues.length},
          ${JSON.stringify(StoredResults.issueOverviewCountsOf(results.issues))}::jsonb
        )
        RETURNING id
      `
      const id = row?.id ?? ""
      const paths = [...new Set([
        ...results.files.map((file) => file.path),
        ...results.issues.map((issue) => issue.filePath),
        ...results.clones.flatMap((clone) => clone.occurrences.map((occurrence) => occurrence.path))
      ])]
      const ids = yield* fileIds(sql, key.repositoryId, paths)
      const idOf = (path: string) => ids.get(path) ?? 0

      yield* insertChunks(
        results.files.map((file) => ({
          fileId: idOf(file.path),
          path: file.path,
          totalIssues: file.totalIssues,
          grade: file.grade,
          complexity: file.complexity ?? -1,
          clones: file.numberOfClones,
          duplicatedLines: file.duplicatedLines,
          file: encodeFile(file)
        })),
        (json) =>
          sql`
            INSERT INTO analysis_files (
              result_id, file_id, path, total_issues, grade, complexity, clones, duplicated_lines, file
            )
            SELECT ${id}, r."fileId", r.path, r."totalIssues", r.grade, r.complexity, r.clones, r."duplicatedLines", r.file
            FROM jsonb_to_recordset(${json}::jsonb) AS r(
              "fileId" bigint, path text, "totalIssues" integer, grade integer, complexity integer, clones integer,
              "duplicatedLines" integer, file jsonb
            )
          `
      )
      yield* insertChunks(
        results.issues.map((issue) => ({
          filePath: issue.filePath,
          line: issue.line,
          issueId: issue.issueId,
          resultDataId: issue.resultDataId,
          fileId: idOf(issue.filePath),
          patternId: issue.patternId,
          category: issue.category,
          level: issue.level,
          language: issue.language,
          authorEmail: issue.authorEmail ?? null,
          issue: encodeIssue(issue)
        })),
        (json) =>
          sql`
            INSERT INTO analysis_issues (
              result_id, file_path, line, issue_id, result_data_id, file_id, pattern_id, category, level,
              language, author_email, issue
            )
            SELECT ${id}, r."filePath", r.line, r."issueId", r."resultDataId", r."fileId", r."patternId",
              r.category, r.level, r.language, r."authorEmail", r.issue
            FROM jsonb_to_recordset(${json}::jsonb) AS r(
              "filePath" text, line integer, "issueId" text, "resultDataId" bigint, "fileId" bigint,
              "patternId" text, category text, level text, language text, "authorEmail" text, issue jsonb
            )
          `
      )
      yield* insertChunks(
        results.clones.flatMap((clone) =>
          clone.occurrences.map((occurrence, position) => ({
            cloneId: clone.id,
            position,
            fileId: idOf(occurrence.path),
            path: occurrence.path,
            fromLine: occurrence.fromLine,
            toLine: occurrence.toLine
          }))
        ),
        (json) =>
          sql`
            INSERT INTO analysis_clone_occurrences (result_id, clone_id, position, file_id, path, from_line, to_line)
            SELECT ${id}, r."cloneId", r.position, r."fileId", r.path, r."fromLine", r."toLine"
            FROM jsonb_to_recordset(${json}::jsonb) AS r(
              "cloneId" integer, position integer, "fileId" bigint, path text, "fromLine" integer, "toLine" integer
            )
          `
      )
    }).pipe(sql.withTransaction, orUnavailable)

  const prune = (repositoryId: number, keep: ReadonlyArray<AnalysisResultStore.ResultsKey>) =>
    sql`
      DELETE FROM analysis_results r
      WHERE r.repository_id = ${repositoryId}
        AND NOT EXISTS (
          SELECT 1 FROM jsonb_to_recordset(${JSON.stringify(keep)}::jsonb) AS k("repositoryId" integer, branch text, "commitSha" text)
          WHERE k."repositoryId" = r.repository_id AND k.branch = r.branch AND k."commitSha" = r.commit_sha
        )
    `.pipe(Effect.asVoid, orUnavailable)

  /** Every row of one analysis, as it was saved: what a change compares (ChangeDelta). */
  const load = (key: AnalysisResultStore.ResultsKey) =>
    Effect.gen(function*() {
      const found = yield* sql`SELECT 1 AS one FROM analysis_results WHERE ${analysisRow(sql, key)}`
      if (found.length === 0) return Option.none()
      const [files, issues, occurrences] = yield* Effect.all([
        sql`SELECT file, file_id::float8 AS "fileId", NULL AS "coverableLines", NULL AS "coveredLines" FROM analysis_files
            WHERE result_id = (${resultId(sql, key)}) ORDER BY path`.pipe(Effect.flatMap(fileRows)),
        sql`SELECT issue, file_id::float8 AS "fileId" FROM analysis_issues
            WHERE result_id = (${resultId(sql, key)}) ORDER BY file_path, line, issue_id`.pipe(Effect.flatMap(issueRows)),
        sql`SELECT clone_id AS "cloneId", file_id::float8 AS "fileId", path, from_line AS "fromLine", to_line AS "toLine"
            FROM analysis_clone_occurrences WHERE result_id = (${resultId(sql, key)}) ORDER BY clone_id, position`.pipe(
          Effect.flatMap(decodeOccurrenceRows)
        )
      ], { concurrency: 3 })
      const clones = new Map<number, Array<AnalysisResults.CloneOccurrence>>()
      for (const row of occurrences) {
        const list = clones.get(row.cloneId) ?? []
        list.push(AnalysisResults.CloneOccurrence.make({ path: row.path, fromLine: row.fromLine, toLine: row.toLine }))
        clones.set(row.cloneId, list)
      }
      return Option.some(Trusted.trusted(AnalysisResults.AnalysisResults, {
        files: files.map((stored) => stored.file),
        issues: issues.map((stored) => stored.issue),
        clones: [...clones].map(([id, list]) => Trusted.trusted(AnalysisResults.CloneResult, { id, occurrences: list }))
      }))
    }).pipe(orUnavailable)

  return AnalysisResultStore.AnalysisResultStore.of({ save, load, prune })
})

export const layer = Layer.effect(AnalysisResultStore.AnalysisResultStore, make)

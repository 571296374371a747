import { SqlClient } from "@effect/sql"
import type { SqlError } from "@effect/sql/SqlError"
import { Triage, TriageStore } from "@tidemark/core"
import { Effect, Layer, Schema } from "effect"
import { decodeAll } from "./Rows.js"
import { orUnavailable } from "./StorageFailure.js"

const Author = { ignoredBy: Schema.String, ignoredByName: Schema.String, ignoredAt: Schema.String }
const IssueRow = Schema.Struct({
  issueId: Schema.String,
  reason: Schema.NullOr(Triage.IgnoreReason),
  comment: Schema.NullOr(Schema.String),
  commitSha: Schema.String,
  ...Author
})
const FileRow = Schema.Struct({ path: Schema.String, ...Author })

const byOf = (row: { readonly ignoredBy: string; readonly ignoredByName: string }) =>
  new Triage.IgnoredBy({ credentialId: row.ignoredBy, name: row.ignoredByName })

const issueOf = (row: typeof IssueRow.Type) =>
  new Triage.IssueIgnore({
    issueId: row.issueId,
    ...(row.reason === null ? {} : { reason: row.reason }),
    ...(row.comment === null ? {} : { comment: row.comment }),
    ignoredBy: byOf(row),
    ignoredAt: row.ignoredAt,
    commitSha: row.commitSha
  })

const fileOf = (row: typeof FileRow.Type) => new Triage.FileIgnore({ path: row.path, ignoredBy: byOf(row), ignoredAt: row.ignoredAt })

/** An issue named twice in one call once, its last ignore (one statement cannot update a row twice). */
const lastOf = (ignores: ReadonlyArray<Triage.IssueIgnore>) =>
  [...new Map(ignores.map((i) => [i.issueId, {
    issueId: i.issueId,
    reason: i.reason ?? null,
    comment: i.comment ?? null,
    ignoredBy: i.ignoredBy.credentialId,
    ignoredByName: i.ignoredBy.name,
    ignoredAt: i.ignoredAt,
    commitSha: i.commitSha
  }])).values()]

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  const ignoreIssues = (repositoryId: number, ignores: ReadonlyArray<Triage.IssueIgnore>) =>
    ignores.length === 0
      ? Effect.void
      : sql`
        INSERT INTO ignored_issues (repository_id, issue_id, reason, comment, ignored_by, ignored_by_name, ignored_at, commit_sha)
        SELECT ${repositoryId}, r."issueId", r.reason, r.comment, r."ignoredBy", r."ignoredByName", r."ignoredAt", r."commitSha"
        FROM jsonb_to_recordset(${JSON.stringify(lastOf(ignores))}::jsonb)
          AS r("issueId" text, reason text, comment text, "ignoredBy" text, "ignoredByName" text, "ignoredAt" text, "commitSha" text)
        ON CONFLICT (repository_id, issue_id) DO UPDATE SET
          reason = EXCLUDED.reason, comment = EXCLUDED.comment, ignored_by = EXCLUDED.ignored_by,
          ignored_by_name = EXCLUDED.ignored_by_name, ignored_at = EXCLUDED.ignored_at, commit_sha = EXCLUDED.commit_sha
      `.pipe(Effect.asVoid, orUnavailable)

  /** Whether a `DELETE … RETURNING` removed a row. */
  const removed = (statement: Effect.Effect<ReadonlyArray<unknown>, SqlError>) =>
    statement.pipe(Effect.map((rows) => rows.length > 0), orUnavailable)

  const unignoreIssue = (repositoryId: number, issueId: string) =>
    removed(sql`DELETE FROM ignored_issues WHERE repository_id = ${repositoryId} AND issue_id = ${issueId} RETURNING issue_id`)

  const ignoreFile = (repositoryId: number, ignore: Triage.FileIgnore) =>
    sql`
      INSERT INTO ignored_files (repository_id, path, ignored_by, ignored_by_name, ignored_at)
      VALUES (${repositoryId}, ${ignore.path}, ${ignore.ignoredBy.credentialId}, ${ignore.ignoredBy.name}, ${ignore.ignoredAt})
      ON CONFLICT (repository_id, path) DO UPDATE SET
        ignored_by = EXCLUDED.ignored_by, ignored_by_name = EXCLUDED.ignored_by_name, ignored_at = EXCLUDED.ignored_at
    `.pipe(Effect.asVoid, orUnavailable)

  const unignoreFile = (repositoryId: number, path: string) =>
    removed(sql`DELETE FROM ignored_files WHERE repository_id = ${repositoryId} AND path = ${path} RETURNING path`)

  const ignoresOf = (repositoryId: number) =>
    Effect.all([
      sql`
        SELECT issue_id AS "issueId", reason, comment, ignored_by AS "ignoredBy", ignored_by_name AS "ignoredByName",
          ignored_at AS "ignoredAt", commit_sha AS "commitSha"
        FROM ignored_issues WHERE repository_id = ${repositoryId} ORDER BY issue_id COLLATE "C"
      `.pipe(Effect.flatMap(decodeAll(IssueRow))),
      sql`
        SELECT path, ignored_by AS "ignoredBy", ignored_by_name AS "ignoredByName", ignored_at AS "ignoredAt"
        FROM ignored_files WHERE repository_id = ${repositoryId} ORDER BY path COLLATE "C"
      `.pipe(Effect.flatMap(decodeAll(FileRow)))
    ]).pipe(
      Effect.map(([issues, files]): Triage.Ignores => ({ issues: issues.map(issueOf), files: files.map(fileOf) })),
      orUnavailable
    )

  const withIgnores = (repositoryIds: ReadonlyArray<number>) =>
    sql`
      SELECT id FROM unnest(${repositoryIds}::integer[]) AS id
      WHERE EXISTS (SELECT 1 FROM ignored_issues WHERE repository_id = id)
        OR EXISTS (SELECT 1 FROM ignored_files WHERE repository_id = id)
    `.pipe(Effect.flatMap(decodeAll(Schema.Struct({ id: Schema.Number }))), Effect.map((rows) => new Set(rows.map((r) => r.id))), orUnavailable)

  return TriageStore.TriageStore.of({ ignoreIssues, unignoreIssue, ignoreFile, unignoreFile, ignoresOf, withIgnores })
})

export const layer = Layer.effect(TriageStore.TriageStore, make)

import { SqlClient } from "@effect/sql"
import { AnalysisStore, CommitAnalysis, CommitCoverage, ImportedIssues } from "@tidemark/core"
import { Effect, Layer, Option, Schema } from "effect"
import { check, decodeAll } from "./Rows.js"
import { orUnavailable } from "./StorageFailure.js"

/**
 * The analysis as stored: the core's encoding in one jsonb column (pg parses it to an object). Read
 * back, it is checked as plain data (`Rows.check`), then built as `CommitAnalysis` without
 * validating again.
 */
const checkAnalysisRows = check(Schema.Array(Schema.Struct({ analysis: Schema.encodedBoundSchema(CommitAnalysis.CommitAnalysis) })))
const analysesOf = (rows: unknown) =>
  Effect.map(checkAnalysisRows(rows), (checked) => checked.map(({ analysis }) => CommitAnalysis.commitAnalysisOfEncoded(analysis)))
const encodeAnalysis = Schema.encodeSync(CommitAnalysis.CommitAnalysis)
const CoverageRow = Schema.Struct({ coverage: CommitCoverage.CommitCoverage })
const decodeCoverageRows = decodeAll(CoverageRow)
const ImportedRow = Schema.Struct({ issues: ImportedIssues.ImportedIssues })
const decodeImportedRows = decodeAll(ImportedRow)
const encodeImported = Schema.encodeSync(ImportedIssues.ImportedIssues)

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  const save = (analysis: CommitAnalysis.CommitAnalysis) =>
    sql`
      INSERT INTO commit_analyses (repository_id, branch, commit_sha, ended_at, analysis)
      VALUES (
        ${analysis.repositoryId}, ${analysis.branch}, ${analysis.commit.sha}, ${analysis.endedAnalysis},
        ${JSON.stringify(encodeAnalysis(analysis))}::jsonb
      )
      ON CONFLICT (repository_id, branch, commit_sha) DO UPDATE SET
        ended_at = EXCLUDED.ended_at,
        analysis = EXCLUDED.analysis
    `.pipe(Effect.asVoid, orUnavailable)

  // One statement for a whole page: the latest analysis of each (repository, branch) asked for.
  const latest = (branches: ReadonlyArray<{ readonly repositoryId: number; readonly branch: string }>) =>
    branches.length === 0
      ? Effect.succeed(new Map<number, CommitAnalysis.CommitAnalysis>())
      : sql`
        SELECT DISTINCT ON (a.repository_id, a.branch) a.analysis
        FROM jsonb_to_recordset(${JSON.stringify(branches)}::jsonb) AS wanted("repositoryId" integer, branch text)
        JOIN commit_analyses a ON a.repository_id = wanted."repositoryId" AND a.branch = wanted.branch COLLATE "C"
        ORDER BY a.repository_id, a.branch, a.ended_at DESC
      `.pipe(
        Effect.flatMap(analysesOf),
        Effect.map((analyses) => new Map(analyses.map((analysis) => [analysis.repositoryId, analysis]))),
        orUnavailable
      )

  const find = (repositoryId: number, branch: string, sha: string) =>
    sql`
      SELECT analysis FROM commit_analyses
      WHERE repository_id = ${repositoryId} AND branch = ${branch} AND commit_sha = ${sha}
    `.pipe(
      Effect.flatMap(analysesOf),
      Effect.map((analyses) => Option.fromNullable(analyses[0])),
      orUnavailable
    )

  const ofCommit = (repositoryId: number, sha: string) =>
    sql`
      SELECT analysis FROM commit_analyses
      WHERE repository_id = ${repositoryId} AND commit_sha = ${sha}
      ORDER BY ended_at DESC LIMIT 1
    `.pipe(
      Effect.flatMap(analysesOf),
      Effect.map((analyses) => Option.fromNullable(analyses[0])),
      orUnavailable
    )

  const history = (
    repositoryId: number,
    branch: string,
    page: { readonly after?: { readonly endedAnalysis: string; readonly sha: string } | undefined; readonly limit: number }
  ) => {
    const where = sql`repository_id = ${repositoryId} AND branch = ${branch}`
    const after = page.after === undefined
      ? sql`true`
      : sql`(ended_at, commit_sha) < (${page.after.endedAnalysis}, ${page.after.sha})`
    return Effect.all([
      sql`
        SELECT analysis FROM commit_analyses WHERE ${where} AND ${after}
        ORDER BY ended_at DESC, commit_sha DESC LIMIT ${page.limit}
      `.pipe(Effect.flatMap(analysesOf)),
      sql<{ readonly total: number }>`SELECT count(*)::integer AS total FROM commit_analyses WHERE ${where}`
    ]).pipe(
      Effect.map(([items, totals]) => ({ items, total: totals[0]?.total ?? 0 })),
      orUnavailable
    )
  }

  const coverage = (commits: ReadonlyArray<{ readonly repositoryId: number; readonly commitSha: string }>) =>
    commits.length === 0
      ? Effect.succeed(new Map<number, CommitCoverage.CommitCoverage>())
      : sql`
        SELECT c.coverage
        FROM jsonb_to_recordset(${JSON.stringify(commits)}::jsonb) AS wanted("repositoryId" integer, "commitSha" text)
        JOIN commit_coverage c ON c.repository_id = wanted."repositoryId" AND c.commit_sha = wanted."commitSha"
      `.pipe(
        Effect.flatMap(decodeCoverageRows),
        Effect.map((rows) => new Map(rows.map(({ coverage }) => [coverage.repositoryId, coverage]))),
        orUnavailable
      )

  // The reports first, then the analyses of their commits: two short statements on indexes.
  const coverageReports = (repositoryId: number, limit: number) =>
    Effect.gen(function*() {
      const reports = yield* sql`
        SELECT coverage FROM commit_coverage
        WHERE repository_id = ${repositoryId}
        ORDER BY coverage->>'uploadedAt' DESC, commit_sha COLLATE "C"
        LIMIT ${limit}
      `.pipe(Effect.flatMap(decodeCoverageRows))
      const shas = reports.map(({ coverage }) => coverage.commitSha)
      const analyses = shas.length === 0 ? [] : yield* sql`
        SELECT analysis FROM commit_analyses
        WHERE repository_id = ${repositoryId} AND commit_sha = ANY(${shas}::text[])
        ORDER BY branch
      `.pipe(Effect.flatMap(analysesOf))
      return reports.map(({ coverage }) => ({
        coverage,
        analyses: analyses.filter((analysis) => analysis.commit.sha === coverage.commitSha)
      }))
    }).pipe(orUnavailable)

  // One statement for a whole log. A log names each tool once; the store keeps the last of any repeat.
  const saveImportedIssues = (all: ReadonlyArray<ImportedIssues.ImportedIssues>) =>
    all.length === 0 ? Effect.void : sql`
      INSERT INTO commit_imported_issues (repository_id, commit_sha, tool, issues)
      SELECT DISTINCT ON (repository_id, commit_sha, tool) repository_id, commit_sha, tool, issues
      FROM unnest(
        ${all.map((i) => i.repositoryId)}::integer[], ${all.map((i) => i.commitSha)}::text[],
        ${all.map((i) => i.tool)}::text[], ${all.map((i) => JSON.stringify(encodeImported(i)))}::jsonb[]
      ) WITH ORDINALITY AS given(repository_id, commit_sha, tool, issues, position)
      ORDER BY repository_id, commit_sha, tool, position DESC
      ON CONFLICT (repository_id, commit_sha, tool) DO UPDATE SET issues = EXCLUDED.issues
    `.pipe(Effect.asVoid, orUnavailable)

  const importedIssues = (commits: ReadonlyArray<{ readonly repositoryId: number; readonly commitSha: string }>) =>
    commits.length === 0
      ? Effect.succeed(new Map<number, ReadonlyArray<ImportedIssues.ImportedIssues>>())
      : sql`
        SELECT i.issues
        FROM jsonb_to_recordset(${JSON.stringify(commits)}::jsonb) AS wanted("repositoryId" integer, "commitSha" text)
        JOIN commit_imported_issues i ON i.repository_id = wanted."repositoryId" AND i.commit_sha = wanted."commitSha"
        ORDER BY i.repository_id, i.tool
      `.pipe(
        Effect.flatMap(decodeImportedRows),
        Effect.map((rows) => {
          const found = new Map<number, Array<ImportedIssues.ImportedIssues>>()
          for (const { issues } of rows) found.set(issues.repositoryId, [...(found.get(issues.repositoryId) ?? []), issues])
          return found
        }),
        orUnavailable
      )

  return AnalysisStore.AnalysisStore.of({ save, latest, find, ofCommit, history, coverage, coverageReports, saveImportedIssues, importedIssues })
})

export const layer = Layer.effect(AnalysisStore.AnalysisStore, make)

import { SqlClient } from "@effect/sql"
import { type AnalysisResultStore, IssueResultStore, Pagination, StoredResults, type Triage } from "@tidemark/core"
import { Array as Arr, Effect, Layer, Schema } from "effect"
import { analysisRow, decodeTotal, issueRows, resultId } from "./PgAnalysisRows.js"
import { decodeAll } from "./Rows.js"
import { orUnavailable } from "./StorageFailure.js"

const CountRow = Schema.Struct({ dimension: Schema.String, name: Schema.NullOr(Schema.String), title: Schema.NullOr(Schema.String), total: Schema.Number })
const decodeCountRows = decodeAll(CountRow)
const NamedCountSchema = Schema.Struct({ name: Schema.String, total: Schema.Number })
const OverviewRow = Schema.Struct({
  overview: Schema.NullOr(Schema.Struct({
    categories: Schema.Array(NamedCountSchema),
    levels: Schema.Array(NamedCountSchema),
    languages: Schema.Array(NamedCountSchema),
    patterns: Schema.Array(Schema.Struct({ name: Schema.String, title: Schema.String, total: Schema.Number })),
    authors: Schema.Array(NamedCountSchema)
  }))
})
const decodeOverviewRows = decodeAll(OverviewRow)

/**
 * IssueResultStore on PostgreSQL: `analysis_issues` by keyset page on (file path, line, id), and
 * the overview stored with the analysis or counted in one statement when a filter applies.
 */
export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  /** The filter's conditions on `analysis_issues` (an empty list is no condition). */
  const issueConditions = (filter: StoredResults.IssueFilter) => {
    const any = (column: string, values: ReadonlyArray<string> | undefined) =>
      values === undefined || values.length === 0 ? [] : [sql`${sql(column)} = ANY(${values}::text[])`]
    return [
      ...any("pattern_id", filter.patternIds),
      ...any("language", filter.languages),
      ...any("category", filter.categories),
      ...any("level", filter.levels),
      ...any("author_email", filter.authorEmails),
      ...any("file_path", filter.filePaths),
      ...ignoredCondition(filter.ignored),
      ...(filter.fixable === true ? [sql`issue ? 'fix'`] : [])
    ]
  }

  /** An issue is ignored by its identity or by its file (Triage.selects). */
  const ignoredCondition = (selection: Triage.IgnoredSelection | undefined) => {
    if (selection === undefined) return []
    const ignored = sql`(issue_id = ANY(${selection.issueIds}::text[]) OR file_path = ANY(${selection.filePaths}::text[]))`
    if (selection.keep === "ignored") return [ignored]
    return selection.issueIds.length === 0 && selection.filePaths.length === 0 ? [] : [sql`NOT ${ignored}`]
  }

  const issues = (key: AnalysisResultStore.ResultsKey, filter: StoredResults.IssueFilter, page: Pagination.PageRequest) => {
    const conditions = issueConditions(filter)
    const where = sql.and([sql`result_id = (${resultId(sql, key)})`, ...conditions])
    // Without a filter the total is the analysis's own count, stored with its issues.
    const total = conditions.length === 0
      ? sql`SELECT issues AS total FROM analysis_results WHERE ${analysisRow(sql, key)}`
      : sql`SELECT count(*)::integer AS total FROM analysis_issues WHERE ${where}`
    const [path, line, id] = page.after ?? []
    const after = page.after === undefined
      ? sql`true`
      : sql`(file_path, line, issue_id) > (${String(path)}, ${Number(line)}, ${String(id)})`
    // On two connections at once: counting the issues a filter matches is the longer statement (up
    // to ~13 ms at 100 000 issues), and the page need not wait behind it.
    return Effect.all([
      sql`
        SELECT issue, file_id::float8 AS "fileId" FROM analysis_issues
        WHERE ${where} AND ${after}
        ORDER BY file_path, line, issue_id
        LIMIT ${page.limit + 1}
      `.pipe(Effect.flatMap(issueRows)),
      total.pipe(Effect.flatMap(decodeTotal))
    ], { concurrency: 2 }).pipe(
      Effect.map(([rows, totals]) =>
        Pagination.pageOfRows(
          rows,
          totals[0]?.total ?? 0,
          page,
          (stored) => [stored.issue.filePath, stored.issue.line, stored.issue.issueId]
        )
      ),
      orUnavailable
    )
  }

  /** Without a filter, the overview stored with the analysis; NULL for one stored before migration 0010. */
  const storedOverview = (key: AnalysisResultStore.ResultsKey) =>
    sql`SELECT overview FROM analysis_results WHERE ${analysisRow(sql, key)}`.pipe(Effect.flatMap(decodeOverviewRows), Effect.map((rows) => rows[0]?.overview ?? null))

  const issueCounts = (key: AnalysisResultStore.ResultsKey, filter: StoredResults.IssueFilter) => {
    const conditions = issueConditions(filter)
    return conditions.length === 0
      ? storedOverview(key).pipe(
        Effect.flatMap((stored) => stored === null ? countedOverview(key, conditions) : Effect.succeed(stored)),
        orUnavailable
      )
      : countedOverview(key, conditions).pipe(orUnavailable)
  }

  /**
   * One statement for every dimension. The matching issues are first counted per combination of
   * the five dimensions (a few thousand groups for 100 000 issues), and grouping sets then count
   * each dimension over those groups rather than over every issue again. A pattern's title is
   * read from one of its issues (the lowest `result_data_id`, found through its index) instead of
   * from every issue's JSON.
   */
  const countedOverview = (key: AnalysisResultStore.ResultsKey, conditions: ReturnType<typeof issueConditions>) =>
    sql`
      WITH combinations AS (
        SELECT level, category, language, pattern_id, author_email, count(*) AS total, min(result_data_id) AS sample
        FROM analysis_issues
        WHERE ${sql.and([sql`result_id = (${resultId(sql, key)})`, ...conditions])}
        GROUP BY level, category, language, pattern_id, author_email
      ),
      counts AS (
        SELECT
          CASE
            WHEN GROUPING(category) = 0 THEN 'categories'
            WHEN GROUPING(level) = 0 THEN 'levels'
            WHEN GROUPING(language) = 0 THEN 'languages'
            WHEN GROUPING(pattern_id) = 0 THEN 'patterns'
            ELSE 'authors'
          END AS dimension,
          coalesce(category, level, language, pattern_id, author_email) AS name,
          sum(total)::integer AS total,
          min(sample) AS sample
        FROM combinations
        GROUP BY GROUPING SETS ((category), (level), (language), (pattern_id), (author_email))
      )
      SELECT counts.dimension, counts.name, titled.title, counts.total
      FROM counts LEFT JOIN LATERAL (
        SELECT issue->>'patternTitle' AS title FROM analysis_issues
        WHERE counts.dimension = 'patterns' AND result_id = (${resultId(sql, key)}) AND result_data_id = counts.sample
        LIMIT 1
      ) AS titled ON true
    `.pipe(
      Effect.flatMap(decodeCountRows),
      Effect.map((rows) => {
        const named = (dimension: string) =>
          rows.flatMap(({ dimension: d, name, title, total }) => (d === dimension && name !== null ? [{ name, title, total }] : []))
        const of = (dimension: string): Array<StoredResults.NamedCount> => StoredResults.orderCounts(named(dimension).map(({ name, total }) => ({ name, total })))
        return {
          categories: of("categories"),
          levels: of("levels"),
          languages: of("languages"),
          patterns: StoredResults.orderCounts(named("patterns").map(({ name, title, total }) => ({ name, title: title ?? name, total }))),
          // Issues without a known author form a group of their own (NULL): not an author.
          authors: of("authors")
        }
      })
    )

  const issue = (key: AnalysisResultStore.ResultsKey, resultDataId: number) =>
    sql`
      SELECT issue, file_id::float8 AS "fileId" FROM analysis_issues
      WHERE result_id = (${resultId(sql, key)}) AND result_data_id = ${resultDataId}
      LIMIT 1
    `.pipe(Effect.flatMap(issueRows), Effect.map(Arr.head), orUnavailable)

  return IssueResultStore.IssueResultStore.of({ issues, issueCounts, issue })
})

export const layer = Layer.effect(IssueResultStore.IssueResultStore, make)

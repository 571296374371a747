import { SqlClient } from "@effect/sql"
import { SqlError } from "@effect/sql/SqlError"
import {
  AnalysisResults,
  AnalysisResultStore,
  CloneOccurrence,
  CloneResult,
  type CoverageKey,
  FileLineCoverage,
  FileResult,
  fileSortValue,
  type FileQuery,
  type IssueFilter,
  issueOverviewCountsOf,
  IssueResult,
  type NamedCount,
  orderCounts,
  type PageRequest,
  type ResultPage,
  type ResultsKey,
  type ServiceUnavailable,
  type StoredClone,
  type StoredFile,
  trusted
} from "@tidemark/core"
import { Array as Arr, Effect, Layer, Option, Schema } from "effect"
import { check, decodeAll } from "./Rows.js"
import { orUnavailable } from "./StorageFailure.js"

/**
 * AnalysisResultStore on PostgreSQL (migrations 0008 to 0010): one `analysis_results` row per
 * analysis with its number of issues, its issues, files and clone occurrences in tables of their own, line coverage per commit
 * and file, written in chunks of JSON (one
 * parameter per chunk rather than one per value) and read by keyset pages.
 */

/** Rows per INSERT: one JSON parameter each, small enough that no statement holds a huge text. */
const chunkSize = 2_000

const encodeIssue = Schema.encodeSync(IssueResult)
const encodeFile = Schema.encodeSync(FileResult)

/**
 * Issues and files read back are checked as plain data (`Rows.check`) against their classes'
 * encoded side, then built without validating again (`trusted`): a page of 100 issues decoded by
 * Effect cost more of Node's time than the statements that read it.
 */
const checkIssueRows = check(Schema.Array(Schema.Struct({ issue: Schema.encodedBoundSchema(IssueResult), fileId: Schema.Number })))
const issueRows = (rows: ReadonlyArray<unknown>) =>
  Effect.map(checkIssueRows(rows), (checked) => checked.map(({ fileId, issue }) => ({ issue: trusted(IssueResult, issue), fileId })))
const checkFileRows = check(Schema.Array(Schema.Struct({
  file: Schema.encodedBoundSchema(FileResult),
  fileId: Schema.Number,
  coverableLines: Schema.NullOr(Schema.Number),
  coveredLines: Schema.NullOr(Schema.Number)
})))
/** A file with its coverage in the analysed commit, when a report names it. */
const fileRows = (rows: ReadonlyArray<unknown>) =>
  Effect.map(checkFileRows(rows), (checked) =>
    checked.map(({ coverableLines, coveredLines, file, fileId }): StoredFile => {
      const built = trusted(FileResult, file)
      return coverableLines === null || coveredLines === null
        ? { file: built, fileId }
        : { file: built, fileId, coverage: { coverableLines, coveredLines } }
    }))
const LineCoverageRow = Schema.Struct({ coverage: FileLineCoverage })
const decodeLineCoverageRows = decodeAll(LineCoverageRow)
const CountRow = Schema.Struct({ dimension: Schema.String, name: Schema.NullOr(Schema.String), title: Schema.NullOr(Schema.String), total: Schema.Number })
const decodeCountRows = decodeAll(CountRow)
const OccurrenceRow = Schema.Struct({
  cloneId: Schema.Number,
  fileId: Schema.Number,
  path: Schema.String,
  fromLine: Schema.Number,
  toLine: Schema.Number
})
const decodeOccurrenceRows = decodeAll(OccurrenceRow)
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
const TotalRow = Schema.Struct({ total: Schema.Number })
const decodeTotal = decodeAll(TotalRow)

/**
 * A file's column under each sort (of the files query below); complexity holds -1 for a file without
 * a complexity measure, coverage -1 for a file without coverage, as fileSortValue counts them.
 */
const sortColumn: Record<FileQuery["sort"], string> = {
  filename: "path",
  issues: "total_issues",
  grade: "grade",
  complexity: "complexity",
  duplication: "duplicated_lines",
  coverage: "coverage"
}

export const pageOf = <A>(rows: ReadonlyArray<A>, total: number, page: PageRequest, keyOf: (row: A) => ReadonlyArray<string | number>): ResultPage<A> => {
  const items = rows.slice(0, page.limit)
  const last = items.at(-1)
  return { items, total, next: rows.length > page.limit && last !== undefined ? keyOf(last) : undefined }
}

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  /** The `analysis_results` row of one analysis. */
  const analysisRow = (key: ResultsKey) =>
    sql`repository_id = ${key.repositoryId} AND branch = ${key.branch} AND commit_sha = ${key.commitSha}`

  const resultId = (key: ResultsKey) => sql`SELECT id FROM analysis_results WHERE ${analysisRow(key)}`

  /** The ids of the repository's files at these paths, made for paths it has never had. */
  const fileIds = (repositoryId: number, paths: ReadonlyArray<string>) =>
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

  const insertChunks = <A, E>(rows: ReadonlyArray<A>, insert: (json: string) => Effect.Effect<unknown, E>) =>
    Effect.forEach(Arr.chunksOf(rows, chunkSize), (chunk) => insert(JSON.stringify(chunk)), { discard: true })

  const save = (key: ResultsKey, results: AnalysisResults) =>
    Effect.gen(function*() {
      // A new analysis of the same commit replaces the old one's rows (the delete cascades).
      yield* sql`
        DELETE FROM analysis_results WHERE ${analysisRow(key)}
      `
      const [row] = yield* sql<{ readonly id: string }>`
        INSERT INTO analysis_results (repository_id, branch, commit_sha, issues, overview)
        VALUES (
          ${key.repositoryId}, ${key.branch}, ${key.commitSha}, ${results.issues.length},
          ${JSON.stringify(issueOverviewCountsOf(results.issues))}::jsonb
        )
        RETURNING id
      `
      const id = row?.id ?? ""
      const paths = [...new Set([
        ...results.files.map((file) => file.path),
        ...results.issues.map((issue) => issue.filePath),
        ...results.clones.flatMap((clone) => clone.occurrences.map((occurrence) => occurrence.path))
      ])]
      const ids = yield* fileIds(key.repositoryId, paths)
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

  /** The filter's conditions on `analysis_issues` (an empty list is no condition). */
  const issueConditions = (filter: IssueFilter) => {
    const any = (column: string, values: ReadonlyArray<string> | undefined) =>
      values === undefined || values.length === 0 ? [] : [sql`${sql(column)} = ANY(${values}::text[])`]
    return [
      ...any("pattern_id", filter.patternIds),
      ...any("language", filter.languages),
      ...any("category", filter.categories),
      ...any("level", filter.levels),
      ...any("author_email", filter.authorEmails),
      ...any("file_path", filter.filePaths)
    ]
  }

  const issues = (key: ResultsKey, filter: IssueFilter, page: PageRequest) => {
    const conditions = issueConditions(filter)
    const where = sql.and([sql`result_id = (${resultId(key)})`, ...conditions])
    // Without a filter the total is the analysis's own count, stored with its issues.
    const total = conditions.length === 0
      ? sql`SELECT issues AS total FROM analysis_results WHERE ${analysisRow(key)}`
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
        pageOf(
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
  const storedOverview = (key: ResultsKey) =>
    sql`SELECT overview FROM analysis_results WHERE ${analysisRow(key)}`.pipe(Effect.flatMap(decodeOverviewRows), Effect.map((rows) => rows[0]?.overview ?? null))

  const issueCounts = (key: ResultsKey, filter: IssueFilter) => {
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
  const countedOverview = (key: ResultsKey, conditions: ReturnType<typeof issueConditions>) =>
    sql`
      WITH combinations AS (
        SELECT level, category, language, pattern_id, author_email, count(*) AS total, min(result_data_id) AS sample
        FROM analysis_issues
        WHERE ${sql.and([sql`result_id = (${resultId(key)})`, ...conditions])}
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
        WHERE counts.dimension = 'patterns' AND result_id = (${resultId(key)}) AND result_data_id = counts.sample
        LIMIT 1
      ) AS titled ON true
    `.pipe(
      Effect.flatMap(decodeCountRows),
      Effect.map((rows) => {
        const named = (dimension: string) =>
          rows.flatMap(({ dimension: d, name, title, total }) => (d === dimension && name !== null ? [{ name, title, total }] : []))
        const of = (dimension: string): Array<NamedCount> => orderCounts(named(dimension).map(({ name, total }) => ({ name, total })))
        return {
          categories: of("categories"),
          levels: of("levels"),
          languages: of("languages"),
          patterns: orderCounts(named("patterns").map(({ name, title, total }) => ({ name, title: title ?? name, total }))),
          // Issues without a known author form a group of their own (NULL): not an author.
          authors: of("authors")
        }
      })
    )

  const issue = (key: ResultsKey, resultDataId: number) =>
    sql`
      SELECT issue, file_id::float8 AS "fileId" FROM analysis_issues
      WHERE result_id = (${resultId(key)}) AND result_data_id = ${resultDataId}
      LIMIT 1
    `.pipe(Effect.flatMap(issueRows), Effect.map(Arr.head), orUnavailable)

  /**
   * The analysis's files with their coverage in the analysed commit. The percentage is computed as
   * fileSortValue computes it (an exact integer product, then one division in float8), so that a
   * page's last key compares equal to its own row. The product is a bigint: a file may count up to
   * 2^31 - 1 lines, and a hundred times that is past an integer.
   */
  const filesOf = (key: ResultsKey) =>
    sql`
      SELECT f.file, f.file_id, f.path, f.total_issues, f.grade, f.complexity, f.duplicated_lines,
        c.coverable_lines, c.covered_lines,
        coalesce(CASE WHEN c.coverable_lines > 0 THEN (c.covered_lines::bigint * 100)::float8 / c.coverable_lines END, -1) AS coverage
      FROM analysis_files f
      LEFT JOIN commit_file_coverage c
        ON c.repository_id = ${key.repositoryId} AND c.commit_sha = ${key.commitSha} AND c.path = f.path
      WHERE f.result_id = (${resultId(key)})
    `
  const fileColumns = sql`
    file, file_id::float8 AS "fileId", coverable_lines AS "coverableLines", covered_lines AS "coveredLines"
  `

  const files = (key: ResultsKey, query: FileQuery, page: PageRequest) => {
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
        WHERE result_id = (${resultId(key)}) AND ${where}
      `.pipe(Effect.flatMap(decodeTotal))
    ]).pipe(
      Effect.map(([rows, totals]) =>
        pageOf(rows, totals[0]?.total ?? 0, page, (stored) =>
          byName ? [stored.file.path] : [fileSortValue(stored, query.sort), stored.file.path])
      ),
      orUnavailable
    )
  }

  const file = (key: ResultsKey, fileId: number) =>
    sql`SELECT ${fileColumns} FROM (${filesOf(key)}) AS f WHERE file_id = ${fileId}`.pipe(
      Effect.flatMap(fileRows),
      Effect.map(Arr.head),
      orUnavailable
    )

  const saveCoverage = (commit: CoverageKey, files: ReadonlyArray<FileLineCoverage>) =>
    Effect.gen(function*() {
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
    }).pipe(sql.withTransaction, orUnavailable)

  const removeCoverage = (commit: CoverageKey, paths: ReadonlyArray<string>) =>
    sql`
      DELETE FROM commit_file_coverage
      WHERE repository_id = ${commit.repositoryId} AND commit_sha = ${commit.commitSha} AND path = ANY(${paths}::text[])
    `.pipe(Effect.asVoid, orUnavailable)

  /**
   * A transaction holding an advisory lock of the commit (repository id and a hash of the sha: the
   * two-key lock space, apart from the migrations' one-key lock). The effect's own statements run
   * in that transaction, those of the other stores on this client too, so its reads and writes
   * commit together once no other process holds the lock.
   */
  const exclusive = (commit: CoverageKey) =>
  <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E | ServiceUnavailable, R> =>
    orUnavailable(sql`SELECT pg_advisory_xact_lock(${commit.repositoryId}, hashtext(${commit.commitSha}))`).pipe(
      Effect.zipRight(effect),
      sql.withTransaction,
      // Beginning or committing the transaction failed: storage, as for every statement.
      Effect.catchIf((error): error is SqlError => error instanceof SqlError, (error) => orUnavailable(Effect.fail(error)))
    )

  /** A commit's line coverage by path, of every file or of one. */
  const lineCoverage = (commit: CoverageKey, path?: string) =>
    sql`
      SELECT jsonb_build_object(
        'path', path, 'coverableLines', coverable_lines, 'coveredLines', covered_lines, 'hits', hits
      ) AS coverage
      FROM commit_file_coverage
      WHERE repository_id = ${commit.repositoryId} AND commit_sha = ${commit.commitSha}
        AND ${path === undefined ? sql`true` : sql`path = ${path}`}
      ORDER BY path
    `.pipe(Effect.flatMap(decodeLineCoverageRows), Effect.map((rows) => rows.map((row) => row.coverage)), orUnavailable)

  const commitCoverage = (commit: CoverageKey) => lineCoverage(commit)

  const fileCoverage = (commit: CoverageKey, path: string) => Effect.map(lineCoverage(commit, path), Arr.head)

  const clones = (key: ResultsKey, fileId: number, page: PageRequest) =>
    Effect.gen(function*() {
      const after = page.after === undefined ? -1 : Number(page.after[0])
      const touching = sql`
        SELECT DISTINCT clone_id FROM analysis_clone_occurrences
        WHERE result_id = (${resultId(key)}) AND file_id = ${fileId}
      `
      const rows = yield* sql`
        WITH page AS (
          SELECT clone_id FROM (${touching}) AS t WHERE clone_id > ${after} ORDER BY clone_id LIMIT ${page.limit + 1}
        )
        SELECT o.clone_id AS "cloneId", o.file_id::float8 AS "fileId", o.path, o.from_line AS "fromLine", o.to_line AS "toLine"
        FROM analysis_clone_occurrences o JOIN page ON page.clone_id = o.clone_id
        WHERE o.result_id = (${resultId(key)})
        ORDER BY o.clone_id, o.position
      `.pipe(Effect.flatMap(decodeOccurrenceRows))
      const totals = yield* sql`SELECT count(*)::integer AS total FROM (${touching}) AS t`.pipe(Effect.flatMap(decodeTotal))
      const byClone = new Map<number, Array<StoredClone["occurrences"][number]>>()
      for (const row of rows) {
        const occurrences = byClone.get(row.cloneId) ?? []
        occurrences.push({ occurrence: CloneOccurrence.make({ path: row.path, fromLine: row.fromLine, toLine: row.toLine }), fileId: row.fileId })
        byClone.set(row.cloneId, occurrences)
      }
      const found: Array<StoredClone> = [...byClone].map(([id, occurrences]) => ({ id, occurrences }))
      return pageOf(found, totals[0]?.total ?? 0, page, (clone) => [clone.id])
    }).pipe(orUnavailable)

  const prune = (repositoryId: number, keep: ReadonlyArray<ResultsKey>) =>
    sql`
      DELETE FROM analysis_results r
      WHERE r.repository_id = ${repositoryId}
        AND NOT EXISTS (
          SELECT 1 FROM jsonb_to_recordset(${JSON.stringify(keep)}::jsonb) AS k("repositoryId" integer, branch text, "commitSha" text)
          WHERE k."repositoryId" = r.repository_id AND k.branch = r.branch AND k."commitSha" = r.commit_sha
        )
    `.pipe(Effect.asVoid, orUnavailable)

  /** Every row of one analysis, as it was saved: what a change compares (ChangeDelta). */
  const load = (key: ResultsKey) =>
    Effect.gen(function*() {
      const found = yield* sql`SELECT 1 AS one FROM analysis_results WHERE ${analysisRow(key)}`
      if (found.length === 0) return Option.none()
      const [files, issues, occurrences] = yield* Effect.all([
        sql`SELECT file, file_id::float8 AS "fileId", NULL AS "coverableLines", NULL AS "coveredLines" FROM analysis_files
            WHERE result_id = (${resultId(key)}) ORDER BY path`.pipe(Effect.flatMap(fileRows)),
        sql`SELECT issue, file_id::float8 AS "fileId" FROM analysis_issues
            WHERE result_id = (${resultId(key)}) ORDER BY file_path, line, issue_id`.pipe(Effect.flatMap(issueRows)),
        sql`SELECT clone_id AS "cloneId", file_id::float8 AS "fileId", path, from_line AS "fromLine", to_line AS "toLine"
            FROM analysis_clone_occurrences WHERE result_id = (${resultId(key)}) ORDER BY clone_id, position`.pipe(
          Effect.flatMap(decodeOccurrenceRows)
        )
      ], { concurrency: 3 })
      const clones = new Map<number, Array<CloneOccurrence>>()
      for (const row of occurrences) {
        const list = clones.get(row.cloneId) ?? []
        list.push(CloneOccurrence.make({ path: row.path, fromLine: row.fromLine, toLine: row.toLine }))
        clones.set(row.cloneId, list)
      }
      return Option.some(trusted(AnalysisResults, {
        files: files.map((stored) => stored.file),
        issues: issues.map((stored) => stored.issue),
        clones: [...clones].map(([id, list]) => trusted(CloneResult, { id, occurrences: list }))
      }))
    }).pipe(orUnavailable)

  return AnalysisResultStore.of({
    save,
    load,
    fileIds: (repositoryId, paths) => orUnavailable(fileIds(repositoryId, paths)),
    issues,
    issueCounts,
    issue,
    files,
    file,
    clones,
    saveCoverage,
    removeCoverage,
    exclusive,
    commitCoverage,
    fileCoverage,
    prune
  })
})

export const layer = Layer.effect(AnalysisResultStore, make)


import { SqlClient } from "@effect/sql"
import {
  CommitAnalysis,
  CommitCoverage,
  Common,
  ImportedIssues,
  Pagination,
  RepositoryListing,
  type RepositoryStore,
  type RepositoryView,
  Trusted
} from "@tidemark/core"
import { Effect, Layer, type ParseResult, Schema } from "effect"
import { branchOf, BranchRow, nameKey, repositoryOf, RepositoryRow } from "./RepositoryRows.js"
import { check, decodeAll } from "./Rows.js"
import { orUnavailable } from "./StorageFailure.js"

/**
 * A row per repository of the page, checked as plain data (`Rows.check`), then made records without
 * validating again. Coverage reports and imported issues are decoded by Effect: most repositories
 * have none, and the report's files are classes of their own.
 */
const ListingRow = Schema.Struct({
  total: Schema.Int,
  repository: RepositoryRow,
  defaultBranch: Schema.NullOr(BranchRow),
  standards: Schema.Array(Schema.Struct(Common.StandardRef.fields)),
  analysis: Schema.NullOr(Schema.encodedBoundSchema(CommitAnalysis.CommitAnalysis)),
  /** JSON text, decoded below when there is any. */
  coverage: Schema.NullOr(Schema.String),
  imported: Schema.NullOr(Schema.String)
})
/** The statement answers one row, holding the page's rows as one JSON array: one value to parse, not seven per repository. */
const checkPage = check(Schema.Tuple(Schema.Struct({ rows: Schema.Array(ListingRow) })))
const decodeCoverage = Schema.decodeUnknown(Schema.parseJson(CommitCoverage.CommitCoverage))
const decodeImported = Schema.decodeUnknown(Schema.parseJson(Schema.Array(ImportedIssues.ImportedIssues)))

type ListingRow = typeof ListingRow.Type

const recordsOf = (row: ListingRow): Effect.Effect<RepositoryListing.ListedRepositoryRecords, ParseResult.ParseError> => {
  const { analysis, coverage, defaultBranch, imported, repository } = row
  const listed = (shown: RepositoryView.Shown): RepositoryListing.ListedRepositoryRecords => ({
    repository: repositoryOf(repository),
    defaultBranch: defaultBranch === null ? undefined : branchOf(defaultBranch),
    standards: row.standards.map((s) => Trusted.trusted(Common.StandardRef, s)),
    shown
  })
  const latest = analysis === null ? undefined : CommitAnalysis.commitAnalysisOfEncoded(analysis)
  // Most repositories have neither a coverage report nor imported issues: nothing to decode.
  if (coverage === null && imported === null) {
    return Effect.succeed(listed({ analysis: latest, coverage: undefined, imported: [] }))
  }
  return Effect.map(
    Effect.all([
      coverage === null ? Effect.succeed(undefined) : decodeCoverage(coverage),
      imported === null ? Effect.succeed([]) : decodeImported(imported)
    ]),
    ([shownCoverage, shownImported]) => listed({ analysis: latest, coverage: shownCoverage, imported: shownImported })
  )
}

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  /**
   * One call per page of `tidemark_repository_listing` (migration 0006, which says why it is a
   * function): one row per repository, one more than the page to tell whether another follows.
   */
  const page = (query: RepositoryStore.RepositoryQuery) =>
    sql`
      SELECT coalesce(json_agg(listed), '[]') AS rows FROM tidemark_repository_listing(
        ${query.organizationId}, ${query.names ?? null}::text[],
        ${query.search === undefined ? null : nameKey(query.search)}::text,
        ${query.after ?? null}::text, ${query.limit + 1}
      ) listed
    `.pipe(
      Effect.flatMap(checkPage),
      Effect.map(([{ rows }]) => rows),
      Effect.flatMap((rows) => {
        const page = Pagination.pageOfRows(rows, rows[0]?.total ?? 0, { after: query.after === undefined ? undefined : [query.after], limit: query.limit }, (row) => [row.repository.name])
        return Effect.all({
          items: Effect.forEach(page.items, recordsOf),
          // Each row carries the count; a page past the last repository has no row to carry it.
          total: rows[0] !== undefined || query.after === undefined ? Effect.succeed(page.total) : count(query),
          hasMore: Effect.succeed(page.next !== undefined)
        })
      }),
      orUnavailable
    )

  const count = (query: RepositoryStore.RepositoryQuery) =>
    sql`
      SELECT total FROM tidemark_repository_listing(
        ${query.organizationId}, ${query.names ?? null}::text[],
        ${query.search === undefined ? null : nameKey(query.search)}::text, NULL, 1
      )
    `.pipe(
      Effect.flatMap(decodeAll(Schema.Struct({ total: Schema.Int }))),
      Effect.map((rows) => rows[0]?.total ?? 0)
    )

  return RepositoryListing.RepositoryListing.of({ page })
})

export const layer = Layer.effect(RepositoryListing.RepositoryListing, make)

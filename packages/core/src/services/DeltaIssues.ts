import { Effect, Option } from "effect"
import type { ChangeAnalysis, ChangeKey, ChangeSubject, DeltaIssue, DeltaType } from "../domain/ChangeAnalysis.js"
import { CommitDeltaIssue, type IssueStatusParam } from "../domain/ChangeViews.js"
import { commitIssueOf, commitReferenceOf } from "../domain/IssueViews.js"
import { type PageRequest, pageOfResults, Pagination, pageRequest, type ResultPage } from "../domain/Pagination.js"
import type { RepositoryRecord } from "../domain/Records.js"
import { trusted } from "../domain/Trusted.js"
import { FileResultStore } from "../ports/FileResultStore.js"
import { ChangeStore } from "../ports/ChangeStore.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"
import { withSpans } from "../runtime/Spans.js"

export interface DeltaIssueQuery {
  readonly status?: IssueStatusParam | undefined
  readonly onlyPotential?: boolean | undefined
  readonly cursor?: string | undefined
  readonly limit?: number | undefined
}

export const deltaTypeOf = (status: IssueStatusParam | undefined): DeltaType | undefined =>
  status === "new" ? "Added" : status === "fixed" ? "Fixed" : undefined

/** What a page of a change's issues needs of the change: the commits its issues are in. */
type ComparedChange = Pick<ChangeAnalysis, "headSha" | "baseSha">

/** A page asked for, and its rows (none when none are to be listed). */
export interface PageRows {
  readonly request: PageRequest
  readonly rows: ResultPage<DeltaIssue> | undefined
}

const make = Effect.gen(function*() {
  const changes = yield* ChangeStore
  const fileResults = yield* FileResultStore
  const repositories = yield* RepositoryStore

  /** The commit an issue is found in, as the repository stored it, or by its sha alone (an ancestor no branch had as its head). */
  const referenceOf = (repositoryId: number, sha: string) =>
    Effect.map(repositories.findCommit(repositoryId, sha), (found) => commitReferenceOf(Option.getOrElse(found, () => ({ sha }))))

  /**
   * The rows of a page of a change's issues, which may be read before the change is known to be
   * comparable (a caller that already knows it is not passes `compared: false` and skips the read).
   * Tidemark tells no "potential" issues (outside the changed lines) apart, so asking only for them
   * reads none.
   */
  const rowsOf = (key: ChangeKey, query: DeltaIssueQuery, compared = true) =>
    Effect.gen(function*() {
      const request = yield* pageRequest(query.cursor, query.limit)
      const rows = compared && query.onlyPotential !== true ? yield* changes.issues(key, deltaTypeOf(query.status), request) : undefined
      return { request, rows } satisfies PageRows
    })

  /**
   * The page of rows shown, with whether it was `analyzed`: none, and not analyzed, without a
   * change the caller can compare (`undefined`).
   */
  const shown = (repository: RepositoryRecord, change: ComparedChange | undefined, { request, rows }: PageRows) =>
    Effect.gen(function*() {
      if (change === undefined || rows === undefined) {
        return { analyzed: change !== undefined, items: [], pagination: new Pagination({ limit: request.limit, total: 0 }) }
      }
      // The page's file ids and the two commits its issues are in (one without a base), read at once.
      const [ids, inHead, inBase] = yield* Effect.all([
        fileResults.fileIds(repository.id, [...new Set(rows.items.map((row) => row.issue.filePath))]),
        referenceOf(repository.id, change.headSha),
        change.baseSha === undefined ? Effect.succeed(undefined) : referenceOf(repository.id, change.baseSha)
      ], { concurrency: 3 })
      return { analyzed: true, ...pageOfResults(rows, request.limit, (row) =>
        trusted(CommitDeltaIssue, {
          // An added issue is in the head; a fixed one was in the base.
          commitIssue: commitIssueOf(row.issue, ids.get(row.issue.filePath) ?? 0, row.deltaType === "Added" ? inHead : inBase ?? inHead),
          deltaType: row.deltaType
        })) }
    })

  /** A page of the change's issues (see `shown`). */
  const page = (repository: RepositoryRecord, subject: ChangeSubject, change: ComparedChange | undefined, query: DeltaIssueQuery) =>
    Effect.flatMap(rowsOf({ repositoryId: repository.id, subject }, query, change !== undefined), (read) => shown(repository, change, read))

  return withSpans("DeltaIssues", { page, rowsOf, shown })
})

/** The issues a change added and fixed, as the commit and pull-request operations list them. */
export class DeltaIssues extends Effect.Service<DeltaIssues>()("@tidemark/core/DeltaIssues", { effect: make }) {}

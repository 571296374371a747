import { Effect, Option } from "effect"
import type { ChangeAnalysis, ChangeSubject, DeltaType } from "../domain/ChangeAnalysis.js"
import { CommitDeltaIssue, type IssueStatusParam } from "../domain/ChangeViews.js"
import { commitIssueOf, commitReferenceOf } from "../domain/IssueViews.js"
import { Pagination, pageRequest } from "../domain/Pagination.js"
import type { RepositoryRecord } from "../domain/Records.js"
import { trusted } from "../domain/Trusted.js"
import { AnalysisResultStore } from "../ports/AnalysisResultStore.js"
import { ChangeStore } from "../ports/ChangeStore.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"
import { pageOfRows } from "./RepositoryIssues.js"

export interface DeltaIssueQuery {
  readonly status?: IssueStatusParam | undefined
  readonly onlyPotential?: boolean | undefined
  readonly cursor?: string | undefined
  readonly limit?: number | undefined
}

export const deltaTypeOf = (status: IssueStatusParam | undefined): DeltaType | undefined =>
  status === "new" ? "Added" : status === "fixed" ? "Fixed" : undefined

/** The issues a change added and fixed, as the API lists them: each in the commit it is found in. */
export const makeDeltaIssues = Effect.gen(function*() {
  const changes = yield* ChangeStore
  const results = yield* AnalysisResultStore
  const repositories = yield* RepositoryStore

  /** The commit an issue is found in, as the repository stored it, or by its sha alone (an ancestor no branch had as its head). */
  const referenceOf = (repositoryId: number, sha: string) =>
    Effect.map(repositories.findCommit(repositoryId, sha), (found) => commitReferenceOf(Option.getOrElse(found, () => ({ sha }))))

  /**
   * A page of the change's issues with whether it was `analyzed`: none, and not analyzed, without a
   * change the caller can compare (`undefined`). Tidemark tells no "potential" issues (outside the
   * changed lines) apart, so asking only for them lists none.
   */
  const page = (
    repository: RepositoryRecord,
    subject: ChangeSubject,
    change: Pick<ChangeAnalysis, "headSha" | "baseSha"> | undefined,
    query: DeltaIssueQuery
  ) =>
    Effect.gen(function*() {
      const request = yield* pageRequest(query.cursor, query.limit)
      if (change === undefined || query.onlyPotential === true) {
        return { analyzed: change !== undefined, items: [], pagination: new Pagination({ limit: request.limit, total: 0 }) }
      }
      const deltaType = deltaTypeOf(query.status)
      // The page and the two commits its issues are in, on three connections at once.
      const [rows, inHead, inBase] = yield* Effect.all([
        changes.issues({ repositoryId: repository.id, subject }, deltaType, request),
        referenceOf(repository.id, change.headSha),
        referenceOf(repository.id, change.baseSha ?? change.headSha)
      ], { concurrency: 3 })
      const ids = yield* results.fileIds(repository.id, [...new Set(rows.items.map((row) => row.issue.filePath))])
      return { analyzed: true, ...pageOfRows(rows, request.limit, (row) =>
        trusted(CommitDeltaIssue, {
          // An added issue is in the head; a fixed one was in the base.
          commitIssue: commitIssueOf(row.issue, ids.get(row.issue.filePath) ?? 0, row.deltaType === "Added" ? inHead : inBase),
          deltaType: row.deltaType
        })) }
    })

  return { page } as const
})

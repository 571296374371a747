import { Effect, Option } from "effect"
import type { ChangeAnalysis, ChangeSubject, DeltaType } from "../domain/ChangeAnalysis.js"
import { CommitDeltaIssue } from "../domain/ChangeViews.js"
import type { IssueResult } from "../domain/AnalysisResults.js"
import { CommitIssue, commitIssueOf, CommitReference } from "../domain/IssueViews.js"
import type { PageRequest } from "../domain/Pagination.js"
import { CommitRecord, type RepositoryRecord } from "../domain/Records.js"
import { trusted } from "../domain/Trusted.js"
import { AnalysisResultStore } from "../ports/AnalysisResultStore.js"
import { ChangeStore } from "../ports/ChangeStore.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"
import { pageOfRows } from "./RepositoryIssues.js"

const knownOnlyBySha = (sha: string) =>
  CommitRecord.make({ id: 0, sha, authorName: "", authorEmail: "", commitTimestamp: "1970-01-01T00:00:00Z", message: "", parents: [] })

/** The issues a change added and fixed, as the API lists them: each in the commit it is found in. */
export const makeDeltaIssues = Effect.gen(function*() {
  const changes = yield* ChangeStore
  const results = yield* AnalysisResultStore
  const repositories = yield* RepositoryStore

  /**
   * Each issue as in the commit it is found in: the commit as stored with the repository, or by its
   * sha alone when the repository never listed it (an ancestor no branch had as its head).
   */
  const issueIn = (repositoryId: number, sha: string) =>
    Effect.map(repositories.findCommit(repositoryId, sha), (found) => (issue: IssueResult, fileId: number) =>
      Option.isSome(found)
        ? commitIssueOf(issue, fileId, found.value)
        : CommitIssue.make({ ...commitIssueOf(issue, fileId, knownOnlyBySha(sha)), commitInfo: CommitReference.make({ sha }) }))

  const page = (repository: RepositoryRecord, subject: ChangeSubject, change: ChangeAnalysis, deltaType: DeltaType | undefined, request: PageRequest) =>
    Effect.gen(function*() {
      // The page and the two commits its issues are in, on three connections at once.
      const [rows, inHead, inBase] = yield* Effect.all([
        changes.issues({ repositoryId: repository.id, subject }, deltaType, request),
        issueIn(repository.id, change.headSha),
        issueIn(repository.id, change.baseSha ?? change.headSha)
      ], { concurrency: 3 })
      const ids = yield* results.fileIds(repository.id, [...new Set(rows.items.map((row) => row.issue.filePath))])
      return pageOfRows(rows, request.limit, (row) =>
        trusted(CommitDeltaIssue, {
          // An added issue is in the head; a fixed one was in the base.
          commitIssue: (row.deltaType === "Added" ? inHead : inBase)(row.issue, ids.get(row.issue.filePath) ?? 0),
          deltaType: row.deltaType
        }))
    })

  return { page } as const
})

import { Effect, Option } from "effect"
import { NotFound } from "../domain/Errors.js"
import {
  type CommitIssue,
  commitIssueOf,
  commitReferenceOf,
  issuesOverviewOf,
  categoryOverviewsOf,
  CategoryOverviewListResponse,
  type SearchRepositoryIssuesBody
} from "../domain/IssueViews.js"
import { emptyPage, pageOfResults, pageRequest } from "../domain/Pagination.js"
import type { Principal, RepositoryCoordinates } from "../domain/Principal.js"
import { chosenBranch } from "../domain/RepositoryView.js"
import type { BranchRecord, CommitRecord, RepositoryRecord } from "../domain/Records.js"
import type { ResultsKey } from "../ports/AnalysisResultStore.js"
import type { IssueFilter } from "../domain/StoredResults.js"
import { IssueResultStore } from "../ports/IssueResultStore.js"
import { AnalysisStore } from "../ports/AnalysisStore.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"
import { Access } from "./Access.js"
import { Ignores } from "./Ignores.js"
import { withSpans } from "../runtime/Spans.js"

type Caller = Option.Option<Principal>

/** The analysis whose rows a request reads: the latest of its branch. */
export interface AnalysedBranch {
  readonly key: ResultsKey
  readonly commit: CommitRecord
  readonly branch: BranchRecord
  readonly repository: RepositoryRecord
}

export const filterOf = (body: SearchRepositoryIssuesBody): IssueFilter => ({
  patternIds: body.patternIds,
  languages: body.languages,
  categories: body.categories,
  levels: body.levels,
  authorEmails: body.authorEmails
})

/** Tidemark's patterns carry no tags: a tag filter keeps no issue (ignoring it would show what was filtered out). */
export const filtersOutAll = (body: SearchRepositoryIssuesBody) => (body.tags ?? []).length > 0

const make = Effect.gen(function*() {
  const access = yield* Access
  const repositories = yield* RepositoryStore
  const analyses = yield* AnalysisStore
  const issueResults = yield* IssueResultStore
  const ignores = yield* Ignores

  /**
   * The latest analysis of the branch asked for (the default branch when none is, see
   * `chosenBranch`): none before the branch's first analysis.
   */
  const analysed = (caller: Caller, at: RepositoryCoordinates, branchName: string | undefined) =>
    Effect.gen(function*() {
      // Like listFiles, which the original API documents so: a Public repository's results are open.
      const { repository } = yield* access.repository(caller, at, "read", { allowPublic: true })
      const branch = yield* chosenBranch(yield* repositories.listBranches(repository.id), branchName)
      if (branch === undefined) return Option.none()
      const latest = (yield* analyses.latest([{ repositoryId: repository.id, branch: branch.name }])).get(repository.id)
      return Option.map(Option.fromNullable(latest), (analysis): AnalysedBranch => ({
        key: { repositoryId: repository.id, branch: branch.name, commitSha: analysis.commit.sha },
        commit: analysis.commit,
        branch,
        repository
      }))
    })

  const search = (
    caller: Caller,
    at: RepositoryCoordinates,
    body: SearchRepositoryIssuesBody,
    cursor?: string,
    limit?: number
  ) =>
    Effect.gen(function*() {
      const page = yield* pageRequest(cursor, limit)
      const found = yield* analysed(caller, at, body.branchName)
      if (Option.isNone(found) || filtersOutAll(body)) return emptyPage<CommitIssue>(page.limit)
      const { commit, key } = found.value
      // An ignored issue is not listed here (searchRepositoryIgnoredIssues lists it).
      const rows = yield* issueResults.issues(key, yield* ignores.filterFor(key.repositoryId, filterOf(body), "notIgnored"), page)
      const reference = commitReferenceOf(commit)
      return pageOfResults(rows, page.limit, (row) => commitIssueOf(row.issue, row.fileId, reference))
    })

  const overview = (caller: Caller, at: RepositoryCoordinates, body: SearchRepositoryIssuesBody) =>
    Effect.gen(function*() {
      const found = yield* analysed(caller, at, body.branchName)
      if (Option.isNone(found) || filtersOutAll(body)) {
        return issuesOverviewOf({ categories: [], levels: [], languages: [], patterns: [], authors: [] })
      }
      const { key } = found.value
      return issuesOverviewOf(yield* issueResults.issueCounts(key, yield* ignores.filterFor(key.repositoryId, filterOf(body), "notIgnored")))
    })

  /** One issue of the default branch's latest analysis, by its `resultDataId` (an ignored one too: it is asked for by id). */
  const issue = (caller: Caller, at: RepositoryCoordinates, resultDataId: number) =>
    Effect.gen(function*() {
      const notFound = new NotFound({ what: "issue", id: String(resultDataId) })
      const found = yield* analysed(caller, at, undefined)
      if (Option.isNone(found)) return yield* notFound
      const row = yield* issueResults.issue(found.value.key, resultDataId)
      if (Option.isNone(row)) return yield* notFound
      return commitIssueOf(row.value.issue, row.value.fileId, commitReferenceOf(found.value.commit))
    })

  /** listCategoryOverviews: the branch's latest analysis's issues by category (none before its first analysis). */
  const categoryOverviews = (caller: Caller, at: RepositoryCoordinates, branchName: string | undefined) =>
    Effect.gen(function*() {
      const found = yield* analysed(caller, at, branchName)
      if (Option.isNone(found)) return CategoryOverviewListResponse.make({ data: [] })
      const { commit, key } = found.value
      const counts = yield* issueResults.issueCounts(key, yield* ignores.filterFor(key.repositoryId, filterOf({}), "notIgnored"))
      return categoryOverviewsOf(commit.id, counts.categories)
    })

  return withSpans("RepositoryIssues", { analysed, search, overview, issue, categoryOverviews })
})

/** searchRepositoryIssues, issuesOverview and getIssue: the stored issues of a branch's latest analysis. */
export class RepositoryIssues extends Effect.Service<RepositoryIssues>()("@tidemark/core/RepositoryIssues", {
  effect: make,
  dependencies: [Access.Default, Ignores.Default]
}) {}

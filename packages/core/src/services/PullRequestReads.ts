import { Array as Arr, Effect, Option } from "effect"
import type { ChangeAnalysis, ChangeKey } from "../domain/ChangeAnalysis.js"
import { changeSecurityFindingsOf } from "../domain/SecurityViews.js"
import {
  AnalysisMeta,
  GateBypass,
  PullRequestOwner,
  PullRequestView,
  PullRequestWithAnalysis,
  QualityAnalysis
} from "../domain/ChangeViews.js"
import { NotFound, type ServiceUnavailable } from "../domain/Errors.js"
import { type Page, pageOfResults, pageOfRows, pageRequest } from "../domain/Pagination.js"
import type { OrganizationCoordinates, Principal, RepositoryCoordinates } from "../domain/Principal.js"
import { bypassedVerdict } from "../domain/GateVerdict.js"
import { bypassOf, type PullRequestRecord } from "../domain/PullRequest.js"
import type { RepositoryRecord } from "../domain/Records.js"
import { ChangeStore, subjectKey } from "../ports/ChangeStore.js"
import { type PullRequestScope, PullRequestStore } from "../ports/PullRequestStore.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"
import { Access } from "./Access.js"
import { pullRequestWebUrl } from "./Repositories.js"
import { ChangeCoverageReads, pullRequestCoverageOf } from "./ChangeCoverageReads.js"
import { type DeltaIssueQuery, DeltaIssues } from "./DeltaIssues.js"
import { withSpans } from "../runtime/Spans.js"

type Caller = Option.Option<Principal>

export interface PullRequestListQuery {
  readonly cursor?: string | undefined
  readonly limit?: number | undefined
  readonly search?: string | undefined
  readonly includeNotAnalyzed?: boolean | undefined
}

/** Why a pull request has no numbers: its head is unknown, or its analysis met a problem. */
const whyNotAnalysable = (pullRequest: PullRequestRecord, change: ChangeAnalysis | undefined) =>
  pullRequest.headSha === ""
    ? `The origin branch ${pullRequest.originBranch} does not exist`
    : change !== undefined && change.problems.length > 0
    ? change.problems.map((p) => p.message).join("; ")
    : undefined

const make = Effect.gen(function*() {
  const access = yield* Access
  const pullRequests = yield* PullRequestStore
  const changes = yield* ChangeStore
  const repositories = yield* RepositoryStore
  const coverage = yield* ChangeCoverageReads
  const deltaIssues = yield* DeltaIssues

  const viewOf = (repository: RepositoryRecord, pullRequest: PullRequestRecord, change: ChangeAnalysis | undefined) =>
    PullRequestView.make({
      id: pullRequest.id,
      number: pullRequest.number,
      updated: pullRequest.updated,
      status: pullRequest.state,
      repository: repository.name,
      title: pullRequest.title,
      owner: PullRequestOwner.make({
        name: pullRequest.author.name,
        ...(pullRequest.author.username === undefined ? {} : { username: pullRequest.author.username }),
        ...(pullRequest.author.email === undefined ? {} : { email: pullRequest.author.email }),
        ...(pullRequest.author.avatarUrl === undefined ? {} : { avatarUrl: pullRequest.author.avatarUrl })
      }),
      headCommitSha: pullRequest.headSha,
      commonAncestorCommitSha: change?.baseSha ?? "",
      originBranch: pullRequest.originBranch,
      targetBranch: pullRequest.targetBranch,
      gitHref: pullRequestWebUrl(repository, pullRequest.number)
    })

  /**
   * A pull request with its last analysis, judged by the repository's pull-request gate as it is
   * now (a changed gate shows at once). While a newer head waits for its analysis, the last one's
   * numbers show with `isAnalysing`.
   */
  const withAnalysis = (repository: RepositoryRecord, pullRequest: PullRequestRecord, change: ChangeAnalysis | undefined) =>
    Effect.gen(function*() {
      const isAnalysing = pullRequest.state === "open" && pullRequest.headSha !== "" &&
        (change === undefined || change.headSha !== pullRequest.headSha)
      const reason = whyNotAnalysable(pullRequest, change)
      const base = { isAnalysing, pullRequest: viewOf(repository, pullRequest, change) }
      if (change === undefined || reason !== undefined) {
        return PullRequestWithAnalysis.make({
          ...base,
          meta: AnalysisMeta.make({ analyzable: reason === undefined, ...(reason === undefined ? {} : { reason }) })
        })
      }
      const { coverage: measured, verdict: judged } = yield* coverage.verdictOf(change, "pullRequests")
      const bypass = bypassOf(pullRequest, change.headSha)
      const verdict = bypass === undefined ? judged : bypassedVerdict(judged)
      const numbers = {
        newIssues: change.newIssues,
        fixedIssues: change.fixedIssues,
        deltaComplexity: change.deltaComplexity,
        deltaClonesCount: change.deltaClonesCount
      }
      return PullRequestWithAnalysis.make({
        ...base,
        isUpToStandards: verdict.isUpToStandards,
        ...numbers,
        ...(measured.variation === undefined
          ? {}
          : { deltaCoverageWithDecimals: measured.variation, deltaCoverage: Math.trunc(measured.variation) }),
        ...(measured.diff.value === undefined ? {} : { diffCoverage: measured.diff.value }),
        coverage: pullRequestCoverageOf(measured, verdict),
        quality: QualityAnalysis.make({ ...numbers, ...verdict.quality }),
        meta: AnalysisMeta.make({ analyzable: true }),
        ...(bypass === undefined ? {} : { bypass: GateBypass.make({ bypassedBy: bypass.by.name, bypassedAt: bypass.at }) })
      })
    })

  /**
   * The repository and one of its pull requests, or NotFound, with what `read` reads of it. Both are
   * read at once: each needs only the repository's id, and a read for a pull request that turns
   * out missing costs less than a second round trip.
   */
  const pullRequestWith = <R>(read: (key: ChangeKey) => Effect.Effect<R, ServiceUnavailable>) =>
    (caller: Caller, at: RepositoryCoordinates, number: number) =>
      Effect.gen(function*() {
        const { repository } = yield* access.repository(caller, at, "read")
        const [found, stored] = yield* Effect.all([
          pullRequests.find(repository.id, number),
          read({ repositoryId: repository.id, subject: { kind: "pullRequest", number } })
        ], { concurrency: 2 })
        if (Option.isNone(found)) return yield* new NotFound({ what: "pullRequest", id: String(number) })
        return { repository, pullRequest: found.value, stored }
      })

  /** The repository and one of its pull requests with its whole change, or NotFound. */
  const pullRequestIn = (caller: Caller, at: RepositoryCoordinates, number: number) =>
    Effect.map(pullRequestWith(changes.find)(caller, at, number), ({ pullRequest, repository, stored }) =>
      ({ repository, pullRequest, change: Option.getOrUndefined(stored) }))

  const one = (caller: Caller, at: RepositoryCoordinates, number: number) =>
    Effect.flatMap(pullRequestIn(caller, at, number), ({ change, pullRequest, repository }) =>
      withAnalysis(repository, pullRequest, change))

  /**
   * A page of the scope's pull requests, most recently updated first, each shown with its
   * repository as `repositoriesOf` finds it from the ids on the page.
   */
  const pageOf = (
    scope: PullRequestScope,
    repositoriesOf: (ids: ReadonlyArray<number>) => Effect.Effect<ReadonlyMap<number, RepositoryRecord>, ServiceUnavailable>,
    query: PullRequestListQuery
  ) =>
    Effect.gen(function*() {
      const request = yield* pageRequest(query.cursor, query.limit)
      const [updated, id] = request.after ?? []
      const listed = yield* pullRequests.list({
        ...scope,
        search: query.search,
        after: updated === undefined ? undefined : { updated: String(updated), id: Number(id) },
        limit: request.limit + 1
      })
      const { items: shown, ...shownPage } = pageOfRows(listed.items, listed.total, request, (pullRequest) => [pullRequest.updated, pullRequest.id])
      // The page's changes in one read per repository on it (an organization's page spans several).
      const byRepository = Arr.groupBy(shown, (pullRequest) => String(pullRequest.repositoryId))
      const [repositoriesById, found] = yield* Effect.all([
        repositoriesOf(Object.values(byRepository).map((some) => some[0].repositoryId)),
        Effect.map(Effect.forEach(Object.values(byRepository), (some) =>
          Effect.map(
            changes.findMany(some[0].repositoryId, some.map((p) => ({ kind: "pullRequest", number: p.number }))),
            (changesOf) => [some[0].repositoryId, changesOf] as const
          ), { concurrency: 4 }), (entries) => new Map(entries))
      ], { concurrency: 2 })
      const items = yield* Effect.forEach(shown, (pullRequest) => {
        const repository = repositoriesById.get(pullRequest.repositoryId)
        const change = found.get(pullRequest.repositoryId)?.get(subjectKey({ kind: "pullRequest", number: pullRequest.number }))
        return repository === undefined || (change === undefined && query.includeNotAnalyzed !== true)
          ? Effect.succeed([])
          : Effect.map(withAnalysis(repository, pullRequest, change), (view) => [view])
      }, { concurrency: 4 })
      // The cursor is the last listed pull request's, shown or not (one without a change may be left out).
      return pageOfResults({ ...shownPage, items: items.flat() }, request.limit, (view) => view) satisfies Page<PullRequestWithAnalysis>
    })

  const list = (caller: Caller, at: RepositoryCoordinates, query: PullRequestListQuery) =>
    Effect.flatMap(access.repository(caller, at, "read"), ({ repository }) =>
      pageOf({ repositoryIds: [repository.id] }, () => Effect.succeed(new Map([[repository.id, repository]])), query))

  /** The repositories on a page of an organization's pull requests, read by id (a page names a few of them at most). */
  const repositoriesByIds = (ids: ReadonlyArray<number>) =>
    Effect.map(
      Effect.forEach(ids, (id) => repositories.findRepositoryById(id), { concurrency: 4 }),
      (found) => new Map(Arr.getSomes(found).map((repository) => [repository.id, repository]))
    )

  /** Every pull request of the organization's repositories (those named in `repositories`, comma-separated, when given). */
  const listForOrganization = (caller: Caller, at: OrganizationCoordinates, query: PullRequestListQuery & { readonly repositories?: string | undefined }) =>
    Effect.gen(function*() {
      const organization = yield* access.organization(caller, at, "read")
      const names = query.repositories?.split(",").map((name) => name.trim()).filter((name) => name !== "")
      return yield* pageOf({ organizationId: organization.id, repositoryNames: names }, repositoriesByIds, { ...query, includeNotAnalyzed: true })
    })

  /**
   * The issues the pull request added or fixed (its last analysis's). A page needs the change's
   * commits and problems, not its files; its rows need only the repository's id, so they are read
   * with the pull request and the change (a bad cursor still answers after a missing pull request).
   */
  const issues = (caller: Caller, at: RepositoryCoordinates, number: number, query: DeltaIssueQuery) =>
    Effect.gen(function*() {
      const { repository, stored: [summary, rows] } = yield* pullRequestWith((key) =>
        Effect.all([changes.findSummary(key), Effect.either(deltaIssues.rowsOf(key, query))], { concurrency: 2 }))(caller, at, number)
      const change = Option.getOrUndefined(summary)
      return yield* deltaIssues.shown(repository, change !== undefined && change.problems.length === 0 ? change : undefined, yield* rows)
    })

  /** Tidemark's: the security findings the pull request's last analysis found it bringing in. */
  const securityFindings = (caller: Caller, at: RepositoryCoordinates, number: number) =>
    Effect.map(pullRequestWith(changes.findSummary)(caller, at, number), ({ stored }) =>
      changeSecurityFindingsOf(Option.match(stored, { onNone: () => [], onSome: (change) => change.newSecurityFindings ?? [] })))

  return withSpans("PullRequestReads", { one, list, listForOrganization, issues, securityFindings, find: pullRequestIn, viewOf })
})

/** The original API's pull-request operations, read from the stored pull requests and their changes. */
export class PullRequestReads extends Effect.Service<PullRequestReads>()("@tidemark/core/PullRequestReads", {
  effect: make,
  dependencies: [Access.Default, ChangeCoverageReads.Default, DeltaIssues.Default]
}) {}

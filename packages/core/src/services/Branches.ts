import { Effect, Option } from "effect"
import { type BranchSort, BranchListItem, type SortDirection } from "../domain/Branch.js"
import { NotFound, Unprocessable } from "../domain/Errors.js"
import { compareKeys, type Page, pageOfResults, pageOfSorted, pageRequest } from "../domain/Pagination.js"
import type { Principal, RepositoryCoordinates } from "../domain/Principal.js"
import type { BranchRecord, RepositoryRecord } from "../domain/Records.js"
import { branchView } from "../domain/RepositoryView.js"
import { AnalysisStore } from "../ports/AnalysisStore.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"
import { withSpans } from "../runtime/Spans.js"
import { Access } from "./Access.js"
import { AnalysisRequests } from "./AnalysisRequests.js"

type Caller = Option.Option<Principal>

export interface BranchListQuery {
  /** Only the analysed (true) or the not analysed (false) branches. */
  readonly enabled?: boolean | undefined
  /** Case-insensitive substring of the name. */
  readonly search?: string | undefined
  /** By name unless told; `last-updated` is the head commit's time. */
  readonly sort?: BranchSort | undefined
  /** Ascending by name, the latest first by `last-updated`, unless told. */
  readonly direction?: SortDirection | undefined
  readonly cursor?: string | undefined
  readonly limit?: number | undefined
}

/** The store answers one branch's latest analysis per call: a page reads them a few at a time. */
const readConcurrency = 4

/** By name, or by the head's time as an instant (git writes each commit's own UTC offset), then name. */
const sortKey = (sort: BranchSort) => (b: BranchRecord): ReadonlyArray<string | number> =>
  sort === "name" ? [b.name] : [Date.parse(b.lastUpdated) || 0, b.name]

const make = Effect.gen(function*() {
  const access = yield* Access
  const repositories = yield* RepositoryStore
  const analyses = yield* AnalysisStore
  const requests = yield* AnalysisRequests

  const branchNamed = (repository: RepositoryRecord, name: string) =>
    Effect.gen(function*() {
      const found = (yield* repositories.listBranches(repository.id)).find((b) => b.name === name)
      if (found === undefined) return yield* new NotFound({ what: "branch", id: name })
      return found
    })

  const latestOf = (repository: RepositoryRecord, branch: string) =>
    Effect.map(analyses.latest([{ repositoryId: repository.id, branch }]), (found) => found.get(repository.id))

  /** An enabled branch's head is analysed, unless the repository's analysis is paused (unfollowed). */
  const analyseHead = (repository: RepositoryRecord, branch: BranchRecord) =>
    repository.following ? Effect.asVoid(requests.branch(repository, branch)) : Effect.void

  /** listRepositoryBranches: every branch git had at the last read, analysed or not, with its latest analysis. */
  const list = (caller: Caller, at: RepositoryCoordinates, query: BranchListQuery) =>
    Effect.gen(function*() {
      const request = yield* pageRequest(query.cursor, query.limit)
      const { repository } = yield* access.repository(caller, at, "read", { allowPublic: true })
      const search = query.search?.toLowerCase()
      const sort = query.sort ?? "name"
      const descending = (query.direction ?? (sort === "name" ? "asc" : "desc")) === "desc"
      const compare = (a: ReadonlyArray<string | number>, b: ReadonlyArray<string | number>) =>
        descending ? compareKeys(b, a) : compareKeys(a, b)
      const keyOf = sortKey(sort)
      const matching = (yield* repositories.listBranches(repository.id))
        .filter((b) => (query.enabled === undefined || b.isEnabled === query.enabled) && (search === undefined || b.name.toLowerCase().includes(search)))
        .sort((a, b) => compare(keyOf(a), keyOf(b)))
      const rows = pageOfSorted(matching, keyOf, request, compare)
      const latest = yield* Effect.forEach(rows.items, (b) => latestOf(repository, b.name), { concurrency: readConcurrency })
      const byName = new Map(rows.items.map((b, i) => [b.name, latest[i]]))
      return pageOfResults(rows, request.limit, (b) => {
        const analysis = byName.get(b.name)
        return BranchListItem.make({
          ...branchView(b),
          ...(analysis === undefined ? {} : { lastAnalysedCommit: analysis.commit.sha, lastAnalysed: analysis.endedAnalysis })
        })
      }) satisfies Page<BranchListItem>
    })

  /**
   * updateRepositoryBranchConfiguration: whether the branch is analysed. A branch enabled again has
   * its head analysed; the default branch is always analysed (make another the default first).
   */
  const configure = (caller: Caller, at: RepositoryCoordinates, name: string, isEnabled: boolean | undefined) =>
    Effect.gen(function*() {
      const { repository } = yield* access.repository(caller, at, "write")
      const branch = yield* branchNamed(repository, name)
      if (isEnabled === undefined || isEnabled === branch.isEnabled) return
      if (!isEnabled && branch.isDefault) {
        return yield* new Unprocessable({ reason: `'${name}' is the default branch, which is always analysed: make another branch the default first` })
      }
      yield* repositories.setBranchEnabled(repository.id, name, isEnabled)
      if (isEnabled) yield* analyseHead(repository, branch)
    })

  /**
   * setRepositoryBranchAsDefault: the views without `branch` show it from now on. It must be
   * analysed already; one with no analysis yet has its head analysed.
   */
  const setDefault = (caller: Caller, at: RepositoryCoordinates, name: string) =>
    Effect.gen(function*() {
      const { repository } = yield* access.repository(caller, at, "write")
      const branch = yield* branchNamed(repository, name)
      if (!branch.isEnabled) return yield* new Unprocessable({ reason: `'${name}' is not analysed: enable it before making it the default` })
      if (branch.isDefault) return
      yield* repositories.setDefaultBranch(repository.id, name)
      if ((yield* latestOf(repository, name)) === undefined) yield* analyseHead(repository, branch)
    })

  return withSpans("Branches", { list, configure, setDefault })
})

/** A repository's branches (issue 27): listed, analysed or not, and which one is the default. */
export class Branches extends Effect.Service<Branches>()("@tidemark/core/Branches", {
  effect: make,
  dependencies: [Access.Default, AnalysisRequests.Default]
}) {}

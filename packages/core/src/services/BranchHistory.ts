import { Effect, Option } from "effect"
import { type BranchHistoryEntry, historyEntry } from "../domain/BranchHistoryEntry.js"
import type { CommitAnalysis } from "../domain/CommitAnalysis.js"
import { NotFound } from "../domain/Errors.js"
import { type Page, pageRequest } from "../domain/Pagination.js"
import type { Principal, RepositoryCoordinates } from "../domain/Principal.js"
import type { RepositoryRecord } from "../domain/Records.js"
import { chosenBranch } from "../domain/RepositoryView.js"
import { AnalysisStore } from "../ports/AnalysisStore.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"
import { Access } from "./Access.js"
import { BranchAnalyses } from "./BranchAnalyses.js"
import { withSpans } from "../runtime/Spans.js"

type Caller = Option.Option<Principal>

export interface BranchHistoryQuery {
  /** An enabled branch; the default branch when absent. */
  readonly branch?: string | undefined
  readonly cursor?: string | undefined
  readonly limit?: number | undefined
}

/**
 * The store answers one coverage report and one set of imported issues per repository and call: a
 * page of n commits reads them in 2n small calls, a few at a time (a page is at most 100 commits).
 */
const readConcurrency = 4

const make = Effect.gen(function*() {
  const access = yield* Access
  const branchAnalyses = yield* BranchAnalyses
  const analyses = yield* AnalysisStore
  const repositories = yield* RepositoryStore

  const branchOf = (repository: RepositoryRecord, name: string | undefined) =>
    Effect.gen(function*() {
      const chosen = yield* chosenBranch(yield* repositories.listBranches(repository.id), name)
      if (chosen === undefined) return yield* new NotFound({ what: "branch", id: name ?? "(default)" })
      return chosen.name
    })

  /** What the repository view would show of the analysis, had it been the branch's latest. */
  const shownAt = (repository: RepositoryRecord, analysis: CommitAnalysis) =>
    Effect.gen(function*() {
      const commit = [{ repositoryId: repository.id, commitSha: analysis.commit.sha }]
      const [coverage, imported] = yield* Effect.all([analyses.coverage(commit), analyses.importedIssues(commit)])
      return { analysis, coverage: coverage.get(repository.id), imported: imported.get(repository.id) ?? [] }
    })

  /** The analysed commits of a branch, the latest analysis first, each with its grade and issue count. */
  const list = (caller: Caller, at: RepositoryCoordinates, query: BranchHistoryQuery) =>
    Effect.gen(function*() {
      const request = yield* pageRequest(query.cursor, query.limit)
      const { repository } = yield* access.repository(caller, at, "read")
      const branch = yield* branchOf(repository, query.branch)
      const page = yield* branchAnalyses.page(repository.id, branch, request)
      const items = yield* Effect.forEach(
        page.items,
        ({ analysis, change }) => Effect.map(shownAt(repository, analysis), (view) => historyEntry(repository, view, change)),
        { concurrency: readConcurrency }
      )
      return { items, pagination: page.pagination } satisfies Page<BranchHistoryEntry>
    })

  return withSpans("BranchHistory", { list })
})

/** Our extension's history of a branch: each analysed commit with the grade and issue count it had. */
export class BranchHistory extends Effect.Service<BranchHistory>()("@tidemark/core/BranchHistory", {
  effect: make,
  dependencies: [Access.Default, BranchAnalyses.Default]
}) {}

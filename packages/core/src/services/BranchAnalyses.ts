import { Effect } from "effect"
import type { ChangeAnalysis } from "../domain/ChangeAnalysis.js"
import type { CommitAnalysis } from "../domain/CommitAnalysis.js"
import { type PageRequest, type Pagination, pageOfResults, pageOfRows } from "../domain/Pagination.js"
import { AnalysisStore } from "../ports/AnalysisStore.js"
import { ChangeStore, subjectKey } from "../ports/ChangeStore.js"
import { withSpans } from "../runtime/Spans.js"

/** One page of a branch's analyses, each with what its commit changed (when recorded). */
export interface BranchAnalysesPage {
  readonly items: ReadonlyArray<{ readonly analysis: CommitAnalysis; readonly change: ChangeAnalysis | undefined }>
  readonly pagination: Pagination
}

const make = Effect.gen(function*() {
  const analyses = yield* AnalysisStore
  const changes = yield* ChangeStore

  /**
   * A branch's analyses, the latest first, by keyset page on `(endedAnalysis, sha)`: one more than
   * the page is read to know whether another page exists. What the commit list and the branch
   * history both page through.
   */
  const page = (repositoryId: number, branch: string, request: PageRequest) =>
    Effect.gen(function*() {
      const [endedAnalysis, sha] = request.after ?? []
      const page = yield* analyses.history(repositoryId, branch, {
        after: endedAnalysis === undefined ? undefined : { endedAnalysis: String(endedAnalysis), sha: String(sha) },
        limit: request.limit + 1
      })
      const rows = pageOfRows(page.items, page.total, request, (analysis) => [analysis.endedAnalysis, analysis.commit.sha])
      const found = yield* changes.findMany(repositoryId, rows.items.map((a) => ({ kind: "commit", sha: a.commit.sha })))
      return pageOfResults(rows, request.limit, (analysis) => ({
        analysis,
        change: found.get(subjectKey({ kind: "commit", sha: analysis.commit.sha }))
      })) satisfies BranchAnalysesPage
    })

  return withSpans("BranchAnalyses", { page })
})

/** The pages of a branch's analyses that the commit list and the branch history show. */
export class BranchAnalyses extends Effect.Service<BranchAnalyses>()("@tidemark/core/BranchAnalyses", { effect: make }) {}

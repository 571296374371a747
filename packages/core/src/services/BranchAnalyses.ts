import type { Context } from "effect"
import { Effect } from "effect"
import type { ChangeAnalysis } from "../domain/ChangeAnalysis.js"
import type { CommitAnalysis } from "../domain/CommitAnalysis.js"
import { encodeCursor, type PageRequest, Pagination } from "../domain/Pagination.js"
import type { AnalysisStore } from "../ports/AnalysisStore.js"
import { type ChangeStore, subjectKey } from "../ports/ChangeStore.js"

/** One page of a branch's analyses, each with what its commit changed (when recorded). */
export interface BranchAnalysesPage {
  readonly items: ReadonlyArray<{ readonly analysis: CommitAnalysis; readonly change: ChangeAnalysis | undefined }>
  readonly pagination: Pagination
}

/**
 * A branch's analyses, the latest first, by keyset page on `(endedAnalysis, sha)`: one more than
 * the page is read to know whether another page exists. What the commit list and the branch
 * history both page through.
 */
export const branchAnalysesPage = (
  analyses: Context.Tag.Service<AnalysisStore>,
  changes: Context.Tag.Service<ChangeStore>,
  repositoryId: number,
  branch: string,
  request: PageRequest
) =>
  Effect.gen(function*() {
    const [endedAnalysis, sha] = request.after ?? []
    const page = yield* analyses.history(repositoryId, branch, {
      after: endedAnalysis === undefined ? undefined : { endedAnalysis: String(endedAnalysis), sha: String(sha) },
      limit: request.limit + 1
    })
    const shown = page.items.slice(0, request.limit)
    const found = yield* changes.findMany(repositoryId, shown.map((a) => ({ kind: "commit", sha: a.commit.sha })))
    const last = shown.at(-1)
    const more = last !== undefined && page.items.length > request.limit
    return {
      items: shown.map((analysis) => ({ analysis, change: found.get(subjectKey({ kind: "commit", sha: analysis.commit.sha })) })),
      pagination: new Pagination({
        limit: request.limit,
        total: page.total,
        ...(more ? { cursor: encodeCursor([last.endedAnalysis, last.commit.sha]) } : {})
      })
    } satisfies BranchAnalysesPage
  })

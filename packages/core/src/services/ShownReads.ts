import { Effect } from "effect"
import type { BranchRecord } from "../domain/Records.js"
import { type Shown, shownCommit } from "../domain/RepositoryView.js"
import { AnalysisStore } from "../ports/AnalysisStore.js"
import { withSpans } from "../runtime/Spans.js"

const nothingShown: Shown = { analysis: undefined, coverage: undefined, imported: [] }

const make = Effect.gen(function*() {
  const analyses = yield* AnalysisStore

  /**
   * What each repository's branch shows, read in two rounds however many repositories there are: the
   * branches' latest analyses, then the coverage and the imported issues of each commit shown
   * (`shownCommit`). `branches` maps repository ids to the branch shown; the answer is a lookup by
   * repository id, nothing shown for a repository without a branch.
   */
  const of = (branches: ReadonlyMap<number, BranchRecord>) =>
    Effect.gen(function*() {
      const analysisOf = yield* analyses.latest([...branches].map(([repositoryId, b]) => ({ repositoryId, branch: b.name })))
      const shownCommits = [...branches].flatMap(([repositoryId, branch]) => {
        const commitSha = shownCommit(analysisOf.get(repositoryId), branch)
        return commitSha === undefined ? [] : [{ repositoryId, commitSha }]
      })
      const [coverageOf, importedOf] = yield* Effect.all([analyses.coverage(shownCommits), analyses.importedIssues(shownCommits)], {
        concurrency: "unbounded"
      })
      return (repositoryId: number): Shown =>
        branches.has(repositoryId)
          ? { analysis: analysisOf.get(repositoryId), coverage: coverageOf.get(repositoryId), imported: importedOf.get(repositoryId) ?? [] }
          : nothingShown
    })

  return withSpans("ShownReads", { shown: of })
})

/** What the repository views show of each repository's branch, read through `AnalysisStore`. */
export class ShownReads extends Effect.Service<ShownReads>()("@tidemark/core/ShownReads", { effect: make }) {}

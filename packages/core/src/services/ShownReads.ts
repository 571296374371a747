import type { Context } from "effect"
import { Effect } from "effect"
import type { BranchRecord } from "../domain/Records.js"
import { type Shown, shownCommit } from "../domain/RepositoryView.js"
import type { AnalysisStore } from "../ports/AnalysisStore.js"

const nothingShown: Shown = { analysis: undefined, coverage: undefined, imported: [] }

/**
 * What each repository's branch shows, read through `AnalysisStore` in two rounds however many
 * repositories there are: the branches' latest analyses, then the coverage and the imported issues
 * of each commit shown (`shownCommit`). `branches` maps repository ids to the branch shown; the
 * answer is a lookup by repository id, nothing shown for a repository without a branch.
 */
export const shownOf = (analyses: Context.Tag.Service<AnalysisStore>, branches: ReadonlyMap<number, BranchRecord>) =>
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

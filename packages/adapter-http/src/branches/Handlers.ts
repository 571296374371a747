import { HttpApiBuilder } from "@effect/platform"
import { Analyses, Branches, type Pagination, PullRequestBypasses } from "@tidemark/core"
import { Effect } from "effect"
import { answer, answerWith, repositoryAt } from "../HandlerShapes.js"
import { TidemarkApi } from "../TidemarkApi.js"

/** BranchListResponse: the pagination first. */
const branchPage = <A>(page: { readonly items: ReadonlyArray<A>; readonly pagination: Pagination.Pagination }) => ({
  pagination: page.pagination,
  data: page.items
})

export const layer = HttpApiBuilder.group(TidemarkApi, "branches", (handlers) =>
  Effect.gen(function*() {
    const branches = yield* Branches.Branches
    const analyses = yield* Analyses.Analyses
    const bypasses = yield* PullRequestBypasses.PullRequestBypasses
    return handlers
      .handle("listRepositoryBranches", ({ path, urlParams }) =>
        answerWith((caller) => branches.list(caller, repositoryAt(path), urlParams), branchPage))
      .handle("updateRepositoryBranchConfiguration", ({ path, payload }) =>
        answer((caller) => branches.configure(caller, repositoryAt(path), path.branchName, payload.isEnabled)))
      .handle("setRepositoryBranchAsDefault", ({ path }) =>
        answer((caller) => branches.setDefault(caller, repositoryAt(path), path.branchName)))
      .handle("reanalyzeCommitById", ({ path, payload }) =>
        answer((caller) => analyses.reanalyseCommit(caller, repositoryAt(path), payload)))
      .handle("bypassPullRequestAnalysis", ({ path }) =>
        answer((caller) => bypasses.bypass(caller, repositoryAt(path), path.pullRequestNumber)))
  }))

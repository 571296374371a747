import { HttpApiBuilder } from "@effect/platform"
import { Analyses, Branches, PullRequestBypasses } from "@tidemark/core"
import { Effect } from "effect"
import { answer, answerPage, repositoryAt } from "../HandlerShapes.js"
import { TidemarkApi } from "../TidemarkApi.js"

export const layer = HttpApiBuilder.group(TidemarkApi, "branches", (handlers) =>
  Effect.gen(function*() {
    const branches = yield* Branches.Branches
    const analyses = yield* Analyses.Analyses
    const bypasses = yield* PullRequestBypasses.PullRequestBypasses
    return handlers
      .handle("listRepositoryBranches", ({ path, urlParams }) =>
        answerPage((caller) => branches.list(caller, repositoryAt(path), urlParams)))
      .handle("updateRepositoryBranchConfiguration", ({ path, payload }) =>
        answer((caller) => branches.configure(caller, repositoryAt(path), path.branchName, payload.isEnabled)))
      .handle("setRepositoryBranchAsDefault", ({ path }) =>
        answer((caller) => branches.setDefault(caller, repositoryAt(path), path.branchName)))
      .handle("reanalyzeCommitById", ({ path, payload }) =>
        answer((caller) => analyses.reanalyseCommit(caller, repositoryAt(path), payload)))
      .handle("bypassPullRequestAnalysis", ({ path }) =>
        answer((caller) => bypasses.bypass(caller, repositoryAt(path), path.pullRequestNumber)))
  }))

import { HttpApiBuilder } from "@effect/platform"
import { CommitReads, type Pagination, PullRequestReads, PullRequests } from "@tidemark/core"
import { Effect } from "effect"
import { Caller } from "../Authentication.js"
import { analysisErrors } from "../ErrorMapping.js"
import { TidemarkApi } from "../TidemarkApi.js"
import { asPage, organizationAt, repositoryAt } from "./HandlerShapes.js"

/** A page of delta issues as the API answers it: whether the change was analysed, beside the page. */
const deltaPage = <A>(page: { readonly analyzed: boolean; readonly items: ReadonlyArray<A>; readonly pagination: Pagination }) => ({
  analyzed: page.analyzed,
  ...asPage(page)
})

export const layer = HttpApiBuilder.group(TidemarkApi, "changes", (handlers) =>
  Effect.gen(function*() {
    const pullRequests = yield* PullRequestReads
    const commits = yield* CommitReads
    return handlers
      .handle("listRepositoryPullRequests", ({ path, urlParams }) =>
        Effect.flatMap(Caller, (caller) => pullRequests.list(caller, repositoryAt(path), urlParams)).pipe(Effect.map(asPage), analysisErrors))
      .handle("listOrganizationPullRequests", ({ path, urlParams }) =>
        Effect.flatMap(Caller, (caller) => pullRequests.listForOrganization(caller, organizationAt(path), urlParams)).pipe(
          Effect.map(asPage),
          analysisErrors
        ))
      .handle("getRepositoryPullRequest", ({ path }) =>
        Effect.flatMap(Caller, (caller) => pullRequests.one(caller, repositoryAt(path), path.pullRequestNumber)).pipe(analysisErrors))
      .handle("listPullRequestIssues", ({ path, urlParams }) =>
        Effect.flatMap(Caller, (caller) => pullRequests.issues(caller, repositoryAt(path), path.pullRequestNumber, urlParams)).pipe(
          Effect.map(deltaPage),
          analysisErrors
        ))
      .handle("listRepositoryCommits", ({ path, urlParams }) =>
        Effect.flatMap(Caller, (caller) => commits.list(caller, repositoryAt(path), urlParams)).pipe(Effect.map(asPage), analysisErrors))
      .handle("getCommit", ({ path }) =>
        Effect.flatMap(Caller, (caller) => commits.one(caller, repositoryAt(path), path.commitUuid)).pipe(analysisErrors))
      .handle("getCommitDeltaStatistics", ({ path }) =>
        Effect.flatMap(Caller, (caller) => commits.deltaStatistics(caller, repositoryAt(path), path.commitUuid)).pipe(analysisErrors))
      .handle("listCommitDeltaIssues", ({ path, urlParams }) =>
        Effect.flatMap(Caller, (caller) => commits.issues(caller, repositoryAt(path), path.srcCommitUuid, urlParams)).pipe(
          Effect.map(deltaPage),
          analysisErrors
        ))
  }))

export const writeLayer = HttpApiBuilder.group(TidemarkApi, "pullRequestWrite", (handlers) =>
  Effect.gen(function*() {
    const intake = yield* PullRequests
    const reads = yield* PullRequestReads
    return handlers.handle("putRepositoryPullRequest", ({ path, payload }) =>
      Effect.gen(function*() {
        const caller = yield* Caller
        yield* intake.open(caller, repositoryAt(path), path.pullRequestNumber, payload)
        return yield* reads.one(caller, repositoryAt(path), path.pullRequestNumber)
      }).pipe(analysisErrors))
  }))

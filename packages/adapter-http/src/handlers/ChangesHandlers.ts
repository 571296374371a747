import { HttpApiBuilder } from "@effect/platform"
import { ChangeDetails, CommitReads, type Pagination, PullRequestReads, PullRequests } from "@tidemark/core"
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
    const details = yield* ChangeDetails
    const pull = (path: { readonly pullRequestNumber: number }) => ({ kind: "pullRequest", number: path.pullRequestNumber }) as const
    const commit = (path: { readonly commitUuid: string }) => ({ kind: "commit", sha: path.commitUuid }) as const
    const data = <A>(a: A) => ({ data: a })
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
      .handle("listPullRequestFiles", ({ path, urlParams }) =>
        Effect.flatMap(Caller, (caller) => details.files(caller, repositoryAt(path), pull(path), urlParams)).pipe(Effect.map(asPage), analysisErrors))
      .handle("listCommitFiles", ({ path, urlParams }) =>
        Effect.flatMap(Caller, (caller) => details.files(caller, repositoryAt(path), commit(path), urlParams)).pipe(Effect.map(asPage), analysisErrors))
      .handle("listPullRequestClones", ({ path, urlParams }) =>
        Effect.flatMap(Caller, (caller) => details.clones(caller, repositoryAt(path), pull(path), urlParams)).pipe(Effect.map(asPage), analysisErrors))
      .handle("listCommitClones", ({ path, urlParams }) =>
        Effect.flatMap(Caller, (caller) => details.clones(caller, repositoryAt(path), commit(path), urlParams)).pipe(Effect.map(asPage), analysisErrors))
      .handle("getPullRequestCommits", ({ path, urlParams }) =>
        Effect.flatMap(Caller, (caller) => details.pullRequestCommits(caller, repositoryAt(path), path.pullRequestNumber, urlParams)).pipe(
          Effect.map(asPage),
          analysisErrors
        ))
      .handle("getPullRequestCoverageReports", ({ path }) =>
        Effect.flatMap(Caller, (caller) => details.pullRequestCoverageStatus(caller, repositoryAt(path), path.pullRequestNumber)).pipe(
          Effect.map(data),
          analysisErrors
        ))
      .handle("getRepositoryPullRequestCoverage", ({ path }) =>
        Effect.flatMap(Caller, (caller) => details.pullRequestCoverage(caller, repositoryAt(path), path.pullRequestNumber)).pipe(
          Effect.map(data),
          analysisErrors
        ))
      .handle("getRepositoryPullRequestFilesCoverage", ({ path }) =>
        Effect.flatMap(Caller, (caller) => details.pullRequestFilesCoverage(caller, repositoryAt(path), path.pullRequestNumber)).pipe(
          Effect.map(data),
          analysisErrors
        ))
      .handle("getPullRequestGitDiff", ({ path }) =>
        Effect.flatMap(Caller, (caller) => details.diff(caller, repositoryAt(path), pull(path))).pipe(analysisErrors))
      .handle("getCommitDiff", ({ path }) =>
        Effect.flatMap(Caller, (caller) => details.diff(caller, repositoryAt(path), commit(path))).pipe(analysisErrors))
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

import { HttpApiBuilder } from "@effect/platform"
import { ChangeDetails, PullRequestReads, PullRequests } from "@tidemark/core"
import { Effect } from "effect"
import { answer, answerData, answerPage, answerWith, asDeltaPage, organizationAt, repositoryAt, type RequestOf } from "../HandlerShapes.js"
import { TidemarkApi } from "../TidemarkApi.js"
import type * as Api from "./Api.js"

const pull = (path: { readonly pullRequestNumber: number }) => ({ kind: "pullRequest", number: path.pullRequestNumber }) as const

/** The changes group's pull-request operations (see changes/Handlers.ts). */
export const handlers = Effect.gen(function*() {
  const pullRequests = yield* PullRequestReads.PullRequestReads
  const details = yield* ChangeDetails.ChangeDetails
  return {
    listRepositoryPullRequests: ({ path, urlParams }: RequestOf<typeof Api.listRepositoryPullRequests>) =>
      answerPage((caller) => pullRequests.list(caller, repositoryAt(path), urlParams)),
    listOrganizationPullRequests: ({ path, urlParams }: RequestOf<typeof Api.listOrganizationPullRequests>) =>
      answerPage((caller) => pullRequests.listForOrganization(caller, organizationAt(path), urlParams)),
    getRepositoryPullRequest: ({ path }: RequestOf<typeof Api.getRepositoryPullRequest>) =>
      answer((caller) => pullRequests.one(caller, repositoryAt(path), path.pullRequestNumber)),
    listPullRequestIssues: ({ path, urlParams }: RequestOf<typeof Api.listPullRequestIssues>) =>
      answerWith((caller) => pullRequests.issues(caller, repositoryAt(path), path.pullRequestNumber, urlParams), asDeltaPage),
    listPullRequestFiles: ({ path, urlParams }: RequestOf<typeof Api.listPullRequestFiles>) =>
      answerPage((caller) => details.files(caller, repositoryAt(path), pull(path), urlParams)),
    listPullRequestClones: ({ path, urlParams }: RequestOf<typeof Api.listPullRequestClones>) =>
      answerPage((caller) => details.clones(caller, repositoryAt(path), pull(path), urlParams)),
    listPullRequestSecurityFindings: ({ path }: RequestOf<typeof Api.listPullRequestSecurityFindings>) =>
      answer((caller) => pullRequests.securityFindings(caller, repositoryAt(path), path.pullRequestNumber)),
    getPullRequestCommits: ({ path, urlParams }: RequestOf<typeof Api.getPullRequestCommits>) =>
      answerPage((caller) => details.pullRequestCommits(caller, repositoryAt(path), path.pullRequestNumber, urlParams)),
    getPullRequestCoverageReports: ({ path }: RequestOf<typeof Api.getPullRequestCoverageReports>) =>
      answerData((caller) => details.pullRequestCoverageStatus(caller, repositoryAt(path), path.pullRequestNumber)),
    getRepositoryPullRequestCoverage: ({ path }: RequestOf<typeof Api.getRepositoryPullRequestCoverage>) =>
      answerData((caller) => details.pullRequestCoverage(caller, repositoryAt(path), path.pullRequestNumber)),
    getRepositoryPullRequestFilesCoverage: ({ path }: RequestOf<typeof Api.getRepositoryPullRequestFilesCoverage>) =>
      answerData((caller) => details.pullRequestFilesCoverage(caller, repositoryAt(path), path.pullRequestNumber)),
    getPullRequestGitDiff: ({ path }: RequestOf<typeof Api.getPullRequestGitDiff>) =>
      answer((caller) => details.diff(caller, repositoryAt(path), pull(path)))
  }
})

/** Opens or updates the pull request, then answers it as getRepositoryPullRequest does. */
export const writeLayer = HttpApiBuilder.group(TidemarkApi, "pullRequestWrite", (handlers) =>
  Effect.gen(function*() {
    const intake = yield* PullRequests.PullRequests
    const reads = yield* PullRequestReads.PullRequestReads
    return handlers.handle("putRepositoryPullRequest", ({ path, payload }) =>
      answer((caller) =>
        Effect.zipRight(
          intake.open(caller, repositoryAt(path), path.pullRequestNumber, payload),
          reads.one(caller, repositoryAt(path), path.pullRequestNumber)
        )
      ))
  }))

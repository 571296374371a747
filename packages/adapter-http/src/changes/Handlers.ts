import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import * as Commits from "../commits/Handlers.js"
import * as PullRequests from "../pullRequests/Handlers.js"
import { TidemarkApi } from "../TidemarkApi.js"

/** The changes group, each operation handled by its area (see changes/Api.ts). */
export const layer = HttpApiBuilder.group(TidemarkApi, "changes", (handlers) =>
  Effect.gen(function*() {
    const pullRequests = yield* PullRequests.handlers
    const commits = yield* Commits.handlers
    return handlers
      .handle("listRepositoryPullRequests", pullRequests.listRepositoryPullRequests)
      .handle("listOrganizationPullRequests", pullRequests.listOrganizationPullRequests)
      .handle("getRepositoryPullRequest", pullRequests.getRepositoryPullRequest)
      .handle("listPullRequestIssues", pullRequests.listPullRequestIssues)
      .handle("listRepositoryCommits", commits.listRepositoryCommits)
      .handle("getCommit", commits.getCommit)
      .handle("getCommitDeltaStatistics", commits.getCommitDeltaStatistics)
      .handle("listCommitDeltaIssues", commits.listCommitDeltaIssues)
      .handle("listPullRequestFiles", pullRequests.listPullRequestFiles)
      .handle("listCommitFiles", commits.listCommitFiles)
      .handle("listPullRequestClones", pullRequests.listPullRequestClones)
      .handle("listCommitClones", commits.listCommitClones)
      .handle("listPullRequestSecurityFindings", pullRequests.listPullRequestSecurityFindings)
      .handle("getPullRequestCommits", pullRequests.getPullRequestCommits)
      .handle("getPullRequestCoverageReports", pullRequests.getPullRequestCoverageReports)
      .handle("getRepositoryPullRequestCoverage", pullRequests.getRepositoryPullRequestCoverage)
      .handle("getRepositoryPullRequestFilesCoverage", pullRequests.getRepositoryPullRequestFilesCoverage)
      .handle("getPullRequestGitDiff", pullRequests.getPullRequestGitDiff)
      .handle("getCommitDiff", commits.getCommitDiff)
  }))

import { HttpApiGroup } from "@effect/platform"
import * as ApiErrors from "../ApiErrors.js"
import { OptionalAuthentication } from "../Authentication.js"
import * as Commits from "../commits/Api.js"
import * as PullRequests from "../pullRequests/Api.js"

/**
 * The original API's commit and pull-request operations (issue 14), one group as the API always
 * published them (its name is the operations' tag): what each change added and fixed, judged by the
 * repository's gates. Read like the other analysis operations: a public repository's without a
 * token. The endpoints are defined in pullRequests/ and commits/; the order here is the document's.
 */
export class ChangesGroup extends HttpApiGroup.make("changes")
  .add(PullRequests.listRepositoryPullRequests)
  .add(PullRequests.listOrganizationPullRequests)
  .add(PullRequests.getRepositoryPullRequest)
  .add(PullRequests.listPullRequestIssues)
  .add(Commits.listRepositoryCommits)
  .add(Commits.getCommit)
  .add(Commits.getCommitDeltaStatistics)
  .add(Commits.listCommitDeltaIssues)
  .add(PullRequests.listPullRequestFiles)
  .add(Commits.listCommitFiles)
  .add(PullRequests.listPullRequestClones)
  .add(Commits.listCommitClones)
  .add(PullRequests.listPullRequestSecurityFindings)
  .add(PullRequests.getPullRequestCommits)
  .add(PullRequests.getPullRequestCoverageReports)
  .add(PullRequests.getRepositoryPullRequestCoverage)
  .add(PullRequests.getRepositoryPullRequestFilesCoverage)
  .add(PullRequests.getPullRequestGitDiff)
  .add(Commits.getCommitDiff)
  .pipe(ApiErrors.reads)
  .middleware(OptionalAuthentication)
{}

import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { ChangeViews, Pagination, PatternQuery, PullRequest, SecurityViews } from "@tidemark/core"
import { Schema } from "effect"
import * as ApiErrors from "../ApiErrors.js"
import { OrganizationParams, PageParams, repositoryPath, RepositoryParams } from "../ApiParams.js"
import { Authentication } from "../Authentication.js"
import { ClonesResponse, DeltaIssueParams, DeltaIssuesResponse, FileDeltaPage, FilesParams } from "../changes/Params.js"

/**
 * A repository's pull requests: the original API's operations (in the changes group, see
 * changes/Api.ts), what each added and fixed judged by the repository's gates, and our extension
 * that opens or updates one (the pullRequestWrite group).
 */

const pullRequestPath = `${repositoryPath}/pull-requests/:pullRequestNumber` as const
const coveragePullRequestPath =
  "/coverage/organizations/:provider/:remoteOrganizationName/repositories/:repositoryName/pull-requests/:pullRequestNumber"

export const PullRequestParams = Schema.Struct({
  ...RepositoryParams.fields,
  pullRequestNumber: Schema.compose(Schema.NumberFromString, PullRequest.PullRequestNumber)
})

const PullRequestListResponse = Schema.Struct({ data: Schema.Array(ChangeViews.PullRequestWithAnalysis), pagination: Pagination.Pagination })

export const listRepositoryPullRequests = HttpApiEndpoint.get("listRepositoryPullRequests", `${repositoryPath}/pull-requests`)
  .setPath(RepositoryParams)
  .setUrlParams(Schema.Struct({
    ...PageParams,
    search: Schema.optional(Schema.String),
    includeNotAnalyzed: Schema.optional(PatternQuery.QueryBoolean)
  }))
  .addSuccess(PullRequestListResponse)

export const listOrganizationPullRequests = HttpApiEndpoint.get(
  "listOrganizationPullRequests",
  "/analysis/organizations/:provider/:remoteOrganizationName/pull-requests"
)
  .setPath(OrganizationParams)
  .setUrlParams(Schema.Struct({
    limit: PageParams.limit,
    cursor: PageParams.cursor,
    search: Schema.optional(Schema.String),
    repositories: Schema.optional(Schema.String)
  }))
  .addSuccess(PullRequestListResponse)

export const getRepositoryPullRequest = HttpApiEndpoint.get("getRepositoryPullRequest", pullRequestPath)
  .setPath(PullRequestParams)
  .addSuccess(ChangeViews.PullRequestWithAnalysis)

export const listPullRequestIssues = HttpApiEndpoint.get("listPullRequestIssues", `${pullRequestPath}/issues`)
  .setPath(PullRequestParams)
  .setUrlParams(Schema.Struct(DeltaIssueParams))
  .addSuccess(DeltaIssuesResponse)

export const listPullRequestFiles = HttpApiEndpoint.get("listPullRequestFiles", `${pullRequestPath}/files`)
  .setPath(PullRequestParams)
  .setUrlParams(Schema.Struct(FilesParams))
  .addSuccess(FileDeltaPage)

export const listPullRequestClones = HttpApiEndpoint.get("listPullRequestClones", `${pullRequestPath}/clones`)
  .setPath(PullRequestParams)
  .setUrlParams(Schema.Struct(DeltaIssueParams))
  .addSuccess(ClonesResponse)

/** Tidemark's: the security findings the pull request brings in (SAST, secrets, vulnerable dependencies). */
export const listPullRequestSecurityFindings = HttpApiEndpoint.get("listPullRequestSecurityFindings", `${pullRequestPath}/security-findings`)
  .setPath(PullRequestParams)
  .addSuccess(SecurityViews.ChangeSecurityFindingsResponse)

export const getPullRequestCommits = HttpApiEndpoint.get("getPullRequestCommits", `${pullRequestPath}/commits`)
  .setPath(PullRequestParams)
  .setUrlParams(Schema.Struct(PageParams))
  .addSuccess(Schema.Struct({ data: Schema.Array(ChangeViews.CommitWithAnalysis), pagination: Pagination.Pagination }))

export const getPullRequestCoverageReports = HttpApiEndpoint.get("getPullRequestCoverageReports", `${pullRequestPath}/coverage/status`)
  .setPath(PullRequestParams)
  .addSuccess(Schema.Struct({ data: ChangeViews.CoveragePullRequest }))

export const getRepositoryPullRequestCoverage = HttpApiEndpoint.get("getRepositoryPullRequestCoverage", coveragePullRequestPath)
  .setPath(PullRequestParams)
  .addSuccess(Schema.Struct({ data: ChangeViews.PullRequestWithCoverage }))

export const getRepositoryPullRequestFilesCoverage = HttpApiEndpoint.get(
  "getRepositoryPullRequestFilesCoverage",
  `${coveragePullRequestPath}/files`
)
  .setPath(PullRequestParams)
  .addSuccess(Schema.Struct({ data: Schema.Array(ChangeViews.FileDiffCoverage) }))

export const getPullRequestGitDiff = HttpApiEndpoint.get("getPullRequestGitDiff", `${coveragePullRequestPath}/diff`)
  .setPath(PullRequestParams)
  .addSuccess(ChangeViews.DiffResponse)

/**
 * Our extension for git hosts without webhooks Tidemark reads: a client (`tidemark pr open`)
 * opens, updates or closes a pull request; write permission.
 */
export class PullRequestWriteGroup extends HttpApiGroup.make("pullRequestWrite")
  .add(
    HttpApiEndpoint.put("putRepositoryPullRequest", pullRequestPath)
      .setPath(PullRequestParams)
      .setPayload(PullRequest.PullRequestBody)
      .addSuccess(ChangeViews.PullRequestWithAnalysis)
      .annotate(
        OpenApi.Description,
        "Our extension: creates or updates the pull request with this number (its head is its origin branch's head, " +
          "read from git), queues its analysis when it is open, and answers it with its last analysis."
      )
  )
  .pipe(ApiErrors.writes)
  .middleware(Authentication)
{}

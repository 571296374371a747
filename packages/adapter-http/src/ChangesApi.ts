import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import {
  CommitDeltaIssue,
  CommitFileClone,
  CoveragePullRequest,
  DiffResponse,
  FileDeltaAnalysis,
  FileDeltaSort,
  FileDiffCoverage,
  PullRequestWithCoverage,
  QueryBoolean,
  CommitDeltaStatistics,
  CommitWithAnalysis,
  IssueStatusParam,
  Pagination,
  PullRequestBody,
  PullRequestNumber,
  PullRequestWithAnalysis
} from "@tidemark/core"
import { Schema } from "effect"
import { OrganizationParams, PageParams, RepositoryParams } from "./ApiParams.js"
import { Authentication, OptionalAuthentication } from "./Authentication.js"
import { BadRequest, Forbidden, InternalServerError, NotFound, Unauthorized, UnprocessableEntity } from "./HttpErrors.js"

/**
 * The original API's commit and pull-request operations (issue 14): what each change added and
 * fixed, judged by the repository's gates. Read like the other analysis operations: a public
 * repository's without a token.
 */

const repositoryPath = "/analysis/organizations/:provider/:remoteOrganizationName/repositories/:repositoryName"
const pullRequestPath = `${repositoryPath}/pull-requests/:pullRequestNumber`

export const PullRequestParams = Schema.Struct({
  ...RepositoryParams.fields,
  pullRequestNumber: Schema.compose(Schema.NumberFromString, PullRequestNumber)
})
const CommitParams = Schema.Struct({ ...RepositoryParams.fields, commitUuid: Schema.String })
const DeltaIssueParams = {
  ...PageParams,
  status: Schema.optional(IssueStatusParam),
  onlyPotential: Schema.optional(QueryBoolean)
}

const coveragePullRequestPath =
  "/coverage/organizations/:provider/:remoteOrganizationName/repositories/:repositoryName/pull-requests/:pullRequestNumber"
const FilesParams = {
  ...PageParams,
  sortColumn: Schema.optional(FileDeltaSort),
  columnOrder: Schema.optional(Schema.Literal("asc", "desc"))
}
const FileDeltaPage = Schema.Struct({ data: Schema.Array(FileDeltaAnalysis), pagination: Pagination })
const ClonesResponse = Schema.Struct({ data: Schema.Array(CommitFileClone), pagination: Pagination })

const PullRequestListResponse = Schema.Struct({ data: Schema.Array(PullRequestWithAnalysis), pagination: Pagination })
const DeltaIssuesResponse = Schema.Struct({ analyzed: Schema.Boolean, data: Schema.Array(CommitDeltaIssue), pagination: Pagination })

export class ChangesGroup extends HttpApiGroup.make("changes")
  .add(
    HttpApiEndpoint.get("listRepositoryPullRequests", `${repositoryPath}/pull-requests`)
      .setPath(RepositoryParams)
      .setUrlParams(Schema.Struct({
        ...PageParams,
        search: Schema.optional(Schema.String),
        includeNotAnalyzed: Schema.optional(QueryBoolean)
      }))
      .addSuccess(PullRequestListResponse)
  )
  .add(
    HttpApiEndpoint.get("listOrganizationPullRequests", "/analysis/organizations/:provider/:remoteOrganizationName/pull-requests")
      .setPath(OrganizationParams)
      .setUrlParams(Schema.Struct({
        limit: PageParams.limit,
        cursor: PageParams.cursor,
        search: Schema.optional(Schema.String),
        repositories: Schema.optional(Schema.String)
      }))
      .addSuccess(PullRequestListResponse)
  )
  .add(
    HttpApiEndpoint.get("getRepositoryPullRequest", pullRequestPath)
      .setPath(PullRequestParams)
      .addSuccess(PullRequestWithAnalysis)
  )
  .add(
    HttpApiEndpoint.get("listPullRequestIssues", `${pullRequestPath}/issues`)
      .setPath(PullRequestParams)
      .setUrlParams(Schema.Struct(DeltaIssueParams))
      .addSuccess(DeltaIssuesResponse)
  )
  .add(
    HttpApiEndpoint.get("listRepositoryCommits", `${repositoryPath}/commits`)
      .setPath(RepositoryParams)
      .setUrlParams(Schema.Struct({ ...PageParams, branch: Schema.optional(Schema.String) }))
      .addSuccess(Schema.Struct({ data: Schema.Array(CommitWithAnalysis), pagination: Pagination }))
  )
  .add(
    HttpApiEndpoint.get("getCommit", `${repositoryPath}/commits/:commitUuid`)
      .setPath(CommitParams)
      .addSuccess(CommitWithAnalysis)
  )
  .add(
    HttpApiEndpoint.get("getCommitDeltaStatistics", `${repositoryPath}/commits/:commitUuid/deltaStatistics`)
      .setPath(CommitParams)
      .addSuccess(CommitDeltaStatistics)
  )
  .add(
    HttpApiEndpoint.get("listCommitDeltaIssues", `${repositoryPath}/commits/:srcCommitUuid/deltaIssues`)
      .setPath(Schema.Struct({ ...RepositoryParams.fields, srcCommitUuid: Schema.String }))
      .setUrlParams(Schema.Struct({ ...DeltaIssueParams, targetCommitUuid: Schema.optional(Schema.String) }))
      .addSuccess(DeltaIssuesResponse)
  )
  .add(
    HttpApiEndpoint.get("listPullRequestFiles", `${pullRequestPath}/files`)
      .setPath(PullRequestParams)
      .setUrlParams(Schema.Struct(FilesParams))
      .addSuccess(FileDeltaPage)
  )
  .add(
    HttpApiEndpoint.get("listCommitFiles", `${repositoryPath}/commits/:commitUuid/files`)
      .setPath(CommitParams)
      .setUrlParams(Schema.Struct({
        ...FilesParams,
        branch: Schema.optional(Schema.String),
        filter: Schema.optional(Schema.Literal("withCoverageChanges")),
        search: Schema.optional(Schema.String)
      }))
      .addSuccess(FileDeltaPage)
  )
  .add(
    HttpApiEndpoint.get("listPullRequestClones", `${pullRequestPath}/clones`)
      .setPath(PullRequestParams)
      .setUrlParams(Schema.Struct(DeltaIssueParams))
      .addSuccess(ClonesResponse)
  )
  .add(
    HttpApiEndpoint.get("listCommitClones", `${repositoryPath}/commits/:commitUuid/clones`)
      .setPath(CommitParams)
      .setUrlParams(Schema.Struct(DeltaIssueParams))
      .addSuccess(ClonesResponse)
  )
  .add(
    HttpApiEndpoint.get("getPullRequestCommits", `${pullRequestPath}/commits`)
      .setPath(PullRequestParams)
      .setUrlParams(Schema.Struct(PageParams))
      .addSuccess(Schema.Struct({ data: Schema.Array(CommitWithAnalysis), pagination: Pagination }))
  )
  .add(
    HttpApiEndpoint.get("getPullRequestCoverageReports", `${pullRequestPath}/coverage/status`)
      .setPath(PullRequestParams)
      .addSuccess(Schema.Struct({ data: CoveragePullRequest }))
  )
  .add(
    HttpApiEndpoint.get("getRepositoryPullRequestCoverage", coveragePullRequestPath)
      .setPath(PullRequestParams)
      .addSuccess(Schema.Struct({ data: PullRequestWithCoverage }))
  )
  .add(
    HttpApiEndpoint.get("getRepositoryPullRequestFilesCoverage", `${coveragePullRequestPath}/files`)
      .setPath(PullRequestParams)
      .addSuccess(Schema.Struct({ data: Schema.Array(FileDiffCoverage) }))
  )
  .add(
    HttpApiEndpoint.get("getPullRequestGitDiff", `${coveragePullRequestPath}/diff`)
      .setPath(PullRequestParams)
      .addSuccess(DiffResponse)
  )
  .add(
    HttpApiEndpoint.get(
      "getCommitDiff",
      "/organizations/:provider/:remoteOrganizationName/repositories/:repositoryName/commits/:commitUuid/diff"
    )
      .setPath(CommitParams)
      .addSuccess(DiffResponse)
  )
  .addError(BadRequest)
  .addError(Unauthorized)
  .addError(NotFound)
  .addError(UnprocessableEntity)
  .addError(InternalServerError)
  .middleware(OptionalAuthentication)
{}

/**
 * Our extension for git hosts without webhooks Tidemark reads: a client (`tidemark pr open`)
 * opens, updates or closes a pull request; write permission.
 */
export class PullRequestWriteGroup extends HttpApiGroup.make("pullRequestWrite")
  .add(
    HttpApiEndpoint.put("putRepositoryPullRequest", pullRequestPath)
      .setPath(PullRequestParams)
      .setPayload(PullRequestBody)
      .addSuccess(PullRequestWithAnalysis)
      .annotate(
        OpenApi.Description,
        "Our extension: creates or updates the pull request with this number (its head is its origin branch's head, " +
          "read from git), queues its analysis when it is open, and answers it with its last analysis."
      )
  )
  .addError(BadRequest)
  .addError(Unauthorized)
  .addError(Forbidden)
  .addError(NotFound)
  .addError(UnprocessableEntity)
  .addError(InternalServerError)
  .middleware(Authentication)
{}

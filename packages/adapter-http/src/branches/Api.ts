import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Branch, Pagination, PatternQuery } from "@tidemark/core"
import { Schema } from "effect"
import * as ApiErrors from "../ApiErrors.js"
import { PageParams, plainRepositoryPath, repositoryPath, RepositoryParams } from "../ApiParams.js"
import { Authentication, OptionalAuthentication } from "../Authentication.js"
import { PullRequestParams } from "../pullRequests/Api.js"

/**
 * Branches and reanalysis (issue 27): a repository's branches (listed as anyone may read a Public
 * repository; whether each is analysed and which is the default changed with `write`), a commit
 * analysed again, and a pull request's gate bypassed.
 */

const BranchParams = Schema.Struct({ ...RepositoryParams.fields, branchName: Schema.String })


export class BranchesGroup extends HttpApiGroup.make("branches")
  .add(
    HttpApiEndpoint.get("listRepositoryBranches", `${plainRepositoryPath}/branches`)
      .setPath(RepositoryParams)
      .setUrlParams(Schema.Struct({
        enabled: Schema.optional(PatternQuery.QueryBoolean),
        ...PageParams,
        search: Schema.optional(Schema.String),
        sort: Schema.optional(Branch.BranchSort),
        direction: Schema.optional(Branch.SortDirection)
      }))
      .addSuccess(Schema.Struct({ pagination: Pagination.Pagination, data: Schema.Array(Branch.BranchListItem) }))
      .middleware(OptionalAuthentication)
  )
  .add(
    HttpApiEndpoint.patch("updateRepositoryBranchConfiguration", `${plainRepositoryPath}/branches/:branchName`)
      .setPath(BranchParams)
      .setPayload(Branch.UpdateRepositoryBranchConfigurationBody)
      .addSuccess(Schema.Void, { status: 204 })
      .middleware(Authentication)
  )
  .add(
    HttpApiEndpoint.post("setRepositoryBranchAsDefault", `${plainRepositoryPath}/branches/:branchName/setDefault`)
      .setPath(BranchParams)
      .addSuccess(Schema.Void, { status: 204 })
      .middleware(Authentication)
  )
  .add(
    HttpApiEndpoint.post("reanalyzeCommitById", `${plainRepositoryPath}/reanalyzeCommit`)
      .setPath(RepositoryParams)
      .setPayload(Branch.CommitUuidRequest)
      .addSuccess(Schema.Void, { status: 204 })
      .middleware(Authentication)
  )
  .add(
    HttpApiEndpoint.post("bypassPullRequestAnalysis", `${repositoryPath}/pull-requests/:pullRequestNumber/bypass`)
      .setPath(PullRequestParams)
      .addSuccess(Schema.Void, { status: 204 })
      .middleware(Authentication)
  )
  .pipe(ApiErrors.writes)
{}

import { HttpApiEndpoint, OpenApi } from "@effect/platform"
import { Bodies, IssueViews, Pagination } from "@tidemark/core"
import { Schema } from "effect"
import { PageParams, PathId, repositoryPath, RepositoryParams } from "../ApiParams.js"

/**
 * A repository's issues: the stored results of a branch's latest analysis (the original API's issue
 * operations, in the results group), and the SARIF import of client-side tools' results (admin).
 */

const IssueParams = Schema.Struct({ ...RepositoryParams.fields, issueId: PathId })

export const searchRepositoryIssues = HttpApiEndpoint.post("searchRepositoryIssues", `${repositoryPath}/issues/search`)
  .setPath(RepositoryParams)
  .setUrlParams(Schema.Struct(PageParams))
  .setPayload(IssueViews.OptionalSearchBody)
  .addSuccess(Schema.Struct({ data: Schema.Array(IssueViews.CommitIssue), pagination: Pagination.Pagination }))

export const issuesOverview = HttpApiEndpoint.post("issuesOverview", `${repositoryPath}/issues/overview`)
  .setPath(RepositoryParams)
  .setPayload(IssueViews.OptionalSearchBody)
  .addSuccess(Schema.Struct({ data: IssueViews.IssuesOverview }))

export const getIssue = HttpApiEndpoint.get("getIssue", `${repositoryPath}/issues/:issueId`)
  .setPath(IssueParams)
  .addSuccess(Schema.Struct({ data: IssueViews.CommitIssue }))

export const listCategoryOverviews = HttpApiEndpoint.get("listCategoryOverviews", `${repositoryPath}/category-overviews`)
  .setPath(RepositoryParams)
  .setUrlParams(Schema.Struct({ branch: Schema.optional(Schema.String) }))
  .addSuccess(IssueViews.CategoryOverviewListResponse)

/** Admin. */
export const uploadSarif = HttpApiEndpoint.post("uploadSarif", `${repositoryPath}/sarif`)
  .setPath(RepositoryParams)
  .setPayload(Bodies.SarifUploadBody)
  .addSuccess(Schema.Struct({ data: Schema.Array(Bodies.ImportedToolIssues) }), { status: 201 })
  .annotate(
    OpenApi.Description,
    "Imports the results of a SARIF 2.1.0 log (client-side tools) as issues of a commit, replacing each tool's earlier results for it."
  )

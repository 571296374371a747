import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { IssueViews, Pagination, Triage } from "@tidemark/core"
import { Schema } from "effect"
import * as ApiErrors from "../ApiErrors.js"
import { PageParams, plainRepositoryPath, repositoryPath, RepositoryParams } from "../ApiParams.js"
import { Authentication, OptionalAuthentication } from "../Authentication.js"
import { Conflict } from "../HttpErrors.js"

/**
 * Triage (issue 27): ignoring issues (one, in bulk, as false positives) and files, and the list of
 * ignored issues. Writes need a token with the `write` permission; the list reads as the issue
 * search does (a Public repository's without a token).
 */

/** An issue as the client names it: its `issueId` (or its `resultDataId`, which getIssue takes). */
const IssueParams = Schema.Struct({ ...RepositoryParams.fields, issueId: Schema.String })

export class TriageGroup extends HttpApiGroup.make("triage")
  .add(
    HttpApiEndpoint.post("bulkIgnoreIssues", `${repositoryPath}/issues/bulk-ignore`)
      .setPath(RepositoryParams)
      .setPayload(Triage.BulkIgnoreIssuesBody)
      .addSuccess(Schema.Void, { status: 204 })
      .middleware(Authentication)
  )
  .add(
    HttpApiEndpoint.patch("updateIssueState", `${repositoryPath}/issues/:issueId`)
      .setPath(IssueParams)
      .setPayload(Triage.IssueStateBody)
      .addSuccess(Schema.Void, { status: 204 })
      .middleware(Authentication)
  )
  .add(
    HttpApiEndpoint.patch("ignoreFalsePositive", `${repositoryPath}/issues/:issueId/false-positive/ignore`)
      .setPath(IssueParams)
      .addSuccess(Schema.Void, { status: 204 })
      // An issue already ignored.
      .addError(Conflict)
      .middleware(Authentication)
  )
  .add(
    HttpApiEndpoint.post("searchRepositoryIgnoredIssues", `${repositoryPath}/ignoredIssues/search`)
      .setPath(RepositoryParams)
      .setUrlParams(Schema.Struct(PageParams))
      .setPayload(IssueViews.OptionalSearchBody)
      .addSuccess(Schema.Struct({ data: Schema.Array(Triage.IgnoredIssue), pagination: Pagination.Pagination }))
      .middleware(OptionalAuthentication)
  )
  .add(
    HttpApiEndpoint.patch("updateFileState", `${plainRepositoryPath}/file`)
      .setPath(RepositoryParams)
      .setPayload(Triage.FileStateBody)
      .addSuccess(Schema.Void, { status: 204 })
      .middleware(Authentication)
  )
  .pipe(ApiErrors.writes)
{}

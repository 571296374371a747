import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { BranchHistoryEntry, ChangeViews, Pagination } from "@tidemark/core"
import { Schema } from "effect"
import * as ApiErrors from "../ApiErrors.js"
import { PageParams, plainRepositoryPath, repositoryPath, RepositoryParams } from "../ApiParams.js"
import { OptionalAuthentication } from "../Authentication.js"
import { ClonesResponse, DeltaIssueParams, DeltaIssuesResponse, FileDeltaPage, FilesParams } from "../changes/Params.js"

/**
 * A repository's commits: the original API's operations (in the changes group, see
 * changes/Api.ts), what each added and fixed judged by the repository's gates, and our extension
 * for the dashboard's commit history (the branchHistory group).
 */

const CommitParams = Schema.Struct({ ...RepositoryParams.fields, commitUuid: Schema.String })

export const listRepositoryCommits = HttpApiEndpoint.get("listRepositoryCommits", `${repositoryPath}/commits`)
  .setPath(RepositoryParams)
  .setUrlParams(Schema.Struct({ ...PageParams, branch: Schema.optional(Schema.String) }))
  .addSuccess(Schema.Struct({ data: Schema.Array(ChangeViews.CommitWithAnalysis), pagination: Pagination.Pagination }))

export const getCommit = HttpApiEndpoint.get("getCommit", `${repositoryPath}/commits/:commitUuid`)
  .setPath(CommitParams)
  .addSuccess(ChangeViews.CommitWithAnalysis)

export const getCommitDeltaStatistics = HttpApiEndpoint.get(
  "getCommitDeltaStatistics",
  `${repositoryPath}/commits/:commitUuid/deltaStatistics`
)
  .setPath(CommitParams)
  .addSuccess(ChangeViews.CommitDeltaStatistics)

export const listCommitDeltaIssues = HttpApiEndpoint.get("listCommitDeltaIssues", `${repositoryPath}/commits/:srcCommitUuid/deltaIssues`)
  .setPath(Schema.Struct({ ...RepositoryParams.fields, srcCommitUuid: Schema.String }))
  .setUrlParams(Schema.Struct({ ...DeltaIssueParams, targetCommitUuid: Schema.optional(Schema.String) }))
  .addSuccess(DeltaIssuesResponse)

export const listCommitFiles = HttpApiEndpoint.get("listCommitFiles", `${repositoryPath}/commits/:commitUuid/files`)
  .setPath(CommitParams)
  .setUrlParams(Schema.Struct({
    ...FilesParams,
    branch: Schema.optional(Schema.String),
    filter: Schema.optional(Schema.Literal("withCoverageChanges")),
    search: Schema.optional(Schema.String)
  }))
  .addSuccess(FileDeltaPage)

export const listCommitClones = HttpApiEndpoint.get("listCommitClones", `${repositoryPath}/commits/:commitUuid/clones`)
  .setPath(CommitParams)
  .setUrlParams(Schema.Struct(DeltaIssueParams))
  .addSuccess(ClonesResponse)

export const getCommitDiff = HttpApiEndpoint.get("getCommitDiff", `${plainRepositoryPath}/commits/:commitUuid/diff`)
  .setPath(CommitParams)
  .addSuccess(ChangeViews.DiffResponse)

export const BranchHistoryPage = Schema.Struct({ data: Schema.Array(BranchHistoryEntry.BranchHistoryEntry), pagination: Pagination.Pagination })

/** Our extension for the dashboard's commit history: a branch's grade and issue count over time. */
export class BranchHistoryGroup extends HttpApiGroup.make("branchHistory")
  .add(
    HttpApiEndpoint.get("listBranchHistory", `${repositoryPath}/commits-history`)
      .setPath(RepositoryParams)
      .setUrlParams(Schema.Struct({ ...PageParams, branch: Schema.optional(Schema.String) }))
      .addSuccess(BranchHistoryPage)
      .annotate(
        OpenApi.Description,
        "Our extension: the analysed commits of the branch (default: the default branch), the latest analysis first, " +
          "each with the grade, grade letter, issue count and lines of code it had (graded against the goals as they are now) " +
          "and the issues it added and fixed."
      )
  )
  .pipe(ApiErrors.reads)
  .middleware(OptionalAuthentication)
{}

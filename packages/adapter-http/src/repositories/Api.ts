import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Bodies, Pagination, Repository, RepositoryWithAnalysis } from "@tidemark/core"
import { Schema } from "effect"
import * as ApiErrors from "../ApiErrors.js"
import { OrganizationParams, PageParams, plainRepositoryPath, RepositoryListParams, RepositoryParams } from "../ApiParams.js"
import { Authentication, OptionalAuthentication } from "../Authentication.js"
import { BadGateway, Conflict } from "../HttpErrors.js"

/**
 * An organization's repositories: with their analysis (the analysis API), without it (the original
 * API's organization operations, open to anyone for a public repository's organization), and the
 * admin operations that add one and queue its analysis.
 */

const organizationPath = "/analysis/organizations/:provider/:remoteOrganizationName"
const repositoryPath = `${organizationPath}/repositories/:repositoryName` as const

export const RepositoryPage = Schema.Struct({
  pagination: Pagination.Pagination,
  data: Schema.Array(RepositoryWithAnalysis.RepositoryWithAnalysis)
})

export class RepositoriesGroup extends HttpApiGroup.make("repositories")
  .add(
    HttpApiEndpoint.get("listOrganizationRepositoriesWithAnalysis", `${organizationPath}/repositories`)
      .setPath(OrganizationParams)
      .setUrlParams(Schema.Struct({
        ...RepositoryListParams,
        repositories: Schema.optional(Schema.String).annotations({ description: "Deprecated: comma-separated names; use the search operation" })
      }))
      .addSuccess(RepositoryPage)
      .addError(BadGateway)
  )
  .add(
    HttpApiEndpoint.post("searchOrganizationRepositoriesWithAnalysis", `/search${organizationPath}/repositories`)
      .setPath(OrganizationParams)
      .setUrlParams(Schema.Struct(PageParams))
      .setPayload(Bodies.SearchOrganizationRepositoriesWithAnalysis)
      .addSuccess(RepositoryPage)
      .addError(BadGateway)
  )
  .add(
    HttpApiEndpoint.get("getRepositoryWithAnalysis", repositoryPath)
      .setPath(RepositoryParams)
      .setUrlParams(Schema.Struct({ branch: Schema.optional(Schema.String) }))
      .addSuccess(Schema.Struct({ data: RepositoryWithAnalysis.RepositoryWithAnalysis }))
  )
  .pipe(ApiErrors.reads)
  .middleware(Authentication)
{}

/** Open to anyone for a Public repository (and its organization's list), as the original API documents it. */
export class OrganizationRepositoriesGroup extends HttpApiGroup.make("organizationRepositories")
  .add(
    HttpApiEndpoint.get("listOrganizationRepositories", "/organizations/:provider/:remoteOrganizationName/repositories")
      .setPath(OrganizationParams)
      .setUrlParams(Schema.Struct({
        ...RepositoryListParams,
        filter: Schema.optional(Schema.Literal("Synced", "NotSynced", "AllSynced")),
        languages: Schema.optional(Schema.String)
      }))
      .addSuccess(Schema.Struct({ data: Schema.Array(Repository.Repository), pagination: Schema.optional(Pagination.Pagination) }))
  )
  .add(
    HttpApiEndpoint.get("getRepository", "/organizations/:provider/:remoteOrganizationName/repositories/:repositoryName")
      .setPath(RepositoryParams)
      .addSuccess(Schema.Struct({ data: Repository.Repository }))
  )
  .pipe(ApiErrors.reads)
  .middleware(OptionalAuthentication)
{}

/**
 * A repository's setup (issue 27): following it (its new commits analysed), unfollowing it (its
 * analysis paused, its data kept) and deleting it with all its data.
 */
export class RepositorySetupGroup extends HttpApiGroup.make("repositorySetup")
  .add(
    HttpApiEndpoint.post("followAddedRepository", `${plainRepositoryPath}/follow`)
      .setPath(RepositoryParams)
      .addSuccess(Repository.AddedStateResponse)
  )
  .add(
    HttpApiEndpoint.del("unfollowRepository", `${plainRepositoryPath}/follow`)
      .setPath(RepositoryParams)
      .addSuccess(Schema.Void, { status: 204 })
  )
  .add(
    HttpApiEndpoint.del("deleteRepository", plainRepositoryPath)
      .setPath(RepositoryParams)
      .addSuccess(Schema.Void, { status: 204 })
  )
  .pipe(ApiErrors.writes)
  .middleware(Authentication)
{}

/** An analysis queued by reanalyze: the branch and the commit (its head when asked) it will analyse. */
export class QueuedAnalysis extends Schema.Class<QueuedAnalysis>("QueuedAnalysis")({
  repositoryName: Schema.String,
  branch: Schema.String,
  commitSha: Schema.String,
  requestedAt: Schema.String
}) {}

/** Admin (our extension). */
export const addRepository = HttpApiEndpoint.post("addRepository", "/repositories")
  .setPayload(Bodies.AddRepositoryBody)
  .addSuccess(Schema.Struct({ data: Repository.Repository }))
  .annotate(OpenApi.Description, "Adds (or refreshes) a repository by reading it with git.")

/** Admin (our extension). */
export const reanalyzeRepository = HttpApiEndpoint.post("reanalyzeRepository", `${repositoryPath}/reanalyze`)
  .setPath(RepositoryParams)
  .setUrlParams(Schema.Struct({ branch: Schema.optional(Schema.String) }))
  .addSuccess(Schema.Struct({ data: QueuedAnalysis }), { status: 202 })
  .addError(Conflict)
  .annotate(
    OpenApi.Description,
    "Queues an analysis of the head of a branch (default: the default branch); getRepositoryWithAnalysis shows it once done. " +
      "A repository not followed answers 409."
  )

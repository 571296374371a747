import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { BranchHistoryEntry, Pagination } from "@tidemark/core"
import { Schema } from "effect"
import { PageParams, RepositoryParams } from "./ApiParams.js"
import { OptionalAuthentication } from "./Authentication.js"
import { BadRequest, InternalServerError, NotFound, Unauthorized, UnprocessableEntity } from "./HttpErrors.js"

/** Our extension for the dashboard's commit history: a branch's grade and issue count over time. */

const repositoryPath = "/analysis/organizations/:provider/:remoteOrganizationName/repositories/:repositoryName"

export const BranchHistoryPage = Schema.Struct({ data: Schema.Array(BranchHistoryEntry), pagination: Pagination })

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
  .addError(BadRequest)
  .addError(Unauthorized)
  .addError(NotFound)
  .addError(UnprocessableEntity)
  .addError(InternalServerError)
  .middleware(OptionalAuthentication)
{}

import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import {
  CatalogueTool,
  OrganizationListResponse,
  OrganizationWithMeta,
  Pagination,
  PatternDefinition,
  Repository
} from "@tidemark/core"
import { Schema } from "effect"
import { OrganizationParams, PageParams, RepositoryListParams } from "./ApiParams.js"
import { Authentication, OptionalAuthentication } from "./Authentication.js"
import { BadRequest, InternalServerError, NotFound, Unauthorized, UnprocessableEntity } from "./HttpErrors.js"

/**
 * The original API's account, organization and catalogue operations (issue 13): the organizations a
 * token sees, an organization's repositories without their analysis, and the tool catalogue.
 */

const organizationPath = "/organizations/:provider/:remoteOrganizationName"

export class AccountGroup extends HttpApiGroup.make("account")
  .add(
    HttpApiEndpoint.get("listOrganizations", "/user/organizations/:provider")
      .setPath(Schema.Struct({ provider: Schema.String }))
      .setUrlParams(Schema.Struct(PageParams))
      .addSuccess(OrganizationListResponse)
  )
  .add(
    HttpApiEndpoint.get("getOrganization", organizationPath)
      .setPath(OrganizationParams)
      .addSuccess(Schema.Struct({ data: OrganizationWithMeta }))
      .addError(NotFound)
  )
  .addError(BadRequest)
  .addError(Unauthorized)
  .addError(UnprocessableEntity)
  .addError(InternalServerError)
  .middleware(Authentication)
{}

/** Open to anyone for a Public repository's organization, as the original API documents it. */
export class OrganizationRepositoriesGroup extends HttpApiGroup.make("organizationRepositories")
  .add(
    HttpApiEndpoint.get("listOrganizationRepositories", `${organizationPath}/repositories`)
      .setPath(OrganizationParams)
      .setUrlParams(Schema.Struct({
        ...RepositoryListParams,
        filter: Schema.optional(Schema.Literal("Synced", "NotSynced", "AllSynced")),
        languages: Schema.optional(Schema.String)
      }))
      .addSuccess(Schema.Struct({ data: Schema.Array(Repository), pagination: Schema.optional(Pagination) }))
  )
  .addError(BadRequest)
  .addError(Unauthorized)
  .addError(NotFound)
  .addError(UnprocessableEntity)
  .addError(InternalServerError)
  .middleware(OptionalAuthentication)
{}

/** The catalogue asks no token (`security: []` in the original API). */
export class CatalogueGroup extends HttpApiGroup.make("catalogue")
  .add(
    HttpApiEndpoint.get("listTools", "/tools")
      .setUrlParams(Schema.Struct(PageParams))
      .addSuccess(Schema.Struct({ data: Schema.Array(CatalogueTool), pagination: Schema.optional(Pagination) }))
  )
  .add(
    HttpApiEndpoint.get("getPattern", "/tools/:toolUuid/patterns/:patternId")
      .setPath(Schema.Struct({ toolUuid: Schema.String, patternId: Schema.String }))
      .addSuccess(Schema.Struct({ data: PatternDefinition }))
      .addError(NotFound)
  )
  .addError(BadRequest)
  .addError(UnprocessableEntity)
  .addError(InternalServerError)
{}

import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Bodies, IssuedToken, Pagination, Repository } from "@tidemark/core"
import { Schema } from "effect"
import * as ApiErrors from "../ApiErrors.js"
import { OrganizationParams, PageParams, RepositoryParams } from "../ApiParams.js"
import { Authentication } from "../Authentication.js"

/**
 * The secrets issued to an organization (our extension, on the admin API): issued (the admin
 * group), listed and revoked (the tokens group); a leaked secret's id, which the redacted logs and
 * the secret itself show, is enough to find and revoke it.
 */

const adminOrganizationPath = "/admin/organizations/:provider/:remoteOrganizationName"
const tokensPath = `${adminOrganizationPath}/tokens` as const

export class IssuedSecret extends Schema.Class<IssuedSecret>("IssuedSecret")({
  id: Schema.String,
  kind: Schema.Literal("api", "ingestion", "repository"),
  permission: Repository.Permission,
  /** Shown once: only its hash is stored. */
  secret: Schema.String
}) {}

/** Admin. */
export const createApiToken = HttpApiEndpoint.post("createApiToken", tokensPath)
  .setPath(OrganizationParams)
  .setPayload(Bodies.CreateCredentialBody)
  .addSuccess(Schema.Struct({ data: IssuedSecret }), { status: 201 })

/** Admin. */
export const createIngestionKey = HttpApiEndpoint.post("createIngestionKey", `${adminOrganizationPath}/ingestion-keys`)
  .setPath(OrganizationParams)
  .setPayload(Bodies.CreateCredentialBody)
  .addSuccess(Schema.Struct({ data: IssuedSecret }), { status: 201 })

/** Admin. */
export const createRepositoryToken = HttpApiEndpoint.post(
  "createRepositoryToken",
  `${adminOrganizationPath}/repositories/:repositoryName/tokens`
)
  .setPath(RepositoryParams)
  .addSuccess(Schema.Struct({ data: IssuedSecret }), { status: 201 })
  .annotate(
    OpenApi.Description,
    "Issues a repository token: the coverage reporters' project-token, good for the API 2.0 coverage uploads of this repository only."
  )
const TokenParams = Schema.Struct({ ...OrganizationParams.fields, tokenId: Schema.String })

export class TokensGroup extends HttpApiGroup.make("tokens")
  .add(
    HttpApiEndpoint.get("listOrganizationTokens", tokensPath)
      .setPath(OrganizationParams)
      .setUrlParams(Schema.Struct(PageParams))
      .addSuccess(Schema.Struct({ data: Schema.Array(IssuedToken.IssuedToken), pagination: Pagination.Pagination }))
      .annotate(
        OpenApi.Description,
        "The organization's API tokens, repository tokens and ingestion keys, oldest first: what each reaches, when it was " +
          "issued and last used (to the minute); never the secret. The installation admin or an admin token of the organization."
      )
  )
  .add(
    HttpApiEndpoint.del("revokeOrganizationToken", `${tokensPath}/:tokenId`)
      .setPath(TokenParams)
      .addSuccess(Schema.Void, { status: 204 })
      .annotate(
        OpenApi.Description,
        "Revokes one of the organization's secrets by its id (the middle part of tmt.<id>.…, tmr.<id>.…, tmk.<id>.…): " +
          "it is refused from the next request on."
      )
  )
  .pipe(ApiErrors.tokens)
  .middleware(Authentication)
{}

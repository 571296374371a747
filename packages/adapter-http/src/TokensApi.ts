import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { IssuedToken, Pagination } from "@tidemark/core"
import { Schema } from "effect"
import { OrganizationParams, PageParams } from "./ApiParams.js"
import { Authentication } from "./Authentication.js"
import { BadRequest, Forbidden, InternalServerError, NotFound, Unauthorized } from "./HttpErrors.js"

/**
 * The secrets issued to an organization, listed and revoked (our extension, on the admin surface
 * beside the operations that issue them): a leaked secret's id, which the redacted logs and the
 * secret itself show, is enough to find and revoke it.
 */

const tokensPath = "/admin/organizations/:provider/:remoteOrganizationName/tokens"
const TokenParams = Schema.Struct({ ...OrganizationParams.fields, tokenId: Schema.String })

export class TokensGroup extends HttpApiGroup.make("tokens")
  .add(
    HttpApiEndpoint.get("listOrganizationTokens", tokensPath)
      .setPath(OrganizationParams)
      .setUrlParams(Schema.Struct(PageParams))
      .addSuccess(Schema.Struct({ data: Schema.Array(IssuedToken), pagination: Pagination }))
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
  .addError(BadRequest)
  .addError(Unauthorized)
  .addError(Forbidden)
  .addError(NotFound)
  .addError(InternalServerError)
  .middleware(Authentication)
{}

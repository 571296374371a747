import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { OrganizationSettings, OrganizationViews } from "@tidemark/core"
import { Schema } from "effect"
import * as ApiErrors from "../ApiErrors.js"
import { OrganizationParams, PageParams } from "../ApiParams.js"
import { Authentication } from "../Authentication.js"
import { NotFound } from "../HttpErrors.js"

/**
 * Organizations: those a token sees and one of them (the original API's account operations), and
 * the settings the installation admin gives one (the admin API).
 */

export class AccountGroup extends HttpApiGroup.make("account")
  .add(
    HttpApiEndpoint.get("listOrganizations", "/user/organizations/:provider")
      .setPath(Schema.Struct({ provider: Schema.String }))
      .setUrlParams(Schema.Struct(PageParams))
      .addSuccess(OrganizationViews.OrganizationListResponse)
  )
  .add(
    HttpApiEndpoint.get("getOrganization", "/organizations/:provider/:remoteOrganizationName")
      .setPath(OrganizationParams)
      .addSuccess(Schema.Struct({ data: OrganizationViews.OrganizationWithMeta }))
      .addError(NotFound)
  )
  .add(HttpApiEndpoint.get("getUser", "/user").addSuccess(OrganizationViews.UserResponse))
  .pipe(ApiErrors.account)
  .middleware(Authentication)
{}

/**
 * Setting an organization up (issue 27): adding it (the installation admin, or an admin token of it)
 * and joining it (membership is holding one of its tokens: nothing to change).
 */
export class OrganizationSetupGroup extends HttpApiGroup.make("organizationSetup")
  .add(
    HttpApiEndpoint.post("addOrganization", "/organizations")
      .setPayload(OrganizationViews.AddOrganizationBody)
      .addSuccess(OrganizationViews.AddOrganizationResponse)
  )
  .add(
    HttpApiEndpoint.post("joinOrganization", "/organizations/:provider/:remoteOrganizationName/join")
      .setPath(OrganizationParams)
      .addSuccess(OrganizationViews.JoinResponse)
  )
  .pipe(ApiErrors.writes)
  .middleware(Authentication)
{}

const settingsPath = "/admin/organizations/:provider/:remoteOrganizationName/settings"

/** Admin (our extension). */
export const getOrganizationSettings = HttpApiEndpoint.get("getOrganizationSettings", settingsPath)
  .setPath(OrganizationParams)
  .addSuccess(Schema.Struct({ data: OrganizationSettings.OrganizationSettings }))
  .annotate(OpenApi.Description, "The installation admin's settings of the organization; any of its tokens may read them.")

/** Admin (our extension). */
export const updateOrganizationSettings = HttpApiEndpoint.patch("updateOrganizationSettings", settingsPath)
  .setPath(OrganizationParams)
  .setPayload(OrganizationSettings.UpdateOrganizationSettingsBody)
  .addSuccess(Schema.Struct({ data: OrganizationSettings.OrganizationSettings }))
  .annotate(
    OpenApi.Description,
    "Changes the organization's settings (fields left out keep their value); only the installation admin may. " +
      "allowConfigurationFiles lets its repositories lint with their own ESLint configuration file, run sandboxed."
  )

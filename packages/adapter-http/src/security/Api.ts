import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { SecurityItems, SecurityViews } from "@tidemark/core"
import { Schema } from "effect"
import * as ApiErrors from "../ApiErrors.js"
import { OrganizationParams, PageParams } from "../ApiParams.js"
import { Authentication } from "../Authentication.js"

/**
 * Security and risk management (issue 28): an organization's security items (SAST, secrets and
 * vulnerable dependencies of its repositories' default branches), their dashboards and its SLA.
 * Read by any token of the organization; ignoring needs `write`, the SLA `admin`.
 */

const securityPath = "/organizations/:provider/:remoteOrganizationName/security"

const ItemParams = Schema.Struct({ ...OrganizationParams.fields, srmItemId: Schema.String })

/** A query parameter given once (`status=Overdue`) or repeated (`status=Overdue&status=OnTrack`). */
const repeated = <A extends string>(item: Schema.Schema<A, A>) => Schema.optional(Schema.Union(item, Schema.Array(item)))

const FilterParams = {
  /** Comma-separated repository names (the original API's deprecated form). */
  repositories: Schema.optional(Schema.String),
  priority: repeated(SecurityItems.SrmPriority),
  category: repeated(Schema.String),
  scanType: repeated(Schema.String)
}

/** An optional body: a request without one reads as `null`. */
const optionalBody = <A, I>(body: Schema.Schema<A, I>) => Schema.NullOr(body)

export class SecurityGroup extends HttpApiGroup.make("security")
  .add(
    HttpApiEndpoint.get("listSecurityItems", `${securityPath}/items`)
      .setPath(OrganizationParams)
      .setUrlParams(Schema.Struct({ ...PageParams, ...FilterParams, status: repeated(SecurityItems.SrmStatus) }))
      .addSuccess(SecurityViews.SrmItemsResponse)
  )
  .add(
    HttpApiEndpoint.post("ignoreSecurityItem", `${securityPath}/items/:srmItemId/ignore`)
      .setPath(ItemParams)
      .setPayload(SecurityViews.IgnoreSrmItemBody)
      .addSuccess(SecurityViews.SrmItemResponse)
  )
  .add(
    HttpApiEndpoint.post("unignoreSecurityItem", `${securityPath}/items/:srmItemId/unignore`)
      .setPath(ItemParams)
      .addSuccess(SecurityViews.SrmItemResponse)
  )
  .add(
    HttpApiEndpoint.get("getSecurityItem", `${securityPath}/items/:srmItemId`)
      .setPath(ItemParams)
      .addSuccess(SecurityViews.SrmItemResponse)
  )
  .add(
    HttpApiEndpoint.post("searchSecurityItems", `${securityPath}/items/search`)
      .setPath(OrganizationParams)
      .setUrlParams(Schema.Struct({
        ...PageParams,
        sort: Schema.optional(Schema.Literal("Status", "DetectedAt")),
        direction: Schema.optional(Schema.String)
      }))
      .setPayload(optionalBody(SecurityViews.SearchSrmItems))
      .addSuccess(SecurityViews.SrmItemsResponse)
  )
  .add(
    HttpApiEndpoint.get("getSecurityDashboard", `${securityPath}/dashboard`)
      .setPath(OrganizationParams)
      .setUrlParams(Schema.Struct(FilterParams))
      .addSuccess(SecurityViews.SrmDashboardResponse)
  )
  .add(
    HttpApiEndpoint.post("searchSecurityDashboard", `${securityPath}/dashboard`)
      .setPath(OrganizationParams)
      .setPayload(optionalBody(SecurityViews.SearchSrmDashboard))
      .addSuccess(SecurityViews.SrmDashboardResponse)
  )
  .add(
    HttpApiEndpoint.post("searchSecurityDashboardRepositories", `${securityPath}/dashboard/repositories/search`)
      .setPath(OrganizationParams)
      .setPayload(optionalBody(SecurityViews.SearchSrmRepositories))
      .addSuccess(SecurityViews.SrmDashboardRepositoriesResponse)
  )
  .add(
    HttpApiEndpoint.post("searchSecurityDashboardHistory", `${securityPath}/dashboard/history/search`)
      .setPath(OrganizationParams)
      .setPayload(optionalBody(SecurityViews.SearchSrmRepositories))
      .addSuccess(SecurityViews.SrmDashboardHistoryResponse)
  )
  .add(
    HttpApiEndpoint.post("searchSecurityDashboardCategories", `${securityPath}/dashboard/categories/search`)
      .setPath(OrganizationParams)
      .setPayload(optionalBody(SecurityViews.SearchSrmRepositories))
      .addSuccess(SecurityViews.SrmDashboardCategoriesResponse)
  )
  .add(
    HttpApiEndpoint.get("listSecurityRepositories", `${securityPath}/repositories`)
      .setPath(OrganizationParams)
      .setUrlParams(Schema.Struct({ ...PageParams, segments: Schema.optional(Schema.String) }))
      .addSuccess(SecurityViews.SecurityRepositoriesResponse)
  )
  .add(
    HttpApiEndpoint.get("listSecurityCategories", `${securityPath}/categories`)
      .setPath(OrganizationParams)
      .setUrlParams(Schema.Struct(PageParams))
      .addSuccess(SecurityViews.SecurityCategoriesResponse)
  )
  .add(
    HttpApiEndpoint.get("getSLAConfig", `${securityPath}/sla`)
      .setPath(OrganizationParams)
      .addSuccess(SecurityViews.SlaConfigResponse)
  )
  .add(
    HttpApiEndpoint.put("updateSLAConfig", `${securityPath}/sla`)
      .setPath(OrganizationParams)
      .setPayload(SecurityViews.SlaConfigBody)
      .addSuccess(SecurityViews.SlaConfigResponse, { status: 201 })
  )
  .middleware(Authentication)
  .pipe(ApiErrors.writes)
{}

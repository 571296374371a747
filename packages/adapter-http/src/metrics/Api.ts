import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { DeliveryMetrics, Rfc3339, TimeBuckets } from "@tidemark/core"
import { Schema } from "effect"
import * as ApiErrors from "../ApiErrors.js"
import { OrganizationParams } from "../ApiParams.js"
import { IngestionAuthentication } from "../Authentication.js"

/**
 * The delivery metrics (our extension): read with an ingestion key under the ingestion API's base,
 * and with an API token on the admin API.
 */

/** The query of a delivery-metrics read, on the ingestion API (`api_key`) and the admin API (`api-token`). */
export const MetricsParams = Schema.Struct({
  system: Schema.optional(Schema.String),
  team: Schema.optional(Schema.String),
  from: Schema.optional(Rfc3339.Rfc3339),
  to: Schema.optional(Rfc3339.Rfc3339),
  bucket: Schema.optional(TimeBuckets.MetricsBucket)
})

/** The answer of a delivery-metrics read: the window, its filters, the four keys. */
export const MetricsResponse = Schema.Struct({
  data: Schema.Struct({
    ...DeliveryMetrics.DeliveryMetrics.fields,
    system: Schema.optional(Schema.String),
    team: Schema.optional(Schema.String)
  })
})

export const SystemsResponse = Schema.Struct({ data: Schema.Array(Schema.String) })

/** The delivery metrics read API (under the ingestion base). */
export class MetricsGroup extends HttpApiGroup.make("metrics")
  .add(
    HttpApiEndpoint.get("getMetrics", "/metrics")
      .setUrlParams(MetricsParams)
      .addSuccess(MetricsResponse)
  )
  .add(HttpApiEndpoint.get("listSystems", "/systems").addSuccess(SystemsResponse))
  .pipe(ApiErrors.ingestion)
  .middleware(IngestionAuthentication)
{}

const organizationPath = "/organizations/:provider/:remoteOrganizationName"

/** Admin. */
export const getOrganizationMetrics = HttpApiEndpoint.get("getOrganizationMetrics", `${organizationPath}/metrics`)
  .setPath(OrganizationParams)
  .setUrlParams(MetricsParams)
  .addSuccess(MetricsResponse)
  .annotate(
    OpenApi.Description,
    "The four key delivery metrics of the organization, as GET /v1/metrics answers them for an ingestion key."
  )

/** Admin. */
export const listOrganizationSystems = HttpApiEndpoint.get("listOrganizationSystems", `${organizationPath}/systems`)
  .setPath(OrganizationParams)
  .addSuccess(SystemsResponse)

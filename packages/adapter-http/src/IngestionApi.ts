import { HttpApi, HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Event, IngestionProvider } from "@tidemark/core"
import { Schema } from "effect"
import { IngestionAuthentication } from "./Authentication.js"
import { IngestionBadRequest, IngestionServerError, IngestionUnauthorized } from "./HttpErrors.js"
import { MetricsParams, MetricsResponse, SystemsResponse } from "./MetricsSchemas.js"

/** The ingestion API v0.1.0 of the spec. */

/** The query of both ingestion operations (besides `api_key`, read by the authentication). */
export const IngestionParams = Schema.Struct({
  system: Schema.optional(Schema.String.pipe(Schema.maxLength(256, { message: () => "system must be at most 256 characters" })))
})

export class IngestionGroup extends HttpApiGroup.make("ingestion")
  .add(
    HttpApiEndpoint.post("pushAccelerateData", "/ingestion/cli")
      .setUrlParams(IngestionParams)
      .setPayload(Event)
      .addSuccess(Schema.Void, { status: 204 })
  )
  .add(
    HttpApiEndpoint.post("pushData", "/ingestion/:provider")
      .setPath(Schema.Struct({ provider: IngestionProvider }))
      .setUrlParams(IngestionParams)
      .setPayload(Schema.Record({ key: Schema.String, value: Schema.Unknown }))
      .addSuccess(Schema.Void, { status: 202 })
  )
  .addError(IngestionBadRequest)
  .addError(IngestionUnauthorized)
  .addError(IngestionServerError)
  .middleware(IngestionAuthentication)
{}

/** The delivery metrics read API (our extension under the ingestion base). */
export class MetricsGroup extends HttpApiGroup.make("metrics")
  .add(
    HttpApiEndpoint.get("getMetrics", "/metrics")
      .setUrlParams(MetricsParams)
      .addSuccess(MetricsResponse)
  )
  .add(HttpApiEndpoint.get("listSystems", "/systems").addSuccess(SystemsResponse))
  .addError(IngestionBadRequest)
  .addError(IngestionUnauthorized)
  .addError(IngestionServerError)
  .middleware(IngestionAuthentication)
{}

export class IngestionApi extends HttpApi.make("ingestion")
  .add(IngestionGroup)
  .add(MetricsGroup)
  .prefix("/v1")
  .annotate(OpenApi.Title, "Tidemark ingestion API")
  .annotate(OpenApi.Version, "0.1.0")
{}

import { HttpApi, HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { DeliveryMetrics, Event, IngestionProvider, MetricsBucket, Rfc3339 } from "@tidemark/core"
import { Schema } from "effect"
import { IngestionAuthentication } from "./Authentication.js"
import { IngestionBadRequest, IngestionServerError, IngestionUnauthorized } from "./HttpErrors.js"

/** The ingestion API v0.1.0 of the spec. */

const IngestionParams = Schema.Struct({
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
      .setUrlParams(Schema.Struct({
        system: Schema.optional(Schema.String),
        team: Schema.optional(Schema.String),
        from: Schema.optional(Rfc3339),
        to: Schema.optional(Rfc3339),
        bucket: Schema.optional(MetricsBucket)
      }))
      .addSuccess(Schema.Struct({
        data: Schema.Struct({
          ...DeliveryMetrics.fields,
          system: Schema.optional(Schema.String),
          team: Schema.optional(Schema.String)
        })
      }))
  )
  .add(
    HttpApiEndpoint.get("listSystems", "/systems")
      .addSuccess(Schema.Struct({ data: Schema.Array(Schema.String) }))
  )
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

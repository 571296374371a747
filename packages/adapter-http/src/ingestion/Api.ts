import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { IngestionEnvelope, IngestionEvents } from "@tidemark/core"
import { Schema } from "effect"
import * as ApiErrors from "../ApiErrors.js"
import { IngestionAuthentication } from "../Authentication.js"

/** The ingestion API v0.1.0 of the spec. */

/** The query of both ingestion operations (besides `api_key`, read by the authentication). */
export const IngestionParams = Schema.Struct({
  system: Schema.optional(Schema.String.pipe(Schema.maxLength(256, { message: () => "system must be at most 256 characters" })))
})

export class IngestionGroup extends HttpApiGroup.make("ingestion")
  .add(
    HttpApiEndpoint.post("pushAccelerateData", "/ingestion/cli")
      .setUrlParams(IngestionParams)
      .setPayload(IngestionEvents.Event)
      .addSuccess(Schema.Void, { status: 204 })
  )
  .add(
    HttpApiEndpoint.post("pushData", "/ingestion/:provider")
      .setPath(Schema.Struct({ provider: IngestionEnvelope.IngestionProvider }))
      .setUrlParams(IngestionParams)
      .setPayload(Schema.Record({ key: Schema.String, value: Schema.Unknown }))
      .addSuccess(Schema.Void, { status: 202 })
  )
  .pipe(ApiErrors.ingestion)
  .middleware(IngestionAuthentication)
{}

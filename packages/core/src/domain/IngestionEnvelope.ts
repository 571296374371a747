import { Schema } from "effect"
import { Event } from "./IngestionEvents.js"

/** Events sent without a `system` belong to this one. */
export const unknownSystem = "_unknown_"

export const IngestionProvider = Schema.Literal("github", "gitlab", "pagerduty", "jira")
export type IngestionProvider = typeof IngestionProvider.Type

export const EventOrigin = Schema.TaggedStruct("Event", { event: Event })
export const ProviderOrigin = Schema.TaggedStruct("Provider", {
  provider: IngestionProvider,
  /** Headers the provider's mapping reads (lower-case names), e.g. `x-github-event`. */
  headers: Schema.Record({ key: Schema.String, value: Schema.String }),
  payload: Schema.Unknown
})

/** What the ingestion API puts on the queue: an accepted payload and where it belongs. */
export class IngestionEnvelope extends Schema.Class<IngestionEnvelope>("IngestionEnvelope")({
  /** Content hash: a client resending the same payload is de-duplicated by the queue. */
  id: Schema.String,
  organizationId: Schema.Int,
  system: Schema.String,
  receivedAt: Schema.String,
  origin: Schema.Union(EventOrigin, ProviderOrigin)
}) {}

export const encodeEnvelope = Schema.encodeSync(Schema.parseJson(IngestionEnvelope))
export const decodeEnvelope = Schema.decodeUnknownEither(Schema.parseJson(IngestionEnvelope))

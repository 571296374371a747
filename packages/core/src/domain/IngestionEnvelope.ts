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

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false

/**
 * No field of an envelope transforms between its type and its JSON form (events are strings,
 * string arrays and literals; provider payloads are kept as received), so valid fields encode to
 * exactly what `encodeEnvelope` writes with `JSON.stringify` alone. The day a field starts to
 * transform, this type becomes `never` and `envelopeJson` stops compiling.
 */
type EncodesAsItIs = Same<typeof IngestionEnvelope.Encoded, Omit<IngestionEnvelope, never>> extends true
  ? typeof IngestionEnvelope.Encoded
  : never

/**
 * The queued JSON of an envelope whose fields are valid already (the event was decoded by the core
 * schema at the edge), without walking the event schemas a second time on the hot path.
 */
export const envelopeJson = (fields: EncodesAsItIs): string => JSON.stringify(fields)

import { Either, Schema } from "effect"
import type { Event } from "../IngestionEvents.js"
import { ProviderPayloadError } from "./ProviderPayloadError.js"
import { decodePayload, ignored, type JsonObject, makeIncident, type ProviderMapping } from "./ProviderMapping.js"
import { ProviderTimestamp } from "./ProviderTimestamp.js"

/**
 * PagerDuty webhooks become Incidents once resolved; `incident.triggered` (and acknowledged,
 * escalated, …) map to nothing: an open incident is not counted until it is resolved, because
 * core's Incident needs its resolution time. The mapping is stateless, so the creation time comes
 * from the resolved payload itself: the incident's `created_at`, when it was first triggered.
 * A reopened incident resolved again maps to the same `incident_id` with a later resolution.
 * - V3 (webhook subscriptions): `{event: {event_type: "incident.resolved", occurred_at, data:
 *   {id, created_at}}}` → Incident(data.id, data.created_at, occurred_at).
 * - V2 (legacy webhook extensions): `{messages: [{event: "incident.resolve", incident: {id,
 *   created_at, last_status_change_at}}]}` → one Incident per resolve message.
 */

const V3Event = Schema.Struct({ event: Schema.Struct({ event_type: Schema.String }) })

const V3Resolved = Schema.Struct({
  event: Schema.Struct({
    occurred_at: ProviderTimestamp,
    data: Schema.Struct({ id: Schema.String, created_at: ProviderTimestamp })
  })
})

const V2Messages = Schema.Struct({ messages: Schema.Array(Schema.Unknown) })

const V2Message = Schema.Struct({ event: Schema.String })

const V2Resolve = Schema.Struct({
  incident: Schema.Struct({
    id: Schema.String,
    created_at: ProviderTimestamp,
    last_status_change_at: ProviderTimestamp
  })
})

const decodeV3Event = decodePayload(V3Event, "pagerduty")
const decodeV3Resolved = decodePayload(V3Resolved, "pagerduty")
const decodeV2Messages = decodePayload(V2Messages, "pagerduty")
const decodeV2Message = decodePayload(V2Message, "pagerduty")
const decodeV2Resolve = decodePayload(V2Resolve, "pagerduty")

const v3Resolved = (payload: JsonObject) =>
  Either.flatMap(decodeV3Resolved(payload, "incident.resolved"), ({ event }) =>
    Either.map(
      makeIncident("pagerduty", `incident '${event.data.id}'`, {
        $type: "incident",
        incident_id: event.data.id,
        time_created: event.data.created_at,
        time_resolved: event.occurred_at
      }),
      (incident) => [incident]
    ))

const v3 = (payload: JsonObject) =>
  Either.flatMap(decodeV3Event(payload, "V3 webhook"), ({ event }) =>
    event.event_type === "incident.resolved" ? v3Resolved(payload) : ignored)

const v2Resolve = (message: unknown, what: string) =>
  Either.flatMap(decodeV2Resolve(message, what), ({ incident }) =>
    Either.map(
      makeIncident("pagerduty", `incident '${incident.id}'`, {
        $type: "incident",
        incident_id: incident.id,
        time_created: incident.created_at,
        time_resolved: incident.last_status_change_at
      }),
      (event) => [event]
    ))

const v2Message = (message: unknown, index: number): Either.Either<ReadonlyArray<Event>, ProviderPayloadError> =>
  Either.flatMap(decodeV2Message(message, `messages.${index}`), ({ event }) =>
    event === "incident.resolve" ? v2Resolve(message, `messages.${index} (incident.resolve)`) : ignored)

const v2 = (payload: JsonObject) =>
  Either.flatMap(decodeV2Messages(payload, "V2 webhook"), ({ messages }) =>
    Either.map(Either.all(messages.map(v2Message)), (events) => events.flat()))

export const mapPagerDutyPayload: ProviderMapping = (_headers, payload) =>
  "event" in payload
    ? v3(payload)
    : "messages" in payload
    ? v2(payload)
    : Either.left(
      new ProviderPayloadError({
        provider: "pagerduty",
        reason: "expected a V3 webhook (an `event` object) or a V2 webhook (a `messages` array)"
      })
    )

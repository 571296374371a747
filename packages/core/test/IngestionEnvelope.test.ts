import { describe, expect, it } from "@effect/vitest"
import { IngestionEnvelope, IngestionEvents } from "@tidemark/core"
import { Either, Schema } from "effect"

const decodeEvent = Schema.decodeUnknownSync(IngestionEvents.Event)

const events = [
  { $type: "change", change_id: "c-1", time_created: "2024-05-01T12:00:00Z", source: "cli", unknown: "ignored" },
  { $type: "deployment", deploy_id: "d-1", time_created: "2024-05-01T12:00:00.123+02:00", changes: ["c-1"], teams: ["t"] },
  { source: "api", $type: "incident", incident_id: "i-1", time_created: "2024-05-01T12:00:00Z", time_resolved: "2024-05-01T12:00:60Z" }
]

describe("envelopeJson", () => {
  it("writes exactly what the schema encodes, for every kind of event", () => {
    for (const raw of events) {
      const fields = { id: "h", organizationId: 7, system: "s", receivedAt: "2024-05-01T12:00:01.000Z", origin: { _tag: "Event" as const, event: decodeEvent(raw) } }
      expect(IngestionEnvelope.envelopeJson(fields)).toBe(IngestionEnvelope.encodeEnvelope(new IngestionEnvelope.IngestionEnvelope(fields)))
    }
  })

  it("writes exactly what the schema encodes for a provider payload, and decodes back", () => {
    const fields = {
      id: "h",
      organizationId: 7,
      system: "s",
      receivedAt: "2024-05-01T12:00:01.000Z",
      origin: { _tag: "Provider" as const, provider: "github" as const, headers: { "x-github-event": "push" }, payload: { a: [1, null, "x"] } }
    }
    const json = IngestionEnvelope.envelopeJson(fields)
    expect(json).toBe(IngestionEnvelope.encodeEnvelope(new IngestionEnvelope.IngestionEnvelope(fields)))
    expect(Either.map(IngestionEnvelope.decodeEnvelope(json), (e) => e.origin)).toEqual(Either.right(fields.origin))
  })
})

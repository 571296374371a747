import { describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import { Incident } from "../../src/domain/IngestionEvents.js"
import { mapPagerDutyPayload } from "../../src/domain/providers/PagerDuty.js"
import v2Resolve from "./fixtures/pagerduty/v2-incident-resolve.json"
import priorityUpdated from "./fixtures/pagerduty/v3-incident-priority_updated.json"
import resolved from "./fixtures/pagerduty/v3-incident-resolved.json"
import triggered from "./fixtures/pagerduty/v3-incident-triggered.json"
import { expectReDecodes, first, reasonOf } from "./ProviderAssertions.js"

const resolveMessage = first(v2Resolve.messages)

describe("PagerDuty", () => {
  describe("V3 webhooks", () => {
    it("maps incident.resolved to an incident from its creation to the resolution", () => {
      const mapped = mapPagerDutyPayload({}, resolved)
      expect(mapped).toEqual(
        Either.right([
          new Incident({
            $type: "incident",
            incident_id: "PGR0VU2",
            time_created: "2020-04-09T15:16:27Z",
            time_resolved: "2020-04-09T16:02:41.376Z"
          })
        ])
      )
      expectReDecodes(Either.getOrThrow(mapped))
    })

    it("maps incident.triggered to nothing: an open incident counts once resolved", () => {
      expect(mapPagerDutyPayload({}, triggered)).toEqual(Either.right([]))
    })

    it("maps other event types to nothing", () => {
      expect(mapPagerDutyPayload({}, priorityUpdated)).toEqual(Either.right([]))
      const acknowledged = { event: { ...triggered.event, event_type: "incident.acknowledged" } }
      expect(mapPagerDutyPayload({}, acknowledged)).toEqual(Either.right([]))
    })

    it("refuses a resolved incident without its creation time", () => {
      const { created_at: _, ...data } = resolved.event.data
      expect(reasonOf(mapPagerDutyPayload({}, { event: { ...resolved.event, data } }))).toBe(
        "incident.resolved: event.data.created_at: is missing"
      )
    })

    it("refuses a resolution that is not after the creation", () => {
      const event = { ...resolved.event, occurred_at: "2020-04-09T15:16:27Z" }
      expect(reasonOf(mapPagerDutyPayload({}, { event }))).toBe(
        "incident 'PGR0VU2': time_created must be before time_resolved"
      )
    })

    it("refuses an event without an event_type", () => {
      const { event_type: _, ...event } = resolved.event
      expect(reasonOf(mapPagerDutyPayload({}, { event }))).toBe("V3 webhook: event.event_type: is missing")
    })
  })

  describe("V2 webhooks", () => {
    it("maps each incident.resolve message to an incident resolved at its last status change", () => {
      const mapped = mapPagerDutyPayload({}, v2Resolve)
      expect(mapped).toEqual(
        Either.right([
          new Incident({
            $type: "incident",
            incident_id: "PRORDTY",
            time_created: "2017-09-26T15:14:36Z",
            time_resolved: "2017-09-26T15:18:09Z"
          })
        ])
      )
      expectReDecodes(Either.getOrThrow(mapped))
    })

    it("maps the other messages of a batch to nothing", () => {
      const trigger = { ...resolveMessage, event: "incident.trigger" }
      const acknowledge = { ...resolveMessage, event: "incident.acknowledge" }
      expect(mapPagerDutyPayload({}, { messages: [trigger, acknowledge] })).toEqual(Either.right([]))
      expect(Either.getOrThrow(mapPagerDutyPayload({}, { messages: [trigger, resolveMessage, acknowledge] })))
        .toHaveLength(1)
    })

    it("refuses a resolve message without its incident's times, naming the message", () => {
      const { last_status_change_at: _, ...incident } = resolveMessage.incident
      const messages = [{ ...resolveMessage, event: "incident.trigger" }, { ...resolveMessage, incident }]
      expect(reasonOf(mapPagerDutyPayload({}, { messages }))).toBe(
        "messages.1 (incident.resolve): incident.last_status_change_at: is missing"
      )
    })
  })

  it("refuses a payload that is neither a V3 nor a V2 webhook", () => {
    expect(reasonOf(mapPagerDutyPayload({}, { incident: { id: "PGR0VU2" } }))).toBe(
      "expected a V3 webhook (an `event` object) or a V2 webhook (a `messages` array)"
    )
  })

  it("refuses an incident id longer than 40 characters", () => {
    const id = "PGR0VU2PGR0VU2PGR0VU2PGR0VU2PGR0VU2PGR0VU2"
    const event = { ...resolved.event, data: { ...resolved.event.data, id } }
    expect(reasonOf(mapPagerDutyPayload({}, { event }))).toBe(
      `incident '${id}': incident_id: expected 1 to 40 characters`
    )
  })
})

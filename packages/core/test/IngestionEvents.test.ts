import { describe, expect, it } from "@effect/vitest"
import { IngestionEvents } from "@tidemark/core"
import { Either, Schema } from "effect"

const decode = Schema.decodeUnknownEither(IngestionEvents.Event)
const accepts = (input: unknown) => Either.isRight(decode(input))

const deployment = (fields: Record<string, unknown> = {}) => ({
  $type: "deployment",
  deploy_id: "deploy-1",
  time_created: "2024-05-01T12:00:00Z",
  changes: ["c1", "c2"],
  ...fields
})
const change = (fields: Record<string, unknown> = {}) => ({
  $type: "change",
  change_id: "change-1",
  time_created: "2024-05-01T12:00:00Z",
  ...fields
})
const incident = (fields: Record<string, unknown> = {}) => ({
  $type: "incident",
  incident_id: "incident-1",
  time_created: "2024-05-01T12:00:00Z",
  time_resolved: "2024-05-01T13:00:00Z",
  ...fields
})

const without = (event: Record<string, unknown>, field: string) =>
  Object.fromEntries(Object.entries(event).filter(([name]) => name !== field))

describe("IngestionEvents", () => {
  describe("$type discriminates the three events", () => {
    it("decodes a deployment, with optional teams and source", () => {
      expect(decode(deployment({ teams: ["payments"], source: "github-actions" }))).toEqual(
        Either.right(
          new IngestionEvents.Deployment({
            $type: "deployment",
            deploy_id: "deploy-1",
            time_created: "2024-05-01T12:00:00Z",
            changes: ["c1", "c2"],
            teams: ["payments"],
            source: "github-actions"
          })
        )
      )
    })

    it("decodes a change and an incident to their classes", () => {
      const decodedChange = decode(change())
      expect(decodedChange).toEqual(
        Either.right(new IngestionEvents.Change({ $type: "change", change_id: "change-1", time_created: "2024-05-01T12:00:00Z" }))
      )
      expect(Either.getOrThrow(decodedChange)).toBeInstanceOf(IngestionEvents.Change)
      expect(Either.getOrThrow(decode(incident({ source: "api" })))).toEqual(
        new IngestionEvents.Incident({
          $type: "incident",
          incident_id: "incident-1",
          time_created: "2024-05-01T12:00:00Z",
          time_resolved: "2024-05-01T13:00:00Z",
          source: "api"
        })
      )
    })

    it("refuses a missing, unknown or differently written $type", () => {
      expect(accepts(without(change(), "$type"))).toBe(false)
      expect(accepts(change({ $type: "Change" }))).toBe(false)
      expect(accepts(change({ $type: "release" }))).toBe(false)
      // The fields must be those of the named event.
      expect(accepts(change({ $type: "deployment" }))).toBe(false)
      expect(accepts(deployment({ $type: "incident" }))).toBe(false)
    })

    it("ignores unknown extra fields and encodes back without them", () => {
      const decoded = decode(deployment({ environment: "production", $schema: "v2", extra: { nested: true } }))
      expect(decoded).toEqual(
        Either.right(
          new IngestionEvents.Deployment({ $type: "deployment", deploy_id: "deploy-1", time_created: "2024-05-01T12:00:00Z", changes: ["c1", "c2"] })
        )
      )
      expect(Schema.encodeSync(IngestionEvents.Event)(Either.getOrThrow(decoded))).toEqual(deployment())
    })

    it("requires the required fields of each event", () => {
      for (const field of ["deploy_id", "time_created", "changes"]) {
        expect(accepts(without(deployment(), field)), field).toBe(false)
      }
      for (const field of ["incident_id", "time_created", "time_resolved"]) {
        expect(accepts(without(incident(), field)), field).toBe(false)
      }
      expect(accepts(without(change(), "change_id"))).toBe(false)
    })
  })

  describe("identifiers and changes", () => {
    const forty = "x".repeat(40)
    const fortyOne = "x".repeat(41)

    it("accepts ids of up to 40 characters and refuses longer ones", () => {
      expect(accepts(deployment({ deploy_id: forty }))).toBe(true)
      expect(accepts(deployment({ deploy_id: fortyOne }))).toBe(false)
      expect(accepts(change({ change_id: forty }))).toBe(true)
      expect(accepts(change({ change_id: fortyOne }))).toBe(false)
      expect(accepts(incident({ incident_id: forty }))).toBe(true)
      expect(accepts(incident({ incident_id: fortyOne }))).toBe(false)
      expect(accepts(change({ change_id: 42 }))).toBe(false)
    })

    it("accepts up to 40 changes in a deployment", () => {
      const ids = (n: number) => Array.from({ length: n }, (_, i) => `change-${i}`)
      expect(accepts(deployment({ changes: [] }))).toBe(true)
      expect(accepts(deployment({ changes: ids(40) }))).toBe(true)
      expect(accepts(deployment({ changes: ids(41) }))).toBe(false)
      expect(accepts(deployment({ changes: "c1,c2" }))).toBe(false)
    })
  })

  describe("time_created and time_resolved are RFC 3339", () => {
    const valid = [
      "2024-05-01T12:00:00Z",
      "2024-05-01T12:00:00.5Z",
      "2024-05-01T12:00:00.123456789Z",
      "2024-05-01T12:00:00+05:30",
      "2024-05-01T12:00:00.250-08:00",
      "2024-05-01t12:00:00z",
      "2024-02-29T00:00:00Z",
      // Examples of RFC 3339 section 5.8.
      "1985-04-12T23:20:50.52Z",
      "1996-12-19T16:39:57-08:00",
      "1937-01-01T12:00:27.87+00:20"
    ]
    const invalid = [
      "2024-05-01",
      "2024-05-01T12:00:00",
      "2024-05-01T12:00Z",
      "2024-05-01 12:00:00Z",
      "2024-05-01T12:00:00+0200",
      "2024-05-01T12:00:00.Z",
      "2024-13-01T00:00:00Z",
      "2024-05-32T00:00:00Z",
      "2024-05-01T24:00:00Z",
      "2024-05-01T12:60:00Z",
      "2024-05-01T12:00:00+24:00",
      "1714564800",
      "May 1, 2024 12:00:00 GMT",
      "Wed, 01 May 2024 12:00:00 GMT",
      ""
    ]

    it("accepts offsets, fractions and lower-case separators", () => {
      for (const time of valid) {
        expect(accepts(change({ time_created: time })), time).toBe(true)
        expect(accepts(deployment({ time_created: time })), time).toBe(true)
      }
    })

    it("refuses what is not an RFC 3339 date-time", () => {
      for (const time of invalid) {
        expect(accepts(change({ time_created: time })), time).toBe(false)
        expect(accepts(incident({ time_resolved: time })), time).toBe(false)
      }
    })

    // BUG (see report): the filter relies on Date.parse, which rolls impossible days over into the next month.
    it("refuses days that do not exist in the month", () => {
      for (const time of ["2024-02-30T00:00:00Z", "2023-02-29T00:00:00Z", "2024-04-31T10:00:00Z", "2024-06-31T10:00:00+02:00"]) {
        expect(accepts(change({ time_created: time })), time).toBe(false)
      }
    })

    // BUG (see report): RFC 3339 allows a leap second (second 60); Date.parse refuses it.
    it("accepts the leap seconds of RFC 3339 section 5.8", () => {
      for (const time of ["1990-12-31T23:59:60Z", "1990-12-31T15:59:60-08:00"]) {
        expect(accepts(change({ time_created: time })), time).toBe(true)
      }
    })
  })

  describe("an incident is created strictly before it is resolved", () => {
    it("accepts created before resolved", () => {
      expect(accepts(incident())).toBe(true)
      expect(accepts(incident({ time_created: "2024-05-01T12:00:00.000Z", time_resolved: "2024-05-01T12:00:00.001Z" }))).toBe(true)
    })

    it("refuses equal or reversed times", () => {
      expect(accepts(incident({ time_resolved: "2024-05-01T12:00:00Z" }))).toBe(false)
      expect(accepts(incident({ time_created: "2024-05-01T14:00:00Z" }))).toBe(false)
    })

    it("compares instants, not strings, across offsets", () => {
      // 12:00+02:00 is 10:00Z: before 11:00Z, although the string sorts after it.
      expect(accepts(incident({ time_created: "2024-05-01T12:00:00+02:00", time_resolved: "2024-05-01T11:00:00Z" }))).toBe(true)
      // 09:30-03:00 is 12:30Z: after 12:00Z.
      expect(accepts(incident({ time_created: "2024-05-01T09:30:00-03:00", time_resolved: "2024-05-01T12:00:00Z" }))).toBe(false)
      // The same instant written two ways is not "before".
      expect(accepts(incident({ time_created: "2024-05-01T14:00:00+02:00", time_resolved: "2024-05-01T12:00:00Z" }))).toBe(false)
    })

    // BUG (see report): Date.parse keeps milliseconds only, so finer fractions compare equal.
    it("compares fractions finer than a millisecond", () => {
      expect(accepts(incident({ time_created: "2024-05-01T12:00:00.0001Z", time_resolved: "2024-05-01T12:00:00.0002Z" }))).toBe(true)
      expect(accepts(incident({ time_created: "2024-05-01T12:00:00.0002Z", time_resolved: "2024-05-01T12:00:00.0001Z" }))).toBe(false)
    })
  })

  describe("source", () => {
    it("names api, cli, git and 27 CI/CD systems, lower case with hyphens", () => {
      expect(IngestionEvents.ciSystems).toHaveLength(27)
      expect(new Set(IngestionEvents.ciSystems).size).toBe(27)
      for (const system of IngestionEvents.ciSystems) expect(system).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      expect([...IngestionEvents.EventSource.literals].sort()).toEqual(["api", "cli", "git", ...IngestionEvents.ciSystems].sort())
    })

    it("accepts every named source on every event", () => {
      for (const source of ["api", "cli", "git", ...IngestionEvents.ciSystems]) {
        expect(accepts(deployment({ source })), source).toBe(true)
        expect(accepts(change({ source })), source).toBe(true)
        expect(accepts(incident({ source })), source).toBe(true)
      }
    })

    it("refuses other sources", () => {
      for (const source of ["Jenkins", "github_actions", "GitHub Actions", "bamboo", "", "API"]) {
        expect(accepts(change({ source })), source).toBe(false)
      }
    })
  })
})

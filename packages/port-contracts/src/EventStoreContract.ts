import { describe, expect, layer } from "@effect/vitest"
import { EventStore, IngestionEvents } from "@tidemark/core"
import { Effect, type Layer } from "effect"
import { deliveryAggregatesContract } from "./DeliveryAggregatesContract.js"
import { uniqueName } from "./Fixtures.js"

/** Organizations of the test's own: suites sharing one store never see each other's events. */
const freshOrganization = () => 1_000_000 + Math.floor(Math.random() * 1_000_000_000)

const deployment = (id: string, fields: Partial<ConstructorParameters<typeof IngestionEvents.Deployment>[0]> = {}) =>
  new IngestionEvents.Deployment({ $type: "deployment", deploy_id: id, time_created: "2024-05-01T12:00:00Z", changes: [], ...fields })

const change = (id: string, fields: Partial<ConstructorParameters<typeof IngestionEvents.Change>[0]> = {}) =>
  new IngestionEvents.Change({ $type: "change", change_id: id, time_created: "2024-05-01T10:00:00Z", ...fields })

const incident = (id: string, fields: Partial<ConstructorParameters<typeof IngestionEvents.Incident>[0]> = {}) =>
  new IngestionEvents.Incident({
    $type: "incident",
    incident_id: id,
    time_created: "2024-05-01T13:00:00Z",
    time_resolved: "2024-05-01T14:00:00Z",
    ...fields
  })

/** The order of `load` is not part of the port. */
const byId = (events: EventStore.StoredEvents) => ({
  deployments: [...events.deployments].sort((a, b) => a.deploy_id < b.deploy_id ? -1 : 1),
  changes: [...events.changes].sort((a, b) => a.change_id < b.change_id ? -1 : 1),
  incidents: [...events.incidents].sort((a, b) => a.incident_id < b.incident_id ? -1 : 1)
})

const empty: EventStore.StoredEvents = { deployments: [], changes: [], incidents: [] }

/**
 * The rules every adapter of `EventStore` keeps. The suite builds `storeLayer` once; each test works
 * in organizations of its own.
 */
export const eventStoreContract = (name: string, storeLayer: Layer.Layer<EventStore.EventStore, unknown>) =>
  layer(storeLayer, { timeout: "120 seconds", excludeTestServices: true })(`EventStore contract (${name})`, (it) => {
    describe("store and load", () => {
      it.effect("loads every event stored, field for field, timestamps exactly as written", () =>
        Effect.gen(function*() {
          const store = yield* EventStore.EventStore
          const organization = freshOrganization()
          const events = [
            deployment("d1", {
              time_created: "2024-05-01T14:00:00.123456789+02:00",
              changes: ["c1", "c2"],
              teams: ["payments", "web"],
              source: "github-actions"
            }),
            deployment("d2", { time_created: "2024-05-01t12:00:00z" }),
            change("c1", { source: "git" }),
            change("c2", { time_created: "2016-12-31T23:59:60Z" }),
            incident("i1", { time_created: "2024-05-01T13:00:00-05:30", time_resolved: "2024-05-01T19:00:00.5Z", source: "api" })
          ]
          yield* store.store(organization, "checkout", events)

          const loaded = byId(yield* store.load(organization, "checkout"))
          expect(loaded.deployments).toStrictEqual([events[0], events[1]])
          expect(loaded.changes).toStrictEqual([events[2], events[3]])
          expect(loaded.incidents).toStrictEqual([events[4]])
          expect(loaded.deployments.every((d) => d instanceof IngestionEvents.Deployment)).toBe(true)
        }))

      it.effect("a leap second with a fraction is stored as written", () =>
        Effect.gen(function*() {
          const store = yield* EventStore.EventStore
          const organization = freshOrganization()
          const leap = incident("i1", { time_created: "2016-12-31T23:59:60.25Z", time_resolved: "2016-12-31T23:59:60.5Z" })
          yield* store.store(organization, "checkout", [leap])
          expect((yield* store.load(organization, "checkout")).incidents).toStrictEqual([leap])
        }))

      it.effect("a system or an organization without events loads empty", () =>
        Effect.gen(function*() {
          const store = yield* EventStore.EventStore
          const organization = freshOrganization()
          yield* store.store(organization, "checkout", [change("c1")])
          expect(yield* store.load(organization, "billing")).toEqual(empty)
          expect(yield* store.load(freshOrganization(), "checkout")).toEqual(empty)
        }))

      it.effect("storing nothing stores nothing", () =>
        Effect.gen(function*() {
          const store = yield* EventStore.EventStore
          const organization = freshOrganization()
          yield* store.store(organization, "checkout", [])
          expect(yield* store.load(organization, "checkout")).toEqual(empty)
          expect(yield* store.systems(organization)).toEqual([])
        }))

      it.effect("a batch of thousands of events is stored whole", () =>
        Effect.gen(function*() {
          const store = yield* EventStore.EventStore
          const organization = freshOrganization()
          const changes = Array.from({ length: 5_000 }, (_, i) => change(`c${i}`))
          yield* store.store(organization, "checkout", changes)
          expect((yield* store.load(organization, "checkout")).changes.length).toBe(5_000)
        }))
    })

    describe("idempotency", () => {
      it.effect("storing the same events again stores each once", () =>
        Effect.gen(function*() {
          const store = yield* EventStore.EventStore
          const organization = freshOrganization()
          const [d1, c1, i1] = [deployment("d1", { changes: ["c1"] }), change("c1"), incident("i1")]
          yield* store.store(organization, "checkout", [d1, c1, i1])
          yield* store.store(organization, "checkout", [d1, c1, i1])
          yield* store.store(organization, "checkout", [c1])

          const loaded = yield* store.load(organization, "checkout")
          expect(loaded).toStrictEqual({ deployments: [d1], changes: [c1], incidents: [i1] })
        }))

      it.effect("storing an event again replaces it: the later data wins", () =>
        Effect.gen(function*() {
          const store = yield* EventStore.EventStore
          const organization = freshOrganization()
          yield* store.store(organization, "checkout", [
            deployment("d1", { changes: ["c1"], teams: ["web"], source: "cli" }),
            incident("i1")
          ])
          const later = [
            deployment("d1", { time_created: "2024-05-02T08:00:00+01:00", changes: ["c1", "c2"] }),
            incident("i1", { time_resolved: "2024-05-03T00:00:00Z", source: "api" })
          ]
          yield* store.store(organization, "checkout", later)

          const loaded = yield* store.load(organization, "checkout")
          // Fields absent from the later event are gone too: it replaces, it does not merge.
          expect(loaded.deployments).toStrictEqual([later[0]])
          expect(loaded.incidents).toStrictEqual([later[1]])
        }))

      it.effect("an event twice in one batch is stored once, as it is last", () =>
        Effect.gen(function*() {
          const store = yield* EventStore.EventStore
          const organization = freshOrganization()
          const last = change("c1", { time_created: "2024-05-01T11:00:00Z" })
          yield* store.store(organization, "checkout", [change("c1"), change("c2"), last])
          expect(byId(yield* store.load(organization, "checkout")).changes).toStrictEqual([last, change("c2")])
        }))

      it.effect("the same id in different types is different events", () =>
        Effect.gen(function*() {
          const store = yield* EventStore.EventStore
          const organization = freshOrganization()
          const events = [deployment("x"), change("x"), incident("x")]
          yield* store.store(organization, "checkout", events)
          expect(yield* store.load(organization, "checkout")).toStrictEqual({
            deployments: [events[0]],
            changes: [events[1]],
            incidents: [events[2]]
          })
        }))
    })

    describe("organizations and systems", () => {
      it.effect("the same event in another system or organization is stored apart", () =>
        Effect.gen(function*() {
          const store = yield* EventStore.EventStore
          const [first, second] = [freshOrganization(), freshOrganization()]
          yield* store.store(first, "checkout", [change("c1", { source: "cli" })])
          yield* store.store(first, "billing", [change("c1", { source: "git" })])
          yield* store.store(second, "checkout", [change("c1", { source: "api" })])

          expect((yield* store.load(first, "checkout")).changes).toStrictEqual([change("c1", { source: "cli" })])
          expect((yield* store.load(first, "billing")).changes).toStrictEqual([change("c1", { source: "git" })])
          expect((yield* store.load(second, "checkout")).changes).toStrictEqual([change("c1", { source: "api" })])
        }))

      it.effect("systems lists an organization's systems with events once each, in code unit order", () =>
        Effect.gen(function*() {
          const store = yield* EventStore.EventStore
          const [organization, other] = [freshOrganization(), freshOrganization()]
          const names = ["checkout", "Billing", "api-gateway", "été", uniqueName("system")]
          yield* Effect.forEach(names, (system) => store.store(organization, system, [change("c1"), change("c2")]), {
            discard: true
          })
          yield* store.store(organization, "checkout", [incident("i1")])
          yield* store.store(other, "elsewhere", [change("c1")])

          expect(yield* store.systems(organization)).toEqual([...names].sort())
          expect(yield* store.systems(other)).toEqual(["elsewhere"])
          expect(yield* store.systems(freshOrganization())).toEqual([])
        }))
    })

    deliveryAggregatesContract(it, freshOrganization)
  })

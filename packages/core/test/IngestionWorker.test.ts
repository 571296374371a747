import { describe, expect, it } from "@effect/vitest"
import { Errors, EventQueue, EventStore, Ingestion, IngestionEvents, IngestionWorker, Principal } from "@tidemark/core"
import { MemoryEventQueue, MemoryEventStore } from "@tidemark/core/memory"
import { Effect, Layer, Option, TestClock } from "effect"
import { readFileSync } from "node:fs"
import { join } from "node:path"

const key = new Principal.Principal({ credentialId: "k", kind: "ingestion", organizationId: 7, permission: "write" })
const change = new IngestionEvents.Change({ $type: "change", change_id: "c1", time_created: "2024-05-01T10:00:00+02:00" })
const deployment = new IngestionEvents.Deployment({
  $type: "deployment",
  deploy_id: "d1",
  time_created: "2024-05-01T12:00:00Z",
  changes: ["c1"],
  teams: ["web"]
})

const pipeline = (store: Layer.Layer<EventStore.EventStore> = MemoryEventStore.layer) =>
  Layer.mergeAll(Ingestion.Ingestion.Default, IngestionWorker.IngestionWorker.Default({ pollWait: "0 millis" })).pipe(
    Layer.provideMerge(Layer.mergeAll(MemoryEventQueue.layer(), store))
  )

const drain = Effect.flatMap(IngestionWorker.IngestionWorker, (worker) => worker.processBatch)

describe("IngestionWorker", () => {
  it.effect("stores accepted events and acknowledges them", () =>
    Effect.gen(function*() {
      const ingestion = yield* Ingestion.Ingestion
      yield* ingestion.accept(key, Option.some("web"), change)
      yield* ingestion.accept(key, Option.none(), deployment)
      expect(yield* drain).toBe(2)
      const store = yield* EventStore.EventStore
      expect(yield* store.load(7, "web")).toEqual({ deployments: [], changes: [change], incidents: [] })
      expect(yield* store.load(7, "_unknown_")).toEqual({ deployments: [deployment], changes: [], incidents: [] })
      expect(yield* store.systems(7)).toEqual(["_unknown_", "web"])
      // Acknowledged: nothing comes back.
      expect(yield* drain).toBe(0)
    }).pipe(Effect.provide(pipeline())))

  it.effect("stores an event sent twice once; the queue drops the identical resend", () =>
    Effect.gen(function*() {
      const ingestion = yield* Ingestion.Ingestion
      yield* ingestion.accept(key, Option.some("web"), change)
      yield* ingestion.accept(key, Option.some("web"), change)
      expect(yield* drain).toBe(1)
      const later = new IngestionEvents.Change({ ...change, time_created: "2024-05-02T10:00:00Z" })
      yield* ingestion.accept(key, Option.some("web"), later)
      expect(yield* drain).toBe(1)
      expect((yield* (yield* EventStore.EventStore).load(7, "web")).changes).toEqual([later])
    }).pipe(Effect.provide(pipeline())))

  it.effect("maps a provider's payload to events", () =>
    Effect.gen(function*() {
      const push: unknown = JSON.parse(readFileSync(join(__dirname, "providers/fixtures/github/push.json"), "utf8"))
      yield* (yield* Ingestion.Ingestion).acceptProvider(key, Option.some("api"), "github", { "x-github-event": "push" }, push)
      expect(yield* drain).toBe(1)
      const changes = (yield* (yield* EventStore.EventStore).load(7, "api")).changes
      expect(changes.length).toBeGreaterThan(0)
      expect(changes.every((c) => c.change_id.length === 40 && c.source === "git")).toBe(true)
    }).pipe(Effect.provide(pipeline())))

  it.effect("dead-letters a payload that can never become events, with the reason", () =>
    Effect.gen(function*() {
      yield* (yield* Ingestion.Ingestion).acceptProvider(key, Option.none(), "pagerduty", {}, { unexpected: true })
      yield* (yield* EventQueue.EventQueue).publish("garbage", "{not json")
      expect(yield* drain).toBe(2)
      const dead = yield* (yield* EventQueue.EventQueue).deadLetters(10)
      expect(dead.map((d) => d.reason.split(":")[0]).sort()).toEqual(["pagerduty payload", "undecodable envelope"])
      expect(yield* (yield* EventStore.EventStore).systems(7)).toEqual([])
    }).pipe(Effect.provide(pipeline())))

  it.effect("retries when storing fails, with back-off, and dead-letters after the last attempt", () => {
    const failing = Layer.succeed(EventStore.EventStore, EventStore.EventStore.of({
      store: () => Effect.fail(new Errors.ServiceUnavailable({ reason: "database down" })),
      load: () => Effect.die("unused"),
      systems: () => Effect.die("unused"),
      aggregate: () => Effect.die("unused")
    }))
    return Effect.gen(function*() {
      const incident = new IngestionEvents.Incident({
        $type: "incident",
        incident_id: "i1",
        time_created: "2024-05-01T12:00:00Z",
        time_resolved: "2024-05-01T13:00:00Z"
      })
      yield* (yield* Ingestion.Ingestion).accept(key, Option.none(), incident)
      expect(yield* drain).toBe(1) // attempt 1 fails: retried in 1 s
      expect(yield* drain).toBe(0)
      yield* TestClock.adjust("1 second")
      expect(yield* drain).toBe(1) // attempt 2 fails: retried in 2 s
      yield* TestClock.adjust("2 seconds")
      expect(yield* drain).toBe(1) // attempt 3 is the last
      const dead = yield* (yield* EventQueue.EventQueue).deadLetters(10)
      expect(dead.map((d) => d.reason)).toEqual(["storing failed 3 times: database down"])
    }).pipe(Effect.provide(pipeline(failing)))
  })

  it.effect("dead-letters a message handed out three times without being settled (it stopped its workers)", () =>
    Effect.gen(function*() {
      yield* (yield* Ingestion.Ingestion).accept(key, Option.some("web"), change)
      const queue = yield* EventQueue.EventQueue
      for (let i = 0; i < 3; i++) {
        expect((yield* queue.pull(1, "0 millis")).length).toBe(1)
        yield* TestClock.adjust("31 seconds")
      }
      expect(yield* drain).toBe(1)
      expect((yield* queue.deadLetters(10)).map((d) => d.reason)).toEqual(["handed out 3 times without being settled"])
      expect(yield* (yield* EventStore.EventStore).systems(7)).toEqual([])
      yield* TestClock.adjust("31 seconds")
      expect(yield* drain).toBe(0)
    }).pipe(Effect.provide(pipeline())))

  it.effect("refuses to queue for a credential that is not an ingestion key", () =>
    Effect.gen(function*() {
      const token = new Principal.Principal({ credentialId: "t", kind: "api", organizationId: 7, permission: "write" })
      const refused = yield* Effect.flip((yield* Ingestion.Ingestion).accept(token, Option.none(), change))
      expect(refused._tag).toBe("Unauthenticated")
      expect(yield* drain).toBe(0)
    }).pipe(Effect.provide(pipeline())))
})

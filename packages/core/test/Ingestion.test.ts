import { describe, expect, it } from "@effect/vitest"
import { Errors, EventQueue, Ingestion, IngestionEnvelope, IngestionEvents, Principal, Secrets } from "@tidemark/core"
import { MemoryEventQueue } from "@tidemark/core/memory"
import { Effect, Either, Layer, Option, TestClock } from "effect"

const keyOf = (organizationId: number) =>
  new Principal.Principal({ credentialId: `k${organizationId}`, kind: "ingestion", organizationId, permission: "write" })

const change = new IngestionEvents.Change({ $type: "change", change_id: "c1", time_created: "2024-05-01T10:00:00+02:00" })

const overMemoryQueue = Effect.provide(Ingestion.Ingestion.Default.pipe(Layer.provideMerge(MemoryEventQueue.layer())))

/** The envelopes the queue holds now, each acked, with the message ids. */
const queued = Effect.gen(function*() {
  const deliveries = yield* Effect.flatMap(EventQueue.EventQueue, (queue) => queue.pull(100, "0 millis"))
  yield* Effect.forEach(deliveries, (d) => d.ack, { discard: true })
  return deliveries.map((d) => ({ id: d.id, envelope: Either.getOrThrow(IngestionEnvelope.decodeEnvelope(d.payload)) }))
})

describe("Ingestion.accept", () => {
  it.effect("queues the event in an envelope of the key's organization, its id the SHA-256 of organization, system and origin", () =>
    Effect.gen(function*() {
      const ingestion = yield* Ingestion.Ingestion
      yield* TestClock.setTime(Date.parse("2024-06-01T08:00:00Z"))
      yield* ingestion.accept(keyOf(7), Option.some("web"), change)
      const [message, ...rest] = yield* queued
      expect(rest).toEqual([])
      const origin = { _tag: "Event", event: change } as const
      const id = yield* Secrets.sha256Hex(JSON.stringify([7, "web", origin]))
      expect(message?.id).toBe(id)
      expect(message?.envelope.id).toBe(id)
      expect([message?.envelope.organizationId, message?.envelope.system, message?.envelope.receivedAt]).toEqual([
        7,
        "web",
        "2024-06-01T08:00:00.000Z"
      ])
      expect(message?.envelope.origin).toEqual(origin)
    }).pipe(overMemoryQueue))

  it.effect("the same event of the same organization and system has the same id, whenever it comes: the queue keeps it once", () =>
    Effect.gen(function*() {
      const ingestion = yield* Ingestion.Ingestion
      yield* ingestion.accept(keyOf(7), Option.some("web"), change)
      yield* TestClock.adjust("1 hour")
      yield* ingestion.accept(keyOf(7), Option.some("web"), change)
      yield* ingestion.accept(keyOf(7), Option.some("api"), change)
      yield* ingestion.accept(keyOf(8), Option.some("web"), change)
      yield* ingestion.accept(keyOf(7), Option.some("web"), new IngestionEvents.Change({ ...change, time_created: "2024-05-02T10:00:00Z" }))
      const messages = yield* queued
      expect(messages.map(({ envelope }) => [envelope.organizationId, envelope.system, envelope.receivedAt])).toEqual([
        [7, "web", "1970-01-01T00:00:00.000Z"],
        [7, "api", "1970-01-01T01:00:00.000Z"],
        [8, "web", "1970-01-01T01:00:00.000Z"],
        [7, "web", "1970-01-01T01:00:00.000Z"]
      ])
      expect(new Set(messages.map(({ id }) => id)).size).toBe(4)
    }).pipe(overMemoryQueue))

  it.effect("without a system, or with an empty one, the event is the unknown system's, and the same message", () =>
    Effect.gen(function*() {
      const ingestion = yield* Ingestion.Ingestion
      yield* ingestion.accept(keyOf(7), Option.none(), change)
      yield* ingestion.accept(keyOf(7), Option.some(""), change)
      yield* ingestion.accept(keyOf(7), Option.some("_unknown_"), change)
      const messages = yield* queued
      expect(messages.map(({ envelope }) => envelope.system)).toEqual(["_unknown_"])
    }).pipe(overMemoryQueue))

  it.effect("a principal that is not an ingestion key queues nothing (401)", () =>
    Effect.gen(function*() {
      const ingestion = yield* Ingestion.Ingestion
      const api = new Principal.Principal({ credentialId: "t", kind: "api", organizationId: 7, permission: "admin" })
      const admin = new Principal.Principal({ credentialId: "admin", kind: "admin", permission: "admin" })
      const unbound = new Principal.Principal({ credentialId: "u", kind: "ingestion", permission: "write" })
      for (const principal of [api, admin, unbound]) {
        expect(yield* Effect.flip(ingestion.accept(principal, Option.none(), change))).toEqual(
          new Errors.Unauthenticated({ kind: "wrongKind", reason: "The api_key is not an ingestion key" })
        )
        expect(yield* Effect.flip(ingestion.acceptProvider(principal, Option.none(), "github", {}, {}))).toBeInstanceOf(Errors.Unauthenticated)
      }
      expect(yield* queued).toEqual([])
    }).pipe(overMemoryQueue))
})

describe("Ingestion.acceptProvider", () => {
  it.effect("queues the provider's payload and headers as received, for the worker to map", () =>
    Effect.gen(function*() {
      const ingestion = yield* Ingestion.Ingestion
      const payload = { action: "opened", number: 5, nested: { kept: [1, 2] } }
      const headers = { "x-github-event": "pull_request" }
      yield* ingestion.acceptProvider(keyOf(7), Option.some("gh-web"), "github", headers, payload)
      yield* ingestion.acceptProvider(keyOf(7), Option.some("gh-web"), "github", headers, payload)
      yield* ingestion.acceptProvider(keyOf(7), Option.some("gh-web"), "gitlab", headers, payload)
      const messages = yield* queued
      expect(messages.map(({ envelope }) => envelope.origin)).toEqual([
        { _tag: "Provider", provider: "github", headers, payload },
        { _tag: "Provider", provider: "gitlab", headers, payload }
      ])
      const origin = { _tag: "Provider", provider: "github", headers, payload }
      expect(messages[0]?.id).toBe(yield* Secrets.sha256Hex(JSON.stringify([7, "gh-web", origin])))
    }).pipe(overMemoryQueue))
})

describe("Ingestion and its queue", () => {
  it.effect("a queue that cannot store the envelope makes the call ServiceUnavailable with its reason", () =>
    Effect.gen(function*() {
      const ingestion = yield* Ingestion.Ingestion
      expect(yield* Effect.flip(ingestion.accept(keyOf(7), Option.none(), change))).toEqual(
        new Errors.ServiceUnavailable({ reason: "the queue is unavailable: stream full" })
      )
    }).pipe(Effect.provide(Ingestion.Ingestion.Default.pipe(Layer.provide(Layer.succeed(EventQueue.EventQueue, {
      publish: () => Effect.fail(new EventQueue.QueueUnavailable({ reason: "stream full" })),
      pull: () => Effect.succeed([]),
      deadLetters: () => Effect.succeed([])
    }))))))
})

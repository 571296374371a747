import { describe, expect, it } from "@effect/vitest"
import { EventQueue } from "@tidemark/core"
import { eventQueueContract } from "@tidemark/port-contracts"
import { Config, ConfigProvider, Context, Duration, Effect, Layer, Schedule } from "effect"
import { NatsEventQueue } from "../src/index.js"
import * as PrivateNatsServer from "./PrivateNatsServer.js"
import * as ScratchStreams from "./ScratchStreams.js"

eventQueueContract(
  "NATS JetStream",
  () => ScratchStreams.layer(ScratchStreams.uniqueOptions({ ackWait: "1 second" })),
  { visibility: "1 second" }
)

const ids = (deliveries: ReadonlyArray<EventQueue.Delivery>) => deliveries.map((d) => d.id)

const sorted = (values: ReadonlyArray<string>) => [...values].sort()

/** A queue on streams of its own, deleted when the test's scope closes. */
const scratchQueue = (options: NatsEventQueue.NatsEventQueueOptions) =>
  Effect.zipRight(ScratchStreams.deleteAfterwards(options), NatsEventQueue.make(options))

/** Pulls and acks until a pull comes back empty. */
const drain = (queue: EventQueue.EventQueue["Type"], max = 100) =>
  Effect.gen(function*() {
    const received: Array<EventQueue.Delivery> = []
    while (true) {
      const batch = yield* queue.pull(max, Duration.millis(500))
      if (batch.length === 0) return received
      yield* Effect.forEach(batch, (d) => d.ack, { concurrency: "unbounded", discard: true })
      received.push(...batch)
    }
  })

describe("NatsEventQueue", () => {
  it.scopedLive("a message is stored on publish, pulled with attempt 1, and removed from the stream once acked", () =>
    Effect.gen(function*() {
      const options = ScratchStreams.uniqueOptions()
      const { stream } = NatsEventQueue.topology(options)
      const jsm = yield* ScratchStreams.manager()
      const queue = yield* scratchQueue(options)

      yield* queue.publish("e-1", `{"n":1}`)
      expect(yield* ScratchStreams.storedCount(jsm, stream)).toBe(1)
      const deliveries = yield* queue.pull(10, "2 seconds")
      expect(deliveries.map((d) => [d.id, d.payload, d.attempt])).toEqual([["e-1", `{"n":1}`, 1]])
      yield* Effect.forEach(deliveries, (d) => d.ack, { discard: true })
      expect(yield* ScratchStreams.storedCount(jsm, stream)).toBe(0)
    }))

  it.scopedLive("published messages outlive the connection that published them", () =>
    Effect.gen(function*() {
      const options = ScratchStreams.uniqueOptions()
      yield* ScratchStreams.deleteAfterwards(options)
      yield* Effect.scoped(Effect.flatMap(NatsEventQueue.make(options), (queue) => queue.publish("kept", "payload")))
      const queue = yield* NatsEventQueue.make(options)
      expect((yield* drain(queue)).map((d) => [d.id, d.payload])).toEqual([["kept", "payload"]])
    }))

  it.scopedLive("an id published again, even through another connection, is stored once by the broker", () =>
    Effect.gen(function*() {
      const options = ScratchStreams.uniqueOptions()
      const jsm = yield* ScratchStreams.manager()
      const first = yield* scratchQueue(options)
      const second = yield* NatsEventQueue.make(options)

      yield* first.publish("same", "first")
      yield* second.publish("same", "second")
      yield* first.publish("same", "third")
      expect(yield* ScratchStreams.storedCount(jsm, NatsEventQueue.topology(options).stream)).toBe(1)
      expect((yield* drain(first)).map((d) => [d.id, d.payload, d.attempt])).toEqual([["same", "first", 1]])
    }))

  it.scopedLive("retry(delay) hands the message out again after the delay, with attempt 2", () =>
    Effect.gen(function*() {
      const queue = yield* scratchQueue(ScratchStreams.uniqueOptions())
      yield* queue.publish("e-1", "payload")
      const [first] = yield* queue.pull(10, "2 seconds")
      expect(first?.attempt).toBe(1)
      const [elapsed, [early, later]] = yield* Effect.timed(Effect.gen(function*() {
        yield* first?.retry("700 millis") ?? Effect.void
        const early = yield* queue.pull(10, "300 millis")
        const later = yield* queue.pull(10, "3 seconds")
        return [early, later] as const
      }))
      expect(early).toEqual([])
      expect(later.map((d) => [d.id, d.attempt])).toEqual([["e-1", 2]])
      expect(Duration.toMillis(elapsed)).toBeGreaterThanOrEqual(650)
      yield* Effect.forEach(later, (d) => d.ack, { discard: true })
    }))

  it.scopedLive("a delivery left unsettled is handed out again after ack_wait, with attempt 2", () =>
    Effect.gen(function*() {
      const queue = yield* scratchQueue(ScratchStreams.uniqueOptions({ ackWait: "1 second" }))
      yield* queue.publish("e-1", "payload")
      const [elapsed, again] = yield* Effect.timed(Effect.gen(function*() {
        expect(ids(yield* queue.pull(10, "2 seconds"))).toEqual(["e-1"])
        return yield* queue.pull(10, "4 seconds")
      }))
      expect(again.map((d) => [d.id, d.attempt])).toEqual([["e-1", 2]])
      expect(Duration.toMillis(elapsed)).toBeGreaterThanOrEqual(950)
      yield* Effect.forEach(again, (d) => d.ack, { discard: true })
    }))

  it.scopedLive("the attempt counts every delivery, whichever way the message came back", () =>
    Effect.gen(function*() {
      const queue = yield* scratchQueue(ScratchStreams.uniqueOptions({ ackWait: "1 second", maxDeliveries: 5 }))
      yield* queue.publish("e-1", "payload")
      const attempts: Array<number> = []
      // Pulls that end with fewer messages than asked, retries without delay, and one ack wait.
      for (let i = 0; i < 5; i++) {
        const [delivery] = yield* queue.pull(10, "3 seconds")
        attempts.push(delivery?.attempt ?? 0)
        if (i !== 2) yield* delivery?.retry(Duration.zero) ?? Effect.void
      }
      expect(attempts).toEqual([1, 2, 3, 4, 5])
    }))

  it.scopedLive("deadLetter keeps the message aside with its reason, durably, and removes it from the queue", () =>
    Effect.gen(function*() {
      const options = ScratchStreams.uniqueOptions()
      const { deadLetterStream, stream } = NatsEventQueue.topology(options)
      const jsm = yield* ScratchStreams.manager()
      const queue = yield* scratchQueue(options)

      yield* queue.publish("poison", `{"broken"`)
      const [delivery] = yield* queue.pull(10, "2 seconds")
      yield* delivery?.deadLetter("cannot decode the body") ?? Effect.void
      const expected = [{ id: "poison", payload: `{"broken"`, reason: "cannot decode the body" }]
      expect(yield* queue.deadLetters(10)).toEqual(expected)
      expect(yield* queue.deadLetters(0)).toEqual([])
      expect(yield* ScratchStreams.storedCount(jsm, stream)).toBe(0)
      expect(yield* ScratchStreams.storedCount(jsm, deadLetterStream)).toBe(1)
      // Another connection, as after a restart, finds it too.
      const reopened = yield* NatsEventQueue.make(options)
      expect(yield* reopened.deadLetters(10)).toEqual(expected)
      expect(yield* reopened.pull(10, "300 millis")).toEqual([])
    }))

  it.scopedLive("two workers on their own connections share the durable consumer without duplicates", () =>
    Effect.gen(function*() {
      const options = ScratchStreams.uniqueOptions()
      const first = yield* scratchQueue(options)
      const second = yield* NatsEventQueue.make(options)
      const published = Array.from({ length: 300 }, (_, i) => `e-${i}`)
      yield* Effect.forEach(published, (id) => first.publish(id, id), { concurrency: 64, discard: true })

      const worker = (queue: EventQueue.EventQueue["Type"]) =>
        Effect.gen(function*() {
          const handled: Array<string> = []
          while (true) {
            const batch = yield* queue.pull(10, "500 millis")
            if (batch.length === 0) return handled
            // Some work per batch, so that the other worker gets a turn.
            yield* Effect.sleep("5 millis")
            yield* Effect.forEach(batch, (d) => d.ack, { concurrency: "unbounded", discard: true })
            handled.push(...ids(batch))
          }
        })
      const [a, b] = yield* Effect.all([worker(first), worker(second)], { concurrency: 2 })
      expect(sorted([...a, ...b])).toEqual(sorted(published))
      expect(a.length).toBeGreaterThan(0)
      expect(b.length).toBeGreaterThan(0)
    }))

  it.scopedLive("2 000 concurrent publishes are all delivered exactly once", () =>
    Effect.gen(function*() {
      const queue = yield* scratchQueue(ScratchStreams.uniqueOptions())
      const published = Array.from({ length: 2_000 }, (_, i) => `e-${i}`)
      yield* Effect.forEach(published, (id) => queue.publish(id, `{"id":"${id}"}`), {
        concurrency: "unbounded",
        discard: true
      })
      const received = yield* drain(queue, 250)
      expect(received.every((d) => d.attempt === 1 && d.payload === `{"id":"${d.id}"}`)).toBe(true)
      expect(sorted(ids(received))).toEqual(sorted(published))
    }))

  it.scopedLive("start-up is idempotent and brings existing streams and consumer to the configuration", () =>
    Effect.gen(function*() {
      const options = ScratchStreams.uniqueOptions({ ackWait: "5 seconds" })
      const { durable, stream } = NatsEventQueue.topology(options)
      const jsm = yield* ScratchStreams.manager()
      const queue = yield* scratchQueue(options)
      yield* queue.publish("before", "payload")

      yield* NatsEventQueue.make(options)
      yield* NatsEventQueue.make({ ...options, ackWait: "7 seconds", duplicateWindow: "10 minutes" })
      const consumer = yield* Effect.promise(() => jsm.consumers.info(stream, durable))
      const streamInfo = yield* Effect.promise(() => jsm.streams.info(stream))
      expect(consumer.config.ack_wait).toBe(7_000_000_000)
      expect(consumer.config.ack_policy).toBe("explicit")
      expect(streamInfo.config.duplicate_window).toBe(600_000_000_000)
      expect(streamInfo.config.storage).toBe("file")
      expect(streamInfo.state.messages).toBe(1)
    }))

  it.scopedLive("layerConfig reads its options from the Config the caller gives, and fails without them", () =>
    Effect.gen(function*() {
      const options = ScratchStreams.uniqueOptions()
      yield* ScratchStreams.deleteAfterwards(options)
      const config = Config.map(Config.string("QUEUE_SERVERS"), (servers) => ({ ...options, servers }))
      const fromMap = (entries: Record<string, string>) => Effect.withConfigProvider(ConfigProvider.fromMap(new Map(Object.entries(entries))))

      const context = yield* Layer.build(NatsEventQueue.layerConfig(config)).pipe(fromMap({ QUEUE_SERVERS: options.servers }))
      const queue = Context.get(context, EventQueue.EventQueue)
      yield* queue.publish("configured", "payload")
      expect(ids(yield* drain(queue))).toEqual(["configured"])

      const error = yield* Effect.flip(Effect.scoped(Layer.build(NatsEventQueue.layerConfig(config))).pipe(fromMap({})))
      expect(error._tag).toBe("ConfigError")
    }))

  it.scopedLive("the queue fails to start with QueueUnavailable, promptly, when nothing listens", () =>
    Effect.gen(function*() {
      const port = yield* PrivateNatsServer.freePort
      const [elapsed, error] = yield* Effect.timed(
        Effect.flip(NatsEventQueue.make({ servers: `nats://127.0.0.1:${port}`, timeout: "2 seconds" }))
      )
      expect(error._tag).toBe("QueueUnavailable")
      expect(error.reason).toContain(`connecting to NATS at nats://127.0.0.1:${port}`)
      expect(Duration.toMillis(elapsed)).toBeLessThan(5_000)
    }))

  it.scopedLive("credentials in the server URL are not shown in errors", () =>
    Effect.gen(function*() {
      const port = yield* PrivateNatsServer.freePort
      const error = yield* Effect.flip(NatsEventQueue.make({ servers: `nats://someone:s3cret@127.0.0.1:${port}` }))
      expect(error.reason).toContain(`nats://127.0.0.1:${port}`)
      expect(error.reason).not.toContain("s3cret")
    }))

  it.scopedLive(
    "while the broker is down, publish fails with QueueUnavailable within the timeout; after its restart the queue recovers and nothing stored is lost",
    () =>
      Effect.gen(function*() {
        const server = yield* PrivateNatsServer.make
        const queue = yield* NatsEventQueue.make({ servers: server.url, timeout: "1 second" })
        yield* queue.publish("before", "stored")

        yield* server.kill
        const [elapsed, error] = yield* Effect.timed(Effect.flip(queue.publish("during", "refused")))
        expect(error._tag).toBe("QueueUnavailable")
        expect(Duration.toMillis(elapsed)).toBeLessThan(3_000)
        expect((yield* Effect.flip(queue.pull(10, "100 millis")))._tag).toBe("QueueUnavailable")

        yield* server.start
        // The client reconnects by itself (it retries every second).
        yield* queue.publish("after", "stored").pipe(
          Effect.retry(Schedule.spaced("250 millis").pipe(Schedule.upTo("15 seconds")))
        )
        const received = yield* drain(queue)
        expect(sorted(ids(received)).filter((id) => id !== "during")).toEqual(["after", "before"])
      }),
    30_000
  )
})

// The queue's throughput is measured in bench/ingestion (`bench:queue`), not here.

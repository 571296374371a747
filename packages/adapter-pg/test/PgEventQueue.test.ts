import { PgClient } from "@effect/sql-pg"
import { describe, expect, it } from "@effect/vitest"
import { EventQueue } from "@tidemark/core"
import { eventQueueContract } from "@tidemark/port-contracts"
import { Context, Duration, Effect, Layer, Logger, LogLevel, Redacted } from "effect"
import { Migrations, PgEventQueue } from "../src/index.js"
import * as ScratchDatabase from "./ScratchDatabase.js"

const visibility = Duration.seconds(1)

// A database of its own for each test: the contract wants an empty queue every time, and the
// tests may then run at once.
eventQueueContract(
  "PostgreSQL",
  () => PgEventQueue.layer({ visibility }).pipe(Layer.provide(Migrations.layer), Layer.provide(ScratchDatabase.migratedLayer)),
  { visibility, concurrent: true }
)

// The analysis queue: the same adapter on tables of its own.
eventQueueContract(
  "PostgreSQL, analysis queue tables",
  () =>
    PgEventQueue.layer({ visibility, tables: PgEventQueue.analysisTables }).pipe(
      Layer.provide(Migrations.layer),
      Layer.provide(ScratchDatabase.migratedLayer)
    ),
  { visibility, concurrent: true }
)

/** A queue with a client of its own, as a worker process has. */
const queueAt = (url: string, options: PgEventQueue.PgEventQueueOptions = {}) =>
  PgEventQueue.layer(options).pipe(Layer.provide(PgClient.layer({ url: Redacted.make(url) })))

/** The queue for the rest of the scope. */
const openQueue = (url: string, options: PgEventQueue.PgEventQueueOptions = {}) =>
  Effect.map(Layer.build(queueAt(url, options)), Context.get(EventQueue.EventQueue))

const migrated = ScratchDatabase.migratedDatabase

const ids = (count: number, prefix: string) => Array.from({ length: count }, (_, i) => `${prefix}-${i}`)

describe("PgEventQueue", () => {
  it.live("two workers on separate connections share 1 000 messages, each processed exactly once", () =>
    Effect.gen(function*() {
      const url = yield* migrated
      const published = ids(1_000, "event")
      yield* Effect.forEach(published, (id) => Effect.flatMap(EventQueue.EventQueue, (q) => q.publish(id, id)), {
        concurrency: 20,
        discard: true
      }).pipe(Effect.provide(queueAt(url)))

      const worker = Effect.gen(function*() {
        const queue = yield* EventQueue.EventQueue
        const processed: Array<EventQueue.Delivery> = []
        while (true) {
          const batch = yield* queue.pull(25, Duration.millis(300))
          if (batch.length === 0) return processed
          yield* Effect.forEach(batch, (d) => d.ack, { concurrency: 5, discard: true })
          processed.push(...batch)
        }
      })
      const [a, b] = yield* Effect.all(
        [worker.pipe(Effect.provide(queueAt(url, { visibility }))), worker.pipe(Effect.provide(queueAt(url, { visibility })))],
        { concurrency: 2 }
      )

      const all = [...a, ...b]
      expect(all.every((d) => d.attempt === 1)).toBe(true)
      expect(all.map((d) => d.id).sort()).toEqual([...published].sort())
      expect(a.length).toBeGreaterThan(0)
      expect(b.length).toBeGreaterThan(0)
    }).pipe(Effect.scoped))

  it.live("an id is queued anew once the de-duplication window has passed", () =>
    Effect.gen(function*() {
      const url = yield* migrated
      const queue = yield* openQueue(url, { deduplicationWindow: Duration.millis(200) })
      yield* queue.publish("event-1", "first")
      yield* Effect.forEach(yield* queue.pull(10, Duration.seconds(1)), (d) => d.ack, { discard: true })
      yield* queue.publish("event-1", "again, at once")
      expect(yield* queue.pull(10, Duration.millis(100))).toEqual([])

      yield* Effect.sleep(Duration.millis(700))
      yield* queue.publish("event-1", "again, later")
      const later = yield* queue.pull(10, Duration.seconds(1))
      expect(later.map((d) => [d.id, d.payload, d.attempt])).toEqual([["event-1", "again, later", 1]])
    }).pipe(Effect.scoped))

  it.live("a message the database refuses fails its own publish only, not those written with it", () =>
    Effect.gen(function*() {
      const url = yield* migrated
      const queue = yield* openQueue(url)
      const published = ids(50, "event")
      // PostgreSQL stores no NUL character in text.
      const results = yield* Effect.forEach(
        published,
        (id) => Effect.either(queue.publish(id, id === "event-7" ? "nul \u0000" : id)),
        { concurrency: "unbounded" }
      )
      expect(results.flatMap((r, i) => r._tag === "Left" ? [[published[i], r.left._tag]] : [])).toEqual([
        ["event-7", "QueueUnavailable"]
      ])
      const pulled = yield* queue.pull(100, Duration.seconds(1))
      expect(pulled.map((d) => d.id).sort()).toEqual(published.filter((id) => id !== "event-7").sort())
    }).pipe(Effect.scoped))

  it.live("the ingestion and analysis queues of one database never see each other's messages", () =>
    Effect.gen(function*() {
      const url = yield* migrated
      const ingestion = yield* openQueue(url)
      const analysis = yield* openQueue(url, { tables: PgEventQueue.analysisTables })
      yield* ingestion.publish("same-id", "an event")
      yield* analysis.publish("same-id", "a job")
      expect((yield* analysis.pull(10, Duration.seconds(1))).map((d) => d.payload)).toEqual(["a job"])
      expect((yield* ingestion.pull(10, Duration.seconds(1))).map((d) => d.payload)).toEqual(["an event"])
    }).pipe(Effect.scoped))

  it.live("a database without the queue's tables fails with QueueUnavailable, not a defect", () =>
    Effect.gen(function*() {
      const url = yield* ScratchDatabase.database
      const queue = yield* openQueue(url)
      const published = yield* Effect.flip(queue.publish("event-1", "payload"))
      const pulled = yield* Effect.flip(queue.pull(1, Duration.zero))
      expect(published._tag).toBe("QueueUnavailable")
      expect(published.reason).toContain("queue_seen")
      expect(pulled._tag).toBe("QueueUnavailable")
      // The background purge of old ids fails too, and says so in a warning: not for the test's output.
    }).pipe(Effect.scoped, Logger.withMinimumLogLevel(LogLevel.Error)))

  it.live("an idle pull wakes at once for a message published through its process, and looks again within its longest wait for another's", () =>
    Effect.gen(function*() {
      const url = yield* migrated
      // Waits far longer than the test: only the wake-up can end the first pull in time.
      const sleepy = yield* openQueue(url, { pollInterval: Duration.seconds(20), idlePollInterval: Duration.seconds(20) })
      const waiting = yield* Effect.fork(sleepy.pull(1, Duration.seconds(30)))
      yield* Effect.sleep(Duration.millis(300))
      const started = Date.now()
      yield* sleepy.publish("local", "local")
      const woken = yield* waiting.await.pipe(Effect.flatten)
      expect(woken.map((d) => d.id)).toEqual(["local"])
      expect(Date.now() - started).toBeLessThan(5_000)

      // Another process's message: no wake-up reaches this one, its idle looks find it.
      const idle = yield* openQueue(url, { pollInterval: Duration.millis(25), idlePollInterval: Duration.millis(200) })
      const other = yield* openQueue(url)
      const pulling = yield* Effect.fork(idle.pull(1, Duration.seconds(30)))
      yield* Effect.sleep(Duration.seconds(2))
      const publishedAt = Date.now()
      yield* other.publish("remote", "remote")
      const seen = yield* pulling.await.pipe(Effect.flatten)
      expect(seen.map((d) => d.id)).toEqual(["remote"])
      expect(Date.now() - publishedAt).toBeLessThan(5_000)
    }).pipe(Effect.scoped))
})

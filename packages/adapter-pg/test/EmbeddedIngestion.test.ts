import { SqlClient } from "@effect/sql"
import { afterAll, describe, expect, it } from "@effect/vitest"
import { EventQueue } from "@tidemark/core"
import { eventQueueContract, eventStoreContract } from "@tidemark/port-contracts"
import { Duration, Effect, Layer, ManagedRuntime } from "effect"
import { EmbeddedPostgres, Migrations, PgEventQueue, PgIngestion } from "../src/index.js"
import * as NodeFs from "node:fs/promises"
import * as NodePath from "node:path"
import { freshDataDir, scratchDirectory } from "./EmbeddedDataDirectory.js"

// Short, to keep the suite quick: a pull on the embedded database takes milliseconds.
const visibility = Duration.millis(500)

/** The ingestion ports in the embedded database under `dataDir`, migrated. */
const embedded = (dataDir: string, options: PgEventQueue.PgEventQueueOptions = {}) =>
  PgIngestion.layer(options).pipe(Layer.provide(EmbeddedPostgres.layer({ dataDir })))

/** A copy of the template database for the layer's lifetime. */
const inFreshDataDir = (options: PgEventQueue.PgEventQueueOptions = {}) =>
  Layer.unwrapScoped(Effect.map(freshDataDir, (dataDir) => embedded(dataDir, options)))

eventStoreContract("PGlite", inFreshDataDir())

// Opening a copy of the template for each test takes about a second: the queue's tests share one
// database instead, and each test starts by emptying the queue's tables (they run one at a time).
const shared = ManagedRuntime.make(
  Layer.unwrapScoped(Effect.map(freshDataDir, (dataDir) => Layer.provideMerge(Migrations.layer, EmbeddedPostgres.layer({ dataDir }))))
)
afterAll(() => shared.dispose())
const sharedClient = Layer.effectContext(Effect.map(shared.runtimeEffect, (runtime) => runtime.context))
const emptyQueue = Layer.effectDiscard(
  Effect.flatMap(SqlClient.SqlClient, (sql) => sql`TRUNCATE queue_messages, queue_seen, queue_dead_letters`)
)

eventQueueContract(
  "PGlite",
  () => PgEventQueue.layer({ visibility }).pipe(Layer.provide(emptyQueue), Layer.provide(sharedClient)),
  { visibility }
)

describe("the embedded queue", () => {
  it.live("a message published is still queued after the database is closed and reopened", () =>
    Effect.gen(function*() {
      const dataDir = yield* freshDataDir
      yield* Effect.gen(function*() {
        const queue = yield* EventQueue.EventQueue
        yield* queue.publish("in-flight", "f")
        yield* queue.publish("acked", "a")
        yield* queue.publish("pending", "p")
        // Claims in publish order: the oldest first.
        const [inFlight, acked] = yield* queue.pull(2, Duration.seconds(1))
        expect([inFlight?.id, acked?.id]).toEqual(["in-flight", "acked"])
        yield* acked?.ack ?? Effect.void
      }).pipe(Effect.provide(embedded(dataDir, { visibility })))

      const reopened = yield* Effect.gen(function*() {
        const queue = yield* EventQueue.EventQueue
        yield* queue.publish("acked", "a")
        // The claim of the closed process lapses: that message comes back once its visibility ends.
        const received: Array<EventQueue.Delivery> = []
        while (received.length < 2) {
          const batch = yield* queue.pull(10, Duration.sum(visibility, Duration.seconds(2)))
          if (batch.length === 0) break
          received.push(...batch)
        }
        return received.map((d) => [d.id, d.payload, d.attempt]).sort()
      }).pipe(Effect.provide(embedded(dataDir, { visibility })))

      expect(reopened).toEqual([["in-flight", "f", 2], ["pending", "p", 1]])
    }).pipe(Effect.scoped))

  it.live("a publish that returned is on disk before the database is closed, as a SIGKILL would find it", () =>
    Effect.gen(function*() {
      const dataDir = yield* freshDataDir
      const crashed = NodePath.join(yield* scratchDirectory, "pg")
      const published = Array.from({ length: 200 }, (_, i) => `event-${i}`)
      yield* Effect.gen(function*() {
        const queue = yield* EventQueue.EventQueue
        yield* Effect.forEach(published, (id) => queue.publish(id, id), { concurrency: 20, discard: true })
        // The files as they are while the database is still open: no close, no final flush.
        yield* Effect.promise(() => NodeFs.cp(dataDir, crashed, { recursive: true }))
      }).pipe(Effect.provide(embedded(dataDir)))

      const recovered = yield* Effect.gen(function*() {
        const queue = yield* EventQueue.EventQueue
        return yield* queue.pull(1_000, Duration.seconds(1))
      }).pipe(Effect.provide(embedded(crashed)))
      expect(recovered.map((d) => d.id).sort()).toEqual([...published].sort())
    }).pipe(Effect.scoped))
})

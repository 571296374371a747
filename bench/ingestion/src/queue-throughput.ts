/**
 * The NATS JetStream queue's own throughput (`NatsEventQueue`, against the JetStream of NATS_URL or
 * 127.0.0.1:4222): publishing with one or many in flight, pulling in batches, acking, and the
 * ingestion worker's pull-then-ack loop, alone and four side by side. Prints a table; not a test.
 *
 * `npx -y pnpm@10.34.9 --filter @tidemark/bench-ingestion bench:queue`
 */
import { NatsEventQueue } from "@tidemark/adapter-nats"
import { Duration, Effect } from "effect"
import * as ScratchStreams from "../../../packages/adapter-nats/test/ScratchStreams.js"

type Queue = Effect.Effect.Success<ReturnType<typeof NatsEventQueue.make>>
type Delivery = Effect.Effect.Success<ReturnType<Queue["pull"]>>[number]

/** Pulls and acks until a pull comes back empty. */
const drain = (queue: Queue, max: number) =>
  Effect.gen(function*() {
    let received = 0
    while (true) {
      const batch = yield* queue.pull(max, Duration.millis(500))
      if (batch.length === 0) return received
      yield* Effect.forEach(batch, (d) => d.ack, { concurrency: "unbounded", discard: true })
      received += batch.length
    }
  })

const bench = Effect.gen(function*() {
  const options = ScratchStreams.uniqueOptions({ maxAckPending: 50_000 })
  yield* ScratchStreams.deleteAfterwards(options)
  const queue = yield* NatsEventQueue.make(options)
  const payload = JSON.stringify({ $type: "deployment", deploy_id: "x".repeat(24), time_created: new Date().toISOString() })
  const rows: Array<{ operation: string; messages: number; "msg/s": number }> = []
  const measure = <A, E>(operation: string, messages: number, effect: Effect.Effect<A, E>) =>
    Effect.map(Effect.timed(effect), ([elapsed, result]) => {
      rows.push({ operation, messages, "msg/s": Math.round(messages / (Duration.toMillis(elapsed) / 1000)) })
      return result
    })
  const publishAll = (prefix: string, count: number, inFlight: number) =>
    Effect.forEach(Array.from({ length: count }, (_, i) => `${prefix}-${i}`), (id) => queue.publish(id, payload), {
      concurrency: inFlight,
      discard: true
    })

  yield* measure("publish, 1 in flight", 2_000, publishAll("one", 2_000, 1))
  yield* measure("publish, 256 in flight", 20_000, publishAll("many", 20_000, 256))
  const pullAll = Effect.gen(function*() {
    const held: Array<Delivery> = []
    while (held.length < 22_000) held.push(...(yield* queue.pull(500, "2 seconds")))
    return held
  })
  const held = yield* measure("pull, 500 at a time (no ack)", 22_000, pullAll)
  yield* measure("ack, 256 in flight", held.length, Effect.forEach(held, (d) => d.ack, { concurrency: 256, discard: true }))
  yield* publishAll("again", 20_000, 256)
  // As the ingestion worker does: a batch of 256, its acks all at once, then the next batch.
  yield* measure("pull 256, then ack them, in turn", 20_000, drain(queue, 256))
  yield* publishAll("twice", 20_000, 256)
  yield* measure(
    "the same, 4 pullers side by side",
    20_000,
    Effect.all(Array.from({ length: 4 }, () => drain(queue, 256)), { concurrency: "unbounded" })
  )
  console.table(rows)
})

Effect.runPromise(Effect.scoped(bench)).catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})

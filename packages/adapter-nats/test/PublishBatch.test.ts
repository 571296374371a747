import { describe, expect, it } from "@effect/vitest"
import type { EventQueue } from "@tidemark/core"
import { Duration, Effect } from "effect"
import { NatsEventQueue } from "../src/index.js"
import * as ScratchStreams from "./ScratchStreams.js"

const scratchQueue = (options: NatsEventQueue.NatsEventQueueOptions) =>
  Effect.zipRight(ScratchStreams.deleteAfterwards(options), NatsEventQueue.make(options))

/** Pulls until `count` deliveries came (or a pull comes back empty), settling none. */
const pullAll = (queue: EventQueue.EventQueue["Type"], count: number) =>
  Effect.gen(function*() {
    const received: Array<EventQueue.Delivery> = []
    while (received.length < count) {
      const batch = yield* queue.pull(count, Duration.seconds(2))
      if (batch.length === 0) break
      received.push(...batch)
    }
    return received
  })

describe("NatsEventQueue grouped publishes", () => {
  it.scopedLive("concurrent publishes share messages, and every caller returns once its item is stored", () =>
    Effect.gen(function*() {
      const options = ScratchStreams.uniqueOptions()
      const jsm = yield* ScratchStreams.manager()
      const queue = yield* scratchQueue(options)
      const published = Array.from({ length: 250 }, (_, i) => `e-${i}`)
      yield* Effect.forEach(published, (id) => queue.publish(id, `{"id":"${id}"}`), { concurrency: "unbounded", discard: true })
      const stored = yield* ScratchStreams.storedCount(jsm, NatsEventQueue.topology(options).stream)
      // 100 items at most per message: 3 messages when every publish went out in one turn.
      expect(stored).toBeGreaterThanOrEqual(3)
      expect(stored).toBeLessThan(published.length)
      const received = yield* pullAll(queue, published.length)
      expect(received.map((d) => d.id).sort()).toEqual([...published].sort())
      expect(received.every((d) => d.attempt === 1 && d.payload === `{"id":"${d.id}"}`)).toBe(true)
      yield* Effect.forEach(received, (d) => d.ack, { discard: true })
      expect(yield* ScratchStreams.storedCount(jsm, NatsEventQueue.topology(options).stream)).toBe(0)
    }))

  it.scopedLive("a batch stays queued until every item is settled; a retried item brings the whole batch back", () =>
    Effect.gen(function*() {
      const options = ScratchStreams.uniqueOptions()
      const jsm = yield* ScratchStreams.manager()
      const { stream } = NatsEventQueue.topology(options)
      const queue = yield* scratchQueue(options)
      const published = ["a", "b", "c"]
      yield* Effect.forEach(published, (id) => queue.publish(id, id), { concurrency: "unbounded", discard: true })
      expect(yield* ScratchStreams.storedCount(jsm, stream)).toBe(1)

      const first = yield* pullAll(queue, 3)
      expect(first.map((d) => [d.id, d.attempt])).toEqual([["a", 1], ["b", 1], ["c", 1]])
      const [a, b, c] = first
      yield* a?.ack ?? Effect.void
      yield* b?.retry(Duration.millis(200)) ?? Effect.void
      // Not settled yet: nothing comes back while an item is unsettled.
      expect(yield* queue.pull(10, Duration.millis(400))).toEqual([])
      yield* c?.deadLetter("cannot decode") ?? Effect.void

      const again = yield* pullAll(queue, 3)
      expect(again.map((d) => [d.id, d.attempt])).toEqual([["a", 2], ["b", 2], ["c", 2]])
      yield* Effect.forEach(again, (d) => d.ack, { discard: true })
      expect(yield* ScratchStreams.storedCount(jsm, stream)).toBe(0)
      expect(yield* queue.deadLetters(10)).toEqual([{ id: "c", payload: "c", reason: "cannot decode" }])
    }))
})

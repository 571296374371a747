import { describe, expect, it } from "@effect/vitest"
import { EventQueue } from "@tidemark/core"
import { Clock, Duration, Effect, type Layer } from "effect"
import { uniqueName } from "./Fixtures.js"

export interface EventQueueContractOptions {
  /**
   * How long the queue built by `make` keeps a delivered message invisible before handing it out
   * again (visibility timeout, JetStream's ack wait). `make` must build the queue with it; the suite
   * waits for it. Keep it short (the default is 1 second) and well above the time a pull takes.
   */
  readonly visibility?: Duration.DurationInput
  /** Per test; the default leaves room for a few visibility timeouts. */
  readonly timeout?: Duration.DurationInput
  /**
   * Run the tests at once (default false): only for an adapter whose `make()` builds queues that
   * share nothing (a database each), since most tests spend their time waiting on the clock.
   */
  readonly concurrent?: boolean
}

/** Delay of `retry` in the suite: short, so a live clock can be used. */
const retryDelay = Duration.millis(200)
/** A pull that is expected to find nothing waits this long. */
const shortWait = Duration.millis(100)
/** Timers are not exact: an adapter may hand a message out slightly early or late. */
const tolerance = Duration.millis(50)

const sorted = (values: ReadonlyArray<string>) => [...values].sort()

const ids = (deliveries: ReadonlyArray<EventQueue.Delivery>) => deliveries.map((d) => d.id)

/** Pulls until a pull comes back empty, settling each delivery with `settle`. */
const drain = (queue: EventQueue.EventQueue["Type"], settle: (delivery: EventQueue.Delivery) => Effect.Effect<void, unknown>) =>
  Effect.gen(function*() {
    const received: Array<EventQueue.Delivery> = []
    while (true) {
      const batch = yield* queue.pull(50, Duration.millis(300))
      if (batch.length === 0) return received
      yield* Effect.forEach(batch, settle, { discard: true })
      received.push(...batch)
    }
  })

/**
 * The rules every adapter of `EventQueue` keeps. Each test builds its own queue from a fresh
 * `make()` (a queue of its own: an empty stream, an empty table) and runs on the live clock, since
 * redelivery is a matter of real time.
 */
export const eventQueueContract = (
  name: string,
  make: () => Layer.Layer<EventQueue.EventQueue, unknown>,
  options: EventQueueContractOptions = {}
) => {
  const visibility = Duration.decode(options.visibility ?? Duration.seconds(1))
  const timeout = Duration.toMillis(options.timeout ?? Duration.sum(Duration.times(visibility, 4), Duration.seconds(50)))
  const test = <A, E>(title: string, body: (queue: EventQueue.EventQueue["Type"]) => Effect.Effect<A, E>, within = timeout) =>
    it.live(title, () => Effect.flatMap(EventQueue.EventQueue, body).pipe(Effect.provide(make())), within)
  /** Long enough for anything still queued, redelivered or retried to show up. */
  const pastVisibility = Duration.sum(visibility, Duration.millis(500))

  const suite = options.concurrent === true ? describe.concurrent : describe
  suite(`EventQueue contract (${name})`, () => {
    describe("publish and pull", () => {
      test("a published message is pulled with its id, payload and attempt 1", (queue) =>
        Effect.gen(function*() {
          const id = uniqueName("event")
          yield* queue.publish(id, `{"n":1}`)
          const [delivery, ...rest] = yield* queue.pull(10, Duration.seconds(2))
          expect(rest).toEqual([])
          expect(delivery).toMatchObject({ id, payload: `{"n":1}`, attempt: 1 })
        }))

      test("publishing the same id twice queues one message, the first one", (queue) =>
        Effect.gen(function*() {
          const id = uniqueName("event")
          yield* queue.publish(id, "first")
          yield* queue.publish(id, "second")
          const deliveries = yield* drain(queue, (d) => d.ack)
          expect(deliveries.map((d) => [d.id, d.payload, d.attempt])).toEqual([[id, "first", 1]])
        }))

      test("pull(max) returns at most max messages; the rest come with later pulls", (queue) =>
        Effect.gen(function*() {
          const published = Array.from({ length: 5 }, (_, i) => uniqueName(`event-${i}`))
          yield* Effect.forEach(published, (id) => queue.publish(id, id), { discard: true })
          const first = yield* queue.pull(2, Duration.seconds(2))
          expect(first.length).toBeGreaterThanOrEqual(1)
          expect(first.length).toBeLessThanOrEqual(2)
          yield* Effect.forEach(first, (d) => d.ack, { discard: true })

          const received = [...ids(first)]
          while (received.length < published.length) {
            const batch = yield* queue.pull(2, Duration.seconds(2))
            expect(batch.length).toBeGreaterThanOrEqual(1)
            expect(batch.length).toBeLessThanOrEqual(2)
            yield* Effect.forEach(batch, (d) => d.ack, { discard: true })
            received.push(...ids(batch))
          }
          expect(sorted(received)).toEqual(sorted(published))
        }))

      test("pull on an empty queue waits about `wait`, then returns nothing", (queue) =>
        Effect.gen(function*() {
          const wait = Duration.millis(400)
          const [elapsed, deliveries] = yield* Effect.timed(queue.pull(10, wait))
          expect(deliveries).toEqual([])
          expect(Duration.toMillis(elapsed)).toBeGreaterThanOrEqual(Duration.toMillis(Duration.subtract(wait, tolerance)))
          expect(Duration.toMillis(elapsed)).toBeLessThan(Duration.toMillis(Duration.sum(wait, Duration.seconds(2))))
        }))

      test("a pull waiting on an empty queue returns a message published meanwhile", (queue) =>
        Effect.gen(function*() {
          const id = uniqueName("event")
          const fiber = yield* Effect.fork(queue.pull(10, Duration.seconds(5)))
          yield* Effect.sleep(Duration.millis(200))
          yield* queue.publish(id, "late")
          const deliveries = yield* fiber.await.pipe(Effect.flatten)
          expect(ids(deliveries)).toEqual([id])
        }))
    })

    describe("settling a delivery", () => {
      test("an acked message is never delivered again", (queue) =>
        Effect.gen(function*() {
          const id = uniqueName("event")
          yield* queue.publish(id, "payload")
          const deliveries = yield* queue.pull(10, Duration.seconds(2))
          expect(ids(deliveries)).toEqual([id])
          yield* Effect.forEach(deliveries, (d) => d.ack, { discard: true })
          expect(yield* queue.pull(10, pastVisibility)).toEqual([])
        }))

      test("an id published again after its message was acked is not queued again", (queue) =>
        Effect.gen(function*() {
          const id = uniqueName("event")
          yield* queue.publish(id, "payload")
          yield* Effect.forEach(yield* queue.pull(10, Duration.seconds(2)), (d) => d.ack, { discard: true })
          yield* queue.publish(id, "payload")
          expect(yield* queue.pull(10, Duration.millis(500))).toEqual([])
        }))

      test("retry(delay) delivers the message again after the delay, with attempt 2", (queue) =>
        Effect.gen(function*() {
          const id = uniqueName("event")
          yield* queue.publish(id, "payload")
          const [first] = yield* queue.pull(10, Duration.seconds(2))
          expect(first?.attempt).toBe(1)
          const [elapsed, again] = yield* Effect.timed(
            Effect.zipRight(first?.retry(retryDelay) ?? Effect.void, queue.pull(10, Duration.seconds(3)))
          )
          expect(again.map((d) => [d.id, d.payload, d.attempt])).toEqual([[id, "payload", 2]])
          expect(Duration.toMillis(elapsed)).toBeGreaterThanOrEqual(Duration.toMillis(Duration.subtract(retryDelay, tolerance)))
          yield* Effect.forEach(again, (d) => d.ack, { discard: true })
        }))

      test("an unsettled delivery is delivered again after the visibility timeout, and not before", (queue) =>
        Effect.gen(function*() {
          const id = uniqueName("event")
          yield* queue.publish(id, "payload")
          const [elapsed, [first, again]] = yield* Effect.timed(Effect.gen(function*() {
            const first = yield* queue.pull(10, Duration.seconds(2))
            expect(ids(first)).toEqual([id])
            expect(yield* queue.pull(10, shortWait)).toEqual([])
            const again = yield* queue.pull(10, Duration.sum(visibility, Duration.seconds(3)))
            return [first, again] as const
          }))
          expect(first.map((d) => d.attempt)).toEqual([1])
          expect(again.map((d) => [d.id, d.attempt])).toEqual([[id, 2]])
          expect(Duration.toMillis(elapsed)).toBeGreaterThanOrEqual(Duration.toMillis(Duration.subtract(visibility, tolerance)))
          yield* Effect.forEach(again, (d) => d.ack, { discard: true })
        }))

      test("settling a delivery after its message was delivered again leaves the newer delivery in charge", (queue) =>
        Effect.gen(function*() {
          const id = uniqueName("event")
          yield* queue.publish(id, "payload")
          const stale = yield* queue.pull(10, Duration.seconds(2))
          const current = yield* queue.pull(10, Duration.sum(visibility, Duration.seconds(3)))
          expect(current.map((d) => d.attempt)).toEqual([2])
          yield* Effect.forEach(stale, (d) => d.ack, { discard: true })
          // The stale ack must not have removed the message: the current delivery still owns it.
          yield* Effect.forEach(current, (d) => d.retry(Duration.zero), { discard: true })
          const third = yield* queue.pull(10, Duration.seconds(2))
          expect(third.map((d) => [d.id, d.attempt])).toEqual([[id, 3]])
          yield* Effect.forEach(third, (d) => d.ack, { discard: true })
        }))

      test("deadLetter sets the message aside with its reason and never delivers it again", (queue) =>
        Effect.gen(function*() {
          const id = uniqueName("event")
          const kept = uniqueName("kept")
          yield* queue.publish(id, "poison")
          yield* queue.publish(kept, "fine")
          const deliveries = yield* drain(queue, (d) => d.id === id ? d.deadLetter("cannot decode") : d.ack)
          expect(sorted(ids(deliveries))).toEqual(sorted([id, kept]))
          expect(yield* queue.deadLetters(10)).toEqual([{ id, payload: "poison", reason: "cannot decode" }])
          expect(yield* queue.pull(10, pastVisibility)).toEqual([])
        }))

      test(`a message handed out ${EventQueue.queueMaxDeliveries} times and never settled is set aside, never handed out again`, (queue) =>
        Effect.gen(function*() {
          const id = uniqueName("poison")
          yield* queue.publish(id, "stops its workers")
          // Each worker that took it died before settling it.
          const attempts: Array<number> = []
          for (let i = 0; i < EventQueue.queueMaxDeliveries; i++) {
            const delivered = yield* queue.pull(10, Duration.sum(visibility, Duration.seconds(3)))
            attempts.push(...delivered.map((d) => d.attempt))
          }
          expect(attempts).toEqual(Array.from({ length: EventQueue.queueMaxDeliveries }, (_, i) => i + 1))
          expect(yield* queue.pull(10, Duration.sum(pastVisibility, Duration.millis(500)))).toEqual([])
          expect(yield* queue.deadLetters(10)).toEqual([
            { id, payload: "stops its workers", reason: EventQueue.exhaustedReason(EventQueue.queueMaxDeliveries) }
          ])
        }))

      test("deadLetters(limit) lists at most limit messages", (queue) =>
        Effect.gen(function*() {
          const published = Array.from({ length: 3 }, (_, i) => uniqueName(`poison-${i}`))
          yield* Effect.forEach(published, (id) => queue.publish(id, id), { discard: true })
          yield* drain(queue, (d) => d.deadLetter("bad"))
          expect((yield* queue.deadLetters(2)).length).toBe(2)
          expect(sorted((yield* queue.deadLetters(10)).map((d) => d.id))).toEqual(sorted(published))
        }))
    })

    describe("concurrency", () => {
      test("two concurrent pullers never both hold the same message", (queue) =>
        Effect.gen(function*() {
          const published = Array.from({ length: 60 }, (_, i) => uniqueName(`event-${i}`))
          yield* Effect.forEach(published, (id) => queue.publish(id, id), { discard: true })
          // Nothing is settled until both are done, so every message stays in flight with one of them.
          // Each hand-out is stamped with when its pull began and when it returned: the hand-out
          // itself lies between the two.
          const puller = Effect.gen(function*() {
            const held: Array<{ readonly delivery: EventQueue.Delivery; readonly from: number; readonly to: number }> = []
            while (true) {
              const from = yield* Clock.currentTimeMillis
              const batch = yield* queue.pull(7, Duration.millis(200))
              const to = yield* Clock.currentTimeMillis
              if (batch.length === 0) return held
              held.push(...batch.map((delivery) => ({ delivery, from, to })))
            }
          })
          const [a, b] = yield* Effect.all([puller, puller], { concurrency: 2 })
          const handOuts = [...a, ...b]
          // A puller slower than the visibility timeout (a loaded machine) may lawfully be handed a
          // message again once its lease ran out; never while it is held.
          expect(sorted(ids(handOuts.filter((h) => h.delivery.attempt === 1).map((h) => h.delivery))))
            .toEqual(sorted(published))
          const early = published.flatMap((id) => {
            const ofId = handOuts.filter((h) => h.delivery.id === id).sort((x, y) => x.delivery.attempt - y.delivery.attempt)
            return ofId.slice(1).flatMap((later, i) => {
              const earlier = ofId[i]!
              const lawful = later.delivery.attempt === earlier.delivery.attempt + 1 &&
                later.to - earlier.from >= Duration.toMillis(Duration.subtract(visibility, tolerance))
              return lawful ? [] : [`${id}: attempt ${earlier.delivery.attempt} then ${later.delivery.attempt}`]
            })
          })
          expect(early).toEqual([])
          yield* Effect.forEach(handOuts, (h) => h.delivery.ack, { discard: true })
        }))

      test("500 concurrent publishes are all delivered exactly once", (queue) =>
        Effect.gen(function*() {
          const published = Array.from({ length: 500 }, (_, i) => uniqueName(`event-${i}`))
          yield* Effect.forEach(published, (id) => queue.publish(id, `{"id":"${id}"}`), {
            concurrency: "unbounded",
            discard: true
          })
          const received = yield* drain(queue, (d) => d.ack)
          expect(received.every((d) => d.attempt === 1 && d.payload === `{"id":"${d.id}"}`)).toBe(true)
          expect(sorted(ids(received))).toEqual(sorted(published))
        }),
        // 500 round trips each way: what this asserts is exactly once, not how fast; a CI machine
        // busy with other suites took 24 s.
        Math.max(timeout, 90_000))
    })
  })
}

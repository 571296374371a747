import { Clock, Duration, Effect, Layer } from "effect"
import { AnalysisQueue } from "../ports/AnalysisQueue.js"
import { type DeadLetter, type Delivery, EventQueue, exhaustedReason, queueMaxDeliveries } from "../ports/EventQueue.js"

interface Entry {
  readonly id: string
  readonly payload: string
  attempt: number
  /** Epoch ms from which the message may be delivered (again). */
  availableAt: number
}

export interface MemoryEventQueueOptions {
  readonly visibility?: Duration.DurationInput
  /** Deliveries of a message at most; one handed out that often and not settled goes to the dead letters. */
  readonly maxDeliveries?: number
}

/**
 * A queue in memory, for tests and embedding: not durable. A delivered message is invisible for
 * `visibility` and comes back if nobody settles it by then, as with a durable broker.
 */
export const make = (options: MemoryEventQueueOptions = {}) =>
  Effect.sync(() => {
    const visibility = Duration.toMillis(options.visibility ?? Duration.seconds(30))
    const maxDeliveries = options.maxDeliveries ?? queueMaxDeliveries
    const pending = new Map<string, Entry>()
    const seen = new Set<string>()
    const dead: Array<DeadLetter> = []

    const settle = (entry: Entry, attempt: number, action: () => void) =>
      Effect.sync(() => {
        // A delivery settled after its message was handed out again no longer owns it.
        if (pending.get(entry.id) === entry && entry.attempt === attempt) action()
      })

    const deliver = (entry: Entry, now: number): Delivery => {
      entry.attempt += 1
      entry.availableAt = now + visibility
      const attempt = entry.attempt
      return {
        id: entry.id,
        payload: entry.payload,
        attempt,
        ack: settle(entry, attempt, () => pending.delete(entry.id)),
        retry: (delay) =>
          Effect.flatMap(Clock.currentTimeMillis, (at) =>
            settle(entry, attempt, () => {
              entry.availableAt = at + Duration.toMillis(delay)
            })),
        deadLetter: (reason) =>
          settle(entry, attempt, () => {
            pending.delete(entry.id)
            dead.push({ id: entry.id, payload: entry.payload, reason })
          })
      }
    }

    const exhausted = (entry: Entry) => {
      pending.delete(entry.id)
      dead.push({ id: entry.id, payload: entry.payload, reason: exhaustedReason(entry.attempt) })
    }

    const available = (now: number, max: number) => {
      const due = [...pending.values()].filter((e) => e.availableAt <= now)
      due.filter((e) => e.attempt >= maxDeliveries).forEach(exhausted)
      return due.filter((e) => e.attempt < maxDeliveries).slice(0, max).map((e) => deliver(e, now))
    }

    return EventQueue.of({
      publish: (id, payload) =>
        Effect.sync(() => {
          if (seen.has(id)) return
          seen.add(id)
          pending.set(id, { id, payload, attempt: 0, availableAt: 0 })
        }),
      pull: (max, wait) =>
        Effect.gen(function*() {
          const deadline = (yield* Clock.currentTimeMillis) + Duration.toMillis(wait)
          while (true) {
            const now = yield* Clock.currentTimeMillis
            const batch = available(now, max)
            if (batch.length > 0 || now >= deadline) return batch
            yield* Effect.sleep(Duration.millis(Math.min(20, deadline - now)))
          }
        }),
      deadLetters: (limit) => Effect.sync(() => dead.slice(0, limit))
    })
  })

export const layer = (options: MemoryEventQueueOptions = {}) =>
  Layer.effect(EventQueue, make(options))

/** The same queue in memory, as the queue of analysis jobs. */
export const analysisLayer = (options: MemoryEventQueueOptions = {}) =>
  Layer.effect(AnalysisQueue, make(options))

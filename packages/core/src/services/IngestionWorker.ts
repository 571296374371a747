import { Duration, Effect, Either } from "effect"
import { decodeEnvelope, type IngestionEnvelope } from "../domain/IngestionEnvelope.js"
import type { Event } from "../domain/IngestionEvents.js"
import { mapProviderPayload } from "../domain/providers/ProviderPayload.js"
import { type Delivery, EventQueue, exhaustedReason } from "../ports/EventQueue.js"
import { EventStore } from "../ports/EventStore.js"
import { defaultMaxDeliveries, isExhausted, retryOrDeadLetter, runForever, settle } from "../runtime/QueueConsumer.js"
import { withSpans } from "../runtime/Spans.js"

export interface WorkerOptions {
  /** Messages pulled at once; their events are stored together, per organization and system. */
  readonly batchSize?: number
  /**
   * Deliveries of one message before it goes to the dead letters (default 3): storing it failed
   * that often, or it was handed out that often without being settled.
   */
  readonly maxDeliveries?: number
  /** How long a pull waits for the first message. */
  readonly pollWait?: Duration.DurationInput
}

interface Decoded {
  readonly delivery: Delivery
  readonly envelope: IngestionEnvelope
  readonly events: ReadonlyArray<Event>
}

/** Why a payload can never become events: retrying would not help, so it is dead-lettered. */
const eventsOf = (envelope: IngestionEnvelope): Either.Either<ReadonlyArray<Event>, string> =>
  envelope.origin._tag === "Event"
    ? Either.right([envelope.origin.event])
    : Either.mapLeft(
      mapProviderPayload(envelope.origin.provider, envelope.origin.headers, envelope.origin.payload),
      (e) => e.message
    )

const make = (options: WorkerOptions) =>
  Effect.gen(function*() {
    const queue = yield* EventQueue
    const store = yield* EventStore
    const batchSize = options.batchSize ?? 256
    const maxDeliveries = options.maxDeliveries ?? defaultMaxDeliveries
    const pollWait = options.pollWait ?? Duration.seconds(1)

    const decode = (delivery: Delivery): Effect.Effect<Decoded | undefined, never> =>
      isExhausted(delivery, maxDeliveries)
        ? Effect.as(settle(delivery.deadLetter(exhaustedReason(delivery.attempt - 1))), undefined)
        : decodeOnce(delivery)

    const decodeOnce = (delivery: Delivery): Effect.Effect<Decoded | undefined, never> =>
      Either.match(Either.mapLeft(decodeEnvelope(delivery.payload), (e) => `undecodable envelope: ${e.message}`), {
        onLeft: (reason) => Effect.as(settle(delivery.deadLetter(reason)), undefined),
        onRight: (envelope) =>
          Either.match(eventsOf(envelope), {
            onLeft: (reason) => Effect.as(settle(delivery.deadLetter(reason)), undefined),
            onRight: (events) => Effect.succeed({ delivery, envelope, events })
          })
      })

    const failed = (items: ReadonlyArray<Decoded>, reason: string) =>
      Effect.forEach(items, ({ delivery }) => retryOrDeadLetter(delivery, maxDeliveries, "storing", reason), {
        concurrency: "unbounded",
        discard: true
      })

    /** Stores one organization's and system's events in one write, then acknowledges their messages. */
    const storeGroup = (items: ReadonlyArray<Decoded>) =>
      Effect.gen(function*() {
        const [first] = items
        if (first === undefined) return
        const events = items.flatMap((i) => i.events)
        const stored = yield* Effect.either(store.store(first.envelope.organizationId, first.envelope.system, events))
        if (Either.isLeft(stored)) return yield* failed(items, stored.left.message)
        yield* Effect.forEach(items, ({ delivery }) => settle(delivery.ack), { concurrency: "unbounded", discard: true })
      })

    /** Pulls one batch and settles every message of it; answers how many messages it handled. */
    const processBatch = Effect.gen(function*() {
      const deliveries = yield* queue.pull(batchSize, pollWait)
      const decoded = (yield* Effect.forEach(deliveries, decode)).filter((d): d is Decoded => d !== undefined)
      const groups = new Map<string, Array<Decoded>>()
      for (const item of decoded) {
        const key = `${item.envelope.organizationId}\u0000${item.envelope.system}`
        const group = groups.get(key)
        if (group === undefined) groups.set(key, [item])
        else group.push(item)
      }
      yield* Effect.forEach(groups.values(), storeGroup, { concurrency: 4, discard: true })
      return deliveries.length
    })

    /** Runs until interrupted; a queue outage is logged and waited out. */
    const run = runForever("ingestion worker", processBatch)

    // `run` lasts as long as the process: a span of its own would parent every batch of its life.
    return { ...withSpans("IngestionWorker", { processBatch }), run }
  })

/**
 * The worker side of the pipeline: pulls queued payloads, maps them to events, stores them
 * idempotently and acknowledges only after the store committed. Payloads that can never be
 * processed, and those whose storage failed `maxDeliveries` times, go to the dead letters.
 */
export class IngestionWorker extends Effect.Service<IngestionWorker>()("@tidemark/core/IngestionWorker", {
  effect: (options: WorkerOptions = {}) => make(options)
}) {}

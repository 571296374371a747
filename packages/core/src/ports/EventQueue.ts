import { Context, type Duration, type Effect, Schema } from "effect"

export class QueueUnavailable extends Schema.TaggedError<QueueUnavailable>()("QueueUnavailable", {
  reason: Schema.String
}) {
  override get message() {
    return `the queue is unavailable: ${this.reason}`
  }
}

/** One message handed to a consumer; exactly one of ack, retry or deadLetter settles it. */
export interface Delivery {
  readonly id: string
  readonly payload: string
  /** 1 on the first delivery, counting every redelivery since. */
  readonly attempt: number
  /** The message was processed: never deliver it again. */
  readonly ack: Effect.Effect<void, QueueUnavailable>
  /** Processing failed for now: deliver it again after `delay`. */
  readonly retry: (delay: Duration.DurationInput) => Effect.Effect<void, QueueUnavailable>
  /** Processing can never succeed: keep the message aside with the reason, and never deliver it again. */
  readonly deadLetter: (reason: string) => Effect.Effect<void, QueueUnavailable>
}

/**
 * How many times the workers take a message before giving up on it (default 3). A message handed
 * out again without having been settled stopped its worker (the process died, or froze past the
 * visibility time) or met an outage: a poison job would otherwise stop every worker it reaches,
 * after every restart.
 */
export const defaultMaxDeliveries = 3

/**
 * How many times a queue hands a message out at most (JetStream's `max_deliver`, the outbox's
 * claim): one more than the workers' limit, so that a worker sees the delivery on which it records
 * that it gave up; a message that stops even that one is never handed out again.
 */
export const queueMaxDeliveries = defaultMaxDeliveries + 1

/** The reason a queue gives a message it stopped handing out. */
export const exhaustedReason = (deliveries: number) => `handed out ${deliveries} times without being settled`

export interface DeadLetter {
  readonly id: string
  readonly payload: string
  readonly reason: string
}

/**
 * A durable queue of ingested payloads. `publish` succeeds only once the message is stored durably;
 * publishing an id already published is accepted and stored once (broker-side de-duplication).
 * Consumers pull; a message not settled in time is delivered again, so processing must be idempotent.
 */
export class EventQueue extends Context.Tag("@tidemark/core/EventQueue")<
  EventQueue,
  {
    readonly publish: (id: string, payload: string) => Effect.Effect<void, QueueUnavailable>
    /** Up to `max` messages, waiting at most `wait` for the first one. */
    readonly pull: (max: number, wait: Duration.DurationInput) => Effect.Effect<ReadonlyArray<Delivery>, QueueUnavailable>
    readonly deadLetters: (limit: number) => Effect.Effect<ReadonlyArray<DeadLetter>, QueueUnavailable>
  }
>() {}

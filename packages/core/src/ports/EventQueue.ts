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

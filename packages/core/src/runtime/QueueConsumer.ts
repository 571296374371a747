import { Cause, Duration, Effect } from "effect"
import type { Delivery, QueueUnavailable } from "../ports/EventQueue.js"

export { defaultMaxDeliveries } from "../ports/EventQueue.js"

/** What the workers of both queues (ingestion, analysis) do alike with their deliveries. */

/** Handed out more than `maxDeliveries` times: never processed again, whatever it holds. */
export const isExhausted = (delivery: Delivery, maxDeliveries: number) => delivery.attempt > maxDeliveries

/** Exponential back-off between deliveries of a message whose processing failed: 1 s, 2 s, 4 s, ... 1 min. */
export const retryDelay = (attempt: number): Duration.Duration =>
  Duration.millis(Math.min(60_000, 1_000 * 2 ** Math.max(0, attempt - 1)))

/** A settle that fails leaves the message to be delivered again, which processing tolerates (it is idempotent). */
export const settle = (effect: Effect.Effect<void, unknown>) =>
  Effect.catchAll(effect, (e) => Effect.logWarning("could not settle a queue message; it will be delivered again", e))

/**
 * `action` (e.g. "storing") failed for now: deliver again after a back-off, or set the message aside
 * once `maxAttempts` deliveries failed.
 */
export const retryOrDeadLetter = (delivery: Delivery, maxAttempts: number, action: string, reason: string) =>
  settle(
    delivery.attempt >= maxAttempts
      ? delivery.deadLetter(`${action} failed ${delivery.attempt} times: ${reason}`)
      : delivery.retry(retryDelay(delivery.attempt))
  )

/** A defect's first line: what a log or a problem can say of it without a stack. */
export const defectMessage = (defect: unknown): string => {
  const text = defect instanceof Error ? `${defect.name}: ${defect.message}` : String(defect)
  return text.split("\n")[0] ?? text
}

/**
 * Runs `step` until interrupted. A queue outage is logged and waited out; so is a defect that
 * escaped the step's own handling, so that no job, however broken, ends the worker.
 */
export const runForever = <A>(worker: string, step: Effect.Effect<A, QueueUnavailable>) =>
  step.pipe(
    Effect.catchAll((e) =>
      Effect.zipRight(Effect.logWarning(`${worker}: the queue is unavailable`, e.message), Effect.sleep("1 second"))
    ),
    Effect.catchAllDefect((defect) =>
      Effect.zipRight(Effect.logError(`${worker}: a step failed unexpectedly`, Cause.die(defect)), Effect.sleep("1 second"))
    ),
    Effect.forever
  )

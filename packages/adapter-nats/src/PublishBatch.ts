import { Schema } from "effect"

/**
 * Concurrent publishes grouped into one JetStream message, answered together by its one PubAck.
 *
 * A PubAck per event caps the ingestion API: with 50 requests in flight each waits for its own
 * round trip through the stream, and the client writes (and the broker stores) one message each.
 * Publishes made in the same turn of the event loop (those of concurrent requests) are sent as
 * one message instead: a publish made alone goes out exactly as before (its id as the message
 * id). Every caller still returns only once the message holding its item is stored.
 *
 * What a batch changes: the broker de-duplicates per message, so an id published again inside a
 * batch, or alone while it travelled in a batch, is queued twice (the worker's idempotent store
 * keeps one event); and a batch is delivered, retried and redelivered as a whole (see `Settle`).
 */

/** Header marking a message that holds a batch (a JSON array of `{id, payload}`). */
export const header = "Tidemark-Batch"

export interface Item {
  readonly id: string
  readonly payload: string
}

const Items = Schema.parseJson(Schema.NonEmptyArray(Schema.Struct({ id: Schema.String, payload: Schema.String })))
export const encode = Schema.encodeSync(Items)
export const decode = Schema.decodeUnknownEither(Items)

/** A batch holding an id twice keeps the first, as publishing it twice would. */
export const firstOfEachId = (items: ReadonlyArray<Item>): ReadonlyArray<Item> => {
  const ids = new Set<string>()
  return items.filter((item) => ids.has(item.id) ? false : Boolean(ids.add(item.id)))
}

interface Waiting extends Item {
  readonly resolve: () => void
  readonly reject: (error: unknown) => void
}

export interface Limits {
  /** The most items one message carries. */
  readonly maxItems: number
  /**
   * Characters of payload after which a batch is sent at once. JSON escaping may grow a payload
   * (up to six times for control characters), and the message must stay under NATS' max_payload
   * (1 MB by default).
   */
  readonly maxChars: number
  /** A larger payload (a provider's webhook, say) is published alone, as without grouping. */
  readonly maxItemChars: number
}

/**
 * A publish function that groups: items offered in one turn of the event loop go to `send`
 * together once the turn's work is done, or as soon as a batch reaches its limits.
 */
export const make = (send: (items: ReadonlyArray<Item>) => Promise<unknown>, limits: Limits) => {
  let waiting: Array<Waiting> = []
  let chars = 0

  const sendAll = (batch: ReadonlyArray<Waiting>) =>
    send(batch).then(
      () => batch.forEach((w) => w.resolve()),
      (error: unknown) => batch.forEach((w) => w.reject(error))
    )

  const flush = () => {
    const batch = waiting
    waiting = []
    chars = 0
    if (batch.length > 0) sendAll(batch)
  }

  return (item: Item): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const entry = { ...item, resolve, reject }
      if (item.payload.length > limits.maxItemChars) return void sendAll([entry])
      waiting.push(entry)
      chars += item.payload.length
      if (waiting.length >= limits.maxItems || chars >= limits.maxChars) flush()
      else if (waiting.length === 1) setImmediate(flush)
    })
}

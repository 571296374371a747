import type { NatsConnection } from "@nats-io/transport-node"

/**
 * A flush (a PING answered by a PONG) shared by everything written in the same turn of the event
 * loop: its answer says the server has received all of it, so a batch of acks costs one round trip
 * instead of one each. A writer writes first, then asks for the flush. The flush fails if no
 * answer comes within `timeoutMillis` (the connection is down).
 */
export const make = (nc: NatsConnection, timeoutMillis: number): () => Promise<void> => {
  let next: Promise<void> | undefined

  const flushNow = () =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer from NATS within ${timeoutMillis} ms`)), timeoutMillis)
      nc.flush().then(resolve, reject).finally(() => clearTimeout(timer))
    })

  return () => {
    // Sent once this turn's writes are done; whoever asks after it is sent waits for the next one.
    next ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      next = undefined
      return flushNow()
    })
    return next
  }
}

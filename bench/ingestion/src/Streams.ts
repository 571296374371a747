import { jetstreamManager, type JetStreamManager } from "@nats-io/jetstream"
import { connect } from "@nats-io/transport-node"
import { NatsEventQueue } from "@tidemark/adapter-nats"
import { Effect } from "effect"

/**
 * The server's stream names are fixed: the bench deletes its streams (and with them the durable
 * consumer) before and after each phase, so that no run, and no phase, sees another's messages.
 */
const { stream, deadLetterStream } = NatsEventQueue.topology({ servers: "" })
export const topology = { stream, deadLetterStream }

const connection = (servers: string) =>
  Effect.acquireRelease(
    Effect.tryPromise(() => connect({ servers, name: "tidemark-bench", timeout: 5_000 })),
    (nc) => Effect.promise(() => nc.drain().catch(() => nc.close()))
  )

/** A JetStream manager on its own connection, closed with the scope. */
export const manager = (servers: string) =>
  Effect.flatMap(connection(servers), (nc) => Effect.tryPromise(() => jetstreamManager(nc)))

const streamNotFound = 10059

const deleteStream = (jsm: JetStreamManager, name: string) =>
  Effect.tryPromise(() => jsm.streams.delete(name)).pipe(
    Effect.catchIf(
      (error) => error.error instanceof Error && "code" in error.error && error.error.code === streamNotFound,
      () => Effect.succeed(false)
    ),
    Effect.catchIf(
      (error) => error.error instanceof Error && /stream not found/i.test(error.error.message),
      () => Effect.succeed(false)
    )
  )

/** Deletes the ingestion stream and its dead-letter stream, whether or not they exist. */
export const reset = (jsm: JetStreamManager) =>
  Effect.zipRight(deleteStream(jsm, topology.stream), deleteStream(jsm, topology.deadLetterStream))

/** Messages the ingestion stream holds now (a work queue: unacknowledged ones). */
export const pending = (jsm: JetStreamManager) =>
  Effect.tryPromise(() => jsm.streams.info(topology.stream)).pipe(Effect.map((info) => info.state.messages))

import { JetStreamApiCodes, JetStreamApiError, jetstreamManager, type JetStreamManager } from "@nats-io/jetstream"
import { connect } from "@nats-io/transport-node"
import { EventQueue } from "@tidemark/core"
import { Effect, Layer } from "effect"
import { NatsEventQueue } from "../src/index.js"

export const natsUrl = process.env["NATS_URL"] ?? "nats://127.0.0.1:4222"

export type Overrides = Partial<Omit<NatsEventQueue.NatsEventQueueOptions, "servers">>

/** Options naming a stream, subjects and a consumer of their own (a random suffix). */
export const uniqueOptions = (overrides: Overrides = {}): NatsEventQueue.NatsEventQueueOptions => {
  const suffix = crypto.randomUUID().slice(0, 8)
  return {
    servers: natsUrl,
    stream: `TEST_${suffix}`,
    subject: `tidemark-test.${suffix}.ingestion`,
    durable: `worker-${suffix}`,
    ...overrides
  }
}

/** An administration connection of its own, closed when the scope closes. */
export const manager = (servers: string = natsUrl) =>
  Effect.acquireRelease(
    Effect.promise(() => connect({ servers })),
    (nc) => Effect.promise(() => nc.close())
  ).pipe(Effect.flatMap((nc) => Effect.promise(() => jetstreamManager(nc))))

const deleteStream = (jsm: JetStreamManager, stream: string) =>
  Effect.tryPromise(() => jsm.streams.delete(stream)).pipe(
    // A queue that failed to start may have created nothing.
    Effect.catchIf(
      (error) => error.error instanceof JetStreamApiError && error.error.code === JetStreamApiCodes.StreamNotFound,
      () => Effect.succeed(false)
    ),
    Effect.orDie
  )

/** Deletes the streams of `options` (their consumer goes with them) when the scope closes. */
export const deleteAfterwards = (options: NatsEventQueue.NatsEventQueueOptions) =>
  Effect.addFinalizer(() =>
    Effect.scoped(Effect.gen(function*() {
      const jsm = yield* manager(options.servers)
      const { deadLetterStream, stream } = NatsEventQueue.topology(options)
      yield* deleteStream(jsm, stream)
      yield* deleteStream(jsm, deadLetterStream)
    }))
  )

/** A queue on streams of its own, deleted when the layer is released. */
export const layer = (options: NatsEventQueue.NatsEventQueueOptions): Layer.Layer<EventQueue.EventQueue, unknown> =>
  Layer.scoped(EventQueue.EventQueue, Effect.zipRight(deleteAfterwards(options), NatsEventQueue.make(options)))

/** Messages stored in a stream now. */
export const storedCount = (jsm: JetStreamManager, stream: string) =>
  Effect.map(Effect.promise(() => jsm.streams.info(stream)), (info) => info.state.messages)

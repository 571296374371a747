import {
  AckPolicy,
  type ConsumerConfig,
  DeliverPolicy,
  DiscardPolicy,
  JetStreamApiError,
  type JetStreamManager,
  ReplayPolicy,
  RetentionPolicy,
  StorageType,
  type StreamConfig
} from "@nats-io/jetstream"
import { Duration, Effect } from "effect"

/** The streams and the consumer the queue works on, all named. */
export interface Topology {
  readonly stream: string
  readonly subject: string
  readonly durable: string
  readonly deadLetterStream: string
  readonly deadLetterSubject: string
  readonly ackWait: Duration.Duration
  /** Deliveries of one message before the broker stops handing it out: one past the queue's own limit, which sets it aside. */
  readonly maxDeliver: number
  readonly maxAckPending: number
  readonly duplicateWindow: Duration.Duration
}

/** The settings this adapter decides; the server's defaults stand for the others. */
export type NamedStreamConfig = Partial<StreamConfig> & { readonly name: string }

/** The server's "stream name already in use with a different configuration". */
const streamNameInUse = 10058

const nanos = (duration: Duration.Duration) => Math.round(Duration.toMillis(duration) * 1_000_000)

/**
 * The ingestion stream: kept on disk, each message removed once acknowledged (work queue), ids
 * remembered for `duplicateWindow` so that a message published again with the same id is stored
 * once. The broker keeps every id of the window in memory: the window is a trade of memory against
 * how late a client may retry.
 */
export const streamConfig = (topology: Topology): NamedStreamConfig => ({
  name: topology.stream,
  subjects: [topology.subject],
  storage: StorageType.File,
  retention: RetentionPolicy.Workqueue,
  discard: DiscardPolicy.Old,
  duplicate_window: nanos(topology.duplicateWindow),
  max_msgs: -1,
  max_bytes: -1,
  max_age: 0,
  num_replicas: 1
})

/** Dead letters are kept on disk until someone removes them; nothing consumes them. */
export const deadLetterStreamConfig = (topology: Topology): NamedStreamConfig => ({
  ...streamConfig(topology),
  name: topology.deadLetterStream,
  subjects: [topology.deadLetterSubject],
  retention: RetentionPolicy.Limits
})

/** The durable pull consumer every worker shares: each message goes to one of them at a time. */
export const consumerConfig = (topology: Topology): Partial<ConsumerConfig> => ({
  durable_name: topology.durable,
  filter_subject: topology.subject,
  ack_policy: AckPolicy.Explicit,
  ack_wait: nanos(topology.ackWait),
  max_deliver: topology.maxDeliver,
  max_ack_pending: topology.maxAckPending,
  deliver_policy: DeliverPolicy.All,
  replay_policy: ReplayPolicy.Instant
})

const ensureStream = (jsm: JetStreamManager, config: NamedStreamConfig) =>
  Effect.tryPromise(() => jsm.streams.add(config)).pipe(
    // Adding is idempotent for the same configuration; a changed one is applied as an update.
    Effect.catchIf(
      (error) => error.error instanceof JetStreamApiError && error.error.code === streamNameInUse,
      () => Effect.tryPromise(() => jsm.streams.update(config.name, config))
    ),
    Effect.mapError((error) => error.error)
  )

/**
 * Creates the streams and the consumer, or brings existing ones to this configuration; several
 * processes may do so at once. A setting the server cannot change in place (storage, retention)
 * fails.
 */
export const ensure = (jsm: JetStreamManager, topology: Topology): Effect.Effect<void, unknown> =>
  Effect.gen(function*() {
    yield* ensureStream(jsm, streamConfig(topology))
    yield* ensureStream(jsm, deadLetterStreamConfig(topology))
    // Adding a durable consumer that exists updates it to the configuration given.
    yield* Effect.tryPromise({
      try: () => jsm.consumers.add(topology.stream, consumerConfig(topology)),
      catch: (error) => error
    })
  })

import { type JetStreamClient, jetstreamManager, type JetStreamManager, PubHeaders } from "@nats-io/jetstream"
import { connect, type Msg, type NatsConnection } from "@nats-io/transport-node"
import { type DeadLetter, type Delivery, EventQueue, QueueUnavailable } from "@tidemark/core"
import { Config, type ConfigError, Duration, Effect, Layer, Schema, type Scope } from "effect"
import * as DeliveryOwnership from "./DeliveryOwnership.js"
import * as JetStreamTopology from "./JetStreamTopology.js"
import * as JetStreamPull from "./JetStreamPull.js"
import * as SharedFlush from "./SharedFlush.js"

export interface NatsEventQueueOptions {
  /** Server URLs, comma-separated, e.g. `nats://127.0.0.1:4222`. */
  readonly servers: string
  /** The stream holding queued messages; default `TIDEMARK_INGESTION`. */
  readonly stream?: string
  /** The subject messages are published on; default `tidemark.ingestion`. */
  readonly subject?: string
  /** The durable pull consumer every worker shares; default `tidemark-worker`. */
  readonly durable?: string
  /** Default: the stream's name followed by `_DEAD`. */
  readonly deadLetterStream?: string
  /** Default: the subject followed by `.dead`. */
  readonly deadLetterSubject?: string
  /** How long a delivery may stay unsettled before it is handed out again; default 30 seconds. */
  readonly ackWait?: Duration.DurationInput
  /**
   * Deliveries of one message before the broker stops handing it out, without dead-lettering it;
   * default -1 (never): the worker dead-letters a message it gives up on. If set, keep it above
   * the worker's own limit.
   */
  readonly maxDeliver?: number
  /** Deliveries unsettled at once, over all workers, before the broker holds back; default 1 000. */
  readonly maxAckPending?: number
  /** How long an id is remembered for de-duplication; default 2 minutes. */
  readonly duplicateWindow?: Duration.DurationInput
  /** Bound of every request to NATS (connecting, publishing, acknowledging); default 3 seconds. */
  readonly timeout?: Duration.DurationInput
}

/** A pull never keeps a request open longer than this, whatever it was asked. */
const longestWait = Duration.minutes(5)

const DeadLetterJson = Schema.parseJson(Schema.Struct({
  id: Schema.String,
  payload: Schema.String,
  reason: Schema.String
}))

export const topology = (options: NatsEventQueueOptions): JetStreamTopology.Topology => {
  const stream = options.stream ?? "TIDEMARK_INGESTION"
  const subject = options.subject ?? "tidemark.ingestion"
  return {
    stream,
    subject,
    durable: options.durable ?? "tidemark-worker",
    deadLetterStream: options.deadLetterStream ?? `${stream}_DEAD`,
    deadLetterSubject: options.deadLetterSubject ?? `${subject}.dead`,
    ackWait: Duration.decode(options.ackWait ?? Duration.seconds(30)),
    maxDeliver: options.maxDeliver ?? -1,
    maxAckPending: options.maxAckPending ?? 1_000,
    duplicateWindow: Duration.decode(options.duplicateWindow ?? Duration.minutes(2))
  }
}

const describe = (cause: unknown) =>
  cause instanceof Error ? (cause.name === "Error" ? cause.message : `${cause.name}: ${cause.message}`) : String(cause)

const unavailable = (action: string) => (cause: unknown) => new QueueUnavailable({ reason: `${action}: ${describe(cause)}` })

const tryNats = <A>(action: string, run: () => Promise<A>) => Effect.tryPromise({ try: run, catch: unavailable(action) })

/** Server URLs as they may be shown: without credentials. */
const shown = (servers: ReadonlyArray<string>) => servers.map((url) => url.replace(/\/\/[^@/]*@/, "//")).join(", ")

/** Drains (pending messages are handed over, subscriptions end), or closes if draining stalls. */
const close = (nc: NatsConnection, timeout: Duration.Duration) =>
  Effect.tryPromise(() => nc.drain()).pipe(
    Effect.timeout(timeout),
    Effect.catchAll((error) =>
      Effect.logWarning("Draining the NATS connection failed; closing it", error).pipe(
        Effect.zipRight(Effect.tryPromise(() => nc.close()))
      )
    ),
    Effect.catchAll((error) => Effect.logWarning("Closing the NATS connection failed", error))
  )

/**
 * Reconnects forever: the broker may restart under a running server, which answers "unavailable"
 * meanwhile and recovers by itself.
 */
const connection = (servers: ReadonlyArray<string>, timeout: Duration.Duration) =>
  Effect.acquireRelease(
    tryNats(`connecting to NATS at ${shown(servers)}`, () =>
      connect({
        servers: [...servers],
        name: "tidemark",
        timeout: Duration.toMillis(timeout),
        maxReconnectAttempts: -1,
        reconnectTimeWait: 1_000,
        // Otherwise every request builds an Error for its stack, in case it fails: a sixth of the
        // CPU time of publishing.
        noAsyncTraces: true
      })),
    (nc) => close(nc, timeout)
  )

/**
 * Whether the connection is up now, following the client's status events. The loop ends when the
 * connection closes; it is not interrupted (an async iterator cannot be ended while it waits).
 */
const watchConnection = (nc: NatsConnection) =>
  Effect.gen(function*() {
    const state = { connected: true }
    const follow = async () => {
      for await (const status of nc.status()) {
        if (status.type === "disconnect") state.connected = false
        else if (status.type === "reconnect") state.connected = true
      }
    }
    yield* Effect.tryPromise(follow).pipe(
      Effect.catchAll((error) => Effect.logWarning("Following the NATS connection's status failed", error)),
      Effect.forkScoped
    )
    return () => state.connected
  })

interface Context {
  readonly topology: JetStreamTopology.Topology
  readonly nc: NatsConnection
  readonly jsm: JetStreamManager
  readonly js: JetStreamClient
  /** Where pull requests to the consumer go. */
  readonly nextSubject: string
  readonly isConnected: () => boolean
  readonly timeoutMillis: number
  readonly owners: DeliveryOwnership.DeliveryOwnership
  readonly flush: () => Promise<void>
}

const publishTo = (context: Context, subject: string, id: string, payload: string) =>
  tryNats(`publishing ${id} on ${subject}`, () =>
    context.js.publish(subject, payload, { msgID: id, timeout: context.timeoutMillis }))

/**
 * Sends an ack or a nak, and succeeds once the server has received it (a shared flush, see
 * SharedFlush): waiting for the consumer's own answer to each ack costs about three times as much.
 * An ack lost in a failure means the message is delivered again, which processing allows for.
 */
const respond = (context: Context, action: string, message: Msg, body: string) =>
  tryNats(action, () => {
    message.respond(body)
    return context.flush()
  })

const toDelivery = (context: Context, message: Msg, info: JetStreamPull.DeliveryInfo): Delivery => {
  const { owners, topology } = context
  const sequence = info.streamSequence
  const attempt = info.deliveryCount
  const id = message.headers?.get(PubHeaders.MsgIdHdr) || String(sequence)
  const payload = message.string()
  const delivery = owners.claim(sequence)

  const unlessStale = (settle: Effect.Effect<void, QueueUnavailable>) =>
    Effect.suspend(() => owners.isStale(sequence, delivery) ? Effect.void : settle)
  const acknowledge = Effect.zipRight(
    respond(context, `acknowledging ${id}`, message, "+ACK"),
    Effect.sync(() => owners.finish(sequence, delivery))
  )
  const negativeAcknowledge = (delay: Duration.DurationInput) => {
    const nanos = Math.round(Duration.toMillis(delay) * 1_000_000)
    return respond(context, `retrying ${id}`, message, nanos > 0 ? `-NAK ${JSON.stringify({ delay: nanos })}` : "-NAK")
  }
  const record = (reason: string) => Schema.encodeSync(DeadLetterJson)({ id, payload, reason })

  return {
    id,
    payload,
    attempt,
    ack: unlessStale(acknowledge),
    retry: (delay) => unlessStale(negativeAcknowledge(delay)),
    // Stored aside first, acknowledged then: a crash in between delivers it again, and the dead
    // letter stream keeps one copy per id (same de-duplication window).
    deadLetter: (reason) =>
      unlessStale(Effect.zipRight(publishTo(context, topology.deadLetterSubject, id, record(reason)), acknowledge))
  }
}

const fromPulled = (context: Context, message: Msg) => {
  const info = JetStreamPull.deliveryInfo(message.reply)
  return message.reply === undefined || info === undefined
    ? Effect.fail(new QueueUnavailable({ reason: `pulling: a message on ${message.subject} cannot be acknowledged` }))
    : Effect.succeed(toDelivery(context, message, info))
}

const decodeDeadLetter = (sequence: number, text: string) =>
  Schema.decode(DeadLetterJson)(text).pipe(
    Effect.mapError(unavailable(`reading dead letter #${sequence}`))
  )

/** The oldest dead letters first, read by sequence (the stream is small and rarely read). */
const readDeadLetters = (context: Context, limit: number) =>
  Effect.gen(function*() {
    const stream = context.topology.deadLetterStream
    const { state } = yield* tryNats(`reading ${stream}`, () => context.jsm.streams.info(stream))
    const letters: Array<DeadLetter> = []
    let next = state.first_seq
    while (state.messages > 0 && letters.length < limit && next <= state.last_seq) {
      const last = Math.min(state.last_seq, next + (limit - letters.length) - 1)
      const sequences = Array.from({ length: last - next + 1 }, (_, i) => next + i)
      const stored = yield* Effect.forEach(
        sequences,
        (seq) => tryNats(`reading ${stream} #${seq}`, () => context.jsm.streams.getMessage(stream, { seq })),
        { concurrency: 16 }
      )
      for (const message of stored) {
        if (message !== null) letters.push(yield* decodeDeadLetter(message.seq, message.string()))
      }
      next = last + 1
    }
    return letters
  })

const pull = (context: Context, max: number, wait: Duration.DurationInput) =>
  Effect.gen(function*() {
    const count = Math.floor(max)
    if (count <= 0) return []
    // While reconnecting a pull would only wait and come back empty: say why instead.
    if (!context.isConnected()) {
      return yield* new QueueUnavailable({ reason: "pulling: disconnected from NATS, reconnecting" })
    }
    const waitMillis = Duration.toMillis(Duration.min(Duration.decode(wait), longestWait))
    const messages = yield* JetStreamPull.pull(context.nc, context.nextSubject, count, waitMillis, context.timeoutMillis)
      .pipe(Effect.mapError(unavailable(`pulling from the consumer ${context.topology.durable}`)))
    return yield* Effect.forEach(messages, (message) => fromPulled(context, message))
  })

/**
 * The queue on a JetStream stream, with a durable pull consumer shared by every worker. Connects,
 * then creates the streams and the consumer or brings them to this configuration (idempotent:
 * every process may do it at start-up); the connection is drained when the scope closes.
 * Every failure of NATS is a `QueueUnavailable`; no request waits longer than `timeout`.
 */
export const make = (options: NatsEventQueueOptions): Effect.Effect<EventQueue["Type"], QueueUnavailable, Scope.Scope> =>
  Effect.gen(function*() {
    const names = topology(options)
    const timeout = Duration.decode(options.timeout ?? Duration.seconds(3))
    const timeoutMillis = Duration.toMillis(timeout)
    const servers = options.servers.split(",").map((url) => url.trim()).filter((url) => url !== "")
    const nc = yield* connection(servers, timeout)
    const isConnected = yield* watchConnection(nc)
    const jsm = yield* tryNats("opening JetStream", () => jetstreamManager(nc, { timeout: timeoutMillis }))
    yield* JetStreamTopology.ensure(jsm, names).pipe(
      Effect.mapError(unavailable(`setting up the stream ${names.stream} and the consumer ${names.durable}`))
    )
    const js = jsm.jetstream()
    // Long enough for any delivery still being worked on; see DeliveryOwnership.
    const horizon = Math.max(10 * Duration.toMillis(names.ackWait), 60_000)
    const context: Context = {
      topology: names,
      nc,
      jsm,
      js,
      nextSubject: `${js.apiPrefix}.CONSUMER.MSG.NEXT.${names.stream}.${names.durable}`,
      isConnected,
      timeoutMillis,
      owners: DeliveryOwnership.make(horizon),
      flush: SharedFlush.make(nc, timeoutMillis)
    }

    return EventQueue.of({
      publish: (id, payload) => Effect.asVoid(publishTo(context, names.subject, id, payload)),
      pull: (max, wait) => pull(context, max, wait),
      deadLetters: (limit) => readDeadLetters(context, limit)
    })
  })

export const layer = (options: NatsEventQueueOptions): Layer.Layer<EventQueue, QueueUnavailable> =>
  Layer.scoped(EventQueue, make(options))

/** The server at `NATS_URL`, every other setting at its default. */
export const config: Config.Config<NatsEventQueueOptions> = Config.map(Config.string("NATS_URL"), (servers) => ({ servers }))

export const layerConfig: Layer.Layer<EventQueue, QueueUnavailable | ConfigError.ConfigError> = Layer.unwrapEffect(
  Effect.map(config, layer)
)

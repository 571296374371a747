import { type JetStreamClient, jetstreamManager, type JetStreamManager, PubHeaders } from "@nats-io/jetstream"
import { connect, headers, type Msg, type NatsConnection } from "@nats-io/transport-node"
import { AnalysisQueue, EventQueue } from "@tidemark/core"
import { Array as Arr, Config, type ConfigError, Duration, Effect, Either, Layer, Schema, type Scope } from "effect"
import { createHash } from "node:crypto"
import * as DeliveryOwnership from "./DeliveryOwnership.js"
import * as JetStreamTopology from "./JetStreamTopology.js"
import * as JetStreamPull from "./JetStreamPull.js"
import * as PublishBatch from "./PublishBatch.js"
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
   * Deliveries of a message at most (default `queueMaxDeliveries`): a message due again after that
   * many, never settled, is set aside with the dead letters and terminated instead of handed out.
   * The broker's own `max_deliver` is one more, so that the queue sees that delivery.
   */
  readonly maxDeliveries?: number
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
    maxDeliver: (options.maxDeliveries ?? EventQueue.queueMaxDeliveries) + 1,
    maxAckPending: options.maxAckPending ?? 1_000,
    duplicateWindow: Duration.decode(options.duplicateWindow ?? Duration.minutes(2))
  }
}

const describe = (cause: unknown) =>
  cause instanceof Error ? (cause.name === "Error" ? cause.message : `${cause.name}: ${cause.message}`) : String(cause)

const unavailable = (action: string) => (cause: unknown) => new EventQueue.QueueUnavailable({ reason: `${action}: ${describe(cause)}` })

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
  /** Deliveries pulled but not yet handed out (see `pull`). */
  readonly held: Array<EventQueue.Delivery>
  /** Items per message in the last pull; a batch's size until a pull says otherwise. */
  readonly itemsPerMessage: { estimate: number }
}

const publishTo = (context: Context, subject: string, id: string, payload: string) =>
  tryNats(`publishing ${id} on ${subject}`, () =>
    context.js.publish(subject, payload, { msgID: id, timeout: context.timeoutMillis }))

/** Ingested events are about 300 bytes each: 100 of them make a message of about 40 kB. */
const batchLimits: PublishBatch.Limits = { maxItems: 100, maxChars: 128 * 1024, maxItemChars: 16 * 1024 }

/**
 * A batch of one is published as a message of its own, under its id, as an ungrouped publish is;
 * a larger one under a message id made of its items' ids (see PublishBatch).
 */
const publishBatch = (context: Context, batch: ReadonlyArray<PublishBatch.Item>) => {
  const items = PublishBatch.firstOfEachId(batch)
  if (!Arr.isNonEmptyReadonlyArray(items)) return Promise.resolve()
  const subject = context.topology.subject
  const [first] = items
  if (items.length === 1) return context.js.publish(subject, first.payload, { msgID: first.id, timeout: context.timeoutMillis })
  const marked = headers()
  marked.set(PublishBatch.header, String(items.length))
  const msgID = `batch-${createHash("sha256").update(items.map((i) => i.id).join("\n")).digest("hex")}`
  return context.js.publish(subject, PublishBatch.encode(items), { msgID, headers: marked, timeout: context.timeoutMillis })
}

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

/** Settling one stored message: every delivery made of it (one, or one per item of a batch) uses these. */
const settlement = (context: Context, message: Msg, info: JetStreamPull.DeliveryInfo, label: string) => {
  const { owners } = context
  const sequence = info.streamSequence
  const delivery = owners.claim(sequence)
  const unlessStale = (settle: Effect.Effect<void, EventQueue.QueueUnavailable>) =>
    Effect.suspend(() => owners.isStale(sequence, delivery) ? Effect.void : settle)
  const finish = (action: string, body: string) =>
    Effect.zipRight(respond(context, `${action} ${label}`, message, body), Effect.sync(() => owners.finish(sequence, delivery)))
  const acknowledge = finish("acknowledging", "+ACK")
  // Never handed out again, whatever the consumer's max_deliver.
  const terminate = finish("terminating", "+TERM")
  const negativeAcknowledge = (delay: Duration.DurationInput) => {
    const nanos = Math.round(Duration.toMillis(delay) * 1_000_000)
    return respond(context, `retrying ${label}`, message, nanos > 0 ? `-NAK ${JSON.stringify({ delay: nanos })}` : "-NAK")
  }
  // Stored aside first, acknowledged then: a crash in between delivers it again, and the dead
  // letter stream keeps one copy per id (same de-duplication window).
  const setAside = (id: string, payload: string, reason: string) =>
    publishTo(context, context.topology.deadLetterSubject, id, Schema.encodeSync(DeadLetterJson)({ id, payload, reason }))
  return { unlessStale, acknowledge, terminate, negativeAcknowledge, setAside }
}

const toDelivery = (context: Context, message: Msg, info: JetStreamPull.DeliveryInfo): EventQueue.Delivery => {
  const id = message.headers?.get(PubHeaders.MsgIdHdr) || String(info.streamSequence)
  const payload = message.string()
  const { unlessStale, acknowledge, terminate, negativeAcknowledge, setAside } = settlement(context, message, info, id)
  return {
    id,
    payload,
    attempt: info.deliveryCount,
    ack: unlessStale(acknowledge),
    retry: (delay) => unlessStale(negativeAcknowledge(delay)),
    deadLetter: (reason) => unlessStale(Effect.zipRight(setAside(id, payload, reason), terminate))
  }
}

/**
 * The items of a batch, each a delivery of its own. The message is settled once every item is:
 * acked if none asked for a retry, else handed out again whole after the longest delay asked
 * (items already stored are stored again, which the port allows: processing is idempotent).
 */
const toBatchDeliveries = (
  context: Context,
  message: Msg,
  info: JetStreamPull.DeliveryInfo,
  items: ReadonlyArray<PublishBatch.Item>
): ReadonlyArray<EventQueue.Delivery> => {
  const { unlessStale, acknowledge, negativeAcknowledge, setAside } = settlement(
    context,
    message,
    info,
    `batch #${info.streamSequence}`
  )
  const settled = new Set<number>()
  let retryAfter: Duration.Duration | undefined
  const settle = (index: number, retry?: Duration.DurationInput) =>
    Effect.suspend(() => {
      if (settled.has(index)) return Effect.void
      settled.add(index)
      if (retry !== undefined) retryAfter = Duration.max(retryAfter ?? Duration.zero, Duration.decode(retry))
      if (settled.size < items.length) return Effect.void
      return retryAfter === undefined ? acknowledge : negativeAcknowledge(retryAfter)
    })
  return items.map((item, index) => ({
    id: item.id,
    payload: item.payload,
    attempt: info.deliveryCount,
    ack: unlessStale(settle(index)),
    retry: (delay) => unlessStale(settle(index, delay)),
    deadLetter: (reason) => unlessStale(Effect.zipRight(setAside(item.id, item.payload, reason), settle(index)))
  }))
}

/** A batch that does not decode is handed out as one message: the worker dead-letters it. */
const toDeliveries = (context: Context, message: Msg, info: JetStreamPull.DeliveryInfo): ReadonlyArray<EventQueue.Delivery> => {
  if (!message.headers?.has(PublishBatch.header)) return [toDelivery(context, message, info)]
  return Either.match(PublishBatch.decode(message.string()), {
    onLeft: () => [toDelivery(context, message, info)],
    onRight: (items) => toBatchDeliveries(context, message, info, items)
  })
}

/** A message due again after the queue's last delivery stopped every worker that took it: it is set aside instead. */
const buried = (deliveries: ReadonlyArray<EventQueue.Delivery>, handedOut: number) =>
  Effect.as(Effect.forEach(deliveries, (d) => d.deadLetter(EventQueue.exhaustedReason(handedOut)), { discard: true }), [])

const fromPulled = (context: Context, message: Msg) => {
  const info = JetStreamPull.deliveryInfo(message.reply)
  if (message.reply === undefined || info === undefined) {
    return Effect.fail(new EventQueue.QueueUnavailable({ reason: `pulling: a message on ${message.subject} cannot be acknowledged` }))
  }
  const deliveries = toDeliveries(context, message, info)
  const handedOut = context.topology.maxDeliver - 1
  return info.deliveryCount > handedOut ? buried(deliveries, handedOut) : Effect.succeed(deliveries)
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
    const letters: Array<EventQueue.DeadLetter> = []
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
    // Items of batches pulled before, beyond what that pull could return: handed out first.
    if (context.held.length > 0) return context.held.splice(0, count)
    // While reconnecting a pull would only wait and come back empty: say why instead.
    if (!context.isConnected()) {
      return yield* new EventQueue.QueueUnavailable({ reason: "pulling: disconnected from NATS, reconnecting" })
    }
    const waitMillis = Duration.toMillis(Duration.min(Duration.decode(wait), longestWait))
    // As many messages as should hold `count` items, going by the last pull: a worker takes no
    // more batches than it asked for items, and leaves the rest to the other workers.
    const wanted = Math.max(1, Math.floor(count / context.itemsPerMessage.estimate))
    const messages = yield* JetStreamPull.pull(context.nc, context.nextSubject, wanted, waitMillis, context.timeoutMillis)
      .pipe(Effect.mapError(unavailable(`pulling from the consumer ${context.topology.durable}`)))
    const deliveries = (yield* Effect.forEach(messages, (message) => fromPulled(context, message))).flat()
    if (messages.length > 0) context.itemsPerMessage.estimate = deliveries.length / messages.length
    context.held.push(...deliveries.slice(count))
    return deliveries.slice(0, count)
  })

/**
 * The queue on a JetStream stream, with a durable pull consumer shared by every worker. Connects,
 * then creates the streams and the consumer or brings them to this configuration (idempotent:
 * every process may do it at start-up); the connection is drained when the scope closes.
 * Every failure of NATS is a `QueueUnavailable`; no request waits longer than `timeout`.
 */
export const make = (options: NatsEventQueueOptions): Effect.Effect<EventQueue.EventQueue["Type"], EventQueue.QueueUnavailable, Scope.Scope> =>
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
      flush: SharedFlush.make(nc, timeoutMillis),
      held: [],
      itemsPerMessage: { estimate: batchLimits.maxItems }
    }
    const publishGrouped = PublishBatch.make((items) => publishBatch(context, items), batchLimits)

    return EventQueue.EventQueue.of({
      publish: (id, payload) => tryNats(`publishing ${id} on ${names.subject}`, () => publishGrouped({ id, payload })),
      pull: (max, wait) => pull(context, max, wait),
      deadLetters: (limit) => readDeadLetters(context, limit)
    })
  })

export const layer = (options: NatsEventQueueOptions): Layer.Layer<EventQueue.EventQueue, EventQueue.QueueUnavailable> =>
  Layer.scoped(EventQueue.EventQueue, make(options))

/** The queue of analysis jobs: a stream and consumer of its own, so analyses never hold up ingestion. */
export const analysisLayer = (options: NatsEventQueueOptions): Layer.Layer<AnalysisQueue.AnalysisQueue, EventQueue.QueueUnavailable> =>
  Layer.scoped(
    AnalysisQueue.AnalysisQueue,
    make({ stream: "TIDEMARK_ANALYSIS", subject: "tidemark.analysis", durable: "tidemark-analyzer", ...options })
  )

/** The queue with its options read from `config`, which the caller chooses. */
export const layerConfig = (
  config: Config.Config.Wrap<NatsEventQueueOptions>
): Layer.Layer<EventQueue.EventQueue, EventQueue.QueueUnavailable | ConfigError.ConfigError> => Layer.unwrapEffect(Effect.map(Config.unwrap(config), layer))

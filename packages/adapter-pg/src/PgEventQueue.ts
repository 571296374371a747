import { SqlClient } from "@effect/sql"
import type { SqlError } from "@effect/sql/SqlError"
import { AnalysisQueue, EventQueue } from "@tidemark/core"
import { type Array as Arr, Clock, Duration, Effect, Layer, type ParseResult, Schedule, Schema } from "effect"
import * as GroupCommit from "./GroupCommit.js"
import { decodeAll } from "./Rows.js"

export interface PgEventQueueOptions {
  /** How long a delivered message stays invisible before it is delivered again (default 30 s). */
  readonly visibility?: Duration.DurationInput
  /**
   * How long a published id is remembered (default 24 h): publishing it again within the window is
   * a no-op even once its message was acked or dead-lettered; after it, the id is queued anew.
   */
  readonly deduplicationWindow?: Duration.DurationInput
  /**
   * How soon a waiting `pull` looks for messages again (default 25 ms); each look that finds none
   * doubles the wait, up to `idlePollInterval`. A message published through this process wakes
   * its waiting pulls at once.
   */
  readonly pollInterval?: Duration.DurationInput
  /**
   * The longest wait between two looks of an idle `pull` (default 500 ms): how late a worker may
   * see a message another process published, or one whose retry delay ended. Looking every 25 ms
   * kept an idle embedded server's database busy (a sixth of a core, for nothing).
   */
  readonly idlePollInterval?: Duration.DurationInput
  /**
   * Deliveries of a message at most (default `queueMaxDeliveries`): a message claimed that often and
   * never settled goes to the dead letters at its next claim, whatever its worker does.
   */
  readonly maxDeliveries?: number
  /** The queue's tables (default: the ingestion queue's); each queue has its own three. */
  readonly tables?: QueueTables
}

export interface QueueTables {
  readonly messages: string
  readonly seen: string
  readonly deadLetters: string
}

export const ingestionTables: QueueTables = { messages: "queue_messages", seen: "queue_seen", deadLetters: "queue_dead_letters" }

/** The queue of analysis jobs (migration 0004: same shape as the ingestion queue's). */
export const analysisTables: QueueTables = {
  messages: "analysis_queue_messages",
  seen: "analysis_queue_seen",
  deadLetters: "analysis_queue_dead_letters"
}

const Message = Schema.Struct({ id: Schema.String, payload: Schema.String, attempt: Schema.Int })
const Count = Schema.Struct({ count: Schema.Int })
const DeadLetterRow = Schema.Struct({ id: Schema.String, payload: Schema.String, reason: Schema.String })

const unavailable = (error: SqlError | ParseResult.ParseError) => {
  if (error._tag === "ParseError") return new EventQueue.QueueUnavailable({ reason: `unexpected row: ${error.message}` })
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : ""
  return new EventQueue.QueueUnavailable({ reason: `${error.message}${cause}` })
}

const orUnavailable = <A, R>(effect: Effect.Effect<A, SqlError | ParseResult.ParseError, R>) =>
  Effect.mapError(effect, unavailable)

/** Concurrent publishes, and concurrent acks, are written together: one statement, one commit. */
const groupCommit: GroupCommit.GroupCommitOptions = { maxBatch: 500, writers: 4 }

/** A batch holding an id twice keeps the first, as publishing it twice would. */
const firstOfEachId = <A extends { readonly id: string }>(messages: ReadonlyArray<A>) => {
  const ids = new Set<string>()
  return messages.filter((m) => ids.has(m.id) ? false : Boolean(ids.add(m.id)))
}

const millis = (duration: Duration.DurationInput) => Math.max(0, Duration.toMillis(duration))

/**
 * The embedded durable queue: an outbox table in the application's database. `publish` returns once
 * the statement holding its message is committed, so the message is durable by then; publishes
 * made at once share a statement and a commit (`GroupCommit`). Pulls claim rows with
 * `FOR UPDATE SKIP LOCKED`: workers on any number of connections or processes share the messages
 * and never claim one twice. A claim makes the row invisible for `visibility`; a worker that dies
 * without settling leaves it to come back then, as JetStream's ack wait does.
 */
export const make = (options: PgEventQueueOptions = {}) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const visibility = millis(options.visibility ?? Duration.seconds(30))
    const window = millis(options.deduplicationWindow ?? Duration.hours(24))
    const pollInterval = Math.max(1, millis(options.pollInterval ?? Duration.millis(25)))
    const idlePollInterval = Math.max(pollInterval, millis(options.idlePollInterval ?? Duration.millis(500)))
    // Released at each publish through this process: the waiting pulls look at once.
    const published = yield* Effect.makeLatch(false)
    const tables = options.tables ?? ingestionTables
    const maxDeliveries = options.maxDeliveries ?? EventQueue.queueMaxDeliveries
    const messagesTable = sql(tables.messages)
    const seenTable = sql(tables.seen)
    const deadLettersTable = sql(tables.deadLetters)

    // The id is remembered first: an id still remembered is not queued, whether its message is
    // pending, acked or dead-lettered. A message outliving the window is not queued twice either.
    // Ids are remembered in sorted order, so that two batches sharing ids cannot deadlock.
    const publishAll = (messages: Arr.NonEmptyReadonlyArray<{ readonly id: string; readonly payload: string }>) =>
      sql`
        WITH batch AS (
          SELECT m->>'id' AS id, m->>'payload' AS payload, n
          FROM jsonb_array_elements(${JSON.stringify(firstOfEachId(messages))}::jsonb) WITH ORDINALITY AS b(m, n)
        ),
        fresh AS (
          INSERT INTO ${seenTable} (id) SELECT id FROM batch ORDER BY id COLLATE "C"
          ON CONFLICT (id) DO NOTHING RETURNING id
        )
        INSERT INTO ${messagesTable} (id, payload)
        SELECT batch.id, batch.payload FROM batch JOIN fresh USING (id) ORDER BY batch.n
        ON CONFLICT (id) DO NOTHING
      `.pipe(Effect.asVoid)
    const publishGrouped = yield* GroupCommit.make(publishAll, groupCommit)
    const publish = (id: string, payload: string) => publishGrouped({ id, payload }).pipe(Effect.zipLeft(published.release), orUnavailable)

    const ackAll = (deliveries: Arr.NonEmptyReadonlyArray<{ readonly id: string; readonly attempt: number }>) =>
      sql`
        DELETE FROM ${messagesTable} m
        USING jsonb_to_recordset(${JSON.stringify(deliveries)}::jsonb) AS a(id text, attempt integer)
        WHERE m.id = a.id AND m.attempt = a.attempt
      `.pipe(Effect.asVoid)
    const ackGrouped = yield* GroupCommit.make(ackAll, groupCommit)

    // Each settlement names the attempt it was given: once the message was handed out again, the
    // newer delivery owns it and a late settlement of the older one changes nothing.
    const settle = (id: string, attempt: number): Omit<EventQueue.Delivery, "id" | "payload" | "attempt"> => ({
      ack: ackGrouped({ id, attempt }).pipe(orUnavailable),
      retry: (delay) =>
        sql`
          UPDATE ${messagesTable} SET available_at = now() + ${millis(delay)}::float8 * interval '1 millisecond'
          WHERE id = ${id} AND attempt = ${attempt}
        `.pipe(Effect.asVoid, orUnavailable),
      deadLetter: (reason) =>
        sql`
          WITH gone AS (
            DELETE FROM ${messagesTable} WHERE id = ${id} AND attempt = ${attempt} RETURNING id, payload, attempt
          )
          INSERT INTO ${deadLettersTable} (id, payload, reason, attempt)
          SELECT id, payload, ${reason}, attempt FROM gone
        `.pipe(Effect.asVoid, orUnavailable)
    })

    // MATERIALIZED: the claiming query runs once, so no more than `max` rows are claimed. A row due
    // again after `maxDeliveries` claims stopped every worker that took it: it is set aside instead.
    const claim = (max: number) =>
      sql`
        WITH next AS MATERIALIZED (
          SELECT id, attempt >= ${maxDeliveries}::integer AS exhausted FROM ${messagesTable}
          WHERE available_at <= now()
          ORDER BY available_at, seq
          LIMIT ${max}::integer
          FOR UPDATE SKIP LOCKED
        ),
        buried AS (
          DELETE FROM ${messagesTable} m USING next
          WHERE m.id = next.id AND next.exhausted
          RETURNING m.id, m.payload, m.attempt
        ),
        dead AS (
          INSERT INTO ${deadLettersTable} (id, payload, reason, attempt)
          SELECT id, payload, ${EventQueue.exhaustedReason(maxDeliveries)}, attempt FROM buried
        ),
        claimed AS (
          UPDATE ${messagesTable} m
          SET attempt = m.attempt + 1, available_at = now() + ${visibility}::float8 * interval '1 millisecond'
          FROM next WHERE m.id = next.id AND NOT next.exhausted
          RETURNING m.id, m.payload, m.attempt, m.seq
        )
        SELECT id, payload, attempt FROM claimed ORDER BY seq
      `.pipe(
        Effect.flatMap(decodeAll(Message)),
        Effect.map((rows) => rows.map((row): EventQueue.Delivery => ({ ...row, ...settle(row.id, row.attempt) }))),
        orUnavailable
      )

    // The wait between looks is the queue's, not each pull's: a worker pulls again as soon as a pull
    // returns empty, and starting each pull at `pollInterval` had an idle worker look six times a
    // second (an idle server: 3.5 % of a core, its database as much again). A look that finds
    // messages, or a publish through this process, starts it over.
    let interval = pollInterval
    const pull = (max: number, wait: Duration.DurationInput) =>
      Effect.gen(function*() {
        if (max < 1) return []
        const deadline = (yield* Clock.currentTimeMillis) + millis(wait)
        while (true) {
          const batch = yield* claim(max)
          const now = yield* Clock.currentTimeMillis
          if (batch.length > 0) interval = pollInterval
          if (batch.length > 0 || now >= deadline) return batch
          const woken = yield* Effect.race(
            Effect.as(Effect.sleep(Duration.millis(Math.min(interval, deadline - now))), false),
            Effect.as(published.await, true)
          )
          interval = woken ? pollInterval : Math.min(interval * 2, idlePollInterval)
        }
      })

    const deadLetters = (limit: number) =>
      sql`SELECT id, payload, reason FROM ${deadLettersTable} ORDER BY seq LIMIT ${Math.max(0, limit)}::integer`.pipe(
        Effect.flatMap(decodeAll(DeadLetterRow)),
        Effect.map((rows): ReadonlyArray<EventQueue.DeadLetter> => rows),
        orUnavailable
      )

    // Forgetting ids in bounded slices keeps each statement short while publishes go on.
    const slice = 10_000
    const forgetSlice = sql`
      WITH gone AS (
        DELETE FROM ${seenTable} WHERE id IN (
          SELECT id FROM ${seenTable}
          WHERE published_at < now() - ${window}::float8 * interval '1 millisecond'
          LIMIT ${slice}::integer
        )
        RETURNING 1
      )
      SELECT count(*)::integer AS count FROM gone
    `.pipe(Effect.flatMap(decodeAll(Count)), Effect.map(([row]) => row?.count ?? 0))
    const forget = forgetSlice.pipe(
      Effect.repeat({ while: (count) => count === slice }),
      Effect.catchAll((error) => Effect.logWarning("the queue could not forget old message ids", error))
    )
    yield* forget.pipe(
      Effect.repeat(Schedule.spaced(Duration.millis(Math.min(Math.max(window, 100), 60_000)))),
      Effect.forkScoped
    )

    return EventQueue.EventQueue.of({ publish, pull, deadLetters })
  })

/** The queue in the database of the `SqlClient`, whose schema is migrated. */
export const layer = (options: PgEventQueueOptions = {}): Layer.Layer<EventQueue.EventQueue, never, SqlClient.SqlClient> =>
  Layer.scoped(EventQueue.EventQueue, make(options))

/** The queue of analysis jobs, in its own tables of the same database. */
export const analysisLayer = (
  options: Omit<PgEventQueueOptions, "tables"> = {}
): Layer.Layer<AnalysisQueue.AnalysisQueue, never, SqlClient.SqlClient> =>
  Layer.scoped(AnalysisQueue.AnalysisQueue, make({ ...options, tables: analysisTables }))

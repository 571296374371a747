import { SqlClient } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { CredentialRevocations, Errors } from "@tidemark/core"
import { Duration, Effect, Exit, Layer, Mailbox, Redacted, Schedule } from "effect"
import Pg from "pg"
import { orUnavailable } from "./StorageFailure.js"

/** The channel every process of an installation listens on; the payload says nothing more. */
export const channel = "tidemark_credential_revocations"

/** How the listening connections show in `pg_stat_activity`. */
export const applicationName = "tidemark-revocations"

export interface PgCredentialRevocationsOptions {
  /**
   * How often the listening connection is asked to answer (default 5 s), and how long it may take
   * (default 5 s): a server or network gone silent (no reset, no close) is noticed within both, not
   * after TCP's keepalive (hours).
   */
  readonly pingEvery?: Duration.DurationInput
  readonly pingTimeout?: Duration.DurationInput
}

const lost = (what: string, cause?: unknown) =>
  new Errors.ServiceUnavailable({ reason: `${what}${cause instanceof Error ? `: ${cause.message}` : ""}`, cause })

/** The pool's own connection settings, for a connection of its own. */
const connectionOf = (config: PgClient.PgClientConfig): Pg.ClientConfig => ({
  connectionString: config.url === undefined ? undefined : Redacted.value(config.url),
  user: config.username,
  host: config.host,
  port: config.port,
  database: config.database,
  password: config.password === undefined ? undefined : Redacted.value(config.password),
  ssl: config.ssl,
  ...(config.stream === undefined ? {} : { stream: config.stream }),
  connectionTimeoutMillis: config.connectTimeout === undefined ? undefined : Duration.toMillis(config.connectTimeout),
  application_name: applicationName,
  keepAlive: true
})

/**
 * NOTIFY and LISTEN on the PostgreSQL server every process shares. The announcement goes through
 * the SQL client, so within a transaction it is sent when (and only if) the transaction commits.
 *
 * Each subscription holds a connection of its own, watched here rather than through
 * `PgClient.listen`, which ignores the loss of its connection: a subscriber that stopped hearing
 * announcements must know it, or it would keep trusting what it remembered.
 */
export const make = (options: PgCredentialRevocationsOptions = {}) => Effect.gen(function*() {
  const pingEvery = options.pingEvery ?? Duration.seconds(5)
  const pingTimeout = options.pingTimeout ?? Duration.seconds(5)
  const sql = yield* SqlClient.SqlClient
  const { config } = yield* PgClient.PgClient

  const announce = sql`SELECT pg_notify(${channel}, 'revoked')`.pipe(Effect.asVoid, orUnavailable)

  const subscribe = Effect.gen(function*() {
    const heard = yield* Mailbox.make<void, Errors.ServiceUnavailable>({ capacity: 1, strategy: "sliding" })
    const client = new Pg.Client(connectionOf(config))
    // Attached before connecting: an error with no listener would crash the process.
    client.on("error", (cause) => heard.unsafeDone(Exit.fail(lost("The connection listening for revocations failed", cause))))
    client.on("end", () => heard.unsafeDone(Exit.fail(lost("The connection listening for revocations closed"))))
    client.on("notification", (message) => {
      if (message.channel === channel) heard.unsafeOffer(undefined)
    })
    yield* Effect.acquireRelease(
      Effect.tryPromise({
        try: () => client.connect(),
        catch: (cause) => lost("Cannot connect to listen for revocations", cause)
      }),
      () => Effect.promise(() => client.end().catch(() => undefined)).pipe(Effect.interruptible, Effect.timeoutOption(pingTimeout))
    )
    yield* Effect.tryPromise({
      try: () => client.query(`LISTEN ${channel}`),
      catch: (cause) => lost("Cannot listen for revocations", cause)
    })
    const silent = lost("The connection listening for revocations stopped answering")
    yield* Effect.tryPromise({ try: () => client.query("SELECT 1"), catch: (cause) => lost(silent.reason, cause) }).pipe(
      Effect.timeoutFail({ duration: pingTimeout, onTimeout: () => silent }),
      Effect.repeat(Schedule.spaced(pingEvery)),
      Effect.catchAll((error) => Effect.sync(() => heard.unsafeDone(Exit.fail(error)))),
      Effect.forkScoped
    )
    return Mailbox.toStream(heard)
  })

  return CredentialRevocations.CredentialRevocations.of({ announce, subscribe })
})

export const layer = (options: PgCredentialRevocationsOptions = {}) => Layer.effect(CredentialRevocations.CredentialRevocations, make(options))

import { PgClient } from "@effect/sql-pg"
import { Context, Effect, Layer, Redacted } from "effect"
import { randomBytes } from "node:crypto"

/** Runs one statement on the server's maintenance database (CREATE/DROP DATABASE run outside any transaction). */
const onServer = (url: string, statement: (sql: PgClient.PgClient) => Effect.Effect<unknown, unknown>) =>
  Effect.flatMap(PgClient.PgClient, statement).pipe(
    Effect.scoped,
    Effect.provide(PgClient.layer({ url: Redacted.make(url), applicationName: "tidemark-bench" }))
  )

/** A database `tidemark_bench_<random>` of its own for this run, created empty and dropped at the end whatever happens. */
export const make = (serverUrl: string) =>
  Effect.acquireRelease(
    Effect.gen(function*() {
      const name = `tidemark_bench_${randomBytes(6).toString("hex")}`
      yield* onServer(serverUrl, (sql) => sql`CREATE DATABASE ${sql(name)}`)
      const url = new URL(serverUrl)
      url.pathname = `/${name}`
      return { name, url: url.toString() }
    }),
    ({ name }) =>
      onServer(serverUrl, (sql) => sql`DROP DATABASE IF EXISTS ${sql(name)} WITH (FORCE)`).pipe(
        Effect.catchAll((error) => Effect.logWarning(`could not drop benchmark database ${name}`, error))
      )
  )

/**
 * A counter of the rows the worker has stored, on one connection kept for the scope. Fails while
 * the server has not created the table yet.
 */
export const storedEvents = (url: string) =>
  Effect.gen(function*() {
    const context = yield* Layer.build(PgClient.layer({ url: Redacted.make(url), applicationName: "tidemark-bench", maxConnections: 1 }))
    const sql = Context.get(context, PgClient.PgClient)
    return sql<{ readonly n: number }>`SELECT count(*)::int AS n FROM delivery_events`.pipe(
      Effect.map((rows) => rows[0]?.n ?? 0)
    )
  })

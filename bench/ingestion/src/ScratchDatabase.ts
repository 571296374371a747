import * as ScratchDatabase from "../../../packages/adapter-pg/test/ScratchDatabase.js"
import { PgClient } from "@effect/sql-pg"
import { Context, Effect, Layer, Redacted } from "effect"

/** A database `tidemark_bench_<random>` of its own for this run, created empty and dropped at the end. */
export const make = (serverUrl: string) => ScratchDatabase.databaseOn(serverUrl, "tidemark_bench")

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

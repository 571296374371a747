import { SqlClient } from "@effect/sql"
import { Effect, Option } from "effect"

/**
 * After the seed, a database backend is vacuumed and analysed once, as autovacuum does within a
 * minute of a bulk load, and checkpointed, as it would be within minutes: otherwise autovacuum's
 * workers process the freshly written tables, and the checkpointer writes out the seed's dirty
 * pages, while the reads are measured, and the run measures the bench's own load rather than a
 * database in use. A server that refuses CHECKPOINT (a user without the right) only skips it. The
 * in-memory backend has no SQL client and nothing to settle.
 */
export const settle = Effect.flatMap(Effect.serviceOption(SqlClient.SqlClient), (client) =>
  Option.match(client, {
    onNone: () => Effect.void,
    onSome: (sql) => Effect.zipRight(sql`VACUUM ANALYZE`, Effect.ignore(sql`CHECKPOINT`))
  }))

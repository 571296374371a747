import { SqlClient } from "@effect/sql"
import { Effect, Option, Schema } from "effect"
import { decodeFirst } from "./Rows.js"
import { orUnavailable } from "./StorageFailure.js"

const ValueRow = Schema.Struct({ value: Schema.String })

/**
 * One text per repository in `table` (its key `repository_id`, the text in `column`): a
 * repository's webhook secret, its badge token. Saving replaces.
 */
export const repositoryValuesIn = (table: string, column: string) =>
  Effect.map(SqlClient.SqlClient, (sql) => ({
    save: (repositoryId: number, value: string) =>
      sql`
        INSERT INTO ${sql(table)} (repository_id, ${sql(column)}) VALUES (${repositoryId}, ${value})
        ON CONFLICT (repository_id) DO UPDATE SET ${sql(column)} = EXCLUDED.${sql(column)}
      `.pipe(Effect.asVoid, orUnavailable),
    find: (repositoryId: number) =>
      sql`SELECT ${sql(column)} AS value FROM ${sql(table)} WHERE repository_id = ${repositoryId}`.pipe(
        Effect.flatMap(decodeFirst(ValueRow)),
        Effect.map(Option.map((row) => row.value)),
        orUnavailable
      )
  }))

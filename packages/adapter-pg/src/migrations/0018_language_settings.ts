import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * A repository's own language settings, one row per language it changed (a language without a row
 * is analysed, with its own extensions only). `extensions` are those the repository adds, in the
 * order it gave them.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE language_settings (
      repository_id integer NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
      language text NOT NULL,
      enabled boolean NOT NULL,
      extensions text[] NOT NULL,
      PRIMARY KEY (repository_id, language)
    )
  `
})

import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * A repository's git host settings: the token Tidemark sends the host's API to post commit
 * statuses, and that API's base URL when the host is self-hosted (null: the public one). The token
 * must be sent as it is, so it is stored as it is (unlike our own secrets, kept as hashes): the
 * database is trusted with it as with the data it holds. Deleting the repository deletes them.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE git_host_settings (
      repository_id integer PRIMARY KEY REFERENCES repositories (id) ON DELETE CASCADE,
      token text NOT NULL,
      api_base_url text
    )
  `
})

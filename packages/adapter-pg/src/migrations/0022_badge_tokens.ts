import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/** Each repository's badge token (BadgeTokenStore); deleting the repository deletes it. */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE badge_tokens (
      repository_id integer PRIMARY KEY REFERENCES repositories (id) ON DELETE CASCADE,
      token text NOT NULL
    )
  `
})

import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Repository tokens: a credential of kind `repository` names the one repository it may upload
 * coverage to. Deleting the repository deletes its tokens.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE credentials ADD COLUMN repository_id integer REFERENCES repositories (id) ON DELETE CASCADE`
})

import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Issue 27's branches and bypass. A repository's default branch chosen through the API, which a
 * refresh from git keeps while git has the branch (null: git's default decides); a pull request's
 * bypass of its gate (who, when, and the head it was given for), null when none was given.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE repositories ADD COLUMN chosen_default_branch text COLLATE "C"`
  yield* sql`ALTER TABLE pull_requests ADD COLUMN bypass jsonb`
})

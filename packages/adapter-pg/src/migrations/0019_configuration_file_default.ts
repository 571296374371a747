import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * A repository that never chose whether a tool uses its own configuration file has no value: the
 * tool then follows a configuration it can read without running code. Values stored before were
 * written as `false` even when only `enabled` was set, so they are kept as they are (a choice).
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE tool_settings ALTER COLUMN uses_configuration_file DROP NOT NULL`
})

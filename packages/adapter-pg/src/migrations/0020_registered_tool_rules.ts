import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * The rules each registered tool's logs have named: its patterns (the tool itself is registered in
 * the installation's configuration, not here). `rule_id` is the tool's own id, without its prefix.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE registered_tool_rules (
      tool_uuid text NOT NULL,
      rule_id text NOT NULL,
      title text,
      description text,
      level text NOT NULL,
      category text NOT NULL,
      PRIMARY KEY (tool_uuid, rule_id)
    )
  `
})

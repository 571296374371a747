import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * A repository's own quality gates, one row per kind (pull requests, commits). A kind without a
 * row answers the defaults, so resetting deletes the row. The gate is one JSON value: its rules are
 * optional and read and written together.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE quality_gates (
      repository_id integer NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('pullRequests', 'commits')),
      gate jsonb NOT NULL,
      PRIMARY KEY (repository_id, kind)
    )
  `
})

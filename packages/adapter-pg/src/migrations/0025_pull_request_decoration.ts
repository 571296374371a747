import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Whether Tidemark writes in a repository's pull requests (a comment on each new issue, a summary
 * of the verdict): an opt-in of the git host settings, off for every repository configured before.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE git_host_settings ADD COLUMN decorate_pull_requests boolean NOT NULL DEFAULT false`
})

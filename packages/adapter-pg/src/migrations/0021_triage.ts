import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * What each repository set aside: ignored issues by identity (`issue_id`, the same for one issue on
 * every commit that finds it) and ignored files by path. Apart from the analyses' rows, which are
 * pruned: an ignore outlives them. `ignored_at` keeps the text as written (it reads back unchanged).
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE ignored_issues (
      repository_id integer NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
      issue_id text NOT NULL,
      reason text,
      comment text,
      ignored_by text NOT NULL,
      ignored_by_name text NOT NULL,
      ignored_at text NOT NULL,
      commit_sha text NOT NULL,
      PRIMARY KEY (repository_id, issue_id)
    )
  `
  yield* sql`
    CREATE TABLE ignored_files (
      repository_id integer NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
      path text NOT NULL,
      ignored_by text NOT NULL,
      ignored_by_name text NOT NULL,
      ignored_at text NOT NULL,
      PRIMARY KEY (repository_id, path)
    )
  `
})

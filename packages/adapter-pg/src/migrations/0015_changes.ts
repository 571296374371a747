import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * What each commit and pull request changed (core's ChangeAnalysis), one row per repository and
 * subject (`commit:<sha>`, `pull:<number>`), with the issues it added and fixed in a table of their
 * own, in the order they are listed (added first). Unlike analyses' rows these are never pruned:
 * a change is small, and a commit's history shows all of them.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE changes (
      repository_id integer NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
      subject text COLLATE "C" NOT NULL,
      change jsonb NOT NULL,
      PRIMARY KEY (repository_id, subject)
    )
  `
  yield* sql`
    CREATE TABLE change_issues (
      repository_id integer NOT NULL,
      subject text COLLATE "C" NOT NULL,
      delta_rank smallint NOT NULL,
      file_path text COLLATE "C" NOT NULL,
      line integer NOT NULL,
      issue_id text COLLATE "C" NOT NULL,
      issue jsonb NOT NULL,
      PRIMARY KEY (repository_id, subject, delta_rank, file_path, line, issue_id),
      FOREIGN KEY (repository_id, subject) REFERENCES changes (repository_id, subject) ON DELETE CASCADE
    )
  `
})

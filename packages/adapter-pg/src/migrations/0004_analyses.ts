import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Analyses of commits, coverage reports and imported issues of commits, and the queue of analysis jobs.
 *
 * `commit_analyses` keeps one analysis per repository, branch and commit as the core encodes it
 * (`analysis`, jsonb), with the columns the reads need: the latest analysis of a branch is the one
 * that ended last. The analysis queue is the ingestion queue's three tables again under other
 * names (the same adapter code runs both), so that slow analyses never hold up ingested events.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  yield* sql`
    CREATE TABLE commit_analyses (
      repository_id integer NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
      branch text COLLATE "C" NOT NULL,
      commit_sha text NOT NULL,
      ended_at text NOT NULL,
      analysis jsonb NOT NULL,
      PRIMARY KEY (repository_id, branch, commit_sha)
    )`
  yield* sql`CREATE INDEX commit_analyses_latest ON commit_analyses (repository_id, branch, ended_at DESC)`

  // A report per repository and commit, its files as the core encodes them; the views read it by key.
  yield* sql`
    CREATE TABLE commit_coverage (
      repository_id integer NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
      commit_sha text NOT NULL,
      coverage jsonb NOT NULL,
      PRIMARY KEY (repository_id, commit_sha)
    )`

  // Issues of client-side tools imported from SARIF logs: counts by severity, per commit and tool.
  yield* sql`
    CREATE TABLE commit_imported_issues (
      repository_id integer NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
      commit_sha text NOT NULL,
      tool text COLLATE "C" NOT NULL,
      issues jsonb NOT NULL,
      PRIMARY KEY (repository_id, commit_sha, tool)
    )`

  yield* sql`CREATE TABLE analysis_queue_messages (LIKE queue_messages INCLUDING ALL)`
  yield* sql`CREATE TABLE analysis_queue_seen (LIKE queue_seen INCLUDING ALL)`
  yield* sql`CREATE TABLE analysis_queue_dead_letters (LIKE queue_dead_letters INCLUDING ALL)`
})

import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Coverage line by line: each file of a commit's report, its totals in columns (listFiles joins and
 * sorts by them) and its `[line, hits]` pairs as one jsonb array (read whole, for one file at a
 * time). Kept per commit like `commit_coverage`: a report may come before the commit is analysed.
 * The listing of a repository's latest reports reads them by upload time and looks up the analyses
 * of each report's commit on any branch. listFiles' `duplication` is a file's duplicated lines (as
 * the API names the field it sorts), which gets a column of its own.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE commit_file_coverage (
      repository_id integer NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
      commit_sha text COLLATE "C" NOT NULL,
      path text COLLATE "C" NOT NULL,
      coverable_lines integer NOT NULL,
      covered_lines integer NOT NULL,
      hits jsonb NOT NULL,
      PRIMARY KEY (repository_id, commit_sha, path)
    )
  `
  yield* sql`ALTER TABLE analysis_files ADD COLUMN duplicated_lines integer NOT NULL DEFAULT 0`
  yield* sql`UPDATE analysis_files SET duplicated_lines = (file->>'duplicatedLines')::integer`
  yield* sql`CREATE INDEX commit_coverage_uploaded ON commit_coverage (repository_id, (coverage->>'uploadedAt') DESC)`
  yield* sql`CREATE INDEX commit_analyses_commit ON commit_analyses (repository_id, commit_sha)`
})

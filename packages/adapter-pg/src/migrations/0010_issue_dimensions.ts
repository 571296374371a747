import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Every dimension the issue filters and the issues overview use, in one index of an analysis's
 * issues: counting the issues that match a filter, and counting them per dimension, then read the
 * index alone instead of each issue's row (its JSON makes a row about 700 bytes). Levels and
 * categories come first, the filters clients use most, so that they select ranges of it;
 * `result_data_id` is carried for the overview's pattern-title lookup. Measured in bench/results
 * (docs/benchmarks.md, "Analysis results"): at 100 000 issues the overview's p99 fell from 187 to
 * 89 ms and a filtered page's from 87–99 to 40–45 ms.
 *
 * An analysis also keeps its number of issues and their overview (the counts of issuesOverview
 * without a filter), written with them in one transaction: the total of an unfiltered page and the
 * unfiltered overview are then read rather than counted (at 100 000 issues, an index-only scan of
 * 13–26 ms, half of that page's time, and a grouping of 50–90 ms). Older analyses have no overview
 * (NULL) and are counted as before.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE INDEX analysis_issues_dimensions
    ON analysis_issues (result_id, level, category, language, pattern_id, author_email)
    INCLUDE (result_data_id)
  `
  yield* sql`ALTER TABLE analysis_results ADD COLUMN issues integer`
  yield* sql`UPDATE analysis_results r SET issues = (SELECT count(*) FROM analysis_issues i WHERE i.result_id = r.id)`
  yield* sql`ALTER TABLE analysis_results ALTER COLUMN issues SET NOT NULL`
  yield* sql`ALTER TABLE analysis_results ADD COLUMN overview jsonb`
})

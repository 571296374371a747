import { SqlClient } from "@effect/sql"
import { PgStorage, ScratchDatabase } from "@tidemark/adapter-pg"
import type { Backend } from "@tidemark/bench-storage/Backends"
import { Effect, Layer, Redacted } from "effect"

/**
 * The index this benchmark proposes for the issues of an analysis, for a migration after 0009
 * (docs/benchmarks.md, "Analysis results"): every dimension the issue filters and the overview
 * use, in the index, so that counting the issues matching a filter and counting them per
 * dimension read the index alone instead of every issue's row (its JSON makes a row ~700 bytes);
 * levels and categories first, the filters the API's clients use most, so that those two select
 * ranges of it; `result_data_id` carried for the overview's title lookup.
 */
export const sql = `
  CREATE INDEX IF NOT EXISTS analysis_issues_dimensions
  ON analysis_issues (result_id, level, category, language, pattern_id, author_email)
  INCLUDE (result_data_id)
`

/** PostgreSQL as migrated, plus the proposed index, in a fresh database of its own. */
export const backend = (serverUrl: string): Backend => ({
  key: "postgres",
  title: "PostgreSQL + proposed index",
  storage: Layer.unwrapScoped(Effect.map(
    ScratchDatabase.databaseOn(serverUrl, "tidemark_bench"),
    ({ url }) =>
      Layer.effectDiscard(Effect.flatMap(SqlClient.SqlClient, (client) => client.unsafe(sql))).pipe(
        Layer.provideMerge(PgStorage.layerUrl(Redacted.make(url)))
      )
  ))
})

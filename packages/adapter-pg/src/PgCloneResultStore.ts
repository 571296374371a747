import { SqlClient } from "@effect/sql"
import {
  type AnalysisResultStore,
  AnalysisResults,
  CloneResultStore,
  Pagination,
  type StoredResults
} from "@tidemark/core"
import { Effect, Layer } from "effect"
import { decodeOccurrenceRows, decodeTotal, resultId } from "./PgAnalysisRows.js"
import { orUnavailable } from "./StorageFailure.js"

/** CloneResultStore on PostgreSQL: `analysis_clone_occurrences`, by keyset page on the clone's id. */
export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  const clones = (key: AnalysisResultStore.ResultsKey, fileId: number, page: Pagination.PageRequest) =>
    Effect.gen(function*() {
      const after = page.after === undefined ? -1 : Number(page.after[0])
      const touching = sql`
        SELECT DISTINCT clone_id FROM analysis_clone_occurrences
        WHERE result_id = (${resultId(sql, key)}) AND file_id = ${fileId}
      `
      const rows = yield* sql`
        WITH page AS (
          SELECT clone_id FROM (${touching}) AS t WHERE clone_id > ${after} ORDER BY clone_id LIMIT ${page.limit + 1}
        )
        SELECT o.clone_id AS "cloneId", o.file_id::float8 AS "fileId", o.path, o.from_line AS "fromLine", o.to_line AS "toLine"
        FROM analysis_clone_occurrences o JOIN page ON page.clone_id = o.clone_id
        WHERE o.result_id = (${resultId(sql, key)})
        ORDER BY o.clone_id, o.position
      `.pipe(Effect.flatMap(decodeOccurrenceRows))
      const totals = yield* sql`SELECT count(*)::integer AS total FROM (${touching}) AS t`.pipe(Effect.flatMap(decodeTotal))
      const byClone = new Map<number, Array<StoredResults.StoredClone["occurrences"][number]>>()
      for (const row of rows) {
        const occurrences = byClone.get(row.cloneId) ?? []
        occurrences.push({ occurrence: AnalysisResults.CloneOccurrence.make({ path: row.path, fromLine: row.fromLine, toLine: row.toLine }), fileId: row.fileId })
        byClone.set(row.cloneId, occurrences)
      }
      const found: Array<StoredResults.StoredClone> = [...byClone].map(([id, occurrences]) => ({ id, occurrences }))
      return Pagination.pageOfRows(found, totals[0]?.total ?? 0, page, (clone) => [clone.id])
    }).pipe(orUnavailable)

  return CloneResultStore.CloneResultStore.of({ clones })
})

export const layer = Layer.effect(CloneResultStore.CloneResultStore, make)

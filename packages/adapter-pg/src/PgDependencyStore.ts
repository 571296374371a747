import { SqlClient } from "@effect/sql"
import { Dependency, DependencyStore } from "@tidemark/core"
import { Effect, Layer, Option, Schema } from "effect"
import { decodeAll } from "./Rows.js"
import { orUnavailable } from "./StorageFailure.js"

const InventoryRow = Schema.Struct({
  repositoryId: Schema.Int,
  commitSha: Schema.String,
  analysedAt: Schema.String,
  matchedAt: Schema.String,
  dependencies: Schema.Array(Dependency.Dependency)
})

const columns = (sql: SqlClient.SqlClient) => sql.literal(`
  repository_id AS "repositoryId", commit_sha AS "commitSha", analysed_at AS "analysedAt",
  to_char(matched_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "matchedAt", dependencies
`)

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const read = (repositoryIds: ReadonlyArray<number>) =>
    sql`SELECT ${columns(sql)} FROM dependency_inventories WHERE repository_id = ANY(${repositoryIds}::integer[])`.pipe(
      Effect.flatMap(decodeAll(InventoryRow)),
      orUnavailable
    )

  return DependencyStore.DependencyStore.of({
    save: (inventory) =>
      sql`
        INSERT INTO dependency_inventories (repository_id, commit_sha, analysed_at, matched_at, dependencies)
        VALUES (${inventory.repositoryId}, ${inventory.commitSha}, ${inventory.analysedAt}, ${inventory.matchedAt}::timestamptz,
          ${JSON.stringify(inventory.dependencies)}::jsonb)
        ON CONFLICT (repository_id) DO UPDATE SET commit_sha = EXCLUDED.commit_sha, analysed_at = EXCLUDED.analysed_at,
          matched_at = EXCLUDED.matched_at, dependencies = EXCLUDED.dependencies
      `.pipe(Effect.asVoid, orUnavailable),
    find: (repositoryId) => Effect.map(read([repositoryId]), (rows) => Option.fromNullable(rows[0])),
    ofRepositories: (repositoryIds) =>
      repositoryIds.length === 0
        ? Effect.succeed(new Map())
        : Effect.map(read(repositoryIds), (rows) => new Map(rows.map((row) => [row.repositoryId, row] as const))),
    matchedBefore: (at) =>
      sql<{ readonly repositoryId: number }>`
        SELECT repository_id AS "repositoryId" FROM dependency_inventories WHERE matched_at < ${at}::timestamptz ORDER BY repository_id
      `.pipe(Effect.map((rows) => rows.map((row) => row.repositoryId)), orUnavailable),
    markMatched: (repositoryId, at) =>
      sql`UPDATE dependency_inventories SET matched_at = ${at}::timestamptz WHERE repository_id = ${repositoryId}`.pipe(Effect.asVoid, orUnavailable)
  })
})

export const layer = Layer.effect(DependencyStore.DependencyStore, make)

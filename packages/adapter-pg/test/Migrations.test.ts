import { SqlClient } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import { Migrations } from "../src/index.js"
import * as TestDatabase from "../src/ScratchDatabase.js"

const clientOf = (url: string) => PgClient.layer({ url: Redacted.make(url), maxConnections: 2 })

const tables = Effect.flatMap(SqlClient.SqlClient, (sql) =>
  Effect.map(
    sql<{ name: string }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    (rows) => rows.map((r) => r.name)
  ))

const expectedTables = [
  "analysis_queue_dead_letters",
  "analysis_queue_messages",
  "analysis_queue_seen",
  "branches",
  "coding_standards",
  "commit_analyses",
  "commit_coverage",
  "commit_imported_issues",
  "commits",
  "credentials",
  "delivery_events",
  "delivery_first_deployments",
  "delivery_incident_causes",
  "effect_sql_migrations",
  "organizations",
  "pattern_settings",
  "queue_dead_letters",
  "queue_messages",
  "queue_seen",
  "repositories",
  "standard_applications",
  "tool_settings"
]

describe("Migrations", () => {
  it.scoped("the first run creates the schema; running again is a no-op", () =>
    Effect.gen(function*() {
      const url = yield* TestDatabase.database
      const [first, second, created] = yield* Effect.all([Migrations.run, Migrations.run, tables]).pipe(
        Effect.provide(clientOf(url))
      )
      expect(first).toEqual([[1, "create_storage"], [2, "create_ingestion"], [3, "delivery_metrics"], [4, "analyses"]])
      expect(second).toEqual([])
      expect(created).toEqual(expectedTables)
    }))

  it.scoped("instances migrating at once all succeed; the migrations run once", () =>
    Effect.gen(function*() {
      const url = yield* TestDatabase.database
      // Separate clients, as separate server processes would have.
      const results = yield* Effect.all(
        Array.from({ length: 4 }, () => Migrations.run.pipe(Effect.provide(clientOf(url)))),
        { concurrency: "unbounded" }
      )
      expect(results.flat()).toEqual([[1, "create_storage"], [2, "create_ingestion"], [3, "delivery_metrics"], [4, "analyses"]])
      const recorded = yield* Effect.flatMap(SqlClient.SqlClient, (sql) => sql`SELECT migration_id FROM effect_sql_migrations ORDER BY migration_id`).pipe(
        Effect.provide(clientOf(url))
      )
      expect(recorded).toEqual([{ migration_id: 1 }, { migration_id: 2 }, { migration_id: 3 }, { migration_id: 4 }])
    }))
})

import { SqlClient } from "@effect/sql"
import { describe, expect, it, layer } from "@effect/vitest"
import { Fixtures, storageContracts } from "@tidemark/port-contracts"
import { LineCoverageStore, OrganizationStore, RepositoryStore, ToolConfigStore } from "@tidemark/core"
import { Effect, Layer, Option, Redacted } from "effect"
import { Migrations, PgStorage } from "../src/index.js"
import * as TestDatabase from "./ScratchDatabase.js"

const { at, commit, snapshot, uniqueName } = Fixtures

// Each suite builds its own layer, so each runs in a database of its own, dropped afterwards.
storageContracts("PostgreSQL", () => PgStorage.layer.pipe(Layer.provide(TestDatabase.migratedLayer)))

const rowCount = (table: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    Effect.map(sql<{ count: number }>`SELECT count(*)::integer AS count FROM ${sql(table)}`, ([row]) => row?.count))

layer(PgStorage.layer.pipe(Layer.provideMerge(TestDatabase.migratedLayer)), { excludeTestServices: true })("PgStorage", (it) => {
  it.effect("a snapshot that fails part-way writes nothing, and the failure is ServiceUnavailable", () =>
    Effect.gen(function*() {
      const store = yield* RepositoryStore.RepositoryStore
      const organizations = yield* OrganizationStore.OrganizationStore
      const organization = yield* organizations.ensureOrganization("gh", uniqueName("org"))
      // PostgreSQL refuses NUL in text: the commits fail after the repository and branches were written.
      const broken = snapshot(organization.name, "app", { commits: [commit("a1", { message: "nul \u0000 byte" })] })
      const error = yield* Effect.flip(store.saveSnapshot(organization.id, broken, at(1)))

      expect(error._tag).toBe("ServiceUnavailable")
      expect(yield* store.findRepository(organization.id, "app")).toEqual(Option.none())
      expect(yield* rowCount("branches")).toBe(0)
    }))

  it.effect("deleting a repository leaves no row of it in any table that names a repository", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const store = yield* RepositoryStore.RepositoryStore
      const organizations = yield* OrganizationStore.OrganizationStore
      const organization = yield* organizations.ensureOrganization("gh", uniqueName("org"))
      const record = yield* store.saveSnapshot(organization.id, snapshot(organization.name, "app", { commits: [commit("a1")] }), at(1))
      yield* sql`
        INSERT INTO ignored_issues (repository_id, issue_id, ignored_by, ignored_by_name, ignored_at, commit_sha)
        VALUES (${record.id}, 'i1', 'tok', 'tok', ${at(1)}, 'a1')
      `
      yield* store.deleteRepository(record.id)
      const tables = yield* sql<{ table: string }>`
        SELECT table_name AS table FROM information_schema.columns
        WHERE column_name = 'repository_id' AND table_schema = current_schema()
      `
      expect(tables.map((t) => t.table)).toContain("ignored_issues")
      for (const { table } of tables) {
        const [row] = yield* sql<{ count: number }>`SELECT count(*)::integer AS count FROM ${sql(table)} WHERE repository_id = ${record.id}`
        expect([table, row?.count]).toStrictEqual([table, 0])
      }
    }))

  it.effect("a refresh that fails part-way leaves the previous snapshot as it was", () =>
    Effect.gen(function*() {
      const store = yield* RepositoryStore.RepositoryStore
      const organizations = yield* OrganizationStore.OrganizationStore
      const organization = yield* organizations.ensureOrganization("gh", uniqueName("org"))
      const saved = yield* store.saveSnapshot(organization.id, snapshot(organization.name, "app"), at(1))
      const branches = yield* store.listBranches(saved.id)

      const broken = snapshot(organization.name, "app", {
        visibility: "Public",
        defaultBranch: "next",
        branches: [Fixtures.branch("next", "b2")],
        commits: [commit("b2", { authorName: "\u0000" })]
      })
      yield* Effect.flip(store.saveSnapshot(organization.id, broken, at(2)))

      expect(yield* store.findRepository(organization.id, "app")).toStrictEqual(Option.some(saved))
      expect(yield* store.listBranches(saved.id)).toStrictEqual(branches)
    }))

  it.effect("a tool change that fails part-way writes nothing", () =>
    Effect.gen(function*() {
      const store = yield* ToolConfigStore.ToolConfigStore
      const { repository } = yield* Fixtures.freshRepository
      const error = yield* Effect.flip(
        store.applyToolChange(repository.id, "eslint", {
          enabled: true,
          patterns: [{ patternId: "bad\u0000id", enabled: true, parameters: [] }]
        })
      )
      expect(error._tag).toBe("ServiceUnavailable")
      expect(yield* store.toolSettings(repository.id)).toEqual([])
    }))

  it.effect("names page and compare in code unit order whatever the database's collation", () =>
    Effect.gen(function*() {
      const sql = yield* SqlClient.SqlClient
      const [row] = yield* sql<{ collation: string }>`
        SELECT collation_name AS collation FROM information_schema.columns
        WHERE table_name = 'repositories' AND column_name = 'name'`
      expect(row?.collation).toBe("C")
    }))

  it.effect("reads a line's hits stored past 2^53 (before uploads were bounded) as 2^53 - 1", () =>
    Effect.gen(function*() {
      const { repository } = yield* Fixtures.freshRepository
      const sql = yield* SqlClient.SqlClient
      const key = { repositoryId: repository.id, commitSha: "a".repeat(40) }
      yield* sql`
        INSERT INTO commit_file_coverage (repository_id, commit_sha, path, coverable_lines, covered_lines, hits)
        VALUES (${key.repositoryId}, ${key.commitSha}, 'a.js', 1, 1, '[[1, 100000000000000000000]]'::jsonb)
      `
      const read = yield* (yield* LineCoverageStore.LineCoverageStore).commitCoverage(key)
      expect(read.map((file) => file.hits)).toStrictEqual([[[1, Number.MAX_SAFE_INTEGER]]])
    }))
})

layer(PgStorage.layerWithoutMigrations.pipe(Layer.provide(TestDatabase.layer)), { excludeTestServices: true })(
  "PgStorage without its schema",
  (it) => {
    it.effect("storage failures are ServiceUnavailable errors, not defects", () =>
      Effect.gen(function*() {
        const organizationStore = yield* OrganizationStore.OrganizationStore
        const error = yield* Effect.flip(organizationStore.findOrganization("gh", "acme"))
        expect(error._tag).toBe("ServiceUnavailable")
        expect(error.reason).toContain("organizations")
      }))
  }
)

describe("PgStorage.layerUrl", () => {
  it.scoped("migrates the database at the URL and offers every port with the client", () =>
    Effect.gen(function*() {
      const url = yield* TestDatabase.database
      const context = yield* Layer.build(PgStorage.layerUrl(Redacted.make(url)))
      const result = yield* Effect.gen(function*() {
        const organizations = yield* OrganizationStore.OrganizationStore
        const organization = yield* organizations.ensureOrganization("gh", "acme")
        return yield* organizations.findOrganization("gh", "ACME").pipe(Effect.map(Option.map((o) => o.id === organization.id)))
      }).pipe(Effect.provide(context))
      expect(result).toEqual(Option.some(true))
      expect(yield* rowCount("effect_sql_migrations").pipe(Effect.provide(context))).toBe(Object.keys(Migrations.migrations).length)
    }))
})

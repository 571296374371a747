import { SqlClient } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { afterAll, describe, expect, it } from "@effect/vitest"
import { Fixtures, storageContracts } from "@tidemark/port-contracts"
import { CredentialStore, OrganizationStore, RepositoryStore, StandardStore, ToolConfigStore } from "@tidemark/core"
import { Config, ConfigProvider, Effect, Layer, ManagedRuntime, Option } from "effect"
import * as NodeFs from "node:fs/promises"
import * as NodePath from "node:path"
import { EmbeddedPostgres, Migrations, PgStorage } from "../src/index.js"
import { freshDataDir } from "./EmbeddedDataDirectory.js"

const { at, snapshot, uniqueName } = Fixtures

// The four suites share one embedded database (the contracts keep their tests apart by names).
const shared = ManagedRuntime.make(
  Layer.unwrapScoped(Effect.map(freshDataDir, (dataDir) => PgStorage.layerEmbedded({ dataDir })))
)
afterAll(() => shared.dispose())

storageContracts("PGlite", () => Layer.effectContext(Effect.map(shared.runtimeEffect, (runtime) => runtime.context)))

const migrationCount = Effect.flatMap(SqlClient.SqlClient, (sql) =>
  Effect.map(sql<{ count: number }>`SELECT count(*)::integer AS count FROM effect_sql_migrations`, ([row]) => row?.count))

describe("EmbeddedPostgres", () => {
  it.live("keeps everything written across a close and a reopen of the same data directory", () =>
    Effect.gen(function*() {
      const dataDir = yield* freshDataDir
      const name = uniqueName("org")

      const written = yield* Effect.gen(function*() {
        const repositories = yield* RepositoryStore.RepositoryStore
        const organizations = yield* OrganizationStore.OrganizationStore
        const organization = yield* organizations.ensureOrganization("gh", name)
        const repository = yield* repositories.saveSnapshot(organization.id, snapshot(name, "app"), at(1))
        yield* Effect.flatMap(ToolConfigStore.ToolConfigStore, (s) => s.setPatternsEnabled(repository.id, "eslint", ["semi", "curly"], true))
        const standard = yield* Effect.flatMap(StandardStore.StandardStore, (s) => s.create(organization.id, "Strict", [], at(2)))
        yield* Effect.flatMap(StandardStore.StandardStore, (s) => s.apply(standard.id, repository.id, at(3)))
        yield* Effect.flatMap(CredentialStore.CredentialStore, (s) =>
          s.save(Fixtures.credential({ id: "admin-key", kind: "admin", permission: "admin" })))
        // One process at a time: a second open while this one runs is refused, not corrupting.
        const second = yield* Effect.flip(Effect.scoped(Layer.build(EmbeddedPostgres.layer({ dataDir }))))
        expect(String(second.cause)).toContain("in use by process")
        return { organization, repository, branches: yield* repositories.listBranches(repository.id) }
      }).pipe(Effect.provide(PgStorage.layerEmbedded({ dataDir })))

      const read = yield* Effect.gen(function*() {
        const repositories = yield* RepositoryStore.RepositoryStore
        const organizations = yield* OrganizationStore.OrganizationStore
        const organization = yield* organizations.findOrganization("gh", name)
        const repository = yield* repositories.findRepository(written.organization.id, "app")
        const branches = yield* repositories.listBranches(written.repository.id)
        const patterns = yield* Effect.flatMap(ToolConfigStore.ToolConfigStore, (s) => s.patternSettings(written.repository.id, "eslint"))
        const applied = yield* Effect.flatMap(StandardStore.StandardStore, (s) => s.appliedTo(written.repository.id))
        const admins = yield* Effect.flatMap(CredentialStore.CredentialStore, (s) => s.countByKind("admin"))
        return { organization, repository, branches, patterns, applied, admins, migrations: yield* migrationCount }
      }).pipe(Effect.provide(PgStorage.layerEmbedded({ dataDir })))

      expect(read.organization).toStrictEqual(Option.some(written.organization))
      expect(read.repository).toStrictEqual(Option.some(written.repository))
      expect(read.branches).toStrictEqual(written.branches)
      expect(read.patterns.map((p) => [p.patternId, p.enabled])).toEqual([["semi", true], ["curly", true]])
      expect(read.applied.map((a) => [a.standard.name, a.appliedAt])).toEqual([["Strict", at(3)]])
      expect(read.admins).toBe(1)
      expect(read.migrations).toBe(Object.keys(Migrations.migrations).length)
    }).pipe(Effect.scoped))

  it.live("layerConfig opens the embedded database where the Config the caller gives says", () =>
    Effect.gen(function*() {
      const dataDir = yield* freshDataDir
      const config = { dataDir: Config.string("EMBEDDED_DATA_DIR") }
      yield* Migrations.run.pipe(
        Effect.provide(EmbeddedPostgres.layerConfig(config)),
        Effect.withConfigProvider(ConfigProvider.fromMap(new Map([["EMBEDDED_DATA_DIR", dataDir]])))
      )
      // The fresh directory had no migration: reopened, it has them all.
      const migrations = yield* migrationCount.pipe(Effect.provide(EmbeddedPostgres.layer({ dataDir })))
      expect(migrations).toBe(Object.keys(Migrations.migrations).length)
      const error = yield* Effect.flip(
        Effect.scoped(Layer.build(EmbeddedPostgres.layerConfig(config))).pipe(Effect.withConfigProvider(ConfigProvider.fromMap(new Map())))
      )
      expect(error._tag).toBe("ConfigError")
    }).pipe(Effect.scoped))

  it.live("gives the data directory and every file in it owner-only modes, those left readable by everyone included", () =>
    Effect.gen(function*() {
      const dataDir = yield* freshDataDir
      const modes = () =>
        Effect.promise(async () => {
          const entries = await NodeFs.readdir(dataDir, { recursive: true, withFileTypes: true })
          const of = async (path: string) => ((await NodeFs.stat(path)).mode & 0o777).toString(8)
          const files = new Set<string>()
          const directories = new Set<string>([await of(dataDir)])
          for (const entry of entries) {
            const path = NodePath.join(entry.parentPath, entry.name)
            if (entry.isDirectory()) directories.add(await of(path))
            else if (entry.isFile()) files.add(await of(path))
          }
          return { files: [...files].sort(), directories: [...directories].sort() }
        })
      // As an earlier version left it: PGlite's files 0666, its directories 0755.
      yield* Effect.promise(async () => {
        for (const entry of await NodeFs.readdir(dataDir, { recursive: true, withFileTypes: true })) {
          const path = NodePath.join(entry.parentPath, entry.name)
          await NodeFs.chmod(path, entry.isDirectory() ? 0o755 : 0o666)
        }
        await NodeFs.chmod(dataDir, 0o755)
      })
      expect(yield* modes()).toStrictEqual({ files: ["666"], directories: ["755"] })

      const written = yield* Effect.gen(function*() {
        const sql = yield* SqlClient.SqlClient
        yield* sql`CREATE TABLE modes_checked (id integer)`
        yield* sql`INSERT INTO modes_checked SELECT generate_series(1, 1000)`
        return yield* modes()
      }).pipe(Effect.provide(PgStorage.layerEmbedded({ dataDir })))

      expect(written).toStrictEqual({ files: ["600"], directories: ["700"] })
      expect(yield* modes()).toStrictEqual({ files: ["600"], directories: ["700"] })
    }).pipe(Effect.scoped))

  it.live("is served on a Unix socket in a directory only this user can enter, not on a TCP port", () =>
    Effect.gen(function*() {
      const dataDir = yield* freshDataDir
      const host = yield* Effect.gen(function*() {
        const { host } = (yield* PgClient.PgClient).config
        expect(host).toMatch(/^\//)
        const mode = (yield* Effect.promise(() => NodeFs.stat(host ?? ""))).mode & 0o777
        expect(mode.toString(8)).toBe("700")
        expect(yield* migrationCount).toBe(Object.keys(Migrations.migrations).length)
        return host
      }).pipe(Effect.provide(PgStorage.layerEmbedded({ dataDir })))
      // Closed, the layer takes its socket and directory with it.
      expect(yield* Effect.promise(() => NodeFs.stat(host ?? "").then(() => true, () => false))).toBe(false)
    }).pipe(Effect.scoped))
})

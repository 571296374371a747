import { PgClient } from "@effect/sql-pg"
import { Config, Effect, Layer, Redacted } from "effect"
import { createHash } from "node:crypto"
import { readdirSync, readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import * as Migrations from "../src/Migrations.js"

/**
 * Scratch databases for tests and benchmarks: each gets a fresh, empty database of its own on a
 * server, dropped afterwards, so runs never see each other's rows.
 */

/** The server tests create scratch databases on. */
const serverUrl = Config.string("DATABASE_URL").pipe(Config.withDefault("postgres://postgres@127.0.0.1:5432/test"))

const onServer = (server: string, statement: string) =>
  Effect.gen(function*() {
    const sql = yield* PgClient.PgClient
    yield* sql.unsafe(statement)
  }).pipe(Effect.provide(PgClient.layer({ url: Redacted.make(server) })))

export interface Scratch {
  readonly name: string
  readonly url: string
}

/** A database `<prefix>_<random>` on `server` for the scope, empty or a copy of `template`; dropped when the scope closes. */
const scratchOn = (server: string, prefix: string, template?: string) =>
  Effect.gen(function*() {
    const url = new URL(server)
    const name = `${prefix}_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`
    yield* Effect.acquireRelease(onServer(server, `CREATE DATABASE ${name}${template === undefined ? "" : ` TEMPLATE ${template}`}`), () =>
      Effect.orDie(onServer(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)))
    url.pathname = `/${name}`
    return { name, url: url.toString() } satisfies Scratch
  })

/** A fresh, empty database `<prefix>_<random>` on `server` for the scope; dropped when the scope closes. */
export const databaseOn = (server: string, prefix = "tidemark_test") => scratchOn(server, prefix)

/** A fresh, empty database on the server at DATABASE_URL for the scope: its URL. */
export const database = Effect.flatMap(serverUrl, (server) => Effect.map(databaseOn(server), (scratch) => scratch.url))

/** A client of a fresh database of its own, dropped when the layer is released. */
export const layer = Layer.unwrapScoped(Effect.map(database, (url) => PgClient.layer({ url: Redacted.make(url) })))

/** What the migrations are: their files' text, so that a migration edited while it is written makes a new template. */
const migrationsDigest = (() => {
  const folder = fileURLToPath(new URL("../src/migrations/", import.meta.url))
  const hash = createHash("sha256")
  for (const file of readdirSync(folder).sort()) hash.update(file).update("\0").update(readFileSync(`${folder}${file}`)).update("\0")
  return hash.digest("hex").slice(0, 16)
})()

const templatePrefix = "tidemark_template_"

/**
 * A database migrated to the latest migration, made once per set of migrations and server and
 * copied by each scratch database that wants one (`CREATE DATABASE … TEMPLATE`): running the 27
 * migrations took each test 1–2 s on a quiet machine and 7–12 s in the suite, for every test of the
 * queue's and the event store's contracts, every HTTP suite file and every server test on
 * PostgreSQL. Built under a name of its own and renamed when migrated, so a template is never seen
 * half made; two processes building at once both finish, and the second's is dropped. A template
 * of older migrations is left on the server (another checkout's suite may be copying it): some
 * 8 MB each, `DROP DATABASE tidemark_template_…` when they pile up.
 */
const templateOn = (server: string) =>
  Effect.gen(function*() {
    const name = `${templatePrefix}${migrationsDigest}`
    if (yield* databaseExists(server, name)) return name
    const building = `tidemark_building_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`
    yield* onServer(server, `CREATE DATABASE ${building}`)
    const url = new URL(server)
    url.pathname = `/${building}`
    // The client is closed before the rename: a database with a connection can be neither renamed nor copied.
    yield* Migrations.run.pipe(Effect.provide(PgClient.layer({ url: Redacted.make(url.toString()), maxConnections: 1 })))
    const renamed = yield* Effect.either(onServer(server, `ALTER DATABASE ${building} RENAME TO ${name}`))
    if (renamed._tag === "Left") yield* onServer(server, `DROP DATABASE IF EXISTS ${building} WITH (FORCE)`)
    return name
  })

const databaseExists = (server: string, name: string) =>
  Effect.gen(function*() {
    const sql = yield* PgClient.PgClient
    return (yield* sql`SELECT 1 FROM pg_database WHERE datname = ${name}`).length > 0
  }).pipe(Effect.provide(PgClient.layer({ url: Redacted.make(server) })))

/** One template per process and server, looked for (or made) at the first scratch database that wants it. */
const templates = new Map<string, Effect.Effect<string>>()
const templateOf = (server: string): Effect.Effect<string> => {
  const known = templates.get(server) ?? Effect.runSync(Effect.cached(Effect.orDie(templateOn(server))))
  templates.set(server, known)
  return known
}

/** A fresh database `<prefix>_<random>` on `server` already migrated to the latest migration, for the scope; dropped when the scope closes. */
export const migratedDatabaseOn = (server: string, prefix = "tidemark_test") =>
  Effect.flatMap(templateOf(server), (template) => scratchOn(server, prefix, template))

/** A fresh database on the server at DATABASE_URL, migrated, for the scope: its URL. */
export const migratedDatabase = Effect.flatMap(serverUrl, (server) => Effect.map(migratedDatabaseOn(server), (scratch) => scratch.url))

/** A client of a fresh, migrated database of its own, dropped when the layer is released. */
export const migratedLayer = Layer.unwrapScoped(Effect.map(migratedDatabase, (url) => PgClient.layer({ url: Redacted.make(url) })))

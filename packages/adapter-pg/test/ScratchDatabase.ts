import { PgClient } from "@effect/sql-pg"
import { Config, Effect, Layer, Redacted } from "effect"

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

/** A fresh, empty database `<prefix>_<random>` on `server` for the scope; dropped when the scope closes. */
export const databaseOn = (server: string, prefix = "tidemark_test") =>
  Effect.gen(function*() {
    const url = new URL(server)
    const name = `${prefix}_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`
    yield* Effect.acquireRelease(onServer(server, `CREATE DATABASE ${name}`), () =>
      Effect.orDie(onServer(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)))
    url.pathname = `/${name}`
    return { name, url: url.toString() } satisfies Scratch
  })

/** A fresh, empty database on the server at DATABASE_URL for the scope: its URL. */
export const database = Effect.flatMap(serverUrl, (server) => Effect.map(databaseOn(server), (scratch) => scratch.url))

/** A client of a fresh database of its own, dropped when the layer is released. */
export const layer = Layer.unwrapScoped(Effect.map(database, (url) => PgClient.layer({ url: Redacted.make(url) })))

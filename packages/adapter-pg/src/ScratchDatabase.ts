import { PgClient } from "@effect/sql-pg"
import { Config, Effect, Layer, Redacted } from "effect"

/**
 * Scratch databases for tests and benchmarks: each gets a fresh, empty database of its own on the
 * server at DATABASE_URL, dropped afterwards, so runs never see each other's rows.
 */

/** The server the scratch databases are created on. */
const serverUrl = Config.string("DATABASE_URL").pipe(Config.withDefault("postgres://postgres@127.0.0.1:5432/test"))

const onServer = (statement: string) =>
  Effect.gen(function*() {
    const sql = yield* PgClient.PgClient
    yield* sql.unsafe(statement)
  }).pipe(Effect.provide(Layer.unwrapEffect(Effect.map(serverUrl, (url) => PgClient.layer({ url: Redacted.make(url) })))))

/** A fresh, empty database for the scope: its URL. It is dropped when the scope closes. */
export const database = Effect.gen(function*() {
  const url = new URL(yield* serverUrl)
  const name = `tidemark_test_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`
  yield* Effect.acquireRelease(onServer(`CREATE DATABASE ${name}`), () =>
    Effect.orDie(onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)))
  url.pathname = `/${name}`
  return url.toString()
})

/** A client of a fresh database of its own, dropped when the layer is released. */
export const layer = Layer.unwrapScoped(Effect.map(database, (url) => PgClient.layer({ url: Redacted.make(url) })))

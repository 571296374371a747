import { PgClient } from "@effect/sql-pg"
import { PgStorage } from "@tidemark/adapter-pg"
import { storageLayer } from "@tidemark/core/memory"
import { Effect, Layer, Redacted } from "effect"
import { randomBytes } from "node:crypto"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"

/** One storage backend under test: the layer providing every storage port of the core. */
export interface Backend {
  readonly key: "memory" | "postgres" | "embedded"
  readonly title: string
  readonly storage: Layer.Layer<PgStorage.StoragePorts, unknown>
}

export const memory: Backend = { key: "memory", title: "in-memory", storage: storageLayer }

/** Runs one statement on the server's maintenance database (CREATE/DROP DATABASE run outside any transaction). */
const onServer = (url: string, statement: (sql: PgClient.PgClient) => Effect.Effect<unknown, unknown>) =>
  Effect.flatMap(PgClient.PgClient, statement).pipe(
    Effect.provide(PgClient.layer({ url: Redacted.make(url), applicationName: "tidemark-bench" }))
  )

/** A database of its own for this run, created empty and dropped at the end whatever happens. */
const freshDatabase = (serverUrl: string) =>
  Effect.acquireRelease(
    Effect.gen(function*() {
      const name = `tidemark_bench_${randomBytes(6).toString("hex")}`
      yield* onServer(serverUrl, (sql) => sql`CREATE DATABASE ${sql(name)}`)
      const url = new URL(serverUrl)
      url.pathname = `/${name}`
      return { name, url: url.toString() }
    }),
    ({ name }) =>
      onServer(serverUrl, (sql) => sql`DROP DATABASE IF EXISTS ${sql(name)} WITH (FORCE)`).pipe(
        Effect.catchAll((error) => Effect.logWarning(`could not drop benchmark database ${name}`, error))
      )
  )

/** PostgreSQL at `serverUrl`, in a fresh database `tidemark_bench_<random>`. */
export const postgres = (serverUrl: string): Backend => ({
  key: "postgres",
  title: "PostgreSQL",
  storage: Layer.unwrapScoped(
    Effect.map(freshDatabase(serverUrl), ({ url }) => PgStorage.layerUrl(Redacted.make(url)))
  )
})

const temporaryDirectory = Effect.acquireRelease(
  Effect.promise(() => mkdtemp(join(tmpdir(), "tidemark-bench-"))),
  (dir) => Effect.promise(() => rm(dir, { recursive: true, force: true }))
)

/** The server's embedded default (PGlite) in a temporary data directory, removed at the end. */
export const embedded: Backend = {
  key: "embedded",
  title: "embedded (PGlite)",
  storage: Layer.unwrapScoped(
    Effect.map(temporaryDirectory, (dir) => PgStorage.layerEmbedded({ dataDir: join(dir, "pg") }))
  )
}

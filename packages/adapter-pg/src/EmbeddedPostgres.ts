import { PGlite } from "@electric-sql/pglite"
import { PGLiteSocketServer } from "@electric-sql/pglite-socket"
import { SqlError } from "@effect/sql/SqlError"
import type { SqlClient } from "@effect/sql/SqlClient"
import { PgClient } from "@effect/sql-pg"
import { Config, type ConfigError, Effect, Layer } from "effect"
import * as NodeFs from "node:fs/promises"
import * as NodeOs from "node:os"
import * as NodePath from "node:path"
import * as DataDirectoryLock from "./DataDirectoryLock.js"
import * as DataDirectoryModes from "./DataDirectoryModes.js"
import { OwnerOnlyNodeFS } from "./OwnerOnlyNodeFS.js"

export interface EmbeddedPostgresOptions {
  /** Where PGlite keeps its files; created on first start, reopened on the next. */
  readonly dataDir: string
}

const open = (dataDir: string) =>
  Effect.acquireRelease(
    Effect.tryPromise({
      try: () => PGlite.create({ fs: new OwnerOnlyNodeFS(dataDir) }),
      catch: (cause) => new SqlError({ cause, message: `Failed to open the embedded database at ${dataDir}` })
    }),
    (db) => Effect.promise(() => db.close())
  )

/**
 * The socket's name within its directory, as PostgreSQL's clients derive it from the port
 * (`<host>/.s.PGSQL.<port>`): the port only names the file, nothing listens on TCP.
 */
const socketPort = 5432

/**
 * A Unix socket in a directory of its own, made by mkdtemp (mode 0700, so only this user reaches
 * the socket): PGlite's socket server asks no password (every client is the superuser), so a TCP
 * port, even on loopback, would admit every local user and process while the server runs.
 */
const serve = (db: PGlite) =>
  Effect.gen(function*() {
    const directory = yield* Effect.acquireRelease(
      Effect.tryPromise({
        try: () => NodeFs.mkdtemp(NodePath.join(NodeOs.tmpdir(), "tidemark-pg-")),
        catch: (cause) => new SqlError({ cause, message: "Failed to create the embedded database's socket directory" })
      }),
      (directory) => Effect.promise(() => NodeFs.rm(directory, { recursive: true, force: true }))
    )
    yield* Effect.acquireRelease(
      Effect.tryPromise({
        try: async () => {
          const server = new PGLiteSocketServer({ db, path: NodePath.join(directory, `.s.PGSQL.${socketPort}`) })
          await server.start()
          return server
        },
        catch: (cause) => new SqlError({ cause, message: "Failed to serve the embedded database" })
      }),
      (server) => Effect.promise(() => server.stop())
    )
    return directory
  })

/**
 * PostgreSQL compiled to WebAssembly (PGlite), durable under `dataDir`, served on a Unix socket
 * only this user can reach, so that the same `PgClient`, adapters and migrations run on it as on a PostgreSQL server.
 *
 * PGlite runs one query at a time: one connection is all it can use. One process at a time may
 * open a data directory (a lock file next to it says which). Closing the layer ends the client
 * first, then the socket server, then PGlite, which flushes its files, then releases the lock.
 */
export const layer = (options: EmbeddedPostgresOptions): Layer.Layer<PgClient.PgClient | SqlClient, SqlError> =>
  Layer.unwrapScoped(
    Effect.gen(function*() {
      yield* DataDirectoryLock.acquire(options.dataDir)
      yield* DataDirectoryModes.ownerOnly(options.dataDir)
      const db = yield* open(options.dataDir)
      const socketDirectory = yield* serve(db)
      return PgClient.layer({
        host: socketDirectory,
        port: socketPort,
        username: "postgres",
        database: "postgres",
        maxConnections: 1,
        applicationName: "tidemark"
      })
    })
  )

/** The embedded database with its options read from `config`, which the caller chooses. */
export const layerConfig = (
  config: Config.Config.Wrap<EmbeddedPostgresOptions>
): Layer.Layer<PgClient.PgClient | SqlClient, SqlError | ConfigError.ConfigError> =>
  Layer.unwrapEffect(Effect.map(Config.unwrap(config), layer))

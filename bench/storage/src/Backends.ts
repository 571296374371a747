import { PgStorage } from "@tidemark/adapter-pg"
import * as ScratchDatabase from "../../../packages/adapter-pg/test/ScratchDatabase.js"
import { storageLayer } from "@tidemark/core/memory"
import { Config, Effect, Layer, Redacted } from "effect"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"

/** The PostgreSQL server a bench creates its scratch database on (DATABASE_URL). */
export const serverUrl = Config.string("DATABASE_URL").pipe(Config.withDefault("postgres://postgres@127.0.0.1:5432/test"))

/** One storage backend under test: the layer providing every storage port of the core. */
export interface Backend {
  readonly key: "memory" | "postgres" | "embedded"
  readonly title: string
  readonly storage: Layer.Layer<PgStorage.StoragePorts, unknown>
}

export const memory: Backend = { key: "memory", title: "in-memory", storage: storageLayer }

/** PostgreSQL at `serverUrl`, in a fresh database `tidemark_bench_<random>`. */
export const postgres = (serverUrl: string): Backend => ({
  key: "postgres",
  title: "PostgreSQL",
  storage: Layer.unwrapScoped(
    Effect.map(ScratchDatabase.databaseOn(serverUrl, "tidemark_bench"), ({ url }) => PgStorage.layerUrl(Redacted.make(url)))
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

import { NodeHttpServer } from "@effect/platform-node"
import { GitCli } from "@tidemark/adapter-git"
import { HttpServer } from "@tidemark/adapter-http"
import { catalogue } from "@tidemark/catalogue"
import { Access, DomainServices } from "@tidemark/core"
import { PgStorage } from "@tidemark/adapter-pg"
import { CryptoIdGenerator, StaticToolCatalogue } from "@tidemark/core/memory"
import { Console, Effect, Layer, Option, Redacted } from "effect"
import { createServer } from "node:http"
import { join } from "node:path"
import type { ServerConfig } from "./ServerConfig.js"

export const version = "0.1.0"

/**
 * Durable storage: the PostgreSQL server at DATABASE_URL, or else the embedded database (PGlite)
 * under the data directory, through the same adapter code and migrations.
 */
export const storageLayer = (config: ServerConfig) =>
  Option.match(config.databaseUrl, {
    onSome: PgStorage.layerUrl,
    onNone: () => PgStorage.layerEmbedded({ dataDir: join(config.dataDir, "pg") })
  })

/**
 * The bundled server, composed once, top to bottom: storage → catalogue, git, ids → domain
 * services → HTTP.
 */
export const domainLayer = (config: ServerConfig) =>
  DomainServices.layer(config.gitUrlTemplates).pipe(
    Layer.provideMerge(Layer.mergeAll(
      storageLayer(config),
      StaticToolCatalogue.layer(catalogue),
      GitCli.layer({ cacheDirectory: join(config.dataDir, "git-cache") }),
      CryptoIdGenerator.layer
    ))
  )

/** Makes sure an admin token exists and shows a newly generated one, once. */
const adminTokenLayer = (config: ServerConfig) =>
  Layer.effectDiscard(Effect.gen(function*() {
    const access = yield* Access
    const generated = yield* access.ensureAdmin(Option.map(config.adminToken, Redacted.value))
    if (Option.isSome(generated)) {
      yield* Console.log(`Generated admin token (shown once; set TIDEMARK_ADMIN_TOKEN to choose your own):\n${generated.value}`)
    }
  }))

export const serverLayer = (config: ServerConfig) =>
  Layer.mergeAll(
    HttpServer.layer({ version, maxBodyBytes: config.maxBodyBytes }),
    adminTokenLayer(config)
  ).pipe(
    Layer.provide(NodeHttpServer.layer(createServer, { port: config.port, host: config.host })),
    Layer.provide(domainLayer(config))
  )

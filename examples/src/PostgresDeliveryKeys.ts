/**
 * DeliveryKeys.ts with its storage swapped for PostgreSQL: the same program and services; only the
 * Layer that provides their ports changes. `@tidemark/adapter-pg` provides storage, the outbox queue
 * and the event store on one client, and migrates the database when the layer is built.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/tidemark pnpm --filter @tidemark/examples delivery-keys:postgres
 */
import { PgIngestion, PgStorage } from "@tidemark/adapter-pg"
import { CryptoIdGenerator } from "@tidemark/core/memory"
import { Config, Effect, Layer, type Redacted } from "effect"
import { DeliveryServices, exampleWeek, exampleWindow, fourKeys } from "./DeliveryKeys.js"
import { isScript, runScript } from "./Script.js"

/** The ports on the PostgreSQL database at `url`; ids are random either way. */
export const postgresPorts = (url: Redacted.Redacted) =>
  Layer.merge(PgIngestion.layer(), CryptoIdGenerator.layer).pipe(Layer.provideMerge(PgStorage.layerUrl(url)))

export const postgresLayer = (url: Redacted.Redacted) => DeliveryServices.pipe(Layer.provide(postgresPorts(url)))

/** The database from `DATABASE_URL`, as the server reads it. */
export const postgresLayerConfig = Layer.unwrapEffect(Effect.map(Config.redacted("DATABASE_URL"), postgresLayer))

if (isScript(import.meta.url)) {
  void runScript(fourKeys("checkout", exampleWeek, exampleWindow).pipe(Effect.provide(postgresLayerConfig)))
}

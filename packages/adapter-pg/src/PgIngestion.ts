import type { SqlClient } from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import type { MigrationError } from "@effect/sql/Migrator"
import type { EventQueue, EventStore } from "@tidemark/core"
import { Layer } from "effect"
import * as Migrations from "./Migrations.js"
import * as PgEventQueue from "./PgEventQueue.js"
import * as PgEventStore from "./PgEventStore.js"

/** The ports of the ingestion pipeline this package provides. */
export type IngestionPorts = EventQueue.EventQueue | EventStore.EventStore

/** The embedded durable queue and the event store, on a schema already migrated. */
export const layerWithoutMigrations = (
  options: PgEventQueue.PgEventQueueOptions = {}
): Layer.Layer<IngestionPorts, never, SqlClient> => Layer.merge(PgEventQueue.layer(options), PgEventStore.layer)

/**
 * The embedded durable queue and the event store, built once the migrations have run on the
 * client's database. Beside `PgStorage.layer` on the same client, the migrations run once and
 * the second run finds nothing to do.
 */
export const layer = (
  options: PgEventQueue.PgEventQueueOptions = {}
): Layer.Layer<IngestionPorts, MigrationError | SqlError, SqlClient> =>
  layerWithoutMigrations(options).pipe(Layer.provide(Migrations.layer))

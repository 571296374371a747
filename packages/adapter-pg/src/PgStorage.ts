import type { SqlClient } from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import type { MigrationError } from "@effect/sql/Migrator"
import { PgClient } from "@effect/sql-pg"
import type { CredentialRevocations, StoragePorts as StoragePortsModule } from "@tidemark/core"
import { MemoryCredentialRevocations } from "@tidemark/core/memory"
import { Layer, type Redacted } from "effect"
import * as EmbeddedPostgres from "./EmbeddedPostgres.js"
import * as Migrations from "./Migrations.js"
import * as PgAdvisoryStore from "./PgAdvisoryStore.js"
import * as PgAnalysisResultStore from "./PgAnalysisResultStore.js"
import * as PgAnalysisStore from "./PgAnalysisStore.js"
import * as PgChangeStore from "./PgChangeStore.js"
import * as PgCloneResultStore from "./PgCloneResultStore.js"
import * as PgCredentialRevocations from "./PgCredentialRevocations.js"
import * as PgCredentialStore from "./PgCredentialStore.js"
import * as PgDependencyStore from "./PgDependencyStore.js"
import * as PgFileResultStore from "./PgFileResultStore.js"
import * as PgIssueResultStore from "./PgIssueResultStore.js"
import * as PgLanguageSettingsStore from "./PgLanguageSettingsStore.js"
import * as PgLineCoverageStore from "./PgLineCoverageStore.js"
import * as PgPullRequestStore from "./PgPullRequestStore.js"
import * as PgGitHostSettingsStore from "./PgGitHostSettingsStore.js"
import * as PgQualityGateStore from "./PgQualityGateStore.js"
import * as PgRepositoryListing from "./PgRepositoryListing.js"
import * as PgOrganizationStore from "./PgOrganizationStore.js"
import * as PgRegisteredToolRules from "./PgRegisteredToolRules.js"
import * as PgRepositoryStore from "./PgRepositoryStore.js"
import * as PgSecurityItemStore from "./PgSecurityItemStore.js"
import * as PgStandardStore from "./PgStandardStore.js"
import * as PgToolConfigStore from "./PgToolConfigStore.js"
import * as PgTriageStore from "./PgTriageStore.js"
import * as PgWebhookDeliveryLog from "./PgWebhookDeliveryLog.js"
import * as PgWebhookSecretStore from "./PgWebhookSecretStore.js"
import * as PgBadgeTokenStore from "./PgBadgeTokenStore.js"

export type StoragePorts = StoragePortsModule.StoragePorts

/** The stores alone, on a schema already migrated. */
const stores: Layer.Layer<Exclude<StoragePorts, CredentialRevocations.CredentialRevocations>, never, SqlClient> = Layer.mergeAll(
  PgOrganizationStore.layer,
  PgRepositoryStore.layer,
  PgToolConfigStore.layer,
  PgStandardStore.layer,
  PgCredentialStore.layer,
  PgAnalysisStore.layer,
  PgAnalysisResultStore.layer,
  PgIssueResultStore.layer,
  PgFileResultStore.layer,
  PgCloneResultStore.layer,
  PgLineCoverageStore.layer,
  PgRepositoryListing.layer,
  PgQualityGateStore.layer,
  PgPullRequestStore.layer,
  PgWebhookSecretStore.layer,
  PgBadgeTokenStore.layer,
  PgWebhookDeliveryLog.layer,
  PgChangeStore.layer,
  PgGitHostSettingsStore.layer,
  PgLanguageSettingsStore.layer,
  PgRegisteredToolRules.layer,
  PgTriageStore.layer,
  PgAdvisoryStore.layer,
  PgDependencyStore.layer,
  PgSecurityItemStore.layer
)

/** The adapters alone, on a schema already migrated; revocations are announced to every process on the server. */
export const layerWithoutMigrations: Layer.Layer<StoragePorts, never, SqlClient | PgClient.PgClient> = Layer.merge(
  stores,
  PgCredentialRevocations.layer()
)

/** Every storage port, built once the migrations have run on the client's database. */
export const layer: Layer.Layer<StoragePorts, MigrationError | SqlError, SqlClient | PgClient.PgClient> = layerWithoutMigrations
  .pipe(Layer.provide(Migrations.layer))

/**
 * Every storage port on the embedded database, which one process owns (its data directory is
 * locked): revocations need not leave the process.
 */
const embeddedLayer: Layer.Layer<StoragePorts, MigrationError | SqlError, SqlClient> = Layer.merge(
  stores,
  MemoryCredentialRevocations.layer
).pipe(Layer.provide(Migrations.layer))

/** Storage on the PostgreSQL server at `url`; the client is offered too, for other adapters. */
export const layerUrl = (
  url: Redacted.Redacted
): Layer.Layer<StoragePorts | PgClient.PgClient | SqlClient, MigrationError | SqlError> =>
  layer.pipe(Layer.provideMerge(PgClient.layer({ url, applicationName: "tidemark" })))

/** Storage in the embedded database under `dataDir`. */
export const layerEmbedded = (
  options: EmbeddedPostgres.EmbeddedPostgresOptions
): Layer.Layer<StoragePorts | PgClient.PgClient | SqlClient, MigrationError | SqlError> =>
  embeddedLayer.pipe(Layer.provideMerge(EmbeddedPostgres.layer(options)))

import { Migrator, SqlClient } from "@effect/sql"
import { Effect, Layer } from "effect"
import CreateStorage from "./migrations/0001_create_storage.js"
import CreateIngestion from "./migrations/0002_create_ingestion.js"
import DeliveryMetrics from "./migrations/0003_delivery_metrics.js"
import Analyses from "./migrations/0004_analyses.js"
import LeadTimeDays from "./migrations/0005_lead_time_days.js"
import RepositoryListing from "./migrations/0006_repository_listing.js"
import OrganizationSettings from "./migrations/0007_organization_settings.js"
import AnalysisResults from "./migrations/0008_analysis_results.js"
import FileCoverage from "./migrations/0009_file_coverage.js"
import IssueDimensions from "./migrations/0010_issue_dimensions.js"
import RepositoryTokens from "./migrations/0011_repository_tokens.js"
import QualityGates from "./migrations/0012_quality_gates.js"
import PullRequests from "./migrations/0013_pull_requests.js"
import GitHostSettings from "./migrations/0014_git_host_settings.js"
import Changes from "./migrations/0015_changes.js"
import TokenRevocation from "./migrations/0016_token_revocation.js"
import WebhookDeliveries from "./migrations/0017_webhook_deliveries.js"
import LanguageSettings from "./migrations/0018_language_settings.js"
import ConfigurationFileDefault from "./migrations/0019_configuration_file_default.js"
import RegisteredToolRules from "./migrations/0020_registered_tool_rules.js"
import Triage from "./migrations/0021_triage.js"
import BadgeTokens from "./migrations/0022_badge_tokens.js"
import RepositoryFollowing from "./migrations/0023_repository_following.js"
import BranchSettings from "./migrations/0024_branch_settings.js"
import PullRequestDecoration from "./migrations/0025_pull_request_decoration.js"
import Security from "./migrations/0026_security.js"
import SecurityItemCounts from "./migrations/0027_security_item_counts.js"

/** Numbered and append-only: a change to the schema is a new entry, never an edit of an old one. */
export const migrations = {
  "0001_create_storage": CreateStorage,
  "0002_create_ingestion": CreateIngestion,
  "0003_delivery_metrics": DeliveryMetrics,
  "0004_analyses": Analyses,
  "0005_lead_time_days": LeadTimeDays,
  "0006_repository_listing": RepositoryListing,
  "0007_organization_settings": OrganizationSettings,
  "0008_analysis_results": AnalysisResults,
  "0009_file_coverage": FileCoverage,
  "0010_issue_dimensions": IssueDimensions,
  "0011_repository_tokens": RepositoryTokens,
  "0012_quality_gates": QualityGates,
  "0013_pull_requests": PullRequests,
  "0014_git_host_settings": GitHostSettings,
  "0015_changes": Changes,
  "0016_token_revocation": TokenRevocation,
  "0017_webhook_deliveries": WebhookDeliveries,
  "0018_language_settings": LanguageSettings,
  "0019_configuration_file_default": ConfigurationFileDefault,
  "0020_registered_tool_rules": RegisteredToolRules,
  "0021_triage": Triage,
  "0022_badge_tokens": BadgeTokens,
  "0023_repository_following": RepositoryFollowing,
  "0024_branch_settings": BranchSettings,
  "0025_pull_request_decoration": PullRequestDecoration,
  "0026_security": Security,
  "0027_security_item_counts": SecurityItemCounts
}

/** The migrator's own bookkeeping table (the `@effect/sql` default name). */
const table = "effect_sql_migrations"

/**
 * Runs the pending migrations of `record` (a prefix of `migrations`, in the tests of a later
 * migration); the ids and names of those it ran.
 *
 * Everything runs in one transaction holding an advisory lock, so that instances starting at
 * once take turns: the migrator alone checks for its table and creates it outside any lock, which
 * races. Creating the table first, under the lock, leaves the migrator nothing to race on; its own
 * transaction becomes a savepoint of ours, and all of it runs on one connection (the embedded
 * database has only one).
 */
export const runOf = (record: Record<string, Effect.Effect<unknown, unknown, SqlClient.SqlClient>>) => Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  return yield* sql.withTransaction(
    Effect.gen(function*() {
      yield* sql`SELECT pg_advisory_xact_lock(hashtext('tidemark:migrations'))`
      yield* sql`
        CREATE TABLE IF NOT EXISTS ${sql(table)} (
          migration_id integer PRIMARY KEY,
          created_at timestamp with time zone NOT NULL DEFAULT now(),
          name text NOT NULL
        )`
      return yield* Migrator.make({})({ loader: Migrator.fromRecord(record), table })
    })
  )
})

/** Runs every pending migration of `migrations`. */
export const run = runOf(migrations)

/** Migrates at start-up: the layer is built once the schema is current. */
export const layer = Layer.effectDiscard(run)

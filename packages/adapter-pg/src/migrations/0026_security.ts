import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Security and risk management. Advisories are the installation's (OSV records, as Tidemark keeps
 * them, looked up by the packages they name); each repository keeps the dependency inventory of its
 * latest analysed default-branch commit; each organization its security items and SLA. An item's
 * deadline and status depend on the SLA as it is when read, so neither is stored. At most one open
 * item per finding key and repository: the key of a closed item may open a new one.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE advisories (
      id text PRIMARY KEY,
      modified text NOT NULL,
      advisory jsonb NOT NULL
    )
  `
  yield* sql`
    CREATE TABLE advisory_packages (
      ecosystem text NOT NULL,
      name text NOT NULL,
      advisory_id text NOT NULL REFERENCES advisories (id) ON DELETE CASCADE,
      PRIMARY KEY (ecosystem, name, advisory_id)
    )
  `
  yield* sql`CREATE INDEX advisory_packages_advisory ON advisory_packages (advisory_id)`
  yield* sql`
    CREATE TABLE advisory_imports (
      at timestamptz NOT NULL,
      advisories integer NOT NULL
    )
  `
  yield* sql`
    CREATE TABLE dependency_inventories (
      repository_id integer PRIMARY KEY REFERENCES repositories (id) ON DELETE CASCADE,
      commit_sha text NOT NULL,
      analysed_at text NOT NULL,
      matched_at timestamptz NOT NULL,
      dependencies jsonb NOT NULL
    )
  `
  yield* sql`
    CREATE TABLE security_items (
      id uuid PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      repository_id integer NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
      key text NOT NULL,
      scan_type text NOT NULL,
      priority text NOT NULL,
      security_category text NOT NULL,
      opened_at timestamptz NOT NULL,
      closed_at timestamptz,
      ignored jsonb,
      unignored_at timestamptz,
      finding jsonb NOT NULL
    )
  `
  yield* sql`CREATE UNIQUE INDEX security_items_open ON security_items (repository_id, key) WHERE closed_at IS NULL`
  yield* sql`CREATE INDEX security_items_organization ON security_items (organization_id, priority, opened_at, id)`
  yield* sql`
    CREATE TABLE security_sla (
      organization_id integer PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
      critical integer NOT NULL,
      high integer NOT NULL,
      medium integer NOT NULL,
      low integer NOT NULL
    )
  `
})

import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Revocable secrets: an organization's admin lists its credentials (by creation time, then id, the
 * keyset of the list; the index also serves what the one on `organization_id` alone did) and sees
 * when each last authenticated. A revoked credential is deleted.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE credentials ADD COLUMN last_used_at text`
  yield* sql`CREATE INDEX credentials_by_organization_created ON credentials (organization_id, created_at COLLATE "C", id COLLATE "C")`
  yield* sql`DROP INDEX credentials_by_organization`
})

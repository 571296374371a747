import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * The keys of the webhook deliveries each repository took in lately (WebhookDeliveryLog), kept
 * until they expire: a delivery whose key is here is a replay. Pruned by expiry as deliveries come,
 * hence the index; deleting the repository deletes them.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE webhook_deliveries (
      repository_id integer NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
      key text COLLATE "C" NOT NULL,
      expires_at timestamptz NOT NULL,
      PRIMARY KEY (repository_id, key)
    )
  `
  yield* sql`CREATE INDEX webhook_deliveries_expiry ON webhook_deliveries (expires_at)`
})

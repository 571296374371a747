import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Pull requests, one per repository and number. `updated` keeps the text as it was written (the
 * record reads back unchanged); `updated_at` is the same instant as a timestamp, which the keyset
 * order (most recently updated first, then by id) compares whatever the text's offset or precision.
 *
 * Webhook secrets, one per repository, are kept as they are: a host's HMAC signature can only be
 * checked with the secret itself, so unlike API tokens no hash would do.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  yield* sql`
    CREATE TABLE pull_requests (
      id serial PRIMARY KEY,
      repository_id integer NOT NULL REFERENCES repositories (id) ON DELETE CASCADE,
      number integer NOT NULL,
      title text NOT NULL,
      author jsonb NOT NULL,
      origin_branch text NOT NULL,
      target_branch text NOT NULL,
      state text NOT NULL CHECK (state IN ('open', 'closed', 'merged')),
      head_sha text NOT NULL,
      updated text NOT NULL,
      updated_at timestamp with time zone NOT NULL,
      UNIQUE (repository_id, number)
    )
  `
  yield* sql`CREATE INDEX pull_requests_by_update ON pull_requests (repository_id, updated_at DESC, id DESC)`
  yield* sql`
    CREATE TABLE webhook_secrets (
      repository_id integer PRIMARY KEY REFERENCES repositories (id) ON DELETE CASCADE,
      secret text NOT NULL
    )
  `
})

import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * The embedded durable queue (an outbox in the same database) and the store of delivery events.
 *
 * `queue_messages` holds the messages not yet settled; `queue_seen` remembers every id published
 * within the de-duplication window, so that an id acked or dead-lettered is not queued again when
 * it is published again (a client retrying its POST). Times of the queue are the server's `now()`,
 * the one clock every worker shares.
 *
 * `delivery_events` keeps each event as the core encoded it (`payload`, what `load` returns, RFC 3339
 * strings untouched) next to the columns metric queries filter and sort on: the raw timestamps as
 * text and as `timestamptz` (an instant, so that offsets order correctly). No foreign key to
 * `organizations`: the event store's port knows organizations by id alone.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  yield* sql`
    CREATE TABLE queue_messages (
      id text PRIMARY KEY,
      payload text NOT NULL,
      attempt integer NOT NULL DEFAULT 0,
      available_at timestamp with time zone NOT NULL DEFAULT now(),
      published_at timestamp with time zone NOT NULL DEFAULT now(),
      seq bigint GENERATED ALWAYS AS IDENTITY
    )`
  yield* sql`CREATE INDEX queue_messages_available ON queue_messages (available_at, seq)`

  yield* sql`
    CREATE TABLE queue_seen (
      id text PRIMARY KEY,
      published_at timestamp with time zone NOT NULL DEFAULT now()
    )`
  yield* sql`CREATE INDEX queue_seen_published ON queue_seen (published_at)`

  yield* sql`
    CREATE TABLE queue_dead_letters (
      seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      id text NOT NULL,
      payload text NOT NULL,
      reason text NOT NULL,
      attempt integer NOT NULL,
      dead_at timestamp with time zone NOT NULL DEFAULT now()
    )`

  yield* sql`
    CREATE TABLE delivery_events (
      organization_id integer NOT NULL,
      system text COLLATE "C" NOT NULL,
      type text NOT NULL CHECK (type IN ('deployment', 'change', 'incident')),
      id text COLLATE "C" NOT NULL,
      time_created text NOT NULL,
      time_resolved text,
      created_at timestamp with time zone NOT NULL,
      resolved_at timestamp with time zone,
      changes text[],
      teams text[],
      source text,
      payload jsonb NOT NULL,
      updated_at timestamp with time zone NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, system, type, id)
    )`
  yield* sql`CREATE INDEX delivery_events_by_time ON delivery_events (organization_id, system, type, created_at)`
})

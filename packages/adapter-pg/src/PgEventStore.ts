import { SqlClient } from "@effect/sql"
import { EventStore, IngestionEvents } from "@tidemark/core"
import { Effect, Layer, Schema } from "effect"
import * as PgDeliveryAggregates from "./PgDeliveryAggregates.js"
import { decodeAll } from "./Rows.js"
import { orUnavailable } from "./StorageFailure.js"

type StoredEvent = IngestionEvents.Deployment | IngestionEvents.Change | IngestionEvents.Incident

const idOf = (event: StoredEvent) =>
  event.$type === "deployment" ? event.deploy_id : event.$type === "change" ? event.change_id : event.incident_id

/**
 * One row per key: PostgreSQL refuses to upsert the same row twice in one statement, and the port
 * wants the event that comes last in the batch to win.
 */
const lastOfEachKey = (events: ReadonlyArray<StoredEvent>) =>
  [...new Map(events.map((event) => [`${event.$type}\u0000${idOf(event)}`, event])).values()]

const encodeBatch = Schema.encode(Schema.parseJson(Schema.Array(Schema.Struct({ id: Schema.String, event: IngestionEvents.Event }))))

const PayloadRow = Schema.Struct({ payload: IngestionEvents.Event })
const SystemRow = Schema.Struct({ system: Schema.String })

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  // The whole batch travels as one JSON parameter: one statement whatever its size, no limit on
  // the number of bind parameters. The columns are projections of the payload for metric queries.
  const store = (organizationId: number, system: string, events: ReadonlyArray<StoredEvent>) =>
    events.length === 0 ? Effect.void : Effect.gen(function*() {
      const batch = yield* encodeBatch(lastOfEachKey(events).map((event) => ({ id: idOf(event), event })))
      yield* sql`
        INSERT INTO delivery_events (
          organization_id, system, type, id, time_created, time_resolved, created_at, resolved_at,
          changes, teams, source, payload
        )
        SELECT
          ${organizationId}::integer, ${system}, e.event->>'$type', e.id,
          e.event->>'time_created', e.event->>'time_resolved',
          tidemark_instant(e.event->>'time_created'), tidemark_instant(e.event->>'time_resolved'),
          CASE WHEN jsonb_typeof(e.event->'changes') = 'array'
            THEN ARRAY(SELECT jsonb_array_elements_text(e.event->'changes')) END,
          CASE WHEN jsonb_typeof(e.event->'teams') = 'array'
            THEN ARRAY(SELECT jsonb_array_elements_text(e.event->'teams')) END,
          e.event->>'source', e.event
        FROM jsonb_to_recordset(${batch}::jsonb) AS e(id text, event jsonb)
        ON CONFLICT (organization_id, system, type, id) DO UPDATE SET
          time_created = EXCLUDED.time_created,
          time_resolved = EXCLUDED.time_resolved,
          created_at = EXCLUDED.created_at,
          resolved_at = EXCLUDED.resolved_at,
          changes = EXCLUDED.changes,
          teams = EXCLUDED.teams,
          source = EXCLUDED.source,
          payload = EXCLUDED.payload,
          updated_at = now()
      `
    }).pipe(orUnavailable)

  const load = (organizationId: number, system: string) =>
    sql`
      SELECT payload FROM delivery_events
      WHERE organization_id = ${organizationId}::integer AND system = ${system}
      ORDER BY type, created_at, id
    `.pipe(
      Effect.flatMap(decodeAll(PayloadRow)),
      Effect.map((rows): EventStore.StoredEvents => {
        const events = rows.map((row) => row.payload)
        return {
          deployments: events.filter((e): e is IngestionEvents.Deployment => e.$type === "deployment"),
          changes: events.filter((e): e is IngestionEvents.Change => e.$type === "change"),
          incidents: events.filter((e): e is IngestionEvents.Incident => e.$type === "incident")
        }
      }),
      orUnavailable
    )

  const systems = (organizationId: number) =>
    sql`SELECT DISTINCT system FROM delivery_events WHERE organization_id = ${organizationId}::integer ORDER BY system`.pipe(
      Effect.flatMap(decodeAll(SystemRow)),
      Effect.map((rows) => rows.map((row) => row.system)),
      orUnavailable
    )

  return EventStore.EventStore.of({ store, load, systems, aggregate: PgDeliveryAggregates.aggregate(sql) })
})

/** The store in the database of the `SqlClient`, whose schema is migrated. */
export const layer: Layer.Layer<EventStore.EventStore, never, SqlClient.SqlClient> = Layer.effect(EventStore.EventStore, make)

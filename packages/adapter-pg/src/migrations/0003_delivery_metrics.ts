import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * What the delivery metrics read, kept where the events are (`PgDeliveryAggregates.ts` reads it):
 *
 * 1. **Times as core counts them.** `tidemark_epoch_ms` is core's `epochMillisOf`
 *    (domain/Rfc3339.ts) in SQL: epoch milliseconds with the fraction cut (not rounded) to
 *    milliseconds, and a leap second at the last millisecond of its minute's :59 second. The
 *    `timestamptz` columns cannot serve: PostgreSQL rounds a fraction to microseconds (…59.9999999
 *    becomes the next second) and rolls :60 into the next minute. The function is arithmetic on
 *    the digits of a time core has validated (`make_date` and date subtraction are immutable; no
 *    time-zone setting is involved), which lets `created_ms`/`resolved_ms` be generated columns.
 * 2. **Every change's first deployment** (`delivery_first_deployments`): per organization, system
 *    and change id, the first deployment listing it (by `created_ms`, then id in code-point order)
 *    and the change's own time (null until the change event arrives).
 * 3. **Every incident's cause** (`delivery_incident_causes`): the incident's times and the last
 *    deployment of its system at or before its creation (by the same order), or none.
 *
 * 2 and 3 are core's rules (`DeliveryAggregates.ts`), kept by one statement-level trigger per
 * event for any writer of `delivery_events`, in the writer's transaction; how, below.
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  yield* sql`
    CREATE FUNCTION tidemark_epoch_ms(t text) RETURNS bigint
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$
      SELECT
        (
          -- PostgreSQL has no year 0: the proleptic year 0 is 1 BC.
          (make_date(
              CASE WHEN substr(t, 1, 4) = '0000' THEN -1 ELSE substr(t, 1, 4)::integer END,
              substr(t, 6, 2)::integer,
              substr(t, 9, 2)::integer
            )
            - DATE '1970-01-01')::bigint * 86400
          + substr(t, 12, 2)::bigint * 3600
          + substr(t, 15, 2)::bigint * 60
          + least(substr(t, 18, 2)::bigint, 59)
          - CASE WHEN upper(right(t, 1)) = 'Z' THEN 0
              ELSE (CASE WHEN substr(t, length(t) - 5, 1) = '-' THEN -1 ELSE 1 END)
                * (substr(t, length(t) - 4, 2)::bigint * 3600 + substr(t, length(t) - 1, 2)::bigint * 60)
            END
        ) * 1000
        + CASE WHEN substr(t, 18, 2) = '60' THEN 999
            ELSE coalesce(rpad(substring(t FROM '^.{19}\\.(\\d{1,3})'), 3, '0')::bigint, 0)
          END
    $$`

  // PostgreSQL takes 23:59:60 but refuses a leap second with a fraction (23:59:60.5): such an event
  // could not be stored at all. Its instant is then core's, at millisecond precision.
  yield* sql`
    CREATE FUNCTION tidemark_instant(t text) RETURNS timestamp with time zone
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    AS $$
      SELECT CASE WHEN substr(t, 18, 2) = '60' THEN to_timestamp(tidemark_epoch_ms(t) / 1000.0) ELSE t::timestamptz END
    $$`

  yield* sql`
    ALTER TABLE delivery_events
      ADD COLUMN created_ms bigint GENERATED ALWAYS AS (tidemark_epoch_ms(time_created)) STORED,
      ADD COLUMN resolved_ms bigint GENERATED ALWAYS AS (tidemark_epoch_ms(time_resolved)) STORED`

  // A system's deployments in time order, read from the index alone (`teams` included): the
  // metrics' deployments of a window, and an incident's cause (one backward step).
  yield* sql`
    CREATE INDEX delivery_events_timeline
      ON delivery_events (organization_id, type, system, created_ms, id) INCLUDE (resolved_ms, teams)`
  // The deployments listing given change ids, when a changed deployment forces a recomputation.
  yield* sql`CREATE INDEX delivery_events_deployed_changes ON delivery_events USING gin (changes) WHERE type = 'deployment'`

  yield* sql`
    CREATE TABLE delivery_first_deployments (
      organization_id integer NOT NULL,
      system text COLLATE "C" NOT NULL,
      change_id text COLLATE "C" NOT NULL,
      deployed_ms bigint,
      deploy_id text COLLATE "C",
      teams text[],
      change_ms bigint,
      PRIMARY KEY (organization_id, system, change_id)
    )`
  yield* sql`
    CREATE INDEX delivery_first_deployments_by_time
      ON delivery_first_deployments (organization_id, system, deployed_ms) INCLUDE (change_ms, teams)`

  yield* sql`
    CREATE TABLE delivery_incident_causes (
      organization_id integer NOT NULL,
      system text COLLATE "C" NOT NULL,
      incident_id text COLLATE "C" NOT NULL,
      created_ms bigint NOT NULL,
      resolved_ms bigint NOT NULL,
      cause_ms bigint,
      cause_id text COLLATE "C",
      cause_teams text[],
      PRIMARY KEY (organization_id, system, incident_id)
    )`
  yield* sql`
    CREATE INDEX delivery_incident_causes_by_time ON delivery_incident_causes (organization_id, system, created_ms)`
  // Whether a deployment failed: does any incident name it as its cause?
  yield* sql`
    CREATE INDEX delivery_incident_causes_by_cause ON delivery_incident_causes (organization_id, system, cause_id)`

  // What a statement's rows (`new_rows`, and for an update `old_rows`) change. Writes go through
  // primary keys (ON CONFLICT) and lookups through indexes: no plan depends on estimates, which a
  // transition table and a table not analyzed since a bulk load would get wrong.

  /** Stored changes: their times. */
  const changeTimes = `
    INSERT INTO delivery_first_deployments (organization_id, system, change_id, change_ms)
    SELECT organization_id, system, id, created_ms FROM new_rows WHERE type = 'change'
    ON CONFLICT (organization_id, system, change_id) DO UPDATE SET change_ms = EXCLUDED.change_ms;`

  /** Stored deployments: a change's first deployment stays unless this one is earlier (no search). */
  const earlierDeployments = `
    INSERT INTO delivery_first_deployments AS f (organization_id, system, change_id, deployed_ms, deploy_id, teams)
    SELECT DISTINCT ON (d.organization_id, d.system, c.change_id)
      d.organization_id, d.system, c.change_id, d.created_ms, d.id, d.teams
    FROM new_rows AS d
    CROSS JOIN LATERAL unnest(d.changes) AS c(change_id)
    WHERE d.type = 'deployment'
    ORDER BY d.organization_id, d.system, c.change_id, d.created_ms, d.id
    ON CONFLICT (organization_id, system, change_id) DO UPDATE
      SET deployed_ms = EXCLUDED.deployed_ms, deploy_id = EXCLUDED.deploy_id, teams = EXCLUDED.teams
      WHERE f.deployed_ms IS NULL OR (EXCLUDED.deployed_ms, EXCLUDED.deploy_id) < (f.deployed_ms, f.deploy_id);`

  /** The cause of the incidents `incidents` selects (organization_id, system, id, created_ms, resolved_ms). */
  const lookUpCauses = (incidents: string) => `
    INSERT INTO delivery_incident_causes AS c
      (organization_id, system, incident_id, created_ms, resolved_ms, cause_ms, cause_id, cause_teams)
    SELECT i.organization_id, i.system, i.id, i.created_ms, i.resolved_ms, d.created_ms, d.id, d.teams
    FROM (${incidents}) AS i
    LEFT JOIN LATERAL (
      SELECT created_ms, id, teams FROM delivery_events
      WHERE organization_id = i.organization_id AND type = 'deployment' AND system = i.system
        AND created_ms <= i.created_ms
      ORDER BY created_ms DESC, id DESC
      LIMIT 1
    ) AS d ON true
    ON CONFLICT (organization_id, system, incident_id) DO UPDATE SET
      created_ms = EXCLUDED.created_ms, resolved_ms = EXCLUDED.resolved_ms,
      cause_ms = EXCLUDED.cause_ms, cause_id = EXCLUDED.cause_id, cause_teams = EXCLUDED.cause_teams;`

  /** Stored incidents: each looks its cause up. */
  const storedIncidents = lookUpCauses(
    "SELECT organization_id, system, id, created_ms, resolved_ms FROM new_rows WHERE type = 'incident'"
  )

  /**
   * Inserted deployments: the incidents of their systems from the earliest of them on take the
   * latest new deployment at or before them when it comes after their current cause.
   */
  const laterCauses = `
    UPDATE delivery_incident_causes c
    SET cause_ms = u.created_ms, cause_id = u.id, cause_teams = u.teams
    FROM (
      SELECT x.organization_id, x.system, x.incident_id, best.created_ms, best.id, best.teams
      FROM delivery_incident_causes x
      JOIN (
        SELECT organization_id, system, min(created_ms) AS since FROM new_rows
        WHERE type = 'deployment' GROUP BY organization_id, system
      ) AS s ON x.organization_id = s.organization_id AND x.system = s.system AND x.created_ms >= s.since
      CROSS JOIN LATERAL (
        SELECT n.created_ms, n.id, n.teams FROM new_rows n
        WHERE n.type = 'deployment' AND n.organization_id = x.organization_id AND n.system = x.system
          AND n.created_ms <= x.created_ms
        ORDER BY n.created_ms DESC, n.id DESC
        LIMIT 1
      ) AS best
    ) AS u
    WHERE c.organization_id = u.organization_id AND c.system = u.system AND c.incident_id = u.incident_id
      AND (c.cause_ms IS NULL OR (u.created_ms, u.id) > (c.cause_ms, c.cause_id));`

  // A deployment stored again with another time, other changes or other teams (re-sending an
  // identical one changes nothing) may have been the first of changes it no longer lists or no
  // longer comes first for, and the cause of incidents it no longer precedes or whose team it was.
  const changedDeployments = `
    SELECT n.organization_id, n.system, n.created_ms, o.created_ms AS old_created_ms, o.changes AS old_changes
    FROM new_rows n JOIN old_rows o USING (organization_id, system, type, id)
    WHERE n.type = 'deployment' AND (n.created_ms, n.changes, n.teams) IS DISTINCT FROM (o.created_ms, o.changes, o.teams)`

  /** The changes they listed before: recomputed from the deployments that list them now. */
  yield* sql`
    CREATE FUNCTION tidemark_refresh_first_deployments(affected_organization integer, affected_system text, ids text[])
    RETURNS void LANGUAGE sql
    AS $$
      UPDATE delivery_first_deployments f
      SET deployed_ms = first.created_ms, deploy_id = first.id, teams = first.teams
      FROM unnest(ids) AS w(change_id)
      LEFT JOIN LATERAL (
        SELECT d.created_ms, d.id, d.teams FROM delivery_events d
        WHERE d.organization_id = affected_organization AND d.system = affected_system AND d.type = 'deployment'
          AND d.changes @> ARRAY[w.change_id]
        ORDER BY d.created_ms, d.id
        LIMIT 1
      ) AS first ON true
      WHERE f.organization_id = affected_organization AND f.system = affected_system
        AND f.change_id = w.change_id COLLATE "C";
    $$`
  const formerFirstDeployments = `
    PERFORM tidemark_refresh_first_deployments(organization_id, system, array_agg(DISTINCT change_id))
    FROM (SELECT organization_id, system, unnest(old_changes) AS change_id FROM (${changedDeployments}) AS changed) AS listed
    GROUP BY organization_id, system;`

  /** The incidents of their systems from the earlier of the old and new times on: looked up again. */
  const formerCauses = lookUpCauses(`
    SELECT c.organization_id, c.system, c.incident_id AS id, c.created_ms, c.resolved_ms
    FROM delivery_incident_causes c
    JOIN (
      SELECT organization_id, system, min(least(created_ms, old_created_ms)) AS since
      FROM (${changedDeployments}) AS changed
      GROUP BY organization_id, system
    ) AS s ON c.organization_id = s.organization_id AND c.system = s.system AND c.created_ms >= s.since`)

  const inserted = [changeTimes, earlierDeployments, laterCauses, storedIncidents].join("\n")
  const updated = [changeTimes, formerFirstDeployments, earlierDeployments, formerCauses, storedIncidents].join("\n")
  for (const [event, body, transitions] of [
    ["inserted", inserted, "NEW TABLE AS new_rows"],
    ["updated", updated, "OLD TABLE AS old_rows NEW TABLE AS new_rows"]
  ] as const) {
    yield* sql.unsafe(`
      CREATE FUNCTION tidemark_delivery_events_${event}() RETURNS trigger LANGUAGE plpgsql
      AS $$ BEGIN ${body} RETURN NULL; END $$`)
    yield* sql.unsafe(`
      CREATE TRIGGER delivery_events_${event} AFTER ${event === "inserted" ? "INSERT" : "UPDATE"} ON delivery_events
      REFERENCING ${transitions}
      FOR EACH STATEMENT EXECUTE FUNCTION tidemark_delivery_events_${event}()`)
  }

  // Events stored before this migration: as if they were all inserted now.
  yield* sql.unsafe(`CREATE TEMPORARY TABLE new_rows ON COMMIT DROP AS SELECT * FROM delivery_events; ${inserted}`)
})

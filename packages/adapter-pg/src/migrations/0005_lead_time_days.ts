import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * The lead times of every (organization, system, UTC day of the first deployment, teams), packed:
 * what the delivery metrics read instead of one row per change (`PgDeliveryAggregates.ts`).
 *
 * A median is exact only over all its samples, so the metrics of a window need every lead time in
 * it; a large organization has close to a million. Read as rows of `delivery_first_deployments`
 * and sorted by `percentile_cont`, they took most of a second; read as about one value per day,
 * system and team set, they are a few megabytes, and core selects the order statistics without
 * sorting. The buckets of the series start at UTC midnights, so a day lies in one bucket; only the
 * days holding the window's ends need each sample's time, kept alongside in the same order.
 *
 * - `lead_ms`: each pair's deployment time − change time, in milliseconds, as big-endian int8.
 * - `deployed_ms`: each pair's deployment time, same encoding, same order.
 *
 * A pair counts when its change is known and not later than the deployment (core's rule; the
 * same condition as the metrics applied to the rows before). Kept by statement triggers on
 * `delivery_first_deployments`, in the writer's transaction: every day a statement touches, before
 * or after, is rebuilt from that day's rows (read through `delivery_first_deployments_by_time`).
 */
export default Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  // Floor division: times before 1970 are negative, and `/` truncates towards zero.
  yield* sql`
    CREATE FUNCTION tidemark_day(ms bigint) RETURNS integer
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    AS $$ SELECT ((ms - ((ms % 86400000) + 86400000) % 86400000) / 86400000)::integer $$`

  // A day of a busy system is a few kilobytes: kept in the row rather than in TOAST, it is read
  // with the row. Larger days go to TOAST as usual.
  yield* sql`
    CREATE TABLE delivery_lead_time_days (
      organization_id integer NOT NULL,
      system text COLLATE "C" NOT NULL,
      day integer NOT NULL,
      teams text[],
      lead_ms bytea NOT NULL,
      deployed_ms bytea NOT NULL
    ) WITH (toast_tuple_target = 8160)`
  yield* sql`CREATE INDEX delivery_lead_time_days_by_day ON delivery_lead_time_days (organization_id, day, system)`

  /** The rows of `days` (organization_id, system, day), rebuilt. */
  const rebuild = (days: string) => `
    DELETE FROM delivery_lead_time_days t
    USING (${days}) AS a
    WHERE t.organization_id = a.organization_id AND t.system = a.system AND t.day = a.day;
    INSERT INTO delivery_lead_time_days (organization_id, system, day, teams, lead_ms, deployed_ms)
    SELECT f.organization_id, f.system, a.day, f.teams,
      -- Both aggregates of a group take its rows in the same order: the two arrays line up.
      string_agg(int8send(f.deployed_ms - f.change_ms), ''::bytea),
      string_agg(int8send(f.deployed_ms), ''::bytea)
    FROM (${days}) AS a
    JOIN delivery_first_deployments f
      ON f.organization_id = a.organization_id AND f.system = a.system
        AND f.deployed_ms >= a.day::bigint * 86400000 AND f.deployed_ms < (a.day::bigint + 1) * 86400000
    WHERE f.change_ms <= f.deployed_ms
    GROUP BY f.organization_id, f.system, a.day, f.teams;`

  const daysOf = (table: string) =>
    `SELECT organization_id, system, tidemark_day(deployed_ms) AS day FROM ${table} WHERE deployed_ms IS NOT NULL`

  for (const [event, days, transitions] of [
    ["inserted", daysOf("new_rows"), "NEW TABLE AS new_rows"],
    ["updated", `${daysOf("new_rows")} UNION ${daysOf("old_rows")}`, "OLD TABLE AS old_rows NEW TABLE AS new_rows"]
  ] as const) {
    yield* sql.unsafe(`
      CREATE FUNCTION tidemark_first_deployments_${event}() RETURNS trigger LANGUAGE plpgsql
      AS $$ BEGIN ${rebuild(`SELECT DISTINCT * FROM (${days}) AS touched`)} RETURN NULL; END $$`)
    yield* sql.unsafe(`
      CREATE TRIGGER delivery_first_deployments_${event} AFTER ${event === "inserted" ? "INSERT" : "UPDATE"}
      ON delivery_first_deployments
      REFERENCING ${transitions}
      FOR EACH STATEMENT EXECUTE FUNCTION tidemark_first_deployments_${event}()`)
  }

  // First deployments kept before this migration.
  yield* sql.unsafe(rebuild(`SELECT DISTINCT * FROM (${daysOf("delivery_first_deployments")}) AS kept`))
})

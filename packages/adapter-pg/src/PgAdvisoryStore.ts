import { SqlClient } from "@effect/sql"
import { Advisory, AdvisoryStore, Trusted } from "@tidemark/core"
import { Effect, Layer, Option, Schema } from "effect"
import { check, decodeFirst } from "./Rows.js"
import { orUnavailable } from "./StorageFailure.js"

/**
 * An advisory as stored (its encoded form), checked rather than decoded: a repository's inventory
 * names thousands of packages, and decoding tens of thousands of advisories through their classes
 * took most of the match (docs/benchmarks.md). Rows that pass become instances as trusted rows do.
 */
const StoredAdvisory = Schema.encodedSchema(Advisory.Advisory)
const checkAdvisory = check(StoredAdvisory)

const advisoryOf = (stored: typeof StoredAdvisory.Type): Advisory.Advisory =>
  Trusted.trusted(Advisory.Advisory, {
    ...stored,
    affected: stored.affected.map((affected) =>
      Trusted.trusted(Advisory.AffectedPackage, {
        ...affected,
        ranges: affected.ranges.map((events) => events.map((event) => Trusted.trusted(Advisory.RangeEvent, event)))
      })
    )
  })
const StampRow = Schema.Struct({ at: Schema.String, advisories: Schema.Int })

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient

  const save = (incoming: ReadonlyArray<Advisory.Advisory>, withdrawn: ReadonlyArray<string>, at: string) =>
    Effect.gen(function*() {
      // One copy per id, the newest (one statement cannot write a row twice).
      const newest = new Map<string, Advisory.Advisory>()
      for (const advisory of incoming) {
        const kept = newest.get(advisory.id)
        if (kept === undefined || Date.parse(kept.modified) < Date.parse(advisory.modified)) newest.set(advisory.id, advisory)
      }
      const rows = [...newest.values()].map((advisory) => ({ id: advisory.id, modified: advisory.modified, advisory }))
      const written = rows.length === 0 ? [] : yield* sql<{ readonly id: string }>`
        INSERT INTO advisories (id, modified, advisory)
        SELECT r.id, r.modified, r.advisory FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(id text, modified text, advisory jsonb)
        ON CONFLICT (id) DO UPDATE SET modified = EXCLUDED.modified, advisory = EXCLUDED.advisory
          WHERE advisories.modified::timestamptz < EXCLUDED.modified::timestamptz
        RETURNING id
      `
      const writtenIds = new Set(written.map((row) => row.id))
      if (writtenIds.size > 0) {
        yield* sql`DELETE FROM advisory_packages WHERE advisory_id = ANY(${[...writtenIds]}::text[])`
        const packages = [...writtenIds].flatMap((id) =>
          Advisory.packageKeysOf(newest.get(id)!).map((key) => ({ ecosystem: key.ecosystem, name: key.name, advisoryId: id }))
        )
        yield* sql`
          INSERT INTO advisory_packages (ecosystem, name, advisory_id)
          SELECT r.ecosystem, r.name, r."advisoryId" FROM jsonb_to_recordset(${JSON.stringify(packages)}::jsonb)
            AS r(ecosystem text, name text, "advisoryId" text)
          ON CONFLICT DO NOTHING
        `
      }
      const removed = withdrawn.length === 0
        ? []
        : yield* sql`DELETE FROM advisories WHERE id = ANY(${withdrawn}::text[]) RETURNING id`
      yield* sql`INSERT INTO advisory_imports (at, advisories) SELECT ${at}::timestamptz, count(*) FROM advisories`
      return { saved: writtenIds.size, unchanged: rows.length - writtenIds.size + (incoming.length - rows.length), removed: removed.length }
    }).pipe(sql.withTransaction, orUnavailable)

  const forPackages = (packages: ReadonlyArray<AdvisoryStore.PackageKey>) =>
    packages.length === 0
      ? Effect.succeed([])
      : sql<{ readonly advisory: unknown }>`
        SELECT a.advisory FROM advisories a
        WHERE a.id IN (
          SELECT p.advisory_id FROM advisory_packages p
          JOIN jsonb_to_recordset(${JSON.stringify(packages)}::jsonb) AS k(ecosystem text, name text)
            ON p.ecosystem = k.ecosystem AND p.name = k.name
        )
        ORDER BY a.id
      `.pipe(
        Effect.flatMap((rows) => Effect.forEach(rows, (row) => Effect.map(checkAdvisory(row.advisory), advisoryOf))),
        orUnavailable
      )

  const lastImport = sql`
    SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, advisories
    FROM advisory_imports ORDER BY at DESC LIMIT 1
  `.pipe(Effect.flatMap(decodeFirst(StampRow)), Effect.map(Option.map((row) => ({ at: row.at, advisories: row.advisories }))), orUnavailable)

  return AdvisoryStore.AdvisoryStore.of({ save, forPackages, lastImport })
})

export const layer = Layer.effect(AdvisoryStore.AdvisoryStore, make)

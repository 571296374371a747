import { SqlClient } from "@effect/sql"
import type { Fragment } from "@effect/sql/Statement"
import { SecurityItems, SecurityItemStore } from "@tidemark/core"
import { Effect, Layer, Option, Schema } from "effect"
import { decodeAll, decodeFirst } from "./Rows.js"
import { orUnavailable } from "./StorageFailure.js"

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

const ItemRow = Schema.Struct({
  id: Schema.String,
  repositoryId: Schema.Int,
  repository: Schema.String,
  openedAt: Schema.String,
  closedAt: Schema.NullOr(Schema.String),
  ignored: Schema.NullOr(SecurityItems.ItemIgnore),
  unignoredAt: Schema.NullOr(Schema.String),
  finding: SecurityItems.SecurityFinding
})

const itemOf = (row: typeof ItemRow.Type) =>
  SecurityItems.SecurityItem.make({
    ...row.finding,
    id: row.id,
    repositoryId: row.repositoryId,
    repository: row.repository,
    openedAt: row.openedAt,
    ...(row.closedAt === null ? {} : { closedAt: row.closedAt }),
    ...(row.ignored === null ? {} : { ignored: row.ignored }),
    ...(row.unignoredAt === null ? {} : { unignoredAt: row.unignoredAt })
  })

const TallyRow = Schema.Struct({
  repositoryId: Schema.Int,
  repository: Schema.String,
  priority: SecurityItems.SrmPriority,
  status: SecurityItems.SrmStatus,
  scanType: SecurityItems.ScanType,
  securityCategory: Schema.String,
  newThisWeek: Schema.Boolean,
  count: Schema.Int
})

const DatesRow = Schema.Struct({
  priority: SecurityItems.SrmPriority,
  openedAt: Schema.String,
  closedAt: Schema.NullOr(Schema.String),
  ignoredAt: Schema.NullOr(Schema.String),
  unignoredAt: Schema.NullOr(Schema.String)
})

const SlaRow = Schema.Struct({ criticalSla: Schema.Int, highSla: Schema.Int, mediumSla: Schema.Int, lowSla: Schema.Int })

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const itemColumns = sql.literal(`
    i.id::text AS id, i.repository_id AS "repositoryId", r.name AS repository, ${iso("i.opened_at")} AS "openedAt",
    ${iso("i.closed_at")} AS "closedAt", i.ignored, ${iso("i.unignored_at")} AS "unignoredAt", i.finding
  `)

  /**
   * The organization's items with their deadline and status under `sla` as of `now`, as
   * `statusOf` tells them; the deadline in hours, so that a time zone's daylight saving never
   * moves it.
   */
  const withStatus = (organizationId: number, filter: SecurityItems.ItemFilter, sla: SecurityItems.SlaConfig, now: string) => {
    const conditions: Array<Fragment> = [sql`i.organization_id = ${organizationId}`]
    const listed = (values: ReadonlyArray<string> | undefined) => values !== undefined && values.length > 0
    if (listed(filter.repositories)) conditions.push(sql`r.name = ANY(${filter.repositories}::text[])`)
    if (listed(filter.priorities)) conditions.push(sql`i.priority = ANY(${filter.priorities}::text[])`)
    if (listed(filter.scanTypes)) conditions.push(sql`i.scan_type = ANY(${filter.scanTypes}::text[])`)
    if (listed(filter.categories)) {
      conditions.push(sql`(i.security_category = ANY(${filter.categories}::text[])
        OR (i.security_category = '' AND ${SecurityItems.otherCategory}::text = ANY(${filter.categories}::text[])))`)
    }
    const status = listed(filter.statuses) ? sql`WHERE s.status = ANY(${filter.statuses}::text[])` : sql``
    return sql`
      SELECT * FROM (
        SELECT d.*, CASE
          WHEN d.ignored IS NOT NULL THEN 'Ignored'
          WHEN d.closed_at IS NOT NULL THEN CASE WHEN d.closed_at <= d.due THEN 'ClosedOnTime' ELSE 'ClosedLate' END
          WHEN ${now}::timestamptz > d.due THEN 'Overdue'
          WHEN d.due - ${now}::timestamptz <= make_interval(days => ${SecurityItems.dueSoonDays}::int) THEN 'DueSoon'
          ELSE 'OnTrack' END AS status
        FROM (
          SELECT i.*, r.name AS repository_name, i.opened_at + make_interval(hours => 24 * CASE i.priority
            WHEN 'Critical' THEN ${sla.criticalSla}::int WHEN 'High' THEN ${sla.highSla}::int WHEN 'Medium' THEN ${sla.mediumSla}::int
            ELSE ${sla.lowSla}::int END) AS due
          FROM security_items i JOIN repositories r ON r.id = i.repository_id
          WHERE ${sql.and(conditions)}
        ) d
      ) s ${status}
    `
  }

  const statusRank = sql.literal(`CASE s.status ${
    Object.entries(SecurityItems.statusRank).map(([status, rank]) => `WHEN '${status}' THEN ${rank}`).join(" ")
  } END`)

  const reconcile: SecurityItemStore.SecurityItemStore["Type"]["reconcile"] = (repository, scanTypes, findings, at) =>
    Effect.gen(function*() {
      // A key named twice is the first finding of it (one statement cannot write a row twice).
      const seen = new Set<string>()
      const unique = findings.filter((finding) => !seen.has(finding.key) && seen.add(finding.key))
      const rows = JSON.stringify(unique.map((finding) => ({
        key: finding.key,
        scanType: finding.scanType,
        priority: finding.priority,
        securityCategory: finding.securityCategory,
        finding
      })))
      const closed = yield* sql`
        UPDATE security_items SET closed_at = ${at}::timestamptz
        WHERE repository_id = ${repository.id} AND closed_at IS NULL AND scan_type = ANY(${scanTypes}::text[])
          AND NOT (key = ANY(${unique.map((finding) => finding.key)}::text[]))
        RETURNING id
      `
      yield* sql`
        UPDATE security_items i SET scan_type = r."scanType", priority = r.priority, security_category = r."securityCategory", finding = r.finding
        FROM jsonb_to_recordset(${rows}::jsonb) AS r(key text, "scanType" text, priority text, "securityCategory" text, finding jsonb)
        WHERE i.repository_id = ${repository.id} AND i.closed_at IS NULL AND i.key = r.key
      `
      const opened = yield* sql`
        INSERT INTO security_items (id, organization_id, repository_id, key, scan_type, priority, security_category, opened_at, finding)
        SELECT gen_random_uuid(), ${repository.organizationId}, ${repository.id}, r.key, r."scanType", r.priority, r."securityCategory",
          ${at}::timestamptz, r.finding
        FROM jsonb_to_recordset(${rows}::jsonb) AS r(key text, "scanType" text, priority text, "securityCategory" text, finding jsonb)
        ON CONFLICT (repository_id, key) WHERE closed_at IS NULL DO NOTHING
        RETURNING id
      `
      return { opened: opened.length, closed: closed.length }
    }).pipe(sql.withTransaction, orUnavailable)

  const orderBy = (query: SecurityItemStore.ItemQuery) => {
    const direction = sql.literal(query.direction === "desc" ? "DESC" : "ASC")
    return query.order === "DueAt"
      ? sql`ORDER BY s.due ${direction}, s.id ASC`
      : query.order === "Status"
      ? sql`ORDER BY ${statusRank} ${direction}, s.due ASC, s.id ASC`
      : sql`ORDER BY s.opened_at ${direction}, s.due ASC, s.id ASC`
  }

  const search: SecurityItemStore.SecurityItemStore["Type"]["search"] = (organizationId, query) =>
    Effect.gen(function*() {
      const scored = withStatus(organizationId, query.filter, query.sla, query.now)
      const [counted] = yield* sql<{ readonly total: number }>`SELECT count(*)::int AS total FROM (${scored}) s`
      const rows = yield* sql`
        SELECT ${sql.literal(`
          s.id::text AS id, s.repository_id AS "repositoryId", s.repository_name AS repository, ${iso("s.opened_at")} AS "openedAt",
          ${iso("s.closed_at")} AS "closedAt", s.ignored, ${iso("s.unignored_at")} AS "unignoredAt", s.finding
        `)}
        FROM (${scored}) s ${orderBy(query)} LIMIT ${query.limit} OFFSET ${query.offset}
      `.pipe(Effect.flatMap(decodeAll(ItemRow)))
      return { items: rows.map(itemOf), total: counted?.total ?? 0 }
    }).pipe(orUnavailable)

  const findRow = (organizationId: number, id: string) =>
    sql`
      SELECT ${itemColumns} FROM security_items i JOIN repositories r ON r.id = i.repository_id
      WHERE i.organization_id = ${organizationId} AND i.id::text = ${id}
    `.pipe(Effect.flatMap(decodeFirst(ItemRow)), Effect.map(Option.map(itemOf)))

  const setIgnored: SecurityItemStore.SecurityItemStore["Type"]["setIgnored"] = (organizationId, id, ignore, at) =>
    Effect.gen(function*() {
      const changed = ignore === undefined
        ? yield* sql`
          UPDATE security_items SET ignored = NULL, unignored_at = ${at}::timestamptz
          WHERE organization_id = ${organizationId} AND id::text = ${id} RETURNING id`
        : yield* sql`
          UPDATE security_items SET ignored = ${JSON.stringify(ignore)}::jsonb
          WHERE organization_id = ${organizationId} AND id::text = ${id} RETURNING id`
      return changed.length === 0 ? Option.none() : yield* findRow(organizationId, id)
    }).pipe(orUnavailable)

  const tally: SecurityItemStore.SecurityItemStore["Type"]["tally"] = (organizationId, filter, sla, now) =>
    sql`
      SELECT s.repository_id AS "repositoryId", s.repository_name AS repository, s.priority, s.status, s.scan_type AS "scanType",
        s.security_category AS "securityCategory", s.opened_at >= ${now}::timestamptz - interval '7 days' AS "newThisWeek",
        count(*)::int AS count
      FROM (${withStatus(organizationId, filter, sla, now)}) s
      GROUP BY 1, 2, 3, 4, 5, 6, 7
    `.pipe(Effect.flatMap(decodeAll(TallyRow)), orUnavailable)

  const dates: SecurityItemStore.SecurityItemStore["Type"]["dates"] = (organizationId, repositories) =>
    sql`
      SELECT i.priority, ${sql.literal(`${iso("i.opened_at")} AS "openedAt", ${iso("i.closed_at")} AS "closedAt",
        CASE WHEN i.ignored IS NULL THEN NULL ELSE i.ignored->>'at' END AS "ignoredAt", ${iso("i.unignored_at")} AS "unignoredAt"`)}
      FROM security_items i JOIN repositories r ON r.id = i.repository_id
      WHERE i.organization_id = ${organizationId} ${repositories.length === 0 ? sql`` : sql`AND r.name = ANY(${repositories}::text[])`}
      ORDER BY i.opened_at, i.id
    `.pipe(
      Effect.flatMap(decodeAll(DatesRow)),
      Effect.map((rows) =>
        rows.map((row) => ({
          priority: row.priority,
          openedAt: row.openedAt,
          closedAt: row.closedAt ?? undefined,
          ignoredAt: row.ignoredAt ?? undefined,
          unignoredAt: row.unignoredAt ?? undefined
        }))
      ),
      orUnavailable
    )

  return SecurityItemStore.SecurityItemStore.of({
    reconcile,
    search,
    find: (organizationId, id) => orUnavailable(findRow(organizationId, id)),
    setIgnored,
    tally,
    dates,
    slaConfig: (organizationId) =>
      sql`
        SELECT critical AS "criticalSla", high AS "highSla", medium AS "mediumSla", low AS "lowSla"
        FROM security_sla WHERE organization_id = ${organizationId}
      `.pipe(Effect.flatMap(decodeFirst(SlaRow)), Effect.map(Option.map((row) => SecurityItems.SlaConfig.make(row))), orUnavailable),
    saveSlaConfig: (organizationId, sla) =>
      sql`
        INSERT INTO security_sla (organization_id, critical, high, medium, low)
        VALUES (${organizationId}, ${sla.criticalSla}, ${sla.highSla}, ${sla.mediumSla}, ${sla.lowSla})
        ON CONFLICT (organization_id) DO UPDATE SET critical = EXCLUDED.critical, high = EXCLUDED.high,
          medium = EXCLUDED.medium, low = EXCLUDED.low
      `.pipe(Effect.asVoid, orUnavailable)
  })
})

export const layer = Layer.effect(SecurityItemStore.SecurityItemStore, make)

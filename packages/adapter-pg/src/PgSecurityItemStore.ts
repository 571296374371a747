import { SqlClient } from "@effect/sql"
import type { Fragment } from "@effect/sql/Statement"
import { SecurityItems, SecurityItemStore, Triage, Trusted } from "@tidemark/core"
import { Effect, Layer, Option, Schema } from "effect"
import { check, decodeAll, decodeFirst } from "./Rows.js"
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

/**
 * Item rows checked (ajv) on their stored form rather than decoded through the classes, then built
 * as trusted instances: a page of items decoded twice (the row, then the item) cost a good share of
 * a search (docs/benchmarks.md). A row that fails the check is decoded, and so refused with why.
 */
const StoredItemRow = Schema.encodedSchema(ItemRow)
const checkItemRows = (rows: ReadonlyArray<unknown>) => Effect.forEach(rows, check(StoredItemRow))

const itemOf = (row: typeof StoredItemRow.Type) =>
  Trusted.trusted(SecurityItems.SecurityItem, {
    ...row.finding,
    id: row.id,
    repositoryId: row.repositoryId,
    repository: row.repository,
    openedAt: row.openedAt,
    ...(row.closedAt === null ? {} : { closedAt: row.closedAt }),
    ...(row.ignored === null
      ? {}
      : { ignored: Trusted.trusted(SecurityItems.ItemIgnore, { ...row.ignored, by: Trusted.trusted(Triage.IgnoredBy, row.ignored.by) }) }),
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
      const updated = yield* sql`
        UPDATE security_items i SET scan_type = r."scanType", priority = r.priority, security_category = r."securityCategory", finding = r.finding
        FROM jsonb_to_recordset(${rows}::jsonb) AS r(key text, "scanType" text, priority text, "securityCategory" text, finding jsonb)
        WHERE i.repository_id = ${repository.id} AND i.closed_at IS NULL AND i.key = r.key
          -- An unchanged finding is not written again: every analysis finds most of them as they were.
          AND (i.scan_type, i.priority, i.security_category, i.finding) IS DISTINCT FROM (r."scanType", r.priority, r."securityCategory", r.finding)
        RETURNING i.id
      `
      const opened = yield* sql`
        INSERT INTO security_items (id, organization_id, repository_id, key, scan_type, priority, security_category, opened_at, finding)
        SELECT gen_random_uuid(), ${repository.organizationId}, ${repository.id}, r.key, r."scanType", r.priority, r."securityCategory",
          ${at}::timestamptz, r.finding
        FROM jsonb_to_recordset(${rows}::jsonb) AS r(key text, "scanType" text, priority text, "securityCategory" text, finding jsonb)
        ON CONFLICT (repository_id, key) WHERE closed_at IS NULL DO NOTHING
        RETURNING id
      `
      // The repository's counts, recounted whole when an item came, went or moved (most analyses
      // change none): its items are few beside the organization's.
      if (opened.length + closed.length + updated.length > 0) {
        yield* sql`DELETE FROM security_item_counts WHERE repository_id = ${repository.id}`
        yield* sql`
          INSERT INTO security_item_counts (organization_id, repository_id, priority, scan_type, security_category, items)
          SELECT ${repository.organizationId}, repository_id, priority, scan_type, security_category, count(*)
          FROM security_items WHERE repository_id = ${repository.id} GROUP BY repository_id, priority, scan_type, security_category
        `
      }
      return { opened: opened.length, closed: closed.length }
    }).pipe(sql.withTransaction, orUnavailable)

  const priorities: ReadonlyArray<SecurityItems.SrmPriority> = ["Critical", "High", "Medium", "Low"]

  /**
   * An item's status as a condition on its own columns, for items of one priority (whose deadline is
   * `opened_at` plus that priority's days): what `statusOf` tells, with no deadline computed per row,
   * so that an index on `opened_at` serves it.
   */
  const statusCondition = (status: SecurityItems.SrmStatus, days: number, now: string): Fragment => {
    const interval = sql`make_interval(hours => 24 * ${days}::int)`
    const soon = sql`make_interval(days => ${SecurityItems.dueSoonDays}::int)`
    switch (status) {
      case "Ignored":
        return sql`i.ignored IS NOT NULL`
      case "ClosedOnTime":
        return sql`(i.ignored IS NULL AND i.closed_at IS NOT NULL AND i.closed_at <= i.opened_at + ${interval})`
      case "ClosedLate":
        return sql`(i.ignored IS NULL AND i.closed_at IS NOT NULL AND i.closed_at > i.opened_at + ${interval})`
      case "Overdue":
        return sql`(i.ignored IS NULL AND i.closed_at IS NULL AND i.opened_at < ${now}::timestamptz - ${interval})`
      case "DueSoon":
        return sql`(i.ignored IS NULL AND i.closed_at IS NULL AND i.opened_at >= ${now}::timestamptz - ${interval}
          AND i.opened_at <= ${now}::timestamptz - ${interval} + ${soon})`
      case "OnTrack":
        return sql`(i.ignored IS NULL AND i.closed_at IS NULL AND i.opened_at > ${now}::timestamptz - ${interval} + ${soon})`
    }
  }

  const listed = <A extends string>(values: ReadonlyArray<A> | undefined): values is ReadonlyArray<A> => values !== undefined && values.length > 0

  /**
   * The filter's conditions but priorities and statuses, on the items (`i`) or their counts (`c`),
   * which share these columns; an item of no category is in the "other" category.
   */
  const sharedConditions = (table: "i" | "c", organizationId: number, filter: SecurityItems.ItemFilter, repositoryIds: ReadonlyArray<number> | undefined) => {
    const column = (name: string) => sql.literal(`${table}.${name}`)
    const conditions: Array<Fragment> = [sql`${column("organization_id")} = ${organizationId}`]
    if (repositoryIds !== undefined) conditions.push(sql`${column("repository_id")} = ANY(${repositoryIds}::integer[])`)
    if (listed(filter.scanTypes)) conditions.push(sql`${column("scan_type")} = ANY(${filter.scanTypes}::text[])`)
    if (listed(filter.categories)) {
      conditions.push(sql`(${column("security_category")} = ANY(${filter.categories}::text[])
        OR (${column("security_category")} = '' AND ${SecurityItems.otherCategory}::text = ANY(${filter.categories}::text[])))`)
    }
    return conditions
  }

  /** The filter's conditions on one priority's items, repositories already resolved to ids. */
  const conditionsOf = (organizationId: number, priority: SecurityItems.SrmPriority, filter: SecurityItems.ItemFilter, repositoryIds: ReadonlyArray<number> | undefined, sla: SecurityItems.SlaConfig, now: string) => {
    const conditions = [...sharedConditions("i", organizationId, filter, repositoryIds), sql`i.priority = ${priority}`]
    if (listed(filter.statuses)) {
      conditions.push(sql`(${sql.or(filter.statuses.map((status) => statusCondition(status, SecurityItems.slaDays(sla, priority), now)))})`)
    }
    return sql.and(conditions)
  }

  /** The repositories named by the filter, as ids (none: no repository of that name). */
  const repositoryIdsOf = (organizationId: number, names: ReadonlyArray<string> | undefined) =>
    names === undefined || names.length === 0
      ? Effect.succeed(undefined)
      : Effect.map(
        sql<{ readonly id: number }>`SELECT id FROM repositories WHERE organization_id = ${organizationId} AND name = ANY(${names}::text[])`,
        (rows) => rows.map((row) => row.id)
      )

  const pageColumns = sql.literal(`
    s.id::text AS id, s.repository_id AS "repositoryId", r.name AS repository, ${iso("s.opened_at")} AS "openedAt",
    ${iso("s.closed_at")} AS "closedAt", s.ignored, ${iso("s.unignored_at")} AS "unignoredAt", s.finding
  `)

  /**
   * The filter's items, one query per priority (within a priority the deadline is `opened_at` plus
   * a constant, and each status a range of it): `select` makes each priority's query from its
   * conditions; none when no priority or no named repository is left.
   */
  const perPriority = (organizationId: number, filter: SecurityItems.ItemFilter, repositoryIds: ReadonlyArray<number> | undefined, sla: SecurityItems.SlaConfig, now: string) => {
    const wanted = priorities.filter((p) => filter.priorities === undefined || filter.priorities.length === 0 || filter.priorities.includes(p))
    if (wanted.length === 0 || (repositoryIds !== undefined && repositoryIds.length === 0)) return undefined
    return (select: (priority: SecurityItems.SrmPriority, where: Fragment) => Fragment) =>
      sql.join(" UNION ALL ", false)(wanted.map((p) => sql`(${select(p, conditionsOf(organizationId, p, filter, repositoryIds, sla, now))})`))
  }

  const dueOf = (priority: SecurityItems.SrmPriority, sla: SecurityItems.SlaConfig) =>
    sql`i.opened_at + make_interval(hours => 24 * ${SecurityItems.slaDays(sla, priority)}::int)`

  /** The status of one priority's items as a column (the same cases as `statusCondition`). */
  const statusOf = (priority: SecurityItems.SrmPriority, sla: SecurityItems.SlaConfig, now: string): Fragment => {
    const days = SecurityItems.slaDays(sla, priority)
    return sql`CASE ${sql.join(" ", false)((["Ignored", "ClosedOnTime", "ClosedLate", "Overdue", "DueSoon"] as const).map((status) =>
      sql`WHEN ${statusCondition(status, days, now)} THEN ${status}`
    ))} ELSE 'OnTrack' END`
  }

  /**
   * The number of items a filter without statuses selects, from the repositories' counts (a status
   * depends on the time of reading, so a filter naming one counts its items).
   */
  const totalOf = (organizationId: number, filter: SecurityItems.ItemFilter, repositoryIds: ReadonlyArray<number> | undefined) => {
    const conditions = sharedConditions("c", organizationId, filter, repositoryIds)
    if (listed(filter.priorities)) conditions.push(sql`c.priority = ANY(${filter.priorities}::text[])`)
    return sql<{ readonly total: number }>`
      SELECT coalesce(sum(c.items), 0)::int AS total FROM security_item_counts c WHERE ${sql.and(conditions)}
    `
  }

  /**
   * One priority's first `first` items of each status, by deadline: within a priority and a status
   * the deadline is `opened_at` plus a constant, so each is a walk along an index, and the page by
   * status is their merge (no status computed for every item).
   */
  const byStatus = (
    priority: SecurityItems.SrmPriority,
    where: Fragment,
    statuses: ReadonlyArray<SecurityItems.SrmStatus> | undefined,
    sla: SecurityItems.SlaConfig,
    now: string,
    first: number
  ) => {
    const wanted = (Object.keys(SecurityItems.statusRank) as Array<SecurityItems.SrmStatus>)
      .filter((status) => !listed(statuses) || statuses.includes(status))
    return sql.join(" UNION ALL ", false)(wanted.map((status) =>
      sql`(SELECT i.*, ${dueOf(priority, sla)} AS due, ${SecurityItems.statusRank[status]}::int AS rank FROM security_items i
        WHERE ${where} AND ${statusCondition(status, SecurityItems.slaDays(sla, priority), now)}
        ORDER BY i.opened_at ASC, i.id ASC LIMIT ${first})`
    ))
  }

  /**
   * A page by deadline is the merge of each priority's first offset + limit items, read along the
   * index `(organization_id, priority, opened_at, id)`, by deadline. The count is each priority's,
   * on the same conditions. Other orders read every matching item's deadline and status.
   */
  const search: SecurityItemStore.SecurityItemStore["Type"]["search"] = (organizationId, query) =>
    Effect.gen(function*() {
      const repositoryIds = yield* repositoryIdsOf(organizationId, query.filter.repositories)
      const union = perPriority(organizationId, query.filter, repositoryIds, query.sla, query.now)
      if (union === undefined) return { items: [], total: 0 }
      const [counted] = yield* (!listed(query.filter.statuses)
        ? totalOf(organizationId, query.filter, repositoryIds)
        : sql<{ readonly total: number }>`
          SELECT coalesce(sum(n), 0)::int AS total FROM (${union((_, where) => sql`SELECT count(*) AS n FROM security_items i WHERE ${where}`)}) c
        `)
      const direction = sql.literal(query.direction === "desc" ? "DESC" : "ASC")
      const first = query.offset + query.limit
      // By deadline or by detection, each priority's first items are its first by `opened_at` (its
      // deadline is `opened_at` plus a constant); by status, each of its statuses' first.
      const rows = query.order === "Status"
        ? yield* sql`
          SELECT ${pageColumns} FROM (${
          union((p, where) => byStatus(p, where, query.filter.statuses, query.sla, query.now, first))
        }) s JOIN repositories r ON r.id = s.repository_id
          ORDER BY s.rank ${direction}, s.due ASC, s.id ASC LIMIT ${query.limit} OFFSET ${query.offset}
        `
        : yield* sql`
          SELECT ${pageColumns} FROM (${
          union((p, where) =>
            sql`SELECT i.*, ${dueOf(p, query.sla)} AS due FROM security_items i WHERE ${where}
              ORDER BY i.opened_at ${direction}, i.id ASC LIMIT ${first}`
          )
        }) s JOIN repositories r ON r.id = s.repository_id
          ${query.order === "DueAt" ? sql`ORDER BY s.due ${direction}, s.id ASC` : sql`ORDER BY s.opened_at ${direction}, s.due ASC, s.id ASC`}
          LIMIT ${query.limit} OFFSET ${query.offset}
        `
      const checked = yield* checkItemRows(rows)
      return { items: checked.map(itemOf), total: counted?.total ?? 0 }
    }).pipe(orUnavailable)

  const findRow = (organizationId: number, id: string) =>
    sql`
      SELECT ${itemColumns} FROM security_items i JOIN repositories r ON r.id = i.repository_id
      WHERE i.organization_id = ${organizationId} AND i.id::text = ${id}
    `.pipe(Effect.flatMap(checkItemRows), Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), itemOf)))

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
    Effect.gen(function*() {
      const union = perPriority(organizationId, filter, yield* repositoryIdsOf(organizationId, filter.repositories), sla, now)
      if (union === undefined) return []
      const rows = yield* sql`
        SELECT s.repository_id AS "repositoryId", r.name AS repository, s.priority, s.status, s.scan_type AS "scanType",
          s.security_category AS "securityCategory", s.opened_at >= ${now}::timestamptz - interval '7 days' AS "newThisWeek",
          count(*)::int AS count
        FROM (${
        union((p, where) =>
          sql`SELECT i.repository_id, i.priority, i.scan_type, i.security_category, i.opened_at, ${statusOf(p, sla, now)} AS status
            FROM security_items i WHERE ${where}`
        )
      }) s JOIN repositories r ON r.id = s.repository_id
        GROUP BY 1, 2, 3, 4, 5, 6, 7
      `
      return yield* decodeAll(TallyRow)(rows)
    }).pipe(orUnavailable)

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

import { Effect, Option } from "effect"
import { InvalidInput, NotFound } from "../domain/Errors.js"
import { nowIso } from "../domain/Now.js"
import { offsetPage, offsetPagination } from "../domain/Pagination.js"
import type { OrganizationCoordinates, Principal } from "../domain/Principal.js"
import {
  defaultSlaConfig,
  type SecurityItem,
  type ItemFilter,
  ItemIgnore,
  type ItemOrder,
  type ItemTally,
  otherCategory,
  type SlaConfig,
  type SrmPriority,
  type SrmStatus
} from "../domain/SecurityItems.js"
import {
  type IgnoreSrmItemBody,
  SecurityCategoriesResponse,
  SecurityRepositoriesResponse,
  SecurityRepositorySummary,
  SlaConfigResponse,
  SrmCategoryIssueCount,
  SrmDashboard,
  SrmDashboardCategoriesResponse,
  SrmDashboardHistoryResponse,
  SrmDashboardRepositoriesResponse,
  SrmDashboardResponse,
  SrmHistoryDataPoint,
  SrmItemResponse,
  srmItemOf,
  SrmItemsResponse,
  SrmRepositoryIssueCount
} from "../domain/SecurityViews.js"
import { authorOf } from "../domain/Triage.js"
import { SecurityItemStore } from "../ports/SecurityItemStore.js"
import { withSpans } from "../runtime/Spans.js"
import { Access } from "./Access.js"

type Caller = Option.Option<Principal>

/** What a search of items asks for: the filters, the order and the page. */
export interface ItemSearch extends ItemFilter {
  readonly cursor?: string | undefined
  readonly limit?: number | undefined
  readonly sort?: "Status" | "DetectedAt" | undefined
  readonly direction?: string | undefined
}

const openStatuses: ReadonlyArray<SrmStatus> = ["OnTrack", "DueSoon", "Overdue"]
const isOpen = (tally: ItemTally) => openStatuses.includes(tally.status)
const sum = (tallies: ReadonlyArray<ItemTally>, keep: (tally: ItemTally) => boolean) =>
  tallies.reduce((total, tally) => (keep(tally) ? total + tally.count : total), 0)

const weekMillis = 7 * 86_400_000
/** The history covers the last twelve weeks, Monday to Monday (UTC), the current one last. */
export const historyWeeks = 12

const mondayOf = (now: string) => {
  const day = new Date(now)
  const start = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate())
  return start - ((day.getUTCDay() + 6) % 7) * 86_400_000
}

const make = Effect.gen(function*() {
  const access = yield* Access
  const store = yield* SecurityItemStore

  const slaOf = (organizationId: number) => Effect.map(store.slaConfig(organizationId), Option.getOrElse(() => defaultSlaConfig))

  const search = (caller: Caller, at: OrganizationCoordinates, request: ItemSearch) =>
    Effect.gen(function*() {
      const organization = yield* access.organization(caller, at, "read")
      const { limit, offset } = yield* offsetPage(request.cursor, request.limit)
      const direction = request.direction === undefined || request.direction === "" ? "asc" : request.direction.toLowerCase()
      if (direction !== "asc" && direction !== "desc") {
        return yield* new InvalidInput({ field: "direction", reason: "must be asc or desc" })
      }
      const order: ItemOrder = request.sort ?? "DueAt"
      const [sla, now] = yield* Effect.all([slaOf(organization.id), nowIso])
      const found = yield* store.search(organization.id, { filter: request, sla, now, order, direction, offset, limit })
      return SrmItemsResponse.make({
        pagination: offsetPagination(offset, limit, found.items.length, found.total),
        data: found.items.map((item) => srmItemOf(item, sla, now))
      })
    })

  const itemOf = (organizationId: number, found: Option.Option<SecurityItem>, id: string) =>
    Effect.gen(function*() {
      if (Option.isNone(found)) return yield* new NotFound({ what: "securityItem", id })
      const [sla, now] = yield* Effect.all([slaOf(organizationId), nowIso])
      return SrmItemResponse.make({ data: srmItemOf(found.value, sla, now) })
    })

  const get = (caller: Caller, at: OrganizationCoordinates, id: string) =>
    Effect.gen(function*() {
      const organization = yield* access.organization(caller, at, "read")
      return yield* itemOf(organization.id, yield* store.find(organization.id, id), id)
    })

  /** Sets an item aside with a reason (AcceptedUse when none is given) and a comment; it stays until brought back. */
  const ignore = (caller: Caller, at: OrganizationCoordinates, id: string, body: IgnoreSrmItemBody) =>
    Effect.gen(function*() {
      const organization = yield* access.organization(caller, at, "write")
      const principal = Option.getOrThrow(caller)
      const now = yield* nowIso
      const ignored = ItemIgnore.make({
        at: now,
        by: authorOf(principal),
        reason: body.reason ?? "AcceptedUse",
        ...(body.comment === undefined || body.comment === "" ? {} : { comment: body.comment })
      })
      return yield* itemOf(organization.id, yield* store.setIgnored(organization.id, id, ignored, now), id)
    })

  const unignore = (caller: Caller, at: OrganizationCoordinates, id: string) =>
    Effect.gen(function*() {
      const organization = yield* access.organization(caller, at, "write")
      const found = yield* store.find(organization.id, id)
      if (Option.isNone(found)) return yield* new NotFound({ what: "securityItem", id })
      if (found.value.ignored === undefined) {
        return yield* new InvalidInput({ field: "srmItemId", reason: "only an ignored item can be unignored" })
      }
      return yield* itemOf(organization.id, yield* store.setIgnored(organization.id, id, undefined, yield* nowIso), id)
    })

  const tallies = (caller: Caller, at: OrganizationCoordinates, filter: ItemFilter) =>
    Effect.gen(function*() {
      const organization = yield* access.organization(caller, at, "read")
      const [sla, now] = yield* Effect.all([slaOf(organization.id), nowIso])
      return { organization, tallies: yield* store.tally(organization.id, filter, sla, now) }
    })

  const dashboard = (caller: Caller, at: OrganizationCoordinates, filter: ItemFilter) =>
    Effect.map(tallies(caller, at, filter), ({ tallies }) => {
      const open = (keep: (tally: ItemTally) => boolean) => sum(tallies, (t) => isOpen(t) && keep(t))
      const status = (name: SrmStatus) => sum(tallies, (t) => t.status === name)
      const priority = (name: SrmPriority) => open((t) => t.priority === name)
      return SrmDashboardResponse.make({
        data: SrmDashboard.make({
          totalOpen: open(() => true),
          totalNewThisWeek: sum(tallies, (t) => t.newThisWeek),
          totalClosed: status("ClosedOnTime") + status("ClosedLate"),
          onTrack: status("OnTrack"),
          dueSoon: status("DueSoon"),
          overdue: status("Overdue"),
          closedOnTime: status("ClosedOnTime"),
          closedLate: status("ClosedLate"),
          openCritical: priority("Critical"),
          openHigh: priority("High"),
          openMedium: priority("Medium"),
          openLow: priority("Low"),
          openSAST: open((t) => t.scanType === "SAST"),
          openSCA: open((t) => t.scanType === "SCA"),
          openContainerSCA: 0,
          openSecrets: open((t) => t.scanType === "Secrets"),
          openIaC: 0,
          openCICD: 0,
          openLicense: 0,
          openPenTesting: 0,
          openDAST: 0,
          openCSPM: 0,
          openScanNotAttributed: 0
        })
      })
    })

  /** Open items by repository, the ten with the most unless repositories are named. */
  const dashboardRepositories = (caller: Caller, at: OrganizationCoordinates, repositories: ReadonlyArray<string>) =>
    Effect.map(tallies(caller, at, { repositories }), ({ tallies }) => {
      const byRepository = new Map<number, { name: string; counts: Record<SrmPriority, number> }>()
      for (const tally of tallies.filter(isOpen)) {
        const entry = byRepository.get(tally.repositoryId) ?? { name: tally.repository, counts: { Critical: 0, High: 0, Medium: 0, Low: 0 } }
        entry.counts[tally.priority] += tally.count
        byRepository.set(tally.repositoryId, entry)
      }
      const total = (counts: Record<SrmPriority, number>) => counts.Critical + counts.High + counts.Medium + counts.Low
      const rows = [...byRepository.entries()]
        .sort(([, a], [, b]) => total(b.counts) - total(a.counts) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
        .slice(0, repositories.length === 0 ? 10 : undefined)
      return SrmDashboardRepositoriesResponse.make({
        data: rows.map(([id, { counts, name }]) =>
          SrmRepositoryIssueCount.make({ id, name, critical: counts.Critical, high: counts.High, medium: counts.Medium, low: counts.Low })
        )
      })
    })

  /** Open items by security category (`_other_` for those without one), the ten largest unless repositories are named. */
  const dashboardCategories = (caller: Caller, at: OrganizationCoordinates, repositories: ReadonlyArray<string>) =>
    Effect.map(tallies(caller, at, { repositories }), ({ tallies }) => {
      const byCategory = new Map<string, number>()
      for (const tally of tallies.filter(isOpen)) {
        const name = tally.securityCategory === "" ? otherCategory : tally.securityCategory
        byCategory.set(name, (byCategory.get(name) ?? 0) + tally.count)
      }
      const rows = [...byCategory.entries()]
        .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
        .slice(0, repositories.length === 0 ? 10 : undefined)
      return SrmDashboardCategoriesResponse.make({ data: rows.map(([name, total]) => SrmCategoryIssueCount.make({ name, total })) })
    })

  /**
   * Week by week (Monday to Monday, UTC; the last twelve weeks, the current one last): items opened
   * and closed in the week, open and ignored at its start, and brought back from ignored in it.
   */
  const dashboardHistory = (caller: Caller, at: OrganizationCoordinates, repositories: ReadonlyArray<string>) =>
    Effect.gen(function*() {
      const organization = yield* access.organization(caller, at, "read")
      const [dates, now] = yield* Effect.all([store.dates(organization.id, repositories), nowIso])
      const current = mondayOf(now)
      const points = Array.from({ length: historyWeeks }, (_, index) => {
        const since = current - (historyWeeks - 1 - index) * weekMillis
        const until = since + weekMillis
        const inWeek = (time: string | undefined) => time !== undefined && Date.parse(time) >= since && Date.parse(time) < until
        const before = (time: string | undefined) => time !== undefined && Date.parse(time) < since
        const ignoredAtStart = (d: (typeof dates)[number]) => before(d.ignoredAt)
        const count = (priority: SrmPriority, keep: (d: (typeof dates)[number]) => boolean) =>
          dates.filter((d) => d.priority === priority && keep(d)).length
        const row = (prefix: string, keep: (d: (typeof dates)[number]) => boolean) =>
          Object.fromEntries((["Critical", "High", "Medium", "Low"] as const).map((p) => [`${prefix}${p}`, count(p, keep)]))
        return SrmHistoryDataPoint.make({
          since: new Date(since).toISOString(),
          until: new Date(until).toISOString(),
          ...row("new", (d) => inWeek(d.openedAt)),
          ...row("fixed", (d) => inWeek(d.closedAt)),
          ...row("open", (d) => before(d.openedAt) && !before(d.closedAt) && !ignoredAtStart(d)),
          ...row("ignored", ignoredAtStart),
          ...row("unignored", (d) => inWeek(d.unignoredAt))
        } as ConstructorParameters<typeof SrmHistoryDataPoint>[0])
      })
      return SrmDashboardHistoryResponse.make({ data: points })
    })

  /** The repositories with open items, by name, a page at a time. */
  const repositoriesWithItems = (caller: Caller, at: OrganizationCoordinates, cursor: string | undefined, limit: number | undefined) =>
    Effect.gen(function*() {
      const { organization, tallies: all } = yield* tallies(caller, at, {})
      const page = yield* offsetPage(cursor, limit)
      const names = new Map(all.filter(isOpen).map((t) => [t.repositoryId, t.repository] as const))
      const rows = [...names.entries()].sort(([, a], [, b]) => (a < b ? -1 : a > b ? 1 : 0))
      const shown = rows.slice(page.offset, page.offset + page.limit)
      return SecurityRepositoriesResponse.make({
        pagination: offsetPagination(page.offset, page.limit, shown.length, rows.length),
        data: shown.map(([repositoryId, name]) =>
          SecurityRepositorySummary.make({ repositoryId, provider: organization.provider, owner: organization.name, name })
        )
      })
    })

  /** The security categories of open items, in order, a page at a time (items without one are not a category). */
  const categoriesWithItems = (caller: Caller, at: OrganizationCoordinates, cursor: string | undefined, limit: number | undefined) =>
    Effect.gen(function*() {
      const { tallies: all } = yield* tallies(caller, at, {})
      const page = yield* offsetPage(cursor, limit)
      const names = [...new Set(all.filter((t) => isOpen(t) && t.securityCategory !== "").map((t) => t.securityCategory))].sort()
      const shown = names.slice(page.offset, page.offset + page.limit)
      return SecurityCategoriesResponse.make({ pagination: offsetPagination(page.offset, page.limit, shown.length, names.length), data: shown })
    })

  const slaConfig = (caller: Caller, at: OrganizationCoordinates) =>
    Effect.flatMap(access.organization(caller, at, "read"), (organization) =>
      Effect.map(slaOf(organization.id), (sla) => SlaConfigResponse.make({ slaConfig: sla })))

  /** An organization admin's (or the installation admin's): every deadline moves with it. */
  const updateSlaConfig = (caller: Caller, at: OrganizationCoordinates, sla: SlaConfig) =>
    Effect.gen(function*() {
      const organization = yield* access.organization(caller, at, "admin")
      yield* store.saveSlaConfig(organization.id, sla)
      return SlaConfigResponse.make({ slaConfig: sla })
    })

  return withSpans("SecurityAndRisk", {
    search,
    get,
    ignore,
    unignore,
    dashboard,
    dashboardRepositories,
    dashboardCategories,
    dashboardHistory,
    repositoriesWithItems,
    categoriesWithItems,
    slaConfig,
    updateSlaConfig
  })
})

/** An organization's security items, their dashboards and its SLA, as the security API reads them. */
export class SecurityAndRisk extends Effect.Service<SecurityAndRisk>()("@tidemark/core/SecurityAndRisk", {
  effect: make,
  dependencies: [Access.Default]
}) {}

import { HttpApiBuilder } from "@effect/platform"
import { SecurityAndRisk, type SecurityItems, type SecurityViews } from "@tidemark/core"
import { Effect } from "effect"
import { refusedAsUnauthorized } from "../ErrorMapping.js"
import { answer, commaSeparated, organizationAt } from "../HandlerShapes.js"
import { TidemarkApi } from "../TidemarkApi.js"

const listOf = <A>(value: A | ReadonlyArray<A> | undefined): ReadonlyArray<A> | undefined =>
  value === undefined ? undefined : Array.isArray(value) ? value : [value as A]

/** The deprecated GET forms' filters: repositories comma-separated, the others repeated. */
const queryFilter = (query: {
  readonly repositories?: string | undefined
  readonly priority?: SecurityItems.SrmPriority | ReadonlyArray<SecurityItems.SrmPriority> | undefined
  readonly category?: string | ReadonlyArray<string> | undefined
  readonly scanType?: string | ReadonlyArray<string> | undefined
}): SecurityItems.ItemFilter => ({
  repositories: commaSeparated(query.repositories),
  priorities: listOf(query.priority),
  categories: listOf(query.category),
  scanTypes: listOf(query.scanType)
})

/** A search body's filters; priorities and statuses the API does not know match nothing. */
const bodyFilter = (body: SecurityViews.SearchSrmItems | SecurityViews.SearchSrmDashboard | null): SecurityItems.ItemFilter => ({
  repositories: body?.repositories,
  priorities: body?.priorities as ReadonlyArray<SecurityItems.SrmPriority> | undefined,
  statuses: body !== null && "statuses" in body ? body.statuses as ReadonlyArray<SecurityItems.SrmStatus> | undefined : undefined,
  categories: body?.categories,
  scanTypes: body?.scanTypes
})

export const layer = HttpApiBuilder.group(TidemarkApi, "security", (handlers) =>
  Effect.gen(function*() {
    const security = yield* SecurityAndRisk.SecurityAndRisk
    return handlers
      .handle("listSecurityItems", ({ path, urlParams }) =>
        answer((caller) =>
          security.search(caller, organizationAt(path), {
            ...queryFilter(urlParams),
            statuses: listOf(urlParams.status),
            cursor: urlParams.cursor,
            limit: urlParams.limit
          })))
      .handle("searchSecurityItems", ({ path, payload, urlParams }) =>
        answer((caller) =>
          security.search(caller, organizationAt(path), {
            ...bodyFilter(payload),
            cursor: urlParams.cursor,
            limit: urlParams.limit,
            sort: urlParams.sort,
            direction: urlParams.direction
          })))
      .handle("getSecurityItem", ({ path }) => answer((caller) => security.get(caller, organizationAt(path), path.srmItemId)))
      .handle("ignoreSecurityItem", ({ path, payload }) =>
        answer((caller) => security.ignore(caller, organizationAt(path), path.srmItemId, payload)))
      .handle("unignoreSecurityItem", ({ path }) => answer((caller) => security.unignore(caller, organizationAt(path), path.srmItemId)))
      .handle("getSecurityDashboard", ({ path, urlParams }) =>
        answer((caller) => security.dashboard(caller, organizationAt(path), queryFilter(urlParams))))
      .handle("searchSecurityDashboard", ({ path, payload }) =>
        answer((caller) => security.dashboard(caller, organizationAt(path), bodyFilter(payload))))
      .handle("searchSecurityDashboardRepositories", ({ path, payload }) =>
        answer((caller) => security.dashboardRepositories(caller, organizationAt(path), payload?.repositories ?? [])))
      .handle("searchSecurityDashboardHistory", ({ path, payload }) =>
        answer((caller) => security.dashboardHistory(caller, organizationAt(path), payload?.repositories ?? [])))
      .handle("searchSecurityDashboardCategories", ({ path, payload }) =>
        answer((caller) => security.dashboardCategories(caller, organizationAt(path), payload?.repositories ?? [])))
      .handle("listSecurityRepositories", ({ path, urlParams }) =>
        answer((caller) => security.repositoriesWithItems(caller, organizationAt(path), urlParams.cursor, urlParams.limit)))
      .handle("listSecurityCategories", ({ path, urlParams }) =>
        answer((caller) => security.categoriesWithItems(caller, organizationAt(path), urlParams.cursor, urlParams.limit)))
      .handle("getSLAConfig", ({ path }) => answer((caller) => refusedAsUnauthorized(security.slaConfig(caller, organizationAt(path)))))
      .handle("updateSLAConfig", ({ path, payload }) => answer((caller) => refusedAsUnauthorized(security.updateSlaConfig(caller, organizationAt(path), payload.slaConfig))))
  }))

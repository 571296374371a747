/** The security and risk operations of an organization (issue 28) the Security page calls: URLs and calls. */
import { organizationBase, type PageQuery, queryString, type Request } from "../shared/ApiRequest.js"
import type { Organization } from "../shared/Organization.js"
import { readSecurityCounts, readSecurityItemPage } from "./Security.js"
import { type SecurityFilters, securitySearchBody } from "./SecurityFilters.js"

export const securityUrls = {
  items: (org: Organization, page: PageQuery = {}): string =>
    `${organizationBase(org)}/security/items/search${queryString({ cursor: page.cursor, limit: page.limit })}`,
  dashboard: (org: Organization): string => `${organizationBase(org)}/security/dashboard`
}

export const securityCalls = (request: Request, org: Organization) => ({
  searchSecurityItems: (filters: SecurityFilters, page: PageQuery, signal?: AbortSignal) =>
    request({ path: securityUrls.items(org, page), json: securitySearchBody(filters), read: readSecurityItemPage, signal }),
  getSecurityDashboard: (signal?: AbortSignal) => request({ path: securityUrls.dashboard(org), read: readSecurityCounts, signal })
})

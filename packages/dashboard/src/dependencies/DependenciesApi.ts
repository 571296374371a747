/** The SBOM operations of an organization (issue 28) the Dependencies pages call: URLs and calls. */
import { organizationBase, type PageQuery, queryString, type Request } from "../shared/ApiRequest.js"
import type { Organization } from "../shared/Organization.js"
import { readDependencyPage, readDependencyRepositoryPage } from "./Dependencies.js"

const pageQuery = (page: PageQuery) => queryString({ cursor: page.cursor, limit: page.limit })

export const dependencyUrls = {
  dependencies: (org: Organization, page: PageQuery = {}): string => `${organizationBase(org)}/sbom/dependencies/search${pageQuery(page)}`,
  repositories: (org: Organization, page: PageQuery = {}): string =>
    `${organizationBase(org)}/sbom/dependencies/repositories/search${pageQuery(page)}`
}

export const dependencyCalls = (request: Request, org: Organization) => ({
  searchSbomDependencies: (page: PageQuery, signal?: AbortSignal) =>
    request({ path: dependencyUrls.dependencies(org, page), json: {}, read: readDependencyPage, signal }),
  searchRepositoriesOfSbomDependency: (fullName: string, page: PageQuery, signal?: AbortSignal) =>
    request({ path: dependencyUrls.repositories(org, page), json: { dependencyFullName: fullName }, read: readDependencyRepositoryPage, signal })
})

import { Pagination, SbomViews, SecurityViews } from "@tidemark/core"
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import {
  type DependencyOverview,
  type DependencyRepository,
  type DependencySummary,
  readDependencyPage,
  readDependencyRepositoryPage
} from "../src/dependencies/Dependencies.js"
import { readSecurityCounts, readSecurityItemPage, type SecurityCounts, type SecurityItem } from "../src/security/Security.js"

/**
 * The Security and Dependencies pages' readers held to the server's schemas (as ApiShapes does for
 * the other pages): core's encoded types must be assignable to the dashboard's shapes (checked by
 * `tsc`), and bodies core encodes must read.
 */
const typeCheck = {
  item: (encoded: typeof SecurityViews.SrmItem.Encoded): SecurityItem => encoded,
  counts: (encoded: typeof SecurityViews.SrmDashboard.Encoded): SecurityCounts => encoded,
  dependency: (encoded: typeof SbomViews.SbomDependencySummary.Encoded): DependencySummary => encoded,
  repository: (encoded: typeof SbomViews.RepositorySummaryOfSbomDependency.Encoded): DependencyRepository => encoded,
  overview: (encoded: typeof SbomViews.RepositoriesOverviewOfSbomDependency.Encoded): DependencyOverview => encoded
}

const json = <A, I>(schema: Schema.Schema<A, I>, value: A): unknown => JSON.parse(JSON.stringify(Schema.encodeSync(schema)(value)))

const pagination = Pagination.Pagination.make({ limit: 25, total: 1 })

describe("the Security and Dependencies shapes agree with core's schemas", () => {
  it("read the security items and the dashboard's counts core encodes", () => {
    const item = SecurityViews.SrmItem.make({
      id: "i1", itemSource: "Codacy", itemSourceId: "rule", title: "SQL injection", repository: "demo",
      openedAt: "2026-01-01T00:00:00.000Z", dueAt: "2026-01-31T00:00:00.000Z", priority: "Critical", status: "Overdue",
      scanType: "SAST", additionalInfo: "src/db.ts:12"
    })
    const items = readSecurityItemPage(json(SecurityViews.SrmItemsResponse, SecurityViews.SrmItemsResponse.make({ data: [item], pagination })), "")
    expect(items.data.map((i) => [i.title, i.priority, i.status, i.additionalInfo, i.dueAt])).toEqual([
      ["SQL injection", "Critical", "Overdue", "src/db.ts:12", "2026-01-31T00:00:00.000Z"]
    ])
    expect(typeCheck.item(Schema.encodeSync(SecurityViews.SrmItem)(item)).id).toBe("i1")
    const zero = Object.fromEntries(Object.keys(SecurityViews.SrmDashboard.fields).map((name) => [name, 0]))
    const dashboard = SecurityViews.SrmDashboard.make({ ...zero, totalOpen: 4, overdue: 2, openHigh: 3 } as typeof SecurityViews.SrmDashboard.Type)
    const counts = readSecurityCounts(json(SecurityViews.SrmDashboardResponse, SecurityViews.SrmDashboardResponse.make({ data: dashboard })), "")
    expect(counts).toMatchObject({ totalOpen: 4, overdue: 2, openHigh: 3, openLow: 0 })
    expect(typeCheck.counts(Schema.encodeSync(SecurityViews.SrmDashboard)(dashboard)).overdue).toBe(2)
  })

  it("read the dependencies and a dependency's repositories core encodes", () => {
    const licence = SbomViews.LicensesDetails.make({ name: "MIT" })
    const dependency = SbomViews.SbomDependencySummary.make({
      fullName: "left-pad", purl: "pkg:npm/left-pad", repositoriesCount: 1, versionsCount: 1,
      findings: [SbomViews.OpenFindingsCount.make({ severity: "High", open: 1 })], licensesDetails: [licence]
    })
    const dependencies = readDependencyPage(json(SbomViews.SearchSbomDependenciesResponse, SbomViews.SearchSbomDependenciesResponse.make({
      data: [dependency],
      pagination,
      overview: SbomViews.SbomDependenciesOverview.make({ totalRepositoriesCount: 1, filteredRepositoriesCount: 1, totalDependenciesCount: 1, filteredDependenciesCount: 1 })
    })), "")
    expect(dependencies.data).toEqual([Schema.encodeSync(SbomViews.SbomDependencySummary)(dependency)])
    expect(typeCheck.dependency(Schema.encodeSync(SbomViews.SbomDependencySummary)(dependency)).purl).toBe("pkg:npm/left-pad")
    const repository = SbomViews.RepositorySummaryOfSbomDependency.make({
      id: 1, name: "demo", dependencyVersion: "1.3.0", licenses: ["MIT"], licensesDetails: [licence]
    })
    const overview = SbomViews.RepositoriesOverviewOfSbomDependency.make({
      name: "left-pad", fullName: "left-pad", purl: "pkg:npm/left-pad", latestVersion: "1.3.0", oldestVersion: "1.3.0",
      totalVersionsCount: 1, filteredVersionsCount: 1, totalRepositoriesCount: 1, filteredRepositoriesCount: 1
    })
    const repositories = readDependencyRepositoryPage(json(SbomViews.SearchRepositoriesOfSbomDependencyResponse,
      SbomViews.SearchRepositoriesOfSbomDependencyResponse.make({ data: [repository], pagination, overview })), "")
    expect(repositories.data.map((r) => [r.name, r.dependencyVersion, r.highestFindingSeverity])).toEqual([["demo", "1.3.0", undefined]])
    expect(typeCheck.repository(Schema.encodeSync(SbomViews.RepositorySummaryOfSbomDependency)(repository)).name).toBe("demo")
    expect(typeCheck.overview(Schema.encodeSync(SbomViews.RepositoriesOverviewOfSbomDependency)(overview)).latestVersion).toBe("1.3.0")
  })
})

import { describe, expect, it } from "vitest"
import { ecosystemOf, findingsText, licencesText, matching } from "../../src/dependencies/Dependencies.js"
import { dependencyUrls } from "../../src/dependencies/DependenciesApi.js"
import { ApiError } from "../../src/shared/ApiRequest.js"
import { acme, fakeServer } from "../FakeServer.js"

const leftPad = {
  fullName: "left-pad",
  purl: "pkg:npm/left-pad",
  repositoriesCount: 2,
  versionsCount: 2,
  findings: [{ severity: "High", open: 1 }, { severity: "Low", open: 0 }],
  licensesDetails: [{ name: "MIT" }, { name: "MIT" }, { name: "WTFPL" }]
}
const requests = { ...leftPad, fullName: "requests", purl: "pkg:pypi/requests", findings: [], licensesDetails: [] }
const overview = { totalRepositoriesCount: 3, filteredRepositoriesCount: 3, totalDependenciesCount: 2, filteredDependenciesCount: 2 }

describe("the dependency calls", () => {
  it("search the organization's SBOM under /api/v3/organizations, a page at a time", () => {
    expect(dependencyUrls.dependencies(acme, { cursor: "c", limit: 100 })).toBe("/api/v3/organizations/gh/acme/sbom/dependencies/search?cursor=c&limit=100")
    expect(dependencyUrls.repositories(acme, { limit: 25 })).toBe("/api/v3/organizations/gh/acme/sbom/dependencies/repositories/search?limit=25")
  })

  it("read the packages with the overview, and one package's repositories by its full name", async () => {
    const { api, sent } = fakeServer({
      [dependencyUrls.dependencies(acme)]: [200, { data: [leftPad, requests], pagination: { limit: 100, total: 2 }, overview }],
      [dependencyUrls.repositories(acme)]: [200, {
        data: [{ id: 1, name: "demo", dependencyVersion: "1.3.0", highestFindingSeverity: "High", licenses: ["MIT"], licensesDetails: [{ name: "MIT" }] }],
        pagination: { limit: 25, total: 1 },
        overview: {
          name: "left-pad", fullName: "left-pad", purl: "pkg:npm/left-pad", latestVersion: "1.3.0", oldestVersion: "1.1.0",
          totalVersionsCount: 2, filteredVersionsCount: 2, totalRepositoriesCount: 2, filteredRepositoriesCount: 2
        }
      }]
    })
    const page = await api.searchSbomDependencies({ limit: 100 })
    expect(page.overview.totalDependenciesCount).toBe(2)
    expect(page.data.map((d) => [d.fullName, ecosystemOf(d.purl), licencesText(d.licensesDetails), findingsText(d.findings)])).toEqual([
      ["left-pad", "npm", "MIT, WTFPL", "1 High"],
      ["requests", "pypi", "", ""]
    ])
    const repositories = await api.searchRepositoriesOfSbomDependency("left-pad", { limit: 25 })
    expect(repositories.data.map((r) => [r.name, r.dependencyVersion, r.highestFindingSeverity])).toEqual([["demo", "1.3.0", "High"]])
    expect(repositories.overview.latestVersion).toBe("1.3.0")
    expect(sent.map((s) => [s.method, s.body])).toEqual([["POST", {}], ["POST", { dependencyFullName: "left-pad" }]])
  })

  it("refuse an answer without its overview", async () => {
    const { api } = fakeServer({ [dependencyUrls.dependencies(acme)]: [200, { data: [], pagination: { limit: 100, total: 0 } }] })
    await expect(api.searchSbomDependencies({})).rejects.toEqual(new ApiError(200, "Unexpected answer from the server: overview: expected an object"))
  })
})

describe("the dependencies search box", () => {
  it("keeps the page's packages whose name or package URL holds the text, ignoring case", () => {
    expect(matching([leftPad, requests], " PYPI ").map((d) => d.fullName)).toEqual(["requests"])
    expect(matching([leftPad, requests], "").map((d) => d.fullName)).toEqual(["left-pad", "requests"])
  })

  it("reads no ecosystem from what is not a package URL", () => {
    expect(ecosystemOf("left-pad")).toBeUndefined()
  })
})

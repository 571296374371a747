import { describe, expect, it } from "vitest"
import { ApiError } from "../../src/shared/ApiRequest.js"
import { locationOf, overdueFirst, type SecurityItem } from "../../src/security/Security.js"
import { securityUrls } from "../../src/security/SecurityApi.js"
import { noSecurityFilters } from "../../src/security/SecurityFilters.js"
import { acme, fakeServer } from "../FakeServer.js"

const item = (id: string, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  itemSource: "Codacy",
  itemSourceId: "rule",
  title: `finding ${id}`,
  repository: "demo",
  openedAt: "2026-01-01T00:00:00.000Z",
  dueAt: "2026-02-01T00:00:00.000Z",
  priority: "High",
  status,
  scanType: "SAST",
  ...extra
})

const counts = {
  totalOpen: 3, totalNewThisWeek: 1, totalClosed: 1, onTrack: 1, dueSoon: 1, overdue: 1, closedOnTime: 1, closedLate: 0,
  openCritical: 0, openHigh: 2, openMedium: 1, openLow: 0, openSAST: 3, openSCA: 0, openContainerSCA: 0, openSecrets: 0,
  openIaC: 0, openCICD: 0, openLicense: 0, openPenTesting: 0, openDAST: 0, openCSPM: 0, openScanNotAttributed: 0
}

describe("the security calls", () => {
  it("search the organization's items under /api/v3/organizations, a page at a time", () => {
    expect(securityUrls.items(acme, { cursor: "c", limit: 25 })).toBe("/api/v3/organizations/gh/acme/security/items/search?cursor=c&limit=25")
    expect(securityUrls.dashboard(acme)).toBe("/api/v3/organizations/gh/acme/security/dashboard")
  })

  it("send only the filters chosen, read the items and the dashboard's counts", async () => {
    const { api, sent } = fakeServer({
      [securityUrls.items(acme)]: [200, { data: [item("1", "ClosedLate"), item("2", "Overdue", { additionalInfo: "src/a.js:3" })], pagination: { limit: 25, total: 2 } }],
      [securityUrls.dashboard(acme)]: [200, { data: counts }]
    })
    const page = await api.searchSecurityItems({ ...noSecurityFilters, statuses: ["Overdue", "ClosedLate"], repositories: ["demo"] }, { limit: 25 })
    expect(page.data.map((i) => [i.id, i.status, i.priority, i.repository, i.additionalInfo])).toEqual([
      ["1", "ClosedLate", "High", "demo", undefined],
      ["2", "Overdue", "High", "demo", "src/a.js:3"]
    ])
    expect(await api.getSecurityDashboard()).toEqual({
      totalOpen: 3, overdue: 1, dueSoon: 1, onTrack: 1, openCritical: 0, openHigh: 2, openMedium: 1, openLow: 0
    })
    expect(sent.map((s) => [s.method, s.url, s.body])).toEqual([
      ["POST", "/api/v3/organizations/gh/acme/security/items/search?limit=25", { statuses: ["Overdue", "ClosedLate"], repositories: ["demo"] }],
      ["GET", "/api/v3/organizations/gh/acme/security/dashboard", undefined]
    ])
  })

  it("refuse an item of a status the page cannot show", async () => {
    const { api } = fakeServer({ [securityUrls.items(acme)]: [200, { data: [item("1", "Late")], pagination: { limit: 25, total: 1 } }] })
    await expect(api.searchSecurityItems(noSecurityFilters, {})).rejects.toEqual(
      new ApiError(200, "Unexpected answer from the server: data[0].status: expected one of Overdue, DueSoon, OnTrack, ClosedLate, ClosedOnTime, Ignored")
    )
  })
})

describe("a page of security items", () => {
  const of = (id: string, status: SecurityItem["status"], extra: Partial<SecurityItem> = {}): SecurityItem =>
    ({ id, title: id, dueAt: "2026-02-01T00:00:00.000Z", priority: "Low", status, ...extra })

  it("lists the overdue items first, keeping the API's order otherwise", () => {
    const items = [of("a", "ClosedLate"), of("b", "Overdue"), of("c", "DueSoon"), of("d", "Overdue")]
    expect(overdueFirst(items).map((i) => i.id)).toEqual(["b", "d", "a", "c"])
  })

  it("says where a finding is: its file and line, else the version a dependency pins", () => {
    expect(locationOf(of("a", "OnTrack", { additionalInfo: "src/a.js:3" }))).toBe("src/a.js:3")
    expect(locationOf(of("a", "OnTrack", { affectedVersion: "1.2.3" }))).toBe("version 1.2.3")
    expect(locationOf(of("a", "OnTrack"))).toBeUndefined()
  })
})

import { describe, expect, it } from "@effect/vitest"
import {
  compareItems,
  defaultSlaConfig,
  dueAtOf,
  ItemIgnore,
  passes,
  SecurityItem,
  SlaConfig,
  statusOf
} from "../src/domain/SecurityItems.js"
import { IgnoredBy } from "../src/domain/Triage.js"

const sla = SlaConfig.make({ criticalSla: 10, highSla: 30, mediumSla: 60, lowSla: 90 })

const item = (fields: Partial<SecurityItem> & { readonly id: string }) =>
  SecurityItem.make({
    key: `k-${fields.id}`,
    scanType: "SCA",
    title: "t",
    securityCategory: "OutdatedDependencies",
    priority: "High",
    itemSourceId: "GHSA-x",
    repositoryId: 1,
    repository: "api",
    openedAt: "2026-01-01T00:00:00.000Z",
    ...fields
  })

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`

describe("security item deadlines and statuses", () => {
  it("is due the organization's days for its priority after it was opened", () => {
    expect(dueAtOf(item({ id: uuid(1), priority: "Critical" }), sla)).toBe("2026-01-11T00:00:00.000Z")
    expect(dueAtOf(item({ id: uuid(1), priority: "Low" }), sla)).toBe("2026-04-01T00:00:00.000Z")
    expect(dueAtOf(item({ id: uuid(1), priority: "Critical" }), defaultSlaConfig)).toBe("2026-01-16T00:00:00.000Z")
  })

  it("is on track, then due soon in its last 15 days, then overdue; the status is told at read time", () => {
    const open = item({ id: uuid(1), priority: "High" }) // due 2026-01-31
    expect(statusOf(open, sla, "2026-01-15T23:59:59.000Z")).toBe("OnTrack")
    expect(statusOf(open, sla, "2026-01-16T00:00:00.000Z")).toBe("DueSoon")
    expect(statusOf(open, sla, "2026-01-31T00:00:00.000Z")).toBe("DueSoon")
    expect(statusOf(open, sla, "2026-01-31T00:00:00.001Z")).toBe("Overdue")
    // A longer SLA moves the deadline of the same item.
    expect(statusOf(open, SlaConfig.make({ ...sla, highSla: 90 }), "2026-02-01T00:00:00.000Z")).toBe("OnTrack")
  })

  it("is closed on time up to its deadline, late after it, and ignored whatever its dates", () => {
    expect(statusOf(item({ id: uuid(1), closedAt: "2026-01-31T00:00:00.000Z" }), sla, "2027-01-01T00:00:00.000Z")).toBe("ClosedOnTime")
    expect(statusOf(item({ id: uuid(1), closedAt: "2026-02-01T00:00:00.000Z" }), sla, "2027-01-01T00:00:00.000Z")).toBe("ClosedLate")
    const ignored = ItemIgnore.make({ at: "2026-01-02T00:00:00.000Z", by: IgnoredBy.make({ credentialId: "c", name: "admin" }), reason: "TestCode" })
    expect(statusOf(item({ id: uuid(1), ignored }), sla, "2027-01-01T00:00:00.000Z")).toBe("Ignored")
  })

  it("filters by repository, priority, category (`_other_` for none), scan type and status; empty lists let all through", () => {
    const now = "2026-01-20T00:00:00.000Z"
    const a = item({ id: uuid(1), priority: "Critical" }) // due 01-11: overdue
    const b = item({ id: uuid(2), repository: "web", securityCategory: "", scanType: "SAST" })
    expect(passes(a, {}, sla, now)).toBe(true)
    expect(passes(a, { statuses: ["Overdue"], priorities: [], repositories: ["api"] }, sla, now)).toBe(true)
    expect(passes(b, { statuses: ["Overdue"] }, sla, now)).toBe(false)
    expect(passes(b, { categories: ["_other_"] }, sla, now)).toBe(true)
    expect(passes(a, { categories: ["_other_"] }, sla, now)).toBe(false)
    expect(passes(b, { scanTypes: ["DAST"] }, sla, now)).toBe(false)
  })

  it("sorts by deadline, or by status (most urgent first) or when found, each then by deadline and id", () => {
    const now = "2026-01-20T00:00:00.000Z"
    const overdue = item({ id: uuid(3), priority: "Critical" }) // due 01-11
    const soon = item({ id: uuid(2), priority: "High" }) // due 01-31
    const later = item({ id: uuid(1), priority: "Low", openedAt: "2025-12-01T00:00:00.000Z" }) // due 03-01
    const twin = item({ id: uuid(4), priority: "High" }) // due 01-31, after `soon` by id
    const all = [later, twin, overdue, soon]
    const ids = (order: Parameters<typeof compareItems>[0], direction: "asc" | "desc") =>
      [...all].sort(compareItems(order, direction, sla, now)).map((i) => i.id.slice(-1))
    expect(ids("DueAt", "asc")).toEqual(["3", "2", "4", "1"])
    expect(ids("DueAt", "desc")).toEqual(["1", "2", "4", "3"])
    expect(ids("Status", "asc")).toEqual(["3", "2", "4", "1"])
    expect(ids("DetectedAt", "desc")).toEqual(["3", "2", "4", "1"])
    expect(ids("DetectedAt", "asc")).toEqual(["1", "3", "2", "4"])
  })
})

import { describe, expect, layer } from "@effect/vitest"
import { type OrganizationStore, type RepositoryStore, SecurityItems, SecurityItemStore, Triage } from "@tidemark/core"
import { Effect, Option, type Layer } from "effect"
import { at, freshRepository } from "./Fixtures.js"

const sla = SecurityItems.SlaConfig.make({ criticalSla: 1, highSla: 2, mediumSla: 30, lowSla: 60 })

const finding = (key: string, fields: Partial<ConstructorParameters<typeof SecurityItems.SecurityFinding>[0]> = {}) =>
  SecurityItems.SecurityFinding.make({
    key,
    scanType: "SCA",
    title: `lodash 4.17.11: ${key}`,
    securityCategory: "OutdatedDependencies",
    priority: "High",
    itemSourceId: "GHSA-jf85-cpcp-j695",
    filePath: "package-lock.json",
    cve: "CVE-2019-10744",
    cwe: "CWE-20",
    cvssScore: 9.1,
    cvssVector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:H/A:H",
    affectedVersion: "4.17.11",
    fixedVersion: ["4.17.12"],
    additionalInfo: "pkg:npm/lodash@4.17.11 in package-lock.json",
    ...fields
  })

const ignore = (reason: Triage.IgnoreReason, comment?: string) =>
  SecurityItems.ItemIgnore.make({
    at: at(9),
    by: Triage.IgnoredBy.make({ credentialId: "admin", name: "admin" }),
    reason,
    ...(comment === undefined ? {} : { comment })
  })

const query = (fields: Partial<SecurityItemStore.ItemQuery> = {}): SecurityItemStore.ItemQuery => ({
  filter: {},
  sla,
  now: at(0),
  order: "DueAt",
  direction: "asc",
  offset: 0,
  limit: 100,
  ...fields
})

/** Items hang off repositories, which the store of repositories creates. */
export const securityItemStoreContract = (
  name: string,
  storeLayer: Layer.Layer<SecurityItemStore.SecurityItemStore | RepositoryStore.RepositoryStore | OrganizationStore.OrganizationStore, unknown>
) =>
  layer(storeLayer, { timeout: "120 seconds", excludeTestServices: true })(`SecurityItemStore contract (${name})`, (it) => {
    const fresh = Effect.map(freshRepository, ({ organization, repository }) => ({
      organization,
      repository,
      target: { organizationId: organization.id, id: repository.id, name: repository.name }
    }))

    describe("reconciling findings", () => {
      it.effect("opens an item per new finding, keeps it while the finding holds, closes it when gone", () =>
        Effect.gen(function*() {
          const store = yield* SecurityItemStore.SecurityItemStore
          const { organization, target } = yield* fresh
          expect(yield* store.reconcile(target, ["SCA"], [finding("a"), finding("b"), finding("a")], at(1))).toEqual({ opened: 2, closed: 0 })
          const first = yield* store.search(organization.id, query())
          expect(first.total).toBe(2)
          const a = first.items.find((item) => item.key === "a")!
          expect(a).toStrictEqual(SecurityItems.SecurityItem.make({
            ...finding("a"),
            id: a.id,
            repositoryId: target.id,
            repository: target.name,
            openedAt: at(1)
          }))
          // Next analysis: `a` holds at another version, `b` is gone, `c` is new.
          const { cvssScore: _, cvssVector: __, ...unscored } = finding("a", { affectedVersion: "4.17.15", priority: "Critical" })
          const moved = SecurityItems.SecurityFinding.make(unscored)
          expect(yield* store.reconcile(target, ["SCA"], [moved, finding("c")], at(2))).toEqual({ opened: 1, closed: 1 })
          const found = yield* store.find(organization.id, a.id)
          expect(found).toStrictEqual(Option.some(SecurityItems.SecurityItem.make({ ...moved, id: a.id, repositoryId: target.id, repository: target.name, openedAt: at(1) })))
          const all = (yield* store.search(organization.id, query())).items
          expect(all.map((item) => [item.key, item.openedAt, item.closedAt])).toEqual(expect.arrayContaining([
            ["a", at(1), undefined],
            ["b", at(1), at(2)],
            ["c", at(2), undefined]
          ]))
          // A finding back after its item closed opens a new item.
          expect(yield* store.reconcile(target, ["SCA"], [moved, finding("c"), finding("b")], at(3))).toEqual({ opened: 1, closed: 0 })
          expect((yield* store.search(organization.id, query())).total).toBe(4)
          // `a` moved to Critical: counted there, no longer among the highs (`b` closed, `b` again).
          expect((yield* store.search(organization.id, query({ filter: { priorities: ["Critical"] } }))).total).toBe(1)
          expect((yield* store.search(organization.id, query({ filter: { priorities: ["High"] } }))).total).toBe(3)
          // Only a priority changed: nothing opened or closed, the counts follow.
          const lowered = SecurityItems.SecurityFinding.make({ ...moved, priority: "Low" })
          expect(yield* store.reconcile(target, ["SCA"], [lowered, finding("c"), finding("b")], at(4))).toEqual({ opened: 0, closed: 0 })
          expect((yield* store.search(organization.id, query({ filter: { priorities: ["Low"] } }))).total).toBe(1)
          expect((yield* store.search(organization.id, query({ filter: { priorities: ["Critical"] } }))).total).toBe(0)
        }))

      it.effect("closes only items of the scan types reconciled, of that repository", () =>
        Effect.gen(function*() {
          const store = yield* SecurityItemStore.SecurityItemStore
          const { organization, target } = yield* fresh
          const { target: sibling } = yield* fresh
          yield* store.reconcile(target, ["SCA", "SAST"], [finding("dep"), finding("sast", { scanType: "SAST", securityCategory: "" })], at(1))
          yield* store.reconcile(target, ["SCA"], [], at(2))
          const items = (yield* store.search(organization.id, query())).items
          expect(items.map((item) => [item.key, item.closedAt])).toEqual(expect.arrayContaining([["dep", at(2)], ["sast", undefined]]))
          // Another organization's repository sees none of these.
          yield* store.reconcile(sibling, ["SCA"], [finding("x")], at(1))
          expect((yield* store.search(organization.id, query())).total).toBe(2)
        }))
    })

    describe("reading items", () => {
      it.effect("filters, sorts by deadline then id, and pages; counts the whole filtered list", () =>
        Effect.gen(function*() {
          const store = yield* SecurityItemStore.SecurityItemStore
          const { organization, target } = yield* fresh
          yield* store.reconcile(target, ["SCA", "SAST", "Secrets"], [
            finding("critical", { priority: "Critical" }), // due at(1) + 1 day
            finding("high", { priority: "High" }), // + 2 days
            finding("medium", { priority: "Medium", scanType: "SAST", securityCategory: "" }), // + 30 days
            finding("low", { priority: "Low", scanType: "Secrets", securityCategory: "Auth" }) // + 60 days
          ], at(1))
          const keys = (found: { readonly items: ReadonlyArray<SecurityItems.SecurityItem> }) => found.items.map((item) => item.key)
          expect(keys(yield* store.search(organization.id, query()))).toEqual(["critical", "high", "medium", "low"])
          expect(keys(yield* store.search(organization.id, query({ direction: "desc" })))).toEqual(["low", "medium", "high", "critical"])
          const page = yield* store.search(organization.id, query({ offset: 1, limit: 2 }))
          expect([keys(page), page.total]).toEqual([["high", "medium"], 4])
          const now = new Date(Date.parse(at(1)) + 36 * 3_600_000).toISOString() // critical overdue, high due soon
          expect(keys(yield* store.search(organization.id, query({ now, filter: { statuses: ["Overdue"] } })))).toEqual(["critical"])
          expect(keys(yield* store.search(organization.id, query({ now, filter: { statuses: ["DueSoon"] } })))).toEqual(["high"])
          expect(keys(yield* store.search(organization.id, query({ filter: { priorities: ["Low", "Critical"] } })))).toEqual(["critical", "low"])
          expect(keys(yield* store.search(organization.id, query({ filter: { categories: ["_other_", "Auth"] } })))).toEqual(["medium", "low"])
          expect(keys(yield* store.search(organization.id, query({ filter: { scanTypes: ["SAST", "DAST"] } })))).toEqual(["medium"])
          expect(keys(yield* store.search(organization.id, query({ filter: { repositories: [target.name] } })))).toHaveLength(4)
          expect(keys(yield* store.search(organization.id, query({ filter: { repositories: ["elsewhere"] } })))).toEqual([])
          expect(keys(yield* store.search(organization.id, query({ now, order: "Status" })))).toEqual(["critical", "high", "medium", "low"])
          // Each filter's total is the length of its whole list, whatever the page.
          const filters: ReadonlyArray<SecurityItems.ItemFilter> = [
            { statuses: ["Overdue", "DueSoon"] },
            { priorities: ["Low", "Critical"] },
            { categories: ["_other_", "Auth"] },
            { scanTypes: ["SAST", "DAST"] },
            { repositories: [target.name], priorities: ["High"] },
            { repositories: ["elsewhere"] },
            { scanTypes: ["SCA"], categories: ["OutdatedDependencies"], priorities: ["Critical", "High", "Medium"] }
          ]
          for (const filter of filters) {
            const whole = yield* store.search(organization.id, query({ now, filter }))
            expect([filter, (yield* store.search(organization.id, query({ now, filter, limit: 1 }))).total]).toEqual([filter, whole.items.length])
          }
          // The SLA is read as given: a longer one for criticals puts them after the highs.
          const relaxed = SecurityItems.SlaConfig.make({ ...sla, criticalSla: 3 })
          expect(keys(yield* store.search(organization.id, query({ sla: relaxed })))).toEqual(["high", "critical", "medium", "low"])
        }))

      it.effect("orders pages by status and by detection as the whole list sorts, every status and priority among them", () =>
        Effect.gen(function*() {
          const store = yield* SecurityItemStore.SecurityItemStore
          const { organization, target } = yield* fresh
          const priorities = ["Critical", "High", "Medium", "Low"] as const
          // Opened over three days, some closed on the second day, one ignored: every status.
          const day = (n: number, minute = 0) => new Date(Date.parse(at(minute)) + n * 86_400_000).toISOString()
          const batch = (n: number) => priorities.flatMap((priority) => [0, 1, 2].map((k) => finding(`${priority}-${n}-${k}`, { priority })))
          yield* store.reconcile(target, ["SCA"], batch(0), day(0))
          yield* store.reconcile(target, ["SCA"], [...batch(0), ...batch(1)], day(1, 5))
          const kept = [...batch(0), ...batch(1)].filter((f) => !f.key.endsWith("-0"))
          yield* store.reconcile(target, ["SCA"], [...kept, ...batch(2)], day(3, 7))
          const some = (yield* store.search(organization.id, query({ limit: 1 }))).items[0]!
          yield* store.setIgnored(organization.id, some.id, ignore("AcceptedUse"), day(3, 8))
          const now = day(4)
          const whole = (yield* store.search(organization.id, query({ now, limit: 1000 }))).items
          expect(whole).toHaveLength(36)
          const statuses = new Set(whole.map((item) => SecurityItems.statusOf(item, sla, now)))
          expect([...statuses].sort()).toEqual(["ClosedLate", "ClosedOnTime", "DueSoon", "Ignored", "OnTrack", "Overdue"])
          for (const order of ["Status", "DetectedAt", "DueAt"] as const) {
            for (const direction of ["asc", "desc"] as const) {
              const sorted = [...whole].sort(SecurityItems.compareItems(order, direction, sla, now)).map((item) => item.id)
              for (const [offset, limit] of [[0, 5], [5, 7], [30, 10], [0, 100]] as const) {
                const page = yield* store.search(organization.id, query({ now, order, direction, offset, limit }))
                expect([order, direction, offset, page.items.map((item) => item.id)]).toEqual([order, direction, offset, sorted.slice(offset, offset + limit)])
              }
              const filtered = { statuses: ["Overdue", "ClosedLate", "Ignored"] as const, priorities: ["High", "Low"] as const }
              const expected = sorted.filter((id) => {
                const item = whole.find((candidate) => candidate.id === id)!
                return filtered.priorities.includes(item.priority as "High" | "Low") &&
                  (filtered.statuses as ReadonlyArray<SecurityItems.SrmStatus>).includes(SecurityItems.statusOf(item, sla, now))
              })
              const page = yield* store.search(organization.id, query({ now, order, direction, filter: filtered }))
              expect([order, direction, page.items.map((item) => item.id), page.total]).toEqual([order, direction, expected, expected.length])
            }
          }
        }))

      it.effect("ignores and brings back an item, keeping who, why and when; unknown or another organization's ids are none", () =>
        Effect.gen(function*() {
          const store = yield* SecurityItemStore.SecurityItemStore
          const { organization, target } = yield* fresh
          const { organization: elsewhere } = yield* freshRepository
          yield* store.reconcile(target, ["SCA"], [finding("a")], at(1))
          const [item] = (yield* store.search(organization.id, query())).items
          const ignored = yield* store.setIgnored(organization.id, item!.id, ignore("FalsePositive", "not reachable"), at(9))
          expect(Option.getOrThrow(ignored).ignored).toStrictEqual(ignore("FalsePositive", "not reachable"))
          // A later analysis still finding it keeps it ignored.
          yield* store.reconcile(target, ["SCA"], [finding("a")], at(10))
          expect(Option.getOrThrow(yield* store.find(organization.id, item!.id)).ignored).toStrictEqual(ignore("FalsePositive", "not reachable"))
          expect(keys(yield* store.search(organization.id, query({ filter: { statuses: ["Ignored"] } })))).toEqual(["a"])
          const back = Option.getOrThrow(yield* store.setIgnored(organization.id, item!.id, undefined, at(11)))
          expect([back.ignored, back.unignoredAt]).toEqual([undefined, at(11)])
          expect(yield* store.find(elsewhere.id, item!.id)).toEqual(Option.none())
          expect(yield* store.setIgnored(elsewhere.id, item!.id, ignore("TestCode"), at(12))).toEqual(Option.none())
          expect(yield* store.find(organization.id, "00000000-0000-4000-8000-000000000000")).toEqual(Option.none())
          const dates = yield* store.dates(organization.id, [])
          expect(dates).toEqual([{ priority: "High", openedAt: at(1), closedAt: undefined, ignoredAt: undefined, unignoredAt: at(11) }])
          expect(yield* store.dates(organization.id, ["elsewhere"])).toEqual([])
        }))

      it.effect("tallies the filtered items by repository, priority, status, scan type, category and newness", () =>
        Effect.gen(function*() {
          const store = yield* SecurityItemStore.SecurityItemStore
          const { organization, target } = yield* fresh
          yield* store.reconcile(target, ["SCA", "SAST"], [
            finding("a", { priority: "Critical" }),
            finding("b", { priority: "Critical" }),
            finding("c", { priority: "Low", scanType: "SAST", securityCategory: "" })
          ], at(1))
          const now = new Date(Date.parse(at(1)) + 8 * 86_400_000).toISOString()
          const tallies = yield* store.tally(organization.id, {}, sla, now)
          const base = { repositoryId: target.id, repository: target.name, newThisWeek: false }
          expect([...tallies].sort((x, y) => x.count - y.count)).toEqual([
            { ...base, priority: "Low", status: "OnTrack", scanType: "SAST", securityCategory: "", count: 1 },
            { ...base, priority: "Critical", status: "Overdue", scanType: "SCA", securityCategory: "OutdatedDependencies", count: 2 }
          ])
          const recent = yield* store.tally(organization.id, { priorities: ["Low"] }, sla, at(2))
          expect(recent).toEqual([{ ...base, newThisWeek: true, priority: "Low", status: "OnTrack", scanType: "SAST", securityCategory: "", count: 1 }])
        }))
    })

    describe("SLA", () => {
      it.effect("has none until set, then the one set last, per organization", () =>
        Effect.gen(function*() {
          const store = yield* SecurityItemStore.SecurityItemStore
          const [{ organization }, { organization: other }] = yield* Effect.all([freshRepository, freshRepository])
          expect(yield* store.slaConfig(organization.id)).toEqual(Option.none())
          yield* store.saveSlaConfig(organization.id, sla)
          const stricter = SecurityItems.SlaConfig.make({ criticalSla: 1, highSla: 1, mediumSla: 1, lowSla: 1 })
          yield* store.saveSlaConfig(organization.id, stricter)
          expect(yield* store.slaConfig(organization.id)).toStrictEqual(Option.some(stricter))
          expect(yield* store.slaConfig(other.id)).toEqual(Option.none())
        }))
    })
  })

const keys = (found: { readonly items: ReadonlyArray<SecurityItems.SecurityItem> }) => found.items.map((item) => item.key)

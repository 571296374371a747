import { Effect, Layer, Option } from "effect"
import {
  compareItems,
  type ItemTally,
  passes,
  SecurityItem,
  type SlaConfig,
  statusOf
} from "../domain/SecurityItems.js"
import { SecurityItemStore } from "../ports/SecurityItemStore.js"

const weekMillis = 7 * 86_400_000

interface Stored {
  readonly organizationId: number
  readonly item: SecurityItem
}

export const make = Effect.sync(() => {
  const stored = new Map<string, Stored>()
  const slas = new Map<number, SlaConfig>()
  const ofOrganization = (organizationId: number) =>
    [...stored.values()].filter((entry) => entry.organizationId === organizationId).map((entry) => entry.item)

  return SecurityItemStore.of({
    reconcile: (repository, scanTypes, findings, at) =>
      Effect.sync(() => {
        const open = new Map(
          ofOrganization(repository.organizationId)
            .filter((item) => item.repositoryId === repository.id && item.closedAt === undefined && scanTypes.includes(item.scanType))
            .map((item) => [item.key, item] as const)
        )
        let opened = 0
        let closed = 0
        const seen = new Set<string>()
        for (const finding of findings) {
          if (seen.has(finding.key)) continue
          seen.add(finding.key)
          const existing = open.get(finding.key)
          // The finding as last seen; what people did with the item (ignored) stays.
          const item = SecurityItem.make({
            ...finding,
            id: existing?.id ?? crypto.randomUUID(),
            repositoryId: repository.id,
            repository: repository.name,
            openedAt: existing?.openedAt ?? at,
            ...(existing?.ignored === undefined ? {} : { ignored: existing.ignored }),
            ...(existing?.unignoredAt === undefined ? {} : { unignoredAt: existing.unignoredAt })
          })
          stored.set(item.id, { organizationId: repository.organizationId, item })
          if (existing === undefined) opened++
        }
        for (const [key, item] of open) {
          if (seen.has(key)) continue
          stored.set(item.id, { organizationId: repository.organizationId, item: SecurityItem.make({ ...item, closedAt: at }) })
          closed++
        }
        return { opened, closed }
      }),
    search: (organizationId, query) =>
      Effect.sync(() => {
        const found = ofOrganization(organizationId)
          .filter((item) => passes(item, query.filter, query.sla, query.now))
          .sort(compareItems(query.order, query.direction, query.sla, query.now))
        return { items: found.slice(query.offset, query.offset + query.limit), total: found.length }
      }),
    find: (organizationId, id) =>
      Effect.sync(() => {
        const entry = stored.get(id)
        return entry === undefined || entry.organizationId !== organizationId ? Option.none() : Option.some(entry.item)
      }),
    setIgnored: (organizationId, id, ignore, at) =>
      Effect.sync(() => {
        const entry = stored.get(id)
        if (entry === undefined || entry.organizationId !== organizationId) return Option.none()
        const { ignored: _, ...rest } = entry.item
        const item = SecurityItem.make(ignore === undefined ? { ...rest, unignoredAt: at } : { ...rest, ignored: ignore })
        stored.set(id, { organizationId, item })
        return Option.some(item)
      }),
    tally: (organizationId, filter, sla, now) =>
      Effect.sync(() => {
        const groups = new Map<string, ItemTally>()
        const weekAgo = Date.parse(now) - weekMillis
        for (const item of ofOrganization(organizationId)) {
          if (!passes(item, filter, sla, now)) continue
          const tally = {
            repositoryId: item.repositoryId,
            repository: item.repository,
            priority: item.priority,
            status: statusOf(item, sla, now),
            scanType: item.scanType,
            securityCategory: item.securityCategory,
            newThisWeek: Date.parse(item.openedAt) >= weekAgo
          }
          const key = JSON.stringify(tally)
          groups.set(key, { ...tally, count: (groups.get(key)?.count ?? 0) + 1 })
        }
        return [...groups.values()]
      }),
    dates: (organizationId, repositories) =>
      Effect.sync(() =>
        ofOrganization(organizationId)
          .filter((item) => repositories.length === 0 || repositories.includes(item.repository))
          .map((item) => ({
            priority: item.priority,
            openedAt: item.openedAt,
            closedAt: item.closedAt,
            ignoredAt: item.ignored?.at,
            unignoredAt: item.unignoredAt
          }))
      ),
    slaConfig: (organizationId) => Effect.sync(() => Option.fromNullable(slas.get(organizationId))),
    saveSlaConfig: (organizationId, sla) => Effect.sync(() => void slas.set(organizationId, sla))
  })
})

export const layer = Layer.effect(SecurityItemStore, make)

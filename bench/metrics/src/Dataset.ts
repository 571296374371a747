import { IngestionEvents } from "@tidemark/core"

/**
 * A deterministic delivery history: `systems` systems over `days` days before `end`, each day of
 * each system with `deploymentsPerDay` deployments of `changesPerDeployment` changes each and
 * `incidentsPerDay` incidents. Shapes seen in practice: most changes go out in the next
 * deployment, one in twenty is deployed again later (a redeploy), the last day's changes are not
 * deployed yet, incidents last from minutes to a day, two teams share each system.
 */
export interface DatasetSettings {
  readonly systems: number
  readonly days: number
  readonly deploymentsPerDay: number
  readonly changesPerDeployment: number
  readonly incidentsPerDay: number
  readonly end: number
}

export type StoredEvent = IngestionEvents.Deployment | IngestionEvents.Change | IngestionEvents.Incident

/** mulberry32: a small seeded generator, so that every run measures the same events. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
}

const dayMs = 86_400_000
const iso = (ms: number) => new Date(ms).toISOString()

export const systemName = (i: number) => `service-${String(i).padStart(2, "0")}`

/** One system's events, in time order. Already valid: built without re-validating each one. */
export const systemEvents = (settings: DatasetSettings, index: number): ReadonlyArray<StoredEvent> => {
  const next = random(index + 1)
  const start = settings.end - settings.days * dayMs
  const teams = [`team-${index % 7}`, `team-${(index + 3) % 7}`]
  const events: Array<StoredEvent> = []
  let pending: Array<string> = []
  let changeCount = 0
  const slots = settings.days * settings.deploymentsPerDay
  for (let slot = 0; slot < slots; slot++) {
    const slotStart = start + (slot * dayMs) / settings.deploymentsPerDay
    const slotLength = dayMs / settings.deploymentsPerDay
    for (let c = 0; c < settings.changesPerDeployment; c++) {
      const id = `${changeCount++}`.padStart(8, "0")
      events.push(new IngestionEvents.Change({ $type: "change", change_id: id, time_created: iso(slotStart + next() * slotLength * 0.9) }, true))
      pending.push(id)
    }
    const deployedAt = slotStart + slotLength * (0.9 + next() * 0.1)
    if (slotStart < settings.end - dayMs) {
      const redeployed = pending.filter(() => next() < 0.05).map((id) => `${Number(id) - settings.changesPerDeployment * 3}`.padStart(8, "0"))
      events.push(new IngestionEvents.Deployment({
        $type: "deployment",
        deploy_id: `d${slot}`,
        time_created: iso(deployedAt),
        changes: [...pending, ...redeployed.filter((id) => !id.startsWith("-"))],
        teams: [teams[slot % 2] ?? "team-0"]
      }, true))
      pending = []
    }
  }
  const incidents = Math.round(settings.days * settings.incidentsPerDay)
  for (let i = 0; i < incidents; i++) {
    const created = start + next() * settings.days * dayMs
    const lasts = 60_000 * Math.floor(5 + next() ** 3 * 24 * 60)
    events.push(new IngestionEvents.Incident({
      $type: "incident",
      incident_id: `i${i}`,
      time_created: iso(created),
      time_resolved: iso(created + lasts)
    }, true))
  }
  return events
}

export const eventCount = (settings: DatasetSettings) =>
  settings.systems *
  (settings.days * settings.deploymentsPerDay * (settings.changesPerDeployment + 1) + settings.days * settings.incidentsPerDay)

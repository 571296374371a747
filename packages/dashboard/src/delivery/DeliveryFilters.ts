import type { MetricsQuery } from "./DeliveryApi.js"

/** The delivery page's filter form: dates as `<input type="date">` gives them (`YYYY-MM-DD`). */
export interface DeliveryFilters {
  readonly from: string
  readonly to: string
  readonly bucket: "day" | "week" | "month"
  readonly system: string
  readonly team: string
}

const dayMs = 24 * 60 * 60 * 1000
const isoDay = (time: number): string => new Date(time).toISOString().slice(0, 10)

/** The last twelve weeks up to today (UTC), weekly, every system and team. */
export const defaultFilters = (now: Date): DeliveryFilters => ({
  from: isoDay(now.getTime() - 12 * 7 * dayMs),
  to: isoDay(now.getTime()),
  bucket: "week",
  system: "",
  team: ""
})

const startOfDay = (day: string): number | undefined => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined
  const time = Date.parse(`${day}T00:00:00Z`)
  return Number.isNaN(time) ? undefined : time
}

/**
 * The API query of the form. The form's `to` day is included, the API's `to` is exclusive, so the
 * query ends at the next midnight (UTC). An empty or unreadable date leaves the API's default.
 */
export const metricsQuery = (filters: DeliveryFilters): MetricsQuery => {
  const from = startOfDay(filters.from)
  const to = startOfDay(filters.to)
  return {
    from: from === undefined ? undefined : new Date(from).toISOString(),
    to: to === undefined ? undefined : new Date(to + dayMs).toISOString(),
    bucket: filters.bucket,
    system: filters.system === "" ? undefined : filters.system,
    team: filters.team.trim() === "" ? undefined : filters.team.trim()
  }
}

/** Why the form cannot be sent, or undefined when it can. */
export const filtersProblem = (filters: DeliveryFilters): string | undefined => {
  const from = startOfDay(filters.from)
  const to = startOfDay(filters.to)
  if (from !== undefined && to !== undefined && to < from) return "The end date is before the start date."
  return undefined
}

/**
 * The organization's delivery metrics as the dashboard uses them: the four keys with their levels
 * and series, the systems, their readers, URLs and calls.
 */
import { organizationBase, queryString, type Request } from "../shared/ApiRequest.js"
import { array, field, literal, nullable, number, optional, record, type Reader, string } from "../shared/Decode.js"
import { data } from "../shared/Envelope.js"
import type { Organization } from "../shared/Organization.js"

// ---- Response shapes -------------------------------------------------------------------------

export const deliveryLevels = ["Elite", "High", "Medium", "Low", "None"] as const
export type DeliveryLevel = (typeof deliveryLevels)[number]

export interface MetricPoint {
  readonly start: string
  readonly value: number | null
}

export interface DeliveryMetric {
  readonly value: number | null
  readonly level: DeliveryLevel
  readonly series: ReadonlyArray<MetricPoint>
}

export interface DeliveryMetrics {
  readonly from: string
  readonly to: string
  readonly system?: string | undefined
  readonly team?: string | undefined
  readonly deploymentFrequency: DeliveryMetric
  readonly leadTimeForChanges: DeliveryMetric & { readonly p90: number | null }
  readonly timeToRecover: DeliveryMetric
  readonly changeFailureRate: DeliveryMetric
}

// ---- Readers ---------------------------------------------------------------------------------

const metricPoint: Reader<MetricPoint> = (value, path) => {
  const o = record(value, path)
  return { start: field(o, "start", string, path), value: field(o, "value", nullable(number), path) }
}

const deliveryMetric: Reader<DeliveryMetric> = (value, path) => {
  const o = record(value, path)
  return {
    value: field(o, "value", nullable(number), path),
    level: field(o, "level", literal(...deliveryLevels), path),
    series: field(o, "series", array(metricPoint), path)
  }
}

const leadTimeMetric: Reader<DeliveryMetrics["leadTimeForChanges"]> = (value, path) => ({
  ...deliveryMetric(value, path),
  p90: field(record(value, path), "p90", nullable(number), path)
})

const deliveryMetrics: Reader<DeliveryMetrics> = (value, path) => {
  const o = record(value, path)
  return {
    from: field(o, "from", string, path),
    to: field(o, "to", string, path),
    system: field(o, "system", optional(string), path),
    team: field(o, "team", optional(string), path),
    deploymentFrequency: field(o, "deploymentFrequency", deliveryMetric, path),
    leadTimeForChanges: field(o, "leadTimeForChanges", leadTimeMetric, path),
    timeToRecover: field(o, "timeToRecover", deliveryMetric, path),
    changeFailureRate: field(o, "changeFailureRate", deliveryMetric, path)
  }
}

export const readMetrics = data(deliveryMetrics)
export const readSystems = data(array(string))

// ---- URLs ------------------------------------------------------------------------------------

export interface MetricsQuery {
  readonly from?: string | undefined
  readonly to?: string | undefined
  readonly bucket?: "day" | "week" | "month" | undefined
  readonly system?: string | undefined
  readonly team?: string | undefined
}

export const deliveryUrls = {
  metrics: (org: Organization, query: MetricsQuery = {}): string =>
    `${organizationBase(org)}/metrics` +
    queryString({ from: query.from, to: query.to, bucket: query.bucket, system: query.system, team: query.team }),
  systems: (org: Organization): string => `${organizationBase(org)}/systems`
}

// ---- Calls -----------------------------------------------------------------------------------

export const deliveryCalls = (request: Request, org: Organization) => ({
  getMetrics: (query: MetricsQuery, signal?: AbortSignal) => request({ path: deliveryUrls.metrics(org, query), read: readMetrics, signal }),
  listSystems: (signal?: AbortSignal) => request({ path: deliveryUrls.systems(org), read: readSystems, signal })
})

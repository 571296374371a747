/**
 * The server's APIs as the dashboard uses them: response shapes (the subset shown), URL building,
 * and a fetch wrapper that sends the `api-token` header and turns error bodies into `ApiError`s.
 */
import {
  array,
  boolean,
  DecodeError,
  field,
  literal,
  nullable,
  number,
  optional,
  record,
  type Reader,
  string
} from "./Decode.js"
import type { Organization } from "./Organization.js"

// ---- Response shapes -------------------------------------------------------------------------

export interface Goals {
  readonly maxIssuePercentage: number
  readonly maxDuplicatedFilesPercentage: number
  readonly minCoveragePercentage: number
  readonly maxComplexFilesPercentage: number
}

export interface Commit {
  readonly sha: string
  readonly commitTimestamp: string
  readonly authorName: string
  readonly message: string
  readonly endedAnalysis?: string | undefined
}

export interface RepositoryWithAnalysis {
  readonly repository: {
    readonly name: string
    readonly languages: ReadonlyArray<string>
    readonly defaultBranch?: { readonly name: string } | undefined
  }
  readonly lastAnalysedCommit?: Commit | undefined
  readonly grade?: number | undefined
  readonly gradeLetter?: string | undefined
  readonly issuesCount?: number | undefined
  readonly issuesPercentage?: number | undefined
  readonly loc?: number | undefined
  readonly complexFilesCount?: number | undefined
  readonly complexFilesPercentage?: number | undefined
  readonly duplicationPercentage?: number | undefined
  readonly selectedBranch?: { readonly name: string } | undefined
  readonly coverage?: { readonly coveragePercentage?: number | undefined } | undefined
  readonly goals?: Goals | undefined
}

export interface Page<T> {
  readonly data: ReadonlyArray<T>
  readonly pagination: { readonly cursor?: string | undefined; readonly limit: number; readonly total: number }
}

export interface Tool {
  readonly uuid: string
  readonly name: string
  readonly settings: { readonly isEnabled: boolean; readonly followsStandard: boolean; readonly usesConfigurationFile: boolean }
}

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

const named: Reader<{ readonly name: string }> = (value, path) => ({
  name: field(record(value, path), "name", string, path)
})

const goals: Reader<Goals> = (value, path) => {
  const o = record(value, path)
  return {
    maxIssuePercentage: field(o, "maxIssuePercentage", number, path),
    maxDuplicatedFilesPercentage: field(o, "maxDuplicatedFilesPercentage", number, path),
    minCoveragePercentage: field(o, "minCoveragePercentage", number, path),
    maxComplexFilesPercentage: field(o, "maxComplexFilesPercentage", number, path)
  }
}

const commit: Reader<Commit> = (value, path) => {
  const o = record(value, path)
  return {
    sha: field(o, "sha", string, path),
    commitTimestamp: field(o, "commitTimestamp", string, path),
    authorName: field(o, "authorName", string, path),
    message: field(o, "message", string, path),
    endedAnalysis: field(o, "endedAnalysis", optional(string), path)
  }
}

export const readRepositoryWithAnalysis: Reader<RepositoryWithAnalysis> = (value, path) => {
  const o = record(value, path)
  const repositoryPath = `${path}.repository`
  const repository = record(o["repository"], repositoryPath)
  const coverage = field(o, "coverage", optional(record), path)
  return {
    repository: {
      name: field(repository, "name", string, repositoryPath),
      languages: field(repository, "languages", array(string), repositoryPath),
      defaultBranch: field(repository, "defaultBranch", optional(named), repositoryPath)
    },
    lastAnalysedCommit: field(o, "lastAnalysedCommit", optional(commit), path),
    grade: field(o, "grade", optional(number), path),
    gradeLetter: field(o, "gradeLetter", optional(string), path),
    issuesCount: field(o, "issuesCount", optional(number), path),
    issuesPercentage: field(o, "issuesPercentage", optional(number), path),
    loc: field(o, "loc", optional(number), path),
    complexFilesCount: field(o, "complexFilesCount", optional(number), path),
    complexFilesPercentage: field(o, "complexFilesPercentage", optional(number), path),
    duplicationPercentage: field(o, "duplicationPercentage", optional(number), path),
    selectedBranch: field(o, "selectedBranch", optional(named), path),
    coverage: coverage === undefined
      ? undefined
      : { coveragePercentage: field(coverage, "coveragePercentage", optional(number), `${path}.coverage`) },
    goals: field(o, "goals", optional(goals), path)
  }
}

const tool: Reader<Tool> = (value, path) => {
  const o = record(value, path)
  const settingsPath = `${path}.settings`
  const settings = record(o["settings"], settingsPath)
  return {
    uuid: field(o, "uuid", string, path),
    name: field(o, "name", string, path),
    settings: {
      isEnabled: field(settings, "isEnabled", boolean, settingsPath),
      followsStandard: field(settings, "followsStandard", boolean, settingsPath),
      usesConfigurationFile: field(settings, "usesConfigurationFile", boolean, settingsPath)
    }
  }
}

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

/** Every 2xx body with content is `{data: ...}` (README: envelopes and pagination). */
const data = <T>(read: Reader<T>): Reader<T> => (value, path) => field(record(value, path), "data", read, path)

const page = <T>(read: Reader<T>): Reader<Page<T>> => (value, path) => {
  const o = record(value, path)
  const pagination = field(o, "pagination", record, path)
  const paginationPath = path === "" ? "pagination" : `${path}.pagination`
  return {
    data: field(o, "data", array(read), path),
    pagination: {
      cursor: field(pagination, "cursor", optional(string), paginationPath),
      limit: field(pagination, "limit", number, paginationPath),
      total: field(pagination, "total", number, paginationPath)
    }
  }
}

export const readRepositoryPage = page(readRepositoryWithAnalysis)
export const readRepository = data(readRepositoryWithAnalysis)
export const readTools = data(array(tool))
export const readMetrics = data(deliveryMetrics)
export const readSystems = data(array(string))

// ---- URLs ------------------------------------------------------------------------------------

export type Query = Readonly<Record<string, string | number | undefined>>

/** A query string of the defined, non-empty values, in the order given ("" when none). */
export const queryString = (query: Query): string => {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== "") params.append(key, String(value))
  }
  const text = params.toString()
  return text === "" ? "" : `?${text}`
}

const segment = encodeURIComponent
const analysisBase = (org: Organization): string =>
  `/api/v3/analysis/organizations/${segment(org.provider)}/${segment(org.name)}/repositories`
const deliveryBase = (org: Organization): string =>
  `/api/v3/organizations/${segment(org.provider)}/${segment(org.name)}`

export interface RepositoriesQuery {
  readonly cursor?: string | undefined
  readonly limit?: number | undefined
  readonly search?: string | undefined
}

export interface MetricsQuery {
  readonly from?: string | undefined
  readonly to?: string | undefined
  readonly bucket?: "day" | "week" | "month" | undefined
  readonly system?: string | undefined
  readonly team?: string | undefined
}

export const urls = {
  repositories: (org: Organization, query: RepositoriesQuery = {}): string =>
    analysisBase(org) + queryString({ cursor: query.cursor, limit: query.limit, search: query.search }),
  repository: (org: Organization, name: string): string => `${analysisBase(org)}/${segment(name)}`,
  tools: (org: Organization, name: string): string => `${analysisBase(org)}/${segment(name)}/tools`,
  metrics: (org: Organization, query: MetricsQuery = {}): string =>
    `${deliveryBase(org)}/metrics` +
    queryString({ from: query.from, to: query.to, bucket: query.bucket, system: query.system, team: query.team }),
  systems: (org: Organization): string => `${deliveryBase(org)}/systems`
}

// ---- Fetch wrapper ---------------------------------------------------------------------------

/** A failed call: the HTTP status (0 when the server was not reached) and the message to show. */
export class ApiError extends Error {
  readonly _tag = "ApiError"
  constructor(readonly status: number, message: string) {
    super(message)
  }
}

/** The message of an error body: both APIs' error bodies carry `message` (README: errors). */
export const errorMessage = (status: number, body: unknown): string => {
  if (typeof body === "object" && body !== null && "message" in body && typeof body.message === "string" && body.message !== "") {
    return body.message
  }
  return status === 401 ? "The token was refused (401)." : `The server answered ${status}.`
}

export type Fetch = (input: string, init: RequestInit) => Promise<Response>

export interface ApiClientOptions {
  readonly token: string
  readonly organization: Organization
  /** Where the server is; the dashboard is served by it, so "" (same origin) by default. */
  readonly baseUrl?: string
  readonly fetch?: Fetch
  /** Called when the server refuses the token (401), before the call fails: the token is no good for any other call either. */
  readonly onUnauthorized?: () => void
}

const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text()
  if (text === "") return undefined
  try {
    return JSON.parse(text) as unknown
  } catch (cause) {
    if (!response.ok) return undefined
    throw new ApiError(response.status, `The server's answer is not JSON: ${String(cause)}`)
  }
}

export const makeApiClient = (options: ApiClientOptions) => {
  const doFetch: Fetch = options.fetch ?? ((input, init) => fetch(input, init))
  const baseUrl = options.baseUrl ?? ""
  const org = options.organization

  const get = async <T>(path: string, read: Reader<T>, signal?: AbortSignal): Promise<T> => {
    let response: Response
    try {
      response = await doFetch(baseUrl + path, {
        headers: { "api-token": options.token, accept: "application/json" },
        ...(signal === undefined ? {} : { signal })
      })
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === "AbortError") throw cause
      throw new ApiError(0, `The server could not be reached: ${String(cause)}`)
    }
    const body = await readJson(response)
    if (response.status === 401) options.onUnauthorized?.()
    if (!response.ok) throw new ApiError(response.status, errorMessage(response.status, body))
    try {
      return read(body, "")
    } catch (cause) {
      if (cause instanceof DecodeError) throw new ApiError(response.status, `Unexpected answer from the server: ${cause.message}`)
      throw cause
    }
  }

  return {
    organization: org,
    listRepositories: (query: RepositoriesQuery, signal?: AbortSignal) =>
      get(urls.repositories(org, query), readRepositoryPage, signal),
    getRepository: (name: string, signal?: AbortSignal) => get(urls.repository(org, name), readRepository, signal),
    listTools: (name: string, signal?: AbortSignal) => get(urls.tools(org, name), readTools, signal),
    getMetrics: (query: MetricsQuery, signal?: AbortSignal) => get(urls.metrics(org, query), readMetrics, signal),
    listSystems: (signal?: AbortSignal) => get(urls.systems(org), readSystems, signal)
  }
}

export type ApiClient = ReturnType<typeof makeApiClient>

/**
 * The server's APIs as the dashboard uses them: the repository, tool and delivery shapes (the
 * subset shown) with their URLs, and the client gathering every call (the issue and file calls are
 * ResultsApi's).
 */
import {
  array,
  boolean,
  field,
  literal,
  nullable,
  number,
  optional,
  record,
  type Reader,
  string
} from "./Decode.js"
import { analysisBase, type ApiClientOptions, makeRequest, organizationBase, queryString, segment } from "./ApiRequest.js"
import { data, page } from "./Envelope.js"
import type { Organization } from "./Organization.js"
import { changeCalls } from "./ChangesApi.js"
import { resultCalls } from "./ResultsApi.js"

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

export const readRepositoryPage = page(readRepositoryWithAnalysis)
export const readRepository = data(readRepositoryWithAnalysis)
export const readTools = data(array(tool))
export const readMetrics = data(deliveryMetrics)
export const readSystems = data(array(string))

// ---- URLs ------------------------------------------------------------------------------------

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

const repositoriesBase = (org: Organization): string => `${analysisBase(org)}/repositories`

export const urls = {
  repositories: (org: Organization, query: RepositoriesQuery = {}): string =>
    repositoriesBase(org) + queryString({ cursor: query.cursor, limit: query.limit, search: query.search }),
  repository: (org: Organization, name: string): string => `${repositoriesBase(org)}/${segment(name)}`,
  tools: (org: Organization, name: string): string => `${repositoriesBase(org)}/${segment(name)}/tools`,
  metrics: (org: Organization, query: MetricsQuery = {}): string =>
    `${organizationBase(org)}/metrics` +
    queryString({ from: query.from, to: query.to, bucket: query.bucket, system: query.system, team: query.team }),
  systems: (org: Organization): string => `${organizationBase(org)}/systems`
}

// ---- The client ------------------------------------------------------------------------------

export const makeApiClient = (options: ApiClientOptions) => {
  const request = makeRequest(options)
  const org = options.organization
  return {
    organization: org,
    listRepositories: (query: RepositoriesQuery, signal?: AbortSignal) =>
      request({ path: urls.repositories(org, query), read: readRepositoryPage, signal }),
    getRepository: (name: string, signal?: AbortSignal) => request({ path: urls.repository(org, name), read: readRepository, signal }),
    listTools: (name: string, signal?: AbortSignal) => request({ path: urls.tools(org, name), read: readTools, signal }),
    getMetrics: (query: MetricsQuery, signal?: AbortSignal) => request({ path: urls.metrics(org, query), read: readMetrics, signal }),
    listSystems: (signal?: AbortSignal) => request({ path: urls.systems(org), read: readSystems, signal }),
    ...resultCalls(request, org),
    ...changeCalls(request, org)
  }
}

export type ApiClient = ReturnType<typeof makeApiClient>

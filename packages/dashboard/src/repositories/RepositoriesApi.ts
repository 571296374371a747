/**
 * The organization's repositories as the dashboard uses them: the repository and tool shapes (the
 * subset shown), their readers, URLs and calls.
 */
import { analysisBase, queryString, type Request, segment } from "../shared/ApiRequest.js"
import { array, boolean, field, number, optional, record, type Reader, string } from "../shared/Decode.js"
import { data, page } from "../shared/Envelope.js"
import type { Organization } from "../shared/Organization.js"

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

/** Why an analysis stopped, or what it could not measure although it went on. */
export interface Problem {
  readonly code: string
  readonly message: string
}

export interface RepositoryWithAnalysis {
  readonly repository: {
    readonly name: string
    readonly languages: ReadonlyArray<string>
    /** The latest analysis's problems (none before one ran). */
    readonly problems: ReadonlyArray<Problem>
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

// ---- Readers ---------------------------------------------------------------------------------

const named: Reader<{ readonly name: string }> = (value, path) => ({
  name: field(record(value, path), "name", string, path)
})

const problem: Reader<Problem> = (value, path) => {
  const o = record(value, path)
  return { code: field(o, "code", string, path), message: field(o, "message", string, path) }
}

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
      problems: field(repository, "problems", array(problem), repositoryPath),
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

/** Where a repository's badges are (admin API, our extension): paths under the server. */
export interface RepositoryBadges {
  readonly public: boolean
  readonly token?: string | undefined
  readonly gradePath?: string | undefined
  readonly coveragePath?: string | undefined
}

const readBadges: Reader<RepositoryBadges> = (value, path) => {
  const o = record(value, path)
  return {
    public: field(o, "public", boolean, path),
    token: field(o, "token", optional(string), path),
    gradePath: field(o, "gradePath", optional(string), path),
    coveragePath: field(o, "coveragePath", optional(string), path)
  }
}

export const readRepositoryPage = page(readRepositoryWithAnalysis)
export const readRepositoryBadges = data(readBadges)
export const readRepository = data(readRepositoryWithAnalysis)
export const readTools = data(array(tool))

// ---- URLs ------------------------------------------------------------------------------------

export interface RepositoriesQuery {
  readonly cursor?: string | undefined
  readonly limit?: number | undefined
  readonly search?: string | undefined
}

const repositoriesBase = (org: Organization): string => `${analysisBase(org)}/repositories`

export const repositoryUrls = {
  repositories: (org: Organization, query: RepositoriesQuery = {}): string =>
    repositoriesBase(org) + queryString({ cursor: query.cursor, limit: query.limit, search: query.search }),
  repository: (org: Organization, name: string): string => `${repositoriesBase(org)}/${segment(name)}`,
  tools: (org: Organization, name: string): string => `${repositoriesBase(org)}/${segment(name)}/tools`,
  badges: (org: Organization, name: string): string =>
    `/api/v3/admin/organizations/${segment(org.provider)}/${segment(org.name)}/repositories/${segment(name)}/badges`
}

// ---- Calls -----------------------------------------------------------------------------------

export const repositoryCalls = (request: Request, org: Organization) => ({
  listRepositories: (query: RepositoriesQuery, signal?: AbortSignal) =>
    request({ path: repositoryUrls.repositories(org, query), read: readRepositoryPage, signal }),
  getRepository: (name: string, signal?: AbortSignal) => request({ path: repositoryUrls.repository(org, name), read: readRepository, signal }),
  listTools: (name: string, signal?: AbortSignal) => request({ path: repositoryUrls.tools(org, name), read: readTools, signal }),
  repositoryBadges: (name: string, signal?: AbortSignal) => request({ path: repositoryUrls.badges(org, name), read: readRepositoryBadges, signal })
})

/**
 * The pull-request and commit operations of a repository (issue 14): their URLs, and the calls the
 * pull-request and commit pages make.
 */
import { allPages, analysisBase, organizationBase, type PageQuery, queryString, type Request, segment, unlessNotFound } from "../shared/ApiRequest.js"
import type { Organization } from "../shared/Organization.js"
import {
  type DeltaIssues,
  type FileDiffCoverage,
  type NewSecurityFinding,
  readBranchHistory,
  readBranchPage,
  readCommitPage,
  readDeltaIssuePage,
  readFileDiffCoverage,
  readNewSecurityFindings,
  readPullRequest,
  readPullRequestPage
} from "./Changes.js"

export interface BranchPageQuery extends PageQuery {
  /** The default branch when absent. */
  readonly branch?: string | undefined
}

const repositoryIn = (org: Organization, name: string) => `${analysisBase(org)}/repositories/${segment(name)}`

export const changeUrls = {
  /** Every pull request, the ones not analysable too: the list shows why. */
  pullRequests: (org: Organization, name: string, page: PageQuery = {}): string =>
    `${repositoryIn(org, name)}/pull-requests` + queryString({ includeNotAnalyzed: "true", cursor: page.cursor, limit: page.limit }),
  pullRequest: (org: Organization, name: string, number: number): string => `${repositoryIn(org, name)}/pull-requests/${number}`,
  pullRequestIssues: (org: Organization, name: string, number: number, page: PageQuery = {}): string =>
    `${changeUrls.pullRequest(org, name, number)}/issues` + queryString({ cursor: page.cursor, limit: page.limit }),
  /** The coverage API's diff coverage of each file of the pull request. */
  pullRequestFilesCoverage: (org: Organization, name: string, number: number): string =>
    `/api/v3/coverage/organizations/${segment(org.provider)}/${segment(org.name)}/repositories/${segment(name)}/pull-requests/${number}/files`,
  /** Our extension: the security findings the pull request brings in. */
  pullRequestSecurityFindings: (org: Organization, name: string, number: number): string =>
    `${changeUrls.pullRequest(org, name, number)}/security-findings`,
  commits: (org: Organization, name: string, query: BranchPageQuery = {}): string =>
    `${repositoryIn(org, name)}/commits` + queryString({ branch: query.branch, cursor: query.cursor, limit: query.limit }),
  /** Our extension: the same commits with the grade and issue count each had. */
  branchHistory: (org: Organization, name: string, query: BranchPageQuery = {}): string =>
    `${repositoryIn(org, name)}/commits-history` + queryString({ branch: query.branch, cursor: query.cursor, limit: query.limit }),
  /** The analysed branches (listRepositoryBranches, outside `/analysis` as in the original): those with a history. */
  branches: (org: Organization, name: string, page: PageQuery = {}): string =>
    `${organizationBase(org)}/repositories/${segment(name)}/branches` + queryString({ enabled: "true", cursor: page.cursor, limit: page.limit })
}

/** A pull request's issues are read whole: the API's largest page, then the next ones. */
const largestPage = 100

export const changeCalls = (request: Request, org: Organization) => ({
  listPullRequests: (name: string, page: PageQuery, signal?: AbortSignal) =>
    request({ path: changeUrls.pullRequests(org, name, page), read: readPullRequestPage, signal }),
  getPullRequest: (name: string, number: number, signal?: AbortSignal) =>
    request({ path: changeUrls.pullRequest(org, name, number), read: readPullRequest, signal }),
  /** Every issue the pull request added and fixed, page after page. */
  pullRequestIssues: async (name: string, number: number, signal?: AbortSignal): Promise<DeltaIssues> => {
    let analyzed = true
    const data = await allPages(async (cursor) => {
      const page = await request({
        path: changeUrls.pullRequestIssues(org, name, number, { cursor, limit: largestPage }),
        read: readDeltaIssuePage,
        signal
      })
      analyzed = page.analyzed
      return page
    })
    return { analyzed, data }
  },
  /** Undefined when the server does not serve it (404): the page then says so. */
  pullRequestFilesCoverage: (name: string, number: number, signal?: AbortSignal): Promise<ReadonlyArray<FileDiffCoverage> | undefined> =>
    unlessNotFound(request({ path: changeUrls.pullRequestFilesCoverage(org, name, number), read: readFileDiffCoverage, signal })),
  /** Undefined when the server does not serve them (404): the page then leaves the section out. */
  pullRequestSecurityFindings: (name: string, number: number, signal?: AbortSignal): Promise<ReadonlyArray<NewSecurityFinding> | undefined> =>
    unlessNotFound(request({ path: changeUrls.pullRequestSecurityFindings(org, name, number), read: readNewSecurityFindings, signal })),
  listCommits: (name: string, query: BranchPageQuery, signal?: AbortSignal) =>
    request({ path: changeUrls.commits(org, name, query), read: readCommitPage, signal }),
  branchHistory: (name: string, query: BranchPageQuery, signal?: AbortSignal) =>
    request({ path: changeUrls.branchHistory(org, name, query), read: readBranchHistory, signal }),
  /** Every analysed branch, by name, page after page: what the branch selector offers. */
  listBranches: (name: string, signal?: AbortSignal) =>
    allPages((cursor) => request({ path: changeUrls.branches(org, name, { cursor, limit: largestPage }), read: readBranchPage, signal }))
})

/**
 * The issue and file operations of a repository (issue 13): their URLs, and the calls the issues,
 * files and file pages make.
 */
import { allPages, analysisBase, organizationBase, type PageQuery, queryString, type Request, segment, unlessNotFound } from "../shared/ApiRequest.js"
import type { Organization } from "../shared/Organization.js"
import type { FileSort } from "./FileListQuery.js"
import type { SearchBody } from "./IssueFilters.js"
import {
  type Clone,
  type FileSource,
  type Issue,
  type LineCoverage,
  readClonePage,
  readFile,
  readFileCoverage,
  readFilePage,
  readFileSource,
  readIssuePage,
  readOverview
} from "./Results.js"

export interface FilesQuery extends PageQuery {
  readonly search?: string | undefined
  readonly sort?: FileSort | undefined
  readonly direction?: "asc" | "desc" | undefined
}

const repositoryIn = (base: string, name: string) => `${base}/repositories/${segment(name)}`
const pageString = (page: PageQuery) => queryString({ cursor: page.cursor, limit: page.limit })

export const resultUrls = {
  searchIssues: (org: Organization, name: string, page: PageQuery = {}): string =>
    `${repositoryIn(analysisBase(org), name)}/issues/search${pageString(page)}`,
  issuesOverview: (org: Organization, name: string): string => `${repositoryIn(analysisBase(org), name)}/issues/overview`,
  files: (org: Organization, name: string, query: FilesQuery = {}): string =>
    `${repositoryIn(organizationBase(org), name)}/files` +
    queryString({ search: query.search, sort: query.sort, direction: query.direction, cursor: query.cursor, limit: query.limit }),
  file: (org: Organization, name: string, fileId: number): string => `${repositoryIn(organizationBase(org), name)}/files/${fileId}`,
  fileIssues: (org: Organization, name: string, fileId: number, page: PageQuery = {}): string =>
    `${resultUrls.file(org, name, fileId)}/issues${pageString(page)}`,
  fileClones: (org: Organization, name: string, fileId: number, page: PageQuery = {}): string =>
    `${resultUrls.file(org, name, fileId)}/duplication${pageString(page)}`,
  fileCoverage: (org: Organization, name: string, fileId: number): string => `${resultUrls.file(org, name, fileId)}/coverage`,
  /** Our extension, under `/analysis` like the rest of Tidemark's own operations. */
  fileSource: (org: Organization, name: string, fileId: number): string =>
    `${repositoryIn(analysisBase(org), name)}/files/${fileId}/source`
}

/** The API's largest page: a file's issues and clones are read whole, in as few calls as may be. */
const largestPage = 100

export const resultCalls = (request: Request, org: Organization) => ({
  searchIssues: (name: string, body: SearchBody, page: PageQuery, signal?: AbortSignal) =>
    request({ path: resultUrls.searchIssues(org, name, page), read: readIssuePage, json: body, signal }),
  issuesOverview: (name: string, body: SearchBody, signal?: AbortSignal) =>
    request({ path: resultUrls.issuesOverview(org, name), read: readOverview, json: body, signal }),
  listFiles: (name: string, query: FilesQuery, signal?: AbortSignal) =>
    request({ path: resultUrls.files(org, name, query), read: readFilePage, signal }),
  getFile: (name: string, fileId: number, signal?: AbortSignal) =>
    request({ path: resultUrls.file(org, name, fileId), read: readFile, signal }),
  fileIssues: (name: string, fileId: number, signal?: AbortSignal): Promise<ReadonlyArray<Issue>> =>
    allPages((cursor) =>
      request({ path: resultUrls.fileIssues(org, name, fileId, { cursor, limit: largestPage }), read: readIssuePage, signal })),
  fileClones: (name: string, fileId: number, signal?: AbortSignal): Promise<ReadonlyArray<Clone>> =>
    allPages((cursor) =>
      request({ path: resultUrls.fileClones(org, name, fileId, { cursor, limit: largestPage }), read: readClonePage, signal })),
  /** Undefined when no report counts the file: the server answers an empty list (or, before it serves coverage, 404). */
  fileCoverage: async (name: string, fileId: number, signal?: AbortSignal): Promise<ReadonlyArray<LineCoverage> | undefined> => {
    const lines = await unlessNotFound(request({ path: resultUrls.fileCoverage(org, name, fileId), read: readFileCoverage, signal }))
    return lines === undefined || lines.length === 0 ? undefined : lines
  },
  fileSource: (name: string, fileId: number, signal?: AbortSignal): Promise<FileSource | undefined> =>
    unlessNotFound(request({ path: resultUrls.fileSource(org, name, fileId), read: readFileSource, signal }))
})

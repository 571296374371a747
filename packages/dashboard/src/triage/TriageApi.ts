/** The triage operations of a repository (issue 27): their URLs, and the calls the issue pages make. */
import { analysisBase, noContent, type PageQuery, queryString, type Request, segment } from "../shared/ApiRequest.js"
import type { Organization } from "../shared/Organization.js"
import { type IgnoreReason, readIgnoredPage } from "./Triage.js"

const repositoryAt = (org: Organization, name: string) => `${analysisBase(org)}/repositories/${segment(name)}`

export const triageUrls = {
  issueState: (org: Organization, name: string, issueId: string): string => `${repositoryAt(org, name)}/issues/${segment(issueId)}`,
  ignoredIssues: (org: Organization, name: string, page: PageQuery = {}): string =>
    `${repositoryAt(org, name)}/ignoredIssues/search${queryString({ cursor: page.cursor, limit: page.limit })}`
}

export const triageCalls = (request: Request, org: Organization) => ({
  ignoreIssue: (name: string, issueId: string, reason: IgnoreReason, comment: string) =>
    request({
      path: triageUrls.issueState(org, name, issueId),
      method: "PATCH",
      json: { ignored: true, reason, ...(comment.trim() === "" ? {} : { comment: comment.trim() }) },
      read: noContent
    }),
  unignoreIssue: (name: string, issueId: string) =>
    request({ path: triageUrls.issueState(org, name, issueId), method: "PATCH", json: { ignored: false }, read: noContent }),
  ignoredIssues: (name: string, page: PageQuery, signal?: AbortSignal) =>
    request({ path: triageUrls.ignoredIssues(org, name, page), json: {}, read: readIgnoredPage, signal })
})

import { describe, expect, it } from "vitest"
import { ApiError } from "../../src/shared/ApiRequest.js"
import { triageUrls } from "../../src/triage/TriageApi.js"
import { acme, fakeServer } from "../FakeServer.js"

const issueId = "0123456789abcdef"

const ignored = {
  issueId,
  reason: "TestCode",
  comment: "fixture",
  ignoredByName: "tok1",
  ignoredTimestamp: "2026-01-02T03:04:05.000Z",
  filePath: "src/a.js",
  fileId: 7,
  lineNumber: 2,
  lineText: "x",
  message: "m",
  language: "JavaScript",
  patternInfo: { id: "ESLint9_no-undef", category: "ErrorProne", level: "Error", severityLevel: "Error" },
  toolInfo: { uuid: "u", name: "ESLint9" },
  commitInfo: { sha: "abc" }
}

describe("the triage calls", () => {
  it("put an issue's state and the ignored list under /analysis", () => {
    expect(triageUrls.issueState(acme, "my repo", issueId)).toBe(`/api/v3/analysis/organizations/gh/acme/repositories/my%20repo/issues/${issueId}`)
    expect(triageUrls.ignoredIssues(acme, "demo", { cursor: "c", limit: 25 })).toBe(
      "/api/v3/analysis/organizations/gh/acme/repositories/demo/ignoredIssues/search?cursor=c&limit=25"
    )
  })

  it("ignore with a reason and a comment (a blank one left out), un-ignore, by PATCH; list the ignored by POST", async () => {
    const { api, sent } = fakeServer({
      [triageUrls.issueState(acme, "demo", issueId)]: [204, undefined],
      [triageUrls.ignoredIssues(acme, "demo")]: [200, { data: [ignored], pagination: { limit: 25, total: 1 } }]
    })
    await api.ignoreIssue("demo", issueId, "TestCode", "  fixture ")
    await api.ignoreIssue("demo", issueId, "FalsePositive", "   ")
    await api.unignoreIssue("demo", issueId)
    const page = await api.ignoredIssues("demo", { limit: 25 })
    expect(page.data.map((i) => [i.reason, i.comment, i.ignoredByName, i.lineNumber, i.commitInfo?.sha])).toEqual([["TestCode", "fixture", "tok1", 2, "abc"]])
    expect(sent.map((s) => [s.method, s.body])).toEqual([
      ["PATCH", { ignored: true, reason: "TestCode", comment: "fixture" }],
      ["PATCH", { ignored: true, reason: "FalsePositive" }],
      ["PATCH", { ignored: false }],
      ["POST", {}]
    ])
  })

  it("fail with the server's message", async () => {
    const { api } = fakeServer({ [triageUrls.issueState(acme, "demo", issueId)]: [403, { message: "This operation needs the 'write' permission" }] })
    await expect(api.unignoreIssue("demo", issueId)).rejects.toEqual(new ApiError(403, "This operation needs the 'write' permission"))
  })
})

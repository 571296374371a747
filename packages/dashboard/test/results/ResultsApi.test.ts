import { describe, expect, it } from "vitest"
import { resultUrls } from "../../src/results/ResultsApi.js"
import { allPages, ApiError } from "../../src/shared/ApiRequest.js"
import { acme, fakeServer } from "../FakeServer.js"

describe("the issue and file URLs", () => {
  it("put issues under /analysis and files outside it, as the original API does", () => {
    expect(resultUrls.searchIssues(acme, "my repo", { cursor: "c", limit: 25 })).toBe(
      "/api/v3/analysis/organizations/gh/acme/repositories/my%20repo/issues/search?cursor=c&limit=25"
    )
    expect(resultUrls.issuesOverview(acme, "demo")).toBe("/api/v3/analysis/organizations/gh/acme/repositories/demo/issues/overview")
    expect(resultUrls.files(acme, "demo", { search: "src/", sort: "issues", direction: "desc", limit: 25 })).toBe(
      "/api/v3/organizations/gh/acme/repositories/demo/files?search=src%2F&sort=issues&direction=desc&limit=25"
    )
    expect(resultUrls.file(acme, "demo", 42)).toBe("/api/v3/organizations/gh/acme/repositories/demo/files/42")
    expect(resultUrls.fileIssues(acme, "demo", 42, { limit: 100 })).toBe("/api/v3/organizations/gh/acme/repositories/demo/files/42/issues?limit=100")
    expect(resultUrls.fileClones(acme, "demo", 42)).toBe("/api/v3/organizations/gh/acme/repositories/demo/files/42/duplication")
    expect(resultUrls.fileCoverage(acme, "demo", 42)).toBe("/api/v3/organizations/gh/acme/repositories/demo/files/42/coverage")
    expect(resultUrls.fileSource(acme, "demo", 42)).toBe("/api/v3/analysis/organizations/gh/acme/repositories/demo/files/42/source")
  })
})

const page = (data: ReadonlyArray<number>, cursor?: string) => ({ data, pagination: { limit: 2, total: 5, ...(cursor === undefined ? {} : { cursor }) } })

describe("allPages", () => {
  it("follows the cursor to the last page", async () => {
    const asked: Array<string | undefined> = []
    const pages = new Map([[undefined, page([1, 2], "a")], ["a", page([3, 4], "b")], ["b", page([5])]])
    const items = await allPages((cursor: string | undefined) => {
      asked.push(cursor)
      return Promise.resolve(pages.get(cursor) ?? page([]))
    })
    expect(items).toEqual([1, 2, 3, 4, 5])
    expect(asked).toEqual([undefined, "a", "b"])
  })

  it("stops when the server answers a cursor it gave before", async () => {
    await expect(allPages(() => Promise.resolve(page([1], "same")))).rejects.toEqual(new ApiError(0, "The server answered the same page twice."))
  })
})

const issue = {
  issueId: "0123456789abcdef", resultDataId: 3, fileId: 7, filePath: "src/a.js", language: "JavaScript", lineNumber: 2, lineText: "x", message: "m",
  patternInfo: { id: "ESLint9_no-undef", category: "ErrorProne", level: "Error" }
}

describe("the issue and file calls", () => {
  it("search and count with the filters as a JSON body", async () => {
    const overview = { counts: { categories: [], levels: [{ name: "Error", total: 1 }], languages: [], patterns: [], authors: [], tags: [] } }
    const { sent, api } = fakeServer({
      [resultUrls.searchIssues(acme, "demo")]: [200, { data: [issue], pagination: { limit: 25, total: 1 } }],
      [resultUrls.issuesOverview(acme, "demo")]: [200, { data: overview }]
    })
    const found = await api.searchIssues("demo", { levels: ["Error"] }, { limit: 25 })
    expect(found.data.map((i) => i.patternInfo.level)).toEqual(["Error"])
    expect((await api.issuesOverview("demo", {})).counts.levels).toEqual([{ name: "Error", total: 1 }])
    expect(sent.map((s) => [s.method, s.body])).toEqual([["POST", { levels: ["Error"] }], ["POST", {}]])
  })

  it("read a file's coverage and source as undefined where the server answers 404 (or no line), and fail on other errors", async () => {
    const { api } = fakeServer({ [resultUrls.fileCoverage(acme, "demo", 7)]: [200, { data: [{ line: 1, hits: 2 }] }] })
    await expect(api.fileCoverage("demo", 7)).resolves.toEqual([{ line: 1, hits: 2 }])
    await expect(api.fileSource("demo", 7)).resolves.toBeUndefined()
    const uncovered = fakeServer({ [resultUrls.fileCoverage(acme, "demo", 7)]: [200, { data: [] }] }).api
    await expect(uncovered.fileCoverage("demo", 7)).resolves.toBeUndefined()
    const failing = fakeServer({ [resultUrls.fileSource(acme, "demo", 7)]: [500, { message: "boom" }] }).api
    await expect(failing.fileSource("demo", 7)).rejects.toEqual(new ApiError(500, "boom"))
  })

  it("read a file's issues whole, page after page", async () => {
    const { sent, api } = fakeServer({ [resultUrls.fileIssues(acme, "demo", 7)]: [200, { data: [issue], pagination: { limit: 100, total: 1 } }] })
    expect((await api.fileIssues("demo", 7)).map((i) => i.resultDataId)).toEqual([3])
    expect(sent.map((s) => s.url)).toEqual([resultUrls.fileIssues(acme, "demo", 7, { limit: 100 })])
  })
})

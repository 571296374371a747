import { describe, expect, it } from "vitest"
import { DashboardAddresses } from "@tidemark/core"
import { hrefOf, parseRoute, type Route } from "../src/Route.js"

describe("routes", () => {
  it("reads each page from the hash", () => {
    expect(parseRoute("")).toEqual({ page: "overview", cursor: undefined })
    expect(parseRoute("#/")).toEqual({ page: "overview", cursor: undefined })
    expect(parseRoute("#/?cursor=WyJhIl0")).toEqual({ page: "overview", cursor: "WyJhIl0" })
    expect(parseRoute("#/login")).toEqual({ page: "login" })
    expect(parseRoute("#/delivery")).toEqual({ page: "delivery" })
    expect(parseRoute("#/repositories/demo")).toEqual({ page: "repository", name: "demo" })
    expect(parseRoute("#/elsewhere")).toEqual({ page: "notFound", hash: "#/elsewhere" })
    expect(parseRoute("#/tools")).toEqual({ page: "tools" })
    expect(parseRoute("#/tools/abc?cursor=c")).toEqual({ page: "tool", uuid: "abc", cursor: "c" })
    for (const hash of ["#/tools/", "#/tools/a/patterns", "#/tools/%E0%A4%A"]) expect(parseRoute(hash)).toEqual({ page: "notFound", hash })
    expect(parseRoute("#/repositories/%E0%A4%A")).toEqual({ page: "notFound", hash: "#/repositories/%E0%A4%A" })
  })

  it("reads a repository's issues, files and file pages with their queries", () => {
    expect(parseRoute("#/repositories/demo/issues?level=Error&category=Security&cursor=abc")).toEqual({
      page: "issues",
      name: "demo",
      filters: { levels: ["Error"], categories: ["Security"], patternIds: [], languages: [], authorEmails: [] },
      cursor: "abc"
    })
    expect(parseRoute("#/repositories/demo/files?sort=issues&direction=desc")).toEqual({
      page: "files", name: "demo", query: { search: "", sort: "issues", direction: "desc", cursor: undefined }
    })
    expect(parseRoute("#/repositories/demo/files/42?line=7")).toEqual({ page: "file", name: "demo", fileId: 42, line: 7 })
    expect(parseRoute("#/repositories/demo/files/42?line=x")).toEqual({ page: "file", name: "demo", fileId: 42, line: undefined })
    expect(parseRoute("#/repositories/issues")).toEqual({ page: "repository", name: "issues" })
    for (const hash of ["#/repositories/demo/files/0", "#/repositories/demo/files/abc", "#/repositories/demo/issues/3", "#/repositories/demo/tools"]) {
      expect(parseRoute(hash)).toEqual({ page: "notFound", hash })
    }
  })

  it("reads a repository's pull requests, one pull request and its commits", () => {
    expect(parseRoute("#/repositories/demo/pull-requests")).toEqual({ page: "pullRequests", name: "demo", cursor: undefined })
    expect(parseRoute("#/repositories/demo/pull-requests?cursor=abc")).toEqual({ page: "pullRequests", name: "demo", cursor: "abc" })
    expect(parseRoute("#/repositories/demo/pull-requests/7")).toEqual({ page: "pullRequest", name: "demo", number: 7 })
    expect(parseRoute("#/repositories/demo/commits")).toEqual({ page: "commits", name: "demo", branch: undefined, cursor: undefined })
    expect(parseRoute("#/repositories/demo/commits?branch=topic%2Fx&cursor=c")).toEqual({ page: "commits", name: "demo", branch: "topic/x", cursor: "c" })
    expect(parseRoute("#/repositories/demo/commits?branch=")).toEqual({ page: "commits", name: "demo", branch: undefined, cursor: undefined })
    for (const hash of ["#/repositories/demo/pull-requests/0", "#/repositories/demo/pull-requests/x", "#/repositories/demo/commits/abc"]) {
      expect(parseRoute(hash)).toEqual({ page: "notFound", hash })
    }
  })

  it("reads the organization's security items with their filters, its dependencies and one package", () => {
    expect(parseRoute("#/security")).toEqual({ page: "security", filters: { priorities: [], statuses: [], scanTypes: [], repositories: [] }, cursor: undefined })
    expect(parseRoute("#/security?priority=High&priority=Bogus&status=Overdue&scanType=SCA&repository=a%2Fb&cursor=c")).toEqual({
      page: "security",
      filters: { priorities: ["High"], statuses: ["Overdue"], scanTypes: ["SCA"], repositories: ["a/b"] },
      cursor: "c"
    })
    expect(parseRoute("#/dependencies")).toEqual({ page: "dependencies", search: "", cursor: undefined })
    expect(parseRoute("#/dependencies?search=left&cursor=c")).toEqual({ page: "dependencies", search: "left", cursor: "c" })
    expect(parseRoute("#/dependencies/%40scope%2Fname?cursor=c")).toEqual({ page: "dependency", fullName: "@scope/name", cursor: "c" })
    for (const hash of ["#/dependencies/", "#/dependencies/a/b", "#/dependencies/%E0%A4%A", "#/security/x"]) {
      expect(parseRoute(hash)).toEqual({ page: "notFound", hash })
    }
  })

  it("round-trips every route through its link", () => {
    const routes: ReadonlyArray<Route> = [
      { page: "login" },
      { page: "overview", cursor: undefined },
      { page: "overview", cursor: "WyJhIiwxXQ==" },
      { page: "repository", name: "my repo/with?odd#chars" },
      { page: "issues", name: "a/b", filters: { levels: ["High"], categories: [], patternIds: ["p&q"], languages: [], authorEmails: ["a@b"] }, cursor: "WyJ4Il0=" },
      { page: "issues", name: "demo", filters: { levels: [], categories: [], patternIds: [], languages: [], authorEmails: [] }, cursor: undefined },
      { page: "files", name: "demo?", query: { search: "src/", sort: "complexity", direction: "desc", cursor: "c" } },
      { page: "ignored", name: "a/b", cursor: "WyJ4Il0=" },
      { page: "ignored", name: "demo", cursor: undefined },
      { page: "files", name: "demo", query: { search: "", sort: "filename", direction: "asc", cursor: undefined } },
      { page: "file", name: "#demo", fileId: 12, line: 3 },
      { page: "file", name: "demo", fileId: 12, line: undefined },
      { page: "pullRequests", name: "a/b", cursor: "WyJ4Il0=" },
      { page: "pullRequests", name: "demo", cursor: undefined },
      { page: "pullRequest", name: "demo?", number: 7 },
      { page: "commits", name: "demo", branch: "topic/x & y", cursor: "c" },
      { page: "commits", name: "demo", branch: undefined, cursor: undefined },
      { page: "delivery" },
      { page: "tools" },
      { page: "tool", uuid: "233f8aac-4fb6-4193-8a17-e64515bea152", cursor: "WyJTQzEwMDAiXQ==" },
      { page: "tool", uuid: "odd/uuid?", cursor: undefined },
      { page: "security", filters: { priorities: ["Critical", "Low"], statuses: ["DueSoon"], scanTypes: ["Secrets"], repositories: ["a&b", "c"] }, cursor: "WyJ4Il0=" },
      { page: "security", filters: { priorities: [], statuses: [], scanTypes: [], repositories: [] }, cursor: undefined },
      { page: "dependencies", search: "left pad&", cursor: "c" },
      { page: "dependencies", search: "", cursor: undefined },
      { page: "dependency", fullName: "@types/node", cursor: "c" },
      { page: "dependency", fullName: "github.com/x/y?#", cursor: undefined }
    ]
    for (const route of routes) expect(parseRoute(hrefOf(route))).toEqual(route)
  })
})

describe("the dashboard's addresses a git host links to (core's dashboardAddressOf)", () => {
  it("open a pull request's page and a repository's commit history, under a base with or without a path", () => {
    const repository = { name: "api/v2 ü" }
    for (const base of ["https://tidemark.example.com", "https://example.com/tidemark/"]) {
      const address = DashboardAddresses.dashboardAddressOf(base)
      const pullRequest = new URL(address(repository, { kind: "pullRequest", number: 42 }))
      expect(pullRequest.origin + pullRequest.pathname).toBe(`${base.replace(/\/$/, "")}/`)
      expect(parseRoute(pullRequest.hash)).toEqual({ page: "pullRequest", name: "api/v2 ü", number: 42 })
      const commit = new URL(address(repository, { kind: "commit", sha: "3f1c0a9d2b7e" }))
      expect(parseRoute(commit.hash)).toEqual({ page: "commits", name: "api/v2 ü", branch: undefined, cursor: undefined })
    }
  })
})

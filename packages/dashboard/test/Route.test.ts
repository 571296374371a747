import { describe, expect, it } from "vitest"
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

  it("round-trips every route through its link", () => {
    const routes: ReadonlyArray<Route> = [
      { page: "login" },
      { page: "overview", cursor: undefined },
      { page: "overview", cursor: "WyJhIiwxXQ==" },
      { page: "repository", name: "my repo/with?odd#chars" },
      { page: "issues", name: "a/b", filters: { levels: ["High"], categories: [], patternIds: ["p&q"], languages: [], authorEmails: ["a@b"] }, cursor: "WyJ4Il0=" },
      { page: "issues", name: "demo", filters: { levels: [], categories: [], patternIds: [], languages: [], authorEmails: [] }, cursor: undefined },
      { page: "files", name: "demo?", query: { search: "src/", sort: "complexity", direction: "desc", cursor: "c" } },
      { page: "files", name: "demo", query: { search: "", sort: "filename", direction: "asc", cursor: undefined } },
      { page: "file", name: "#demo", fileId: 12, line: 3 },
      { page: "file", name: "demo", fileId: 12, line: undefined },
      { page: "delivery" }
    ]
    for (const route of routes) expect(parseRoute(hrefOf(route))).toEqual(route)
  })
})

import { describe, expect, it } from "vitest"
import { appendFileListQuery, defaultFileListQuery, type FileListQuery, fileListQueryOf, sortedBy } from "../../src/results/FileListQuery.js"

describe("the files page's query", () => {
  it("reads the URL, an unknown sort or direction as the default", () => {
    expect(fileListQueryOf(new URLSearchParams(""))).toEqual({ ...defaultFileListQuery, cursor: undefined })
    expect(fileListQueryOf(new URLSearchParams("search=src&sort=issues&direction=desc&cursor=abc"))).toEqual({
      search: "src", sort: "issues", direction: "desc", cursor: "abc"
    })
    expect(fileListQueryOf(new URLSearchParams("sort=size&direction=up"))).toEqual({ ...defaultFileListQuery, cursor: undefined })
  })

  it("writes only what differs from the default", () => {
    const params = new URLSearchParams()
    appendFileListQuery(params, defaultFileListQuery)
    expect(params.toString()).toBe("")
    appendFileListQuery(params, { search: "a b", sort: "grade", direction: "desc", cursor: "c" })
    expect(params.toString()).toBe("search=a+b&sort=grade&direction=desc&cursor=c")
  })

  it("sorts by a column worst first, turns the same column round, and starts again at the first page", () => {
    const query: FileListQuery = { search: "src", sort: "filename", direction: "asc", cursor: "c" }
    expect(sortedBy(query, "issues")).toEqual({ search: "src", sort: "issues", direction: "desc" })
    expect(sortedBy(query, "grade")).toEqual({ search: "src", sort: "grade", direction: "asc" })
    expect(sortedBy(query, "coverage")).toEqual({ search: "src", sort: "coverage", direction: "asc" })
    expect(sortedBy(query, "duplication")).toEqual({ search: "src", sort: "duplication", direction: "desc" })
    expect(sortedBy(query, "filename")).toEqual({ search: "src", sort: "filename", direction: "desc" })
    expect(sortedBy({ ...query, sort: "complexity", direction: "desc" }, "complexity").direction).toBe("asc")
  })
})

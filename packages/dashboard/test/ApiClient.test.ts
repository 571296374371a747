import { describe, expect, it } from "vitest"
import { makeApiClient } from "../src/ApiClient.js"
import { deliveryUrls, readMetrics, readSystems } from "../src/delivery/DeliveryApi.js"
import { readRepositoryPage, repositoryUrls } from "../src/repositories/RepositoriesApi.js"
import { ApiError, errorMessage, type Fetch, queryString } from "../src/shared/ApiRequest.js"
import { DecodeError } from "../src/shared/Decode.js"

/** The repository and delivery areas' URLs, which this file tests together as the one client's. */
const urls = { ...repositoryUrls, ...deliveryUrls }
const acme = { provider: "gh", name: "acme" } as const

describe("URLs", () => {
  it("build the analysis paths, encoding each segment", () => {
    expect(urls.repositories(acme)).toBe("/api/v3/analysis/organizations/gh/acme/repositories")
    expect(urls.repositories(acme, { limit: 25, cursor: "WyJhIl0" })).toBe(
      "/api/v3/analysis/organizations/gh/acme/repositories?cursor=WyJhIl0&limit=25"
    )
    expect(urls.repository({ provider: "gl", name: "group/sub" }, "my repo")).toBe(
      "/api/v3/analysis/organizations/gl/group%2Fsub/repositories/my%20repo"
    )
    expect(urls.tools(acme, "demo")).toBe("/api/v3/analysis/organizations/gh/acme/repositories/demo/tools")
  })

  it("build the delivery paths with only the filters given", () => {
    expect(urls.systems(acme)).toBe("/api/v3/organizations/gh/acme/systems")
    expect(urls.metrics(acme)).toBe("/api/v3/organizations/gh/acme/metrics")
    expect(
      urls.metrics(acme, { from: "2026-01-05T00:00:00.000Z", to: "2026-04-01T00:00:00.000Z", bucket: "week", team: "a&b", system: undefined })
    ).toBe(
      "/api/v3/organizations/gh/acme/metrics?from=2026-01-05T00%3A00%3A00.000Z&to=2026-04-01T00%3A00%3A00.000Z&bucket=week&team=a%26b"
    )
  })

  it("leave out empty and undefined query values", () => {
    expect(queryString({ a: undefined, b: "", c: 0 })).toBe("?c=0")
    expect(queryString({})).toBe("")
  })
})

const analysed = {
  repository: { provider: "gh", owner: "acme", name: "demo", languages: ["TypeScript"], problems: [], standards: [] },
  gradeLetter: "B",
  grade: 71,
  issuesCount: 12,
  coverage: { coveragePercentage: 64, status: "UpToDate" },
  lastAnalysedCommit: {
    sha: "abc", id: 1, commitTimestamp: "2026-03-02T10:00:00Z", authorName: "Ada", authorEmail: "a@x", message: "first"
  },
  goals: {
    maxIssuePercentage: 20, maxDuplicatedFilesPercentage: 10, minCoveragePercentage: 60,
    maxComplexFilesPercentage: 10, fileDuplicationBlockThreshold: 1, fileComplexityValueThreshold: 20
  }
}

describe("readers", () => {
  it("read a page of repositories, absent measures as undefined", () => {
    const page = readRepositoryPage(
      { data: [analysed, { repository: { name: "bare", languages: [], problems: [] } }], pagination: { cursor: "c", limit: 2, total: 3 } },
      ""
    )
    expect(page.pagination).toEqual({ cursor: "c", limit: 2, total: 3 })
    expect(page.data[0]).toMatchObject({ gradeLetter: "B", grade: 71, issuesCount: 12, coverage: { coveragePercentage: 64 } })
    expect(page.data[0]?.lastAnalysedCommit).toMatchObject({ sha: "abc", authorName: "Ada" })
    expect(page.data[1]).toMatchObject({ repository: { name: "bare" }, gradeLetter: undefined, coverage: undefined, goals: undefined })
  })

  it("name the path of the first field that does not fit", () => {
    const bad = { data: [analysed, { ...analysed, issuesCount: "12" }], pagination: { limit: 2, total: 2 } }
    expect(() => readRepositoryPage(bad, "")).toThrow(new DecodeError("data[1].issuesCount", "a number"))
    expect(() => readSystems({ data: "api" }, "")).toThrow("data: expected an array")
    expect(() => readSystems([], "")).toThrow("body: expected an object")
  })

  it("read delivery metrics with null values and levels", () => {
    const metric = { value: null, level: "None", series: [{ start: "2026-01-05T00:00:00Z", value: null }] }
    const body = {
      data: {
        from: "2026-01-05T00:00:00Z", to: "2026-04-01T00:00:00Z", team: "core",
        deploymentFrequency: { value: 1.5, level: "Elite", series: [{ start: "2026-01-05T00:00:00Z", value: 1.5 }] },
        leadTimeForChanges: { ...metric, p90: null },
        timeToRecover: metric,
        changeFailureRate: metric
      }
    }
    const metrics = readMetrics(body, "")
    expect(metrics.deploymentFrequency).toEqual(body.data.deploymentFrequency)
    expect(metrics.leadTimeForChanges.p90).toBeNull()
    expect(metrics.team).toBe("core")
    expect(metrics.system).toBeUndefined()
    const unknownLevel = { data: { ...body.data, timeToRecover: { ...metric, level: "Great" } } }
    expect(() => readMetrics(unknownLevel, "")).toThrow("data.timeToRecover.level: expected one of Elite, High, Medium, Low, None")
  })
})

describe("errorMessage", () => {
  it("shows the message of either API's error body", () => {
    expect(errorMessage(404, { error: "NotFound", message: "Repository demo not found", actions: [] })).toBe("Repository demo not found")
    expect(errorMessage(400, { message: "limit must be an integer", error: "BadRequest" })).toBe("limit must be an integer")
  })

  it("falls back to the status", () => {
    expect(errorMessage(401, undefined)).toBe("The token was refused (401).")
    expect(errorMessage(502, { message: "" })).toBe("The server answered 502.")
  })
})

interface Call {
  readonly url: string
  readonly init: RequestInit
}

const fakeFetch = (status: number, body: string) => {
  const calls: Array<Call> = []
  const doFetch: Fetch = (url, init) => {
    calls.push({ url, init })
    return Promise.resolve(new Response(body, { status, headers: { "content-type": "application/json" } }))
  }
  return { calls, doFetch }
}

describe("the API client", () => {
  it("sends the token and reads the answer", async () => {
    const { calls, doFetch } = fakeFetch(200, JSON.stringify({ data: ["api", "web"] }))
    const api = makeApiClient({ token: "tmt.1.s", organization: acme, baseUrl: "http://127.0.0.1:8080", fetch: doFetch })
    await expect(api.listSystems()).resolves.toEqual(["api", "web"])
    expect(calls).toHaveLength(1)
    expect(calls[0]?.url).toBe("http://127.0.0.1:8080/api/v3/organizations/gh/acme/systems")
    expect(new Headers(calls[0]?.init.headers).get("api-token")).toBe("tmt.1.s")
  })

  it("turns an error body into an ApiError with its message", async () => {
    const body = JSON.stringify({ error: "Unauthorized", code: "Unauthorized", message: "Invalid token", actions: [] })
    const api = makeApiClient({ token: "bad", organization: acme, fetch: fakeFetch(401, body).doFetch })
    await expect(api.getRepository("demo")).rejects.toEqual(new ApiError(401, "Invalid token"))
  })

  it("tells the caller when the server refuses the token, and then fails the call", async () => {
    const body = JSON.stringify({ error: "Unauthorized", code: "Unauthorized", message: "Invalid token", actions: [] })
    let refused = 0
    const onUnauthorized = () => void refused++
    const api = makeApiClient({ token: "revoked", organization: acme, fetch: fakeFetch(401, body).doFetch, onUnauthorized })
    await expect(api.listSystems()).rejects.toEqual(new ApiError(401, "Invalid token"))
    expect(refused).toBe(1)
    const forbidden = makeApiClient({ token: "t", organization: acme, fetch: fakeFetch(403, body).doFetch, onUnauthorized })
    await expect(forbidden.listSystems()).rejects.toBeInstanceOf(ApiError)
    const fine = makeApiClient({ token: "t", organization: acme, fetch: fakeFetch(200, '{"data":[]}').doFetch, onUnauthorized })
    await expect(fine.listSystems()).resolves.toEqual([])
    expect(refused).toBe(1)
  })

  it("lists the analysed branches page after page, from the original's branches operation", async () => {
    const pages = [
      { data: [{ id: 1, name: "main", isDefault: true, isEnabled: true, branchType: "Branch" }], pagination: { cursor: "Mg", limit: 100, total: 2 } },
      { data: [{ id: 2, name: "topic/x", isDefault: false, isEnabled: true, branchType: "Branch" }], pagination: { limit: 100, total: 2 } }
    ]
    const urls: Array<string> = []
    const doFetch: Fetch = (url) => {
      urls.push(url)
      return Promise.resolve(new Response(JSON.stringify(pages[urls.length - 1]), { status: 200 }))
    }
    const api = makeApiClient({ token: "tmt.1.s", organization: acme, fetch: doFetch })
    expect((await api.listBranches("my repo")).map((b) => b.name)).toEqual(["main", "topic/x"])
    expect(urls).toEqual([
      "/api/v3/organizations/gh/acme/repositories/my%20repo/branches?enabled=true&limit=100",
      "/api/v3/organizations/gh/acme/repositories/my%20repo/branches?enabled=true&cursor=Mg&limit=100"
    ])
  })

  it("reports an answer it cannot show", async () => {
    const api = makeApiClient({ token: "t", organization: acme, fetch: fakeFetch(200, JSON.stringify({ data: [{}] })).doFetch })
    await expect(api.listTools("demo")).rejects.toThrow("Unexpected answer from the server: data[0].settings: expected an object")
    const html = makeApiClient({ token: "t", organization: acme, fetch: fakeFetch(200, "<html>").doFetch })
    await expect(html.listSystems()).rejects.toThrow("not JSON")
  })

  it("reports a server it cannot reach", async () => {
    const api = makeApiClient({ token: "t", organization: acme, fetch: () => Promise.reject(new TypeError("fetch failed")) })
    await expect(api.listSystems()).rejects.toEqual(new ApiError(0, "The server could not be reached: TypeError: fetch failed"))
  })
})

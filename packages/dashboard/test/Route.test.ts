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

  it("round-trips every route through its link", () => {
    const routes: ReadonlyArray<Route> = [
      { page: "login" },
      { page: "overview", cursor: undefined },
      { page: "overview", cursor: "WyJhIiwxXQ==" },
      { page: "repository", name: "my repo/with?odd#chars" },
      { page: "delivery" }
    ]
    for (const route of routes) expect(parseRoute(hrefOf(route))).toEqual(route)
  })
})

import { describe, expect, it } from "vitest"
import { defaultFilters, filtersProblem, metricsQuery } from "../../src/delivery/DeliveryFilters.js"

describe("delivery filters", () => {
  it("default to the last twelve weeks, weekly", () => {
    expect(defaultFilters(new Date("2026-11-22T21:00:00Z"))).toEqual({
      from: "2026-08-30",
      to: "2026-11-22",
      bucket: "week",
      system: "",
      team: ""
    })
  })

  it("include the end day: the API's exclusive `to` is the next midnight", () => {
    expect(metricsQuery({ from: "2026-01-05", to: "2026-03-31", bucket: "week", system: "api", team: " core " })).toEqual({
      from: "2026-01-05T00:00:00.000Z",
      to: "2026-04-01T00:00:00.000Z",
      bucket: "week",
      system: "api",
      team: "core"
    })
  })

  it("leave empty filters to the API's defaults", () => {
    expect(metricsQuery({ from: "", to: "", bucket: "day", system: "", team: "  " })).toEqual({
      from: undefined,
      to: undefined,
      bucket: "day",
      system: undefined,
      team: undefined
    })
  })

  it("refuse an end before the start", () => {
    expect(filtersProblem({ from: "2026-03-01", to: "2026-02-28", bucket: "week", system: "", team: "" })).toMatch(/before/)
    expect(filtersProblem({ from: "2026-03-01", to: "2026-03-01", bucket: "week", system: "", team: "" })).toBeUndefined()
  })
})

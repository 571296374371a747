import { describe, expect, it } from "@effect/vitest"
import { BadgeFaces } from "@tidemark/core"

describe("BadgeFaces", () => {
  it("shows a grade's letter on its colour, from bright green (A) to red (F); pending before any analysis", () => {
    expect(BadgeFaces.gradeFace("A")).toEqual({ label: "grade", message: "A", color: "#4c1" })
    expect(BadgeFaces.gradeFace("C")).toEqual({ label: "grade", message: "C", color: "#a4a61d" })
    expect(BadgeFaces.gradeFace("F")).toEqual({ label: "grade", message: "F", color: "#e05d44" })
    expect(BadgeFaces.gradeFace(undefined)).toEqual({ label: "grade", message: "pending", color: "#9f9f9f" })
  })

  it("shows coverage in percent, its colour by steps of ten from 50 % (orange) to 90 % (bright green); unknown without a report", () => {
    const colour = (percentage: number) => BadgeFaces.coverageFace(percentage).color
    expect(BadgeFaces.coverageFace(93)).toEqual({ label: "coverage", message: "93%", color: "#4c1" })
    expect([colour(90), colour(89), colour(80), colour(79), colour(70), colour(60), colour(50), colour(49), colour(0)]).toEqual([
      "#4c1", "#97ca00", "#97ca00", "#a4a61d", "#a4a61d", "#dfb317", "#fe7d37", "#e05d44", "#e05d44"
    ])
    expect(BadgeFaces.coverageFace(undefined)).toEqual({ label: "coverage", message: "unknown", color: "#9f9f9f" })
  })
})

import { describe, expect, it } from "vitest"
import { addCounts, countsOf, IssueCounts, issuesPercentage, issuesPercentageOf, type SeverityLevel, totalOf } from "../src/index.js"

describe("issuesPercentage", () => {
  const issues = (...severities: ReadonlyArray<SeverityLevel>) => severities.map((severity) => ({ severity }))

  it("weighs issues by severity against 10 cost units per 1000 lines", () => {
    expect(issuesPercentage(issues("Info"), 1000)).toBe(10)
    expect(issuesPercentage(issues("Warning"), 1000)).toBe(50)
    expect(issuesPercentage(issues("High"), 1000)).toBe(75)
    expect(issuesPercentage(issues("Error"), 1000)).toBe(100)
    expect(issuesPercentage(issues("Warning", "Info"), 2000)).toBe(30)
    expect(issuesPercentage(issues("Info", "Info", "Info"), 7000)).toBe(4)
  })

  it("rounds halves up", () => {
    expect(issuesPercentage(issues("Info"), 4000)).toBe(3)
    expect(issuesPercentage(issues("Info"), 8000)).toBe(1)
  })

  it("is capped at 100", () => {
    expect(issuesPercentage(issues("Error", "Error"), 1000)).toBe(100)
    expect(issuesPercentage(issues("Info"), 99)).toBe(100)
    expect(issuesPercentage(issues("Info"), 101)).toBe(99)
  })

  it("is 0 without issues, and 100 with issues but no code", () => {
    expect(issuesPercentage([], 0)).toBe(0)
    expect(issuesPercentage([], 5000)).toBe(0)
    expect(issuesPercentage(issues("Info"), 0)).toBe(100)
  })

  it("counts add up, and the percentage of counts is the percentage of the issues", () => {
    const first = countsOf(issues("Error", "Info", "Info"))
    const second = countsOf(issues("Warning", "High"))
    expect(first).toEqual(new IssueCounts({ Error: 1, High: 0, Warning: 0, Info: 2 }))
    expect(addCounts(first, second)).toEqual(new IssueCounts({ Error: 1, High: 1, Warning: 1, Info: 2 }))
    expect(totalOf(addCounts(first, IssueCounts.none))).toBe(3)
    expect(issuesPercentageOf(addCounts(first, second), 9000)).toBe(issuesPercentage(issues("Error", "Info", "Info", "Warning", "High"), 9000))
  })
})

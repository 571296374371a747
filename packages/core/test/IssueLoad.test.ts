import { describe, expect, it } from "vitest"
import { IssueLoad, type Pattern } from "../src/index.js"

describe("issuesPercentage", () => {
  const issues = (...severities: ReadonlyArray<Pattern.SeverityLevel>) => severities.map((severity) => ({ severity }))

  it("weighs issues by severity against 10 cost units per 1000 lines", () => {
    expect(IssueLoad.issuesPercentage(issues("Info"), 1000)).toBe(10)
    expect(IssueLoad.issuesPercentage(issues("Warning"), 1000)).toBe(50)
    expect(IssueLoad.issuesPercentage(issues("High"), 1000)).toBe(75)
    expect(IssueLoad.issuesPercentage(issues("Error"), 1000)).toBe(100)
    expect(IssueLoad.issuesPercentage(issues("Warning", "Info"), 2000)).toBe(30)
    expect(IssueLoad.issuesPercentage(issues("Info", "Info", "Info"), 7000)).toBe(4)
  })

  it("rounds halves up", () => {
    expect(IssueLoad.issuesPercentage(issues("Info"), 4000)).toBe(3)
    expect(IssueLoad.issuesPercentage(issues("Info"), 8000)).toBe(1)
  })

  it("is capped at 100", () => {
    expect(IssueLoad.issuesPercentage(issues("Error", "Error"), 1000)).toBe(100)
    expect(IssueLoad.issuesPercentage(issues("Info"), 99)).toBe(100)
    expect(IssueLoad.issuesPercentage(issues("Info"), 101)).toBe(99)
  })

  it("is 0 without issues, and 100 with issues but no code", () => {
    expect(IssueLoad.issuesPercentage([], 0)).toBe(0)
    expect(IssueLoad.issuesPercentage([], 5000)).toBe(0)
    expect(IssueLoad.issuesPercentage(issues("Info"), 0)).toBe(100)
  })

  it("counts add up, and the percentage of counts is the percentage of the issues", () => {
    const first = IssueLoad.countsOf(issues("Error", "Info", "Info"))
    const second = IssueLoad.countsOf(issues("Warning", "High"))
    expect(first).toEqual(new IssueLoad.IssueCounts({ Error: 1, High: 0, Warning: 0, Info: 2 }))
    expect(IssueLoad.addCounts(first, second)).toEqual(new IssueLoad.IssueCounts({ Error: 1, High: 1, Warning: 1, Info: 2 }))
    expect(IssueLoad.totalOf(IssueLoad.addCounts(first, IssueLoad.IssueCounts.none))).toBe(3)
    expect(IssueLoad.issuesPercentageOf(IssueLoad.addCounts(first, second), 9000)).toBe(IssueLoad.issuesPercentage(issues("Error", "Info", "Info", "Warning", "High"), 9000))
  })
})

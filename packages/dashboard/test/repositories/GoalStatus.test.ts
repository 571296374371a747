import { describe, expect, it } from "vitest"
import { goalChecks, goalSummary } from "../../src/repositories/GoalStatus.js"
import type { RepositoryWithAnalysis } from "../../src/repositories/RepositoriesApi.js"

const goals = { maxIssuePercentage: 20, maxDuplicatedFilesPercentage: 10, minCoveragePercentage: 60, maxComplexFilesPercentage: 10 }
const base: RepositoryWithAnalysis = { repository: { name: "demo", languages: ["JavaScript"], problems: [] }, goals }
const noTools = { code: "no_enabled_tools", message: "No analysis tool is enabled: issues are not measured" }

describe("goals", () => {
  it("are unknown until the analysis gives the measures", () => {
    const checks = goalChecks(base)
    expect(checks.map((c) => c.state)).toEqual(["unknown", "unknown", "unknown", "unknown"])
    expect(goalSummary(checks)).toBe("–")
  })

  it("compare each measure with its goal, bounds included", () => {
    const checks = goalChecks({
      ...base,
      issuesPercentage: 20,
      complexFilesPercentage: 11,
      duplicationPercentage: 3,
      coverage: { coveragePercentage: 60 }
    })
    expect(checks).toEqual([
      { measure: "issues", label: "issues ≤ 20 %", state: "met" },
      { measure: "complexFiles", label: "complex files ≤ 10 %", state: "missed" },
      { measure: "duplication", label: "duplication ≤ 10 %", state: "met" },
      { measure: "coverage", label: "coverage ≥ 60 %", state: "met" }
    ])
    expect(goalSummary(checks)).toBe("3 / 4 met")
  })

  it("count only the known measures", () => {
    expect(goalSummary(goalChecks({ ...base, coverage: { coveragePercentage: 12 } }))).toBe("0 / 1 met")
  })

  it("say issues are not measured, never met, when no tool measured them, and leave them out of the count", () => {
    const checks = goalChecks({
      ...base,
      repository: { ...base.repository, problems: [noTools] },
      issuesCount: 0,
      issuesPercentage: 0,
      complexFilesPercentage: 0,
      duplicationPercentage: 0
    })
    expect(checks[0]).toEqual({ measure: "issues", label: "issues ≤ 20 %", state: "not measured" })
    expect(goalSummary(checks)).toBe("2 / 2 met")
  })

  it("are none without goals", () => {
    expect(goalChecks({ repository: base.repository })).toEqual([])
  })
})

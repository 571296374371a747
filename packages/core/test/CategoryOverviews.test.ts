import { describe, expect, it } from "@effect/vitest"
import { IssueViews } from "@tidemark/core"

describe("categoryOverviewsOf", () => {
  it("lists every catalogue category, each with its issues and its share of all of them", () => {
    const { data } = IssueViews.categoryOverviewsOf(7, [{ name: "ErrorProne", total: 3 }, { name: "UnusedCode", total: 1 }])
    expect(data.map((o) => o.category.categoryType)).toEqual([
      "Security",
      "ErrorProne",
      "CodeStyle",
      "Compatibility",
      "UnusedCode",
      "Complexity",
      "Comprehensibility",
      "Documentation",
      "BestPractice",
      "Performance"
    ])
    const of = (type: string) => data.find((o) => o.category.categoryType === type)
    expect(of("ErrorProne")).toMatchObject({ commitId: 7, totalResults: 3, percentage: 75, category: { name: "Error Prone" } })
    expect(of("UnusedCode")).toMatchObject({ totalResults: 1, percentage: 25 })
    expect(of("Security")).toMatchObject({ totalResults: 0, percentage: 0 })
  })

  it("keeps a category the catalogue does not name, under its own name; no issue at all is 0 % everywhere", () => {
    const { data } = IssueViews.categoryOverviewsOf(1, [{ name: "Elsewhere", total: 2 }, { name: "Security", total: 1 }])
    expect(data.at(-1)).toMatchObject({ category: { categoryType: "Elsewhere", name: "Elsewhere" }, totalResults: 2, percentage: 66.67 })
    expect(IssueViews.categoryOverviewsOf(1, []).data.every((o) => o.totalResults === 0 && o.percentage === 0)).toBe(true)
  })
})

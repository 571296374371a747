import { describe, expect, it } from "vitest"
import {
  appendFilters,
  facetValues,
  filtersOf,
  isFiltered,
  type IssueFilters,
  noFilters,
  overviewRequests,
  searchBody,
  toggled
} from "../../src/results/IssueFilters.js"
import type { IssuesOverview } from "../../src/results/Results.js"

const overview: IssuesOverview = {
  counts: {
    categories: [{ name: "ErrorProne", total: 3 }, { name: "UnusedCode", total: 2 }],
    levels: [{ name: "Error", total: 4 }, { name: "Warning", total: 1 }],
    languages: [{ name: "JavaScript", total: 5 }],
    patterns: [{ id: "ESLint9_no-undef", title: "Disallow undeclared variables", total: 3 }, { id: "ESLint9_no-empty", title: "", total: 2 }],
    authors: []
  }
}

describe("the issue filters in the URL", () => {
  it("read repeated values per facet, without duplicates, empties or unknown levels", () => {
    const params = new URLSearchParams("level=Error&level=Severe&level=Error&category=Security&pattern=&language=Go&author=a%40x.io")
    expect(filtersOf(params)).toEqual({
      levels: ["Error"], categories: ["Security"], patternIds: [], languages: ["Go"], authorEmails: ["a@x.io"]
    })
  })

  it("round-trip through the URL", () => {
    const filters: IssueFilters = { ...noFilters, levels: ["High", "Info"], patternIds: ["ESLint9_a&b"] }
    const params = new URLSearchParams()
    appendFilters(params, filters)
    expect(params.toString()).toBe("level=High&level=Info&pattern=ESLint9_a%26b")
    expect(filtersOf(new URLSearchParams(params.toString()))).toEqual(filters)
  })

  it("tick and untick one value", () => {
    const once = toggled(noFilters, "categories", "Security")
    expect(once.categories).toEqual(["Security"])
    expect(isFiltered(once)).toBe(true)
    expect(toggled(once, "categories", "Security")).toEqual(noFilters)
    expect(isFiltered(noFilters)).toBe(false)
  })
})

describe("the bodies sent", () => {
  it("hold only the facets with a value ticked", () => {
    expect(searchBody(noFilters)).toEqual({})
    expect(searchBody({ ...noFilters, languages: ["Go"], levels: ["Error", "High"] })).toEqual({ languages: ["Go"], levels: ["Error", "High"] })
  })

  it("count each ticked facet without its own filter, the others with the whole filter", () => {
    expect(overviewRequests(noFilters)).toEqual([
      { body: {}, facets: ["levels", "categories", "patternIds", "languages", "authorEmails"] }
    ])
    const filters = { ...noFilters, levels: ["Error"], languages: ["Go"] }
    expect(overviewRequests(filters)).toEqual([
      { body: { levels: ["Error"], languages: ["Go"] }, facets: ["categories", "patternIds", "authorEmails"] },
      { body: { languages: ["Go"] }, facets: ["levels"] },
      { body: { levels: ["Error"] }, facets: ["languages"] }
    ])
    const everything = { levels: ["Error"], categories: ["a"], patternIds: ["p"], languages: ["l"], authorEmails: ["e"] }
    expect(overviewRequests(everything).map((r) => r.facets)).toEqual([["levels"], ["categories"], ["patternIds"], ["languages"], ["authorEmails"]])
  })
})

describe("the values offered", () => {
  it("come in the API's order with its counts, patterns by title (else id)", () => {
    expect(facetValues(overview, "levels", noFilters)).toEqual([
      { value: "Error", label: "Error", total: 4, ticked: false },
      { value: "Warning", label: "Warning", total: 1, ticked: false }
    ])
    expect(facetValues(overview, "patternIds", { ...noFilters, patternIds: ["ESLint9_no-empty"] })).toEqual([
      { value: "ESLint9_no-undef", label: "Disallow undeclared variables", total: 3, ticked: false },
      { value: "ESLint9_no-empty", label: "ESLint9_no-empty", total: 2, ticked: true }
    ])
    expect(facetValues(overview, "authorEmails", noFilters)).toEqual([])
  })

  it("tell patterns of the same title apart by their ids", () => {
    const twins: IssuesOverview = {
      counts: {
        ...overview.counts,
        patterns: [
          { id: "ESLint9_no-unused-vars", title: "Disallow unused variables", total: 2 },
          { id: "ESLint9_@typescript-eslint_no-unused-vars", title: "Disallow unused variables", total: 1 },
          { id: "ESLint9_no-undef", title: "Disallow undeclared variables", total: 1 }
        ]
      }
    }
    expect(facetValues(twins, "patternIds", noFilters).map((v) => v.label)).toEqual([
      "Disallow unused variables (ESLint9_no-unused-vars)",
      "Disallow unused variables (ESLint9_@typescript-eslint_no-unused-vars)",
      "Disallow undeclared variables"
    ])
  })

  it("keep a ticked value the overview no longer counts, at 0, so that it can be unticked", () => {
    expect(facetValues(overview, "languages", { ...noFilters, languages: ["Go"] })).toEqual([
      { value: "JavaScript", label: "JavaScript", total: 5, ticked: false },
      { value: "Go", label: "Go", total: 0, ticked: true }
    ])
  })
})

import { AnalysedLanguages } from "@tidemark/core"
import { describe, expect, it } from "vitest"
import { gradingOf, issuesMeasured, notAnalysedLanguages, notAnalysedText, notCode } from "../../src/repositories/Grading.js"
import type { Problem, RepositoryWithAnalysis } from "../../src/repositories/RepositoriesApi.js"

const go = new AnalysedLanguages.LanguageAnalysis({ language: "Go", loc: 1200, tools: [], notAnalysed: "no_tool" })
const shell = new AnalysedLanguages.LanguageAnalysis({
  language: "Bourne Shell",
  loc: 1,
  tools: [],
  notAnalysed: "tool_disabled",
  candidates: ["ShellCheck"]
})

/** The problem as the analysis words it (packages/analysis TreeAnalyzer), from core's own texts. */
const notAnalysedProblem = (languages: ReadonlyArray<AnalysedLanguages.LanguageAnalysis>, tail: string): Problem => ({
  code: "languages_not_analysed",
  message: `Issues of ${languages.map(AnalysedLanguages.notAnalysedText).join("; ")} were not measured: ${tail}`
})
const noGrade = "less than half of the code was analysed, so there is no grade"

const analysed = (languages: ReadonlyArray<string>, problems: ReadonlyArray<Problem>): RepositoryWithAnalysis => ({
  repository: { name: "demo", languages, problems },
  issuesCount: 0,
  issuesPercentage: 0,
  loc: 1300
})

describe("the languages not analysed", () => {
  it("are read back from the analysis's problem, lines and reason included", () => {
    const problem = notAnalysedProblem([go, shell], noGrade)
    expect(notAnalysedLanguages(problem.message)).toEqual([
      { language: "Go", loc: 1200, reason: "Tidemark has no tool for it yet" },
      { language: "Bourne Shell", loc: 1, reason: "its tool is disabled (ShellCheck)" }
    ])
  })

  it("are not guessed from a message worded otherwise", () => {
    expect(notAnalysedLanguages("Issues of Go were not measured: no grade")).toBeUndefined()
    expect(notAnalysedLanguages("Something else happened")).toBeUndefined()
  })

  it("read as a person says them", () => {
    expect(notAnalysedText({ language: "Go", loc: 1200, reason: "Tidemark has no tool for it yet" })).toBe("Go: 1,200 lines, Tidemark has no tool for it yet")
    expect(notAnalysedText({ language: "Bourne Shell", loc: 1, reason: "its tool failed" })).toBe("Bourne Shell: 1 line, its tool failed")
  })

  it("leave out the same formats as core does", () => {
    expect([...notCode].sort()).toEqual([...AnalysedLanguages.notCode].sort())
  })
})

describe("the grading", () => {
  it("is the letter when there is one", () => {
    expect(gradingOf({ ...analysed(["Go"], []), gradeLetter: "B", grade: 72 })).toEqual({ state: "graded", letter: "B", grade: 72 })
  })

  it("is unknown before an analysis gave measures", () => {
    expect(gradingOf({ repository: { name: "demo", languages: [], problems: [] } })).toEqual({ state: "unknown" })
  })

  it("is not graded when the analysis measured and gave no grade, with the languages it did not read", () => {
    const grading = gradingOf(analysed(["Go", "JavaScript"], [notAnalysedProblem([go], noGrade)]))
    expect(grading).toEqual({
      state: "notGraded",
      languages: [{ language: "Go", loc: 1200, reason: "Tidemark has no tool for it yet" }],
      message: notAnalysedProblem([go], noGrade).message
    })
  })
})

describe("whether issues were measured", () => {
  it("not when no tool is enabled", () => {
    expect(issuesMeasured(analysed(["JavaScript"], [{ code: "no_enabled_tools", message: "No analysis tool is enabled" }]))).toBe(false)
  })

  it("not when no code language was analysed, data formats aside", () => {
    expect(issuesMeasured(analysed(["Go", "Markdown", "Bourne Shell"], [notAnalysedProblem([go, shell], noGrade)]))).toBe(false)
  })

  it("yes when one code language was analysed, even without a grade", () => {
    expect(issuesMeasured(analysed(["Go", "JavaScript"], [notAnalysedProblem([go], noGrade)]))).toBe(true)
  })

  it("yes when issues were counted, whoever counted them", () => {
    const repository = analysed(["JavaScript"], [{ code: "no_enabled_tools", message: "No analysis tool is enabled" }])
    expect(issuesMeasured({ ...repository, issuesCount: 3 })).toBe(true)
  })

  it("yes for a clean repository every language of which was read", () => {
    expect(issuesMeasured(analysed(["JavaScript", "JSON"], []))).toBe(true)
  })

  it("not before any analysis", () => {
    expect(issuesMeasured({ repository: { name: "demo", languages: ["Go"], problems: [] } })).toBe(false)
  })
})

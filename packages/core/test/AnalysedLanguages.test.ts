import { describe, expect, it } from "@effect/vitest"
import { AnalysedLanguages, CommitAnalysis, IssueLoad, Records, RepositoryView } from "@tidemark/core"
import { repositoryRecord } from "./fixtures/TestLayer.js"

const { LanguageAnalysis } = AnalysedLanguages

const analysed = (language: string, loc: number, tools: ReadonlyArray<string>) =>
  new LanguageAnalysis({ language, loc, tools, ...(tools.length === 0 ? { notAnalysed: "no_tool" as const } : {}) })

const analysisWith = (languageAnalysis: ReadonlyArray<AnalysedLanguages.LanguageAnalysis> | undefined, loc: number, Warning: number) =>
  new CommitAnalysis.CommitAnalysis({
    repositoryId: 7,
    branch: "main",
    commit: new Records.CommitRecord({ id: 1, sha: "a1", authorName: "Ada", authorEmail: "ada@example.com", commitTimestamp: "2024-01-02T00:00:00.000Z", message: "m", parents: [] }),
    startedAnalysis: "2024-01-02T00:00:00.000Z",
    endedAnalysis: "2024-01-02T00:00:00.000Z",
    measures: new CommitAnalysis.AnalysisMeasures({
      loc,
      issueCounts: new IssueLoad.IssueCounts({ Error: 0, High: 0, Warning, Info: 0 }),
      complexFilesCount: 0,
      complexFilesPercentage: 0,
      duplicationPercentage: 0,
      languages: (languageAnalysis ?? []).map((l) => l.language),
      stackTags: [],
      ...(languageAnalysis === undefined ? {} : { languageAnalysis })
    }),
    problems: []
  })

const viewOf = (analysis: CommitAnalysis.CommitAnalysis) =>
  RepositoryView.measuresView(repositoryRecord(), { analysis, coverage: undefined, imported: [] })

describe("AnalysedLanguages", () => {
  it("counts code lines only: data and documentation neither help nor hurt the share analysed", () => {
    const languages = [analysed("JavaScript", 600, ["ESLint9"]), analysed("Go", 400, []), analysed("Markdown", 5_000, []), analysed("JSON", 900, [])]
    expect(AnalysedLanguages.analysedShare(languages)).toEqual({ loc: 1_000, analysedLoc: 600, measuredLoc: 600 })
    expect(AnalysedLanguages.isGraded(languages)).toBe(true)
    expect(AnalysedLanguages.notAnalysedCode(languages).map((l) => l.language)).toEqual(["Go"])
  })

  it("weighs issues against every language a tool measured, documentation included, and grades by code alone", () => {
    const languages = [analysed("JavaScript", 400, ["ESLint9"]), analysed("Go", 600, []), analysed("Markdown", 5_000, ["markdownlint"])]
    expect(AnalysedLanguages.analysedShare(languages)).toEqual({ loc: 1_000, analysedLoc: 400, measuredLoc: 5_400 })
    // Linted Markdown does not make up for Go nobody read.
    expect(AnalysedLanguages.isGraded(languages)).toBe(false)
  })

  it("grades a commit when at least half of its code was analysed, and one without code", () => {
    expect(AnalysedLanguages.isGraded([analysed("Python", 500, ["Ruff"]), analysed("Go", 500, [])])).toBe(true)
    expect(AnalysedLanguages.isGraded([analysed("Python", 499, ["Ruff"]), analysed("Go", 501, [])])).toBe(false)
    expect(AnalysedLanguages.isGraded([analysed("Markdown", 100, [])])).toBe(true)
  })

  it("names a language not analysed with its lines, the reason and the tools that could have", () => {
    const go = new LanguageAnalysis({ language: "Go", loc: 1_200, tools: [], notAnalysed: "tool_not_installed", candidates: ["Staticcheck"] })
    expect(AnalysedLanguages.notAnalysedText(go)).toBe("Go (1200 lines): its tool is not installed on this server (Staticcheck)")
  })
})

describe("RepositoryView.measuresView: an honest grade", () => {
  it("weighs the issues against the analysed lines only", () => {
    // The same Warning weighs twice as much on half the lines: the Go half was not read.
    const all = viewOf(analysisWith([analysed("JavaScript", 1_000, ["ESLint9"])], 1_000, 1))
    const half = viewOf(analysisWith([analysed("JavaScript", 500, ["ESLint9"]), analysed("Go", 500, [])], 1_000, 1))
    expect(all?.issuesPercentage).toBe(IssueLoad.issuesPercentage([{ severity: "Warning" }], 1_000))
    expect(half?.issuesPercentage).toBe(IssueLoad.issuesPercentage([{ severity: "Warning" }], 500))
    expect(half?.grade).toBeTypeOf("number")
  })

  it("has no grade when less than half of the code was analysed; its counts stay", () => {
    const view = viewOf(analysisWith([analysed("Python", 100, ["Ruff"]), analysed("Go", 900, [])], 1_000, 0))
    expect(view).toBeDefined()
    expect(view?.grade).toBeUndefined()
    expect(view?.gradeLetter).toBeUndefined()
    expect(view).toMatchObject({ issuesCount: 0, loc: 1_000 })
  })

  it("an analysis stored before languages were measured is graded on every line, as before", () => {
    const view = viewOf(analysisWith(undefined, 1_000, 1))
    expect(view?.issuesPercentage).toBe(IssueLoad.issuesPercentage([{ severity: "Warning" }], 1_000))
    expect(view?.gradeLetter).toBeDefined()
  })
})

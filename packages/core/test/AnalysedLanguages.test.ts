import { describe, expect, it } from "@effect/vitest"
import { AnalysedLanguages, CommitAnalysis, IssueLoad, Records, RepositoryView } from "@tidemark/core"
import { repositoryRecord } from "./fixtures/TestLayer.js"

const { LanguageAnalysis } = AnalysedLanguages

const analysed = (language: string, loc: number, tools: ReadonlyArray<string>) =>
  new LanguageAnalysis({ language, loc, tools, ...(tools.length === 0 ? { notAnalysed: "no_tool" as const } : {}) })

const analysisWith = (languageAnalysis: ReadonlyArray<AnalysedLanguages.LanguageAnalysis> | undefined, loc: number, Warning: number, Info = 0) =>
  new CommitAnalysis.CommitAnalysis({
    repositoryId: 7,
    branch: "main",
    commit: new Records.CommitRecord({ id: 1, sha: "a1", authorName: "Ada", authorEmail: "ada@example.com", commitTimestamp: "2024-01-02T00:00:00.000Z", message: "m", parents: [] }),
    startedAnalysis: "2024-01-02T00:00:00.000Z",
    endedAnalysis: "2024-01-02T00:00:00.000Z",
    measures: new CommitAnalysis.AnalysisMeasures({
      loc,
      issueCounts: new IssueLoad.IssueCounts({ Error: 0, High: 0, Warning, Info }),
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
    expect(AnalysedLanguages.analysedShare(languages)).toEqual({ loc: 1_000, analysedLoc: 600 })
    expect(AnalysedLanguages.isGraded(languages)).toBe(true)
    expect(AnalysedLanguages.notAnalysedCode(languages).map((l) => l.language)).toEqual(["Go"])
  })

  it("weighs the code's issues only: a documentation linter's are counted, not graded; linted Markdown does not make up for unread Go", () => {
    const counts = (Error: number, Info: number) => IssueLoad.IssueCounts.make({ Error, High: 0, Warning: 0, Info })
    const languages = [
      new LanguageAnalysis({ language: "JavaScript", loc: 400, tools: ["ESLint9"], issueCounts: counts(2, 1) }),
      new LanguageAnalysis({ language: "TypeScript", loc: 100, tools: ["ESLint9"], issueCounts: counts(1, 0) }),
      analysed("Go", 600, []),
      new LanguageAnalysis({ language: "Markdown", loc: 5_000, tools: ["markdownlint"], issueCounts: counts(0, 60) })
    ]
    expect(AnalysedLanguages.codeIssues(languages)).toEqual(counts(3, 1))
    expect(AnalysedLanguages.analysedShare(languages)).toEqual({ loc: 1_100, analysedLoc: 500 })
    expect(AnalysedLanguages.isGraded(languages)).toBe(false)
    // Stored before issues were counted per language: the grade weighs every issue, as it did.
    expect(AnalysedLanguages.codeIssues([analysed("JavaScript", 400, ["ESLint9"])])).toBeUndefined()
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

  it("counts a documentation linter's issues and grades the code's: 60 Markdown findings leave a clean code base's grade be", () => {
    const counts = (Info: number) => IssueLoad.IssueCounts.make({ Error: 0, High: 0, Warning: 0, Info })
    const clean = [new LanguageAnalysis({ language: "JavaScript", loc: 5_000, tools: ["ESLint9"], issueCounts: counts(0) })]
    const readme = new LanguageAnalysis({ language: "Markdown", loc: 2_000, tools: ["markdownlint"], issueCounts: counts(60) })
    const view = viewOf(analysisWith([...clean, readme], 5_000, 0, 60))
    expect(view).toMatchObject({ issuesCount: 60, issuesPercentage: 0 })
    expect(view?.grade).toBe(viewOf(analysisWith(clean, 5_000, 0))?.grade)
  })

  it("an analysis stored before languages were measured is graded on every line, as before", () => {
    const view = viewOf(analysisWith(undefined, 1_000, 1))
    expect(view?.issuesPercentage).toBe(IssueLoad.issuesPercentage([{ severity: "Warning" }], 1_000))
    expect(view?.gradeLetter).toBeDefined()
  })
})

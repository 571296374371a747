import {
  Branch as BranchModule,
  BranchHistoryEntry as BranchHistoryEntryModule,
  ChangeViews,
  Commit,
  DeliveryMetrics as DeliveryMetricsModule,
  FileSource as FileSourceModule,
  FileViews,
  Goals,
  IssueViews,
  Repository,
  RepositoryWithAnalysis as RepositoryWithAnalysisModule,
  Tool as ToolModule,
  Triage as TriageModule
} from "@tidemark/core"
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import {
  type BranchHistoryEntry,
  type BranchSummary,
  type CommitWithAnalysis,
  type DeltaIssue,
  type FileDiffCoverage,
  type PullRequestWithAnalysis,
  readBranchPage
} from "../src/changes/Changes.js"
import { type DeliveryMetrics, readMetrics } from "../src/delivery/DeliveryApi.js"
import { readRepository, readTools, type RepositoryWithAnalysis, type Tool } from "../src/repositories/RepositoriesApi.js"
import {
  type Clone,
  type FileDetails,
  type FileSource,
  type FileSummary,
  type Issue,
  type IssuesOverview,
  type LineCoverage,
  readClonePage,
  readFile,
  readFileCoverage,
  readFilePage,
  readFileSource,
  readIssuePage,
  readOverview
} from "../src/results/Results.js"
import type { Page } from "../src/shared/Envelope.js"
import { type IgnoredIssue, readIgnoredPage } from "../src/triage/Triage.js"

/**
 * The dashboard keeps its own readers (no Effect in the browser bundle), so these tests hold them
 * to the server's schemas: bodies encoded by core's schemas must read, and core's encoded types
 * must be assignable to the dashboard's shapes (checked by `tsc`).
 */
const typeCheck = {
  repository: (encoded: typeof RepositoryWithAnalysisModule.RepositoryWithAnalysis.Encoded): RepositoryWithAnalysis => encoded,
  tool: (encoded: typeof ToolModule.Tool.Encoded): Tool => encoded,
  metrics: (encoded: typeof DeliveryMetricsModule.DeliveryMetrics.Encoded): DeliveryMetrics => encoded,
  issue: (encoded: typeof IssueViews.CommitIssue.Encoded): Issue => encoded,
  overview: (encoded: typeof IssueViews.IssuesOverview.Encoded): IssuesOverview => encoded,
  file: (encoded: typeof FileViews.FileWithAnalysisInfo.Encoded): FileSummary => encoded,
  fileDetails: (encoded: typeof FileViews.FileInformationWithAnalysis.Encoded): FileDetails => encoded,
  clone: (encoded: typeof FileViews.FileClone.Encoded): Clone => encoded,
  lineCoverage: (encoded: typeof FileViews.LineHits.Encoded): LineCoverage => encoded,
  source: (encoded: typeof FileSourceModule.FileSource.Encoded): FileSource => encoded,
  pullRequest: (encoded: typeof ChangeViews.PullRequestWithAnalysis.Encoded): PullRequestWithAnalysis => encoded,
  deltaIssue: (encoded: typeof ChangeViews.CommitDeltaIssue.Encoded): DeltaIssue => encoded,
  commit: (encoded: typeof ChangeViews.CommitWithAnalysis.Encoded): CommitWithAnalysis => encoded,
  history: (encoded: typeof BranchHistoryEntryModule.BranchHistoryEntry.Encoded): BranchHistoryEntry => encoded,
  filesCoverage: (encoded: typeof ChangeViews.FileDiffCoverage.Encoded): FileDiffCoverage => encoded,
  ignored: (encoded: typeof TriageModule.IgnoredIssue.Encoded): IgnoredIssue => encoded,
  branch: (encoded: typeof BranchModule.BranchListItem.Encoded): BranchSummary => encoded
}

/** A list body as the server writes it: encoded by core's schema, through JSON. */
const listBody = <A, I>(schema: Schema.Schema<A, I>, items: ReadonlyArray<A>): unknown =>
  JSON.parse(JSON.stringify({ data: items.map((item) => Schema.encodeSync(schema)(item)), pagination: { limit: 100, total: items.length } }))

const pageOf = <T>(read: (value: unknown, path: string) => Page<T>, body: unknown): ReadonlyArray<T> => read(body, "").data

const repository = new RepositoryWithAnalysisModule.RepositoryWithAnalysis({
  repository: new Repository.Repository({
    provider: "gh", owner: "acme", name: "demo", visibility: "Public", addedState: "Added", problems: [], languages: ["TypeScript", "JavaScript"], standards: []
  }),
  gradeLetter: "A",
  grade: 93,
  issuesCount: 4,
  issuesPercentage: 2,
  loc: 1200,
  lastAnalysedCommit: new Commit.Commit({
    sha: "0123456789abcdef", id: 7, commitTimestamp: "2026-03-02T10:00:00Z", authorName: "Ada", authorEmail: "ada@example.com", message: "first"
  }),
  goals: Goals.Goals.defaults
})

describe("the dashboard's shapes agree with core's schemas", () => {
  it("reads a repository core encodes", () => {
    const body = JSON.parse(JSON.stringify({ data: Schema.encodeSync(RepositoryWithAnalysisModule.RepositoryWithAnalysis)(repository) })) as unknown
    const read = readRepository(body, "")
    expect(read).toMatchObject({
      repository: { name: "demo", languages: ["TypeScript", "JavaScript"] },
      gradeLetter: "A",
      grade: 93,
      issuesCount: 4,
      loc: 1200,
      lastAnalysedCommit: { sha: "0123456789abcdef", authorName: "Ada" },
      goals: { maxIssuePercentage: 20, minCoveragePercentage: 60 }
    })
    expect(typeCheck.repository(Schema.encodeSync(RepositoryWithAnalysisModule.RepositoryWithAnalysis)(repository)).gradeLetter).toBe("A")
  })

  it("reads a repository without a grade, and its analysis's problems", () => {
    const problem = new Repository.Problem({
      code: "languages_not_analysed",
      severity: "some_analysis",
      message: "Issues of Go (4 lines): Tidemark has no tool for it yet were not measured: less than half of the code was analysed, so there is no grade",
      actions: []
    })
    const { grade: _grade, gradeLetter: _letter, ...ungraded } = repository
    const encoded = Schema.encodeSync(RepositoryWithAnalysisModule.RepositoryWithAnalysis)(
      new RepositoryWithAnalysisModule.RepositoryWithAnalysis({
        ...ungraded,
        repository: new Repository.Repository({ ...repository.repository, problems: [problem] })
      })
    )
    const read = readRepository(JSON.parse(JSON.stringify({ data: encoded })) as unknown, "")
    expect(read.gradeLetter).toBeUndefined()
    expect(read.grade).toBeUndefined()
    expect(read.repository.problems).toEqual([{ code: problem.code, message: problem.message }])
  })

  it("reads tools core encodes", () => {
    const tool = new ToolModule.Tool({
      uuid: "2a30ab97-477f-4769-8b88-af596ce7a94c",
      name: "ESLint9",
      isClientSide: false,
      settings: new ToolModule.ToolSettings({
        isEnabled: true, followsStandard: false, isCustom: false, hasConfigurationFile: false, usesConfigurationFile: false, enabledBy: []
      })
    })
    const body = JSON.parse(JSON.stringify({ data: [Schema.encodeSync(ToolModule.Tool)(tool)] })) as unknown
    expect(readTools(body, "")).toEqual([
      { uuid: tool.uuid, name: "ESLint9", settings: { isEnabled: true, followsStandard: false, usesConfigurationFile: false } }
    ])
  })

  it("reads delivery metrics core encodes", () => {
    const none = { value: null, level: "None" as const, series: [{ start: "2026-01-05T00:00:00Z", value: null }] }
    const metrics = Schema.decodeUnknownSync(DeliveryMetricsModule.DeliveryMetrics)({
      from: "2026-01-05T00:00:00Z",
      to: "2026-01-12T00:00:00Z",
      deploymentFrequency: { value: 2, level: "Elite", series: [{ start: "2026-01-05T00:00:00Z", value: 2 }] },
      leadTimeForChanges: { ...none, p90: null },
      timeToRecover: none,
      changeFailureRate: { value: 0.25, level: "Low", series: [{ start: "2026-01-05T00:00:00Z", value: 0.25 }] }
    })
    const encoded = Schema.encodeSync(DeliveryMetricsModule.DeliveryMetrics)(metrics)
    const read = readMetrics(JSON.parse(JSON.stringify({ data: encoded })) as unknown, "")
    expect(read.deploymentFrequency).toEqual({ value: 2, level: "Elite", series: [{ start: encoded.deploymentFrequency.series[0]?.start, value: 2 }] })
    expect(read.changeFailureRate.value).toBe(0.25)
    expect(typeCheck.metrics(encoded).timeToRecover.level).toBe("None")
  })

  it("reads issues and their overview core encodes", () => {
    const issue = new IssueViews.CommitIssue({
      issueId: "i-1", resultDataId: 11, fileId: 3, filePath: "src/a.js", language: "JavaScript", lineNumber: 4,
      lineText: "let x = y", message: "'y' is not defined.",
      patternInfo: new IssueViews.PatternDetails({ id: "ESLint9_no-undef", title: "Disallow undeclared variables", category: "ErrorProne", level: "Error", severityLevel: "Error" }),
      toolInfo: new IssueViews.ToolReference({ uuid: "2a30ab97-477f-4769-8b88-af596ce7a94c", name: "ESLint9" }),
      commitInfo: new IssueViews.CommitReference({ sha: "abc" }),
      falsePositiveThreshold: 100
    })
    expect(pageOf(readIssuePage, listBody(IssueViews.CommitIssue, [issue]))).toEqual([{
      issueId: "i-1", resultDataId: 11, fileId: 3, filePath: "src/a.js", language: "JavaScript", lineNumber: 4, lineText: "let x = y",
      message: "'y' is not defined.",
      patternInfo: { id: "ESLint9_no-undef", title: "Disallow undeclared variables", category: "ErrorProne", level: "Error" }
    }])
    const overview = new IssueViews.IssuesOverview({
      counts: new IssueViews.IssuesOverviewCounts({
        categories: [new IssueViews.Count({ name: "ErrorProne", total: 1 })], levels: [new IssueViews.Count({ name: "Error", total: 1 })],
        languages: [new IssueViews.Count({ name: "JavaScript", total: 1 })], tags: [],
        patterns: [new IssueViews.PatternsCount({ id: "ESLint9_no-undef", title: "Disallow undeclared variables", total: 1 })], authors: []
      })
    })
    const encoded = Schema.encodeSync(IssueViews.IssuesOverview)(overview)
    expect(readOverview(JSON.parse(JSON.stringify({ data: encoded })) as unknown, "").counts.patterns).toEqual([
      { id: "ESLint9_no-undef", title: "Disallow undeclared variables", total: 1 }
    ])
    expect(typeCheck.overview(encoded).counts.levels).toEqual([{ name: "Error", total: 1 }])
    expect(typeCheck.issue(Schema.encodeSync(IssueViews.CommitIssue)(issue)).lineNumber).toBe(4)
  })

  it("reads files, a file and its clones core encodes", () => {
    const file = new FileViews.FileWithAnalysisInfo({
      branchId: 1, fileId: 3, path: "src/a.js", grade: 81, gradeLetter: "B", totalIssues: 2, numberOfMethods: 1,
      linesOfCode: 10, sourceLinesOfCode: 8, complexity: 4, duplication: 9, numberOfClones: 1, coverage: 66, coverageWithDecimals: 66.67
    })
    expect(pageOf(readFilePage, listBody(FileViews.FileWithAnalysisInfo, [file]))).toEqual([{
      fileId: 3, path: "src/a.js", grade: 81, gradeLetter: "B", totalIssues: 2, complexity: 4, duplication: 9, numberOfClones: 1,
      linesOfCode: 10, sourceLinesOfCode: 8, coverageWithDecimals: 66.67
    }])
    const details = new FileViews.FileInformationWithAnalysis({
      file: new FileViews.FileMetadata({
        branchId: 1, commitId: 2, commitSha: "abc", fileDataId: 3, fileId: 3, gitProviderUrl: "https://github.com/acme/demo/blob/abc/src/a.js",
        ignored: false, language: "JavaScript", path: "src/a.js"
      }),
      metrics: new FileViews.FileMetrics({ linesOfCode: 10, commentedLinesOfCode: 1, numberOfMethods: 1 }),
      coverage: new FileViews.FileCoverageAnalysis({ coverage: 66.67, coverableLines: 3, coveredLines: 2 }),
      quality: new FileViews.FileQualityInfo({ grade: 81, gradeLetter: "B", totalIssues: 2, complexity: 4, duplicatedLinesOfCode: 5, duplication: 1 })
    })
    const encoded = Schema.encodeSync(FileViews.FileInformationWithAnalysis)(details)
    expect(readFile(JSON.parse(JSON.stringify(encoded)) as unknown, "")).toMatchObject({
      file: { fileId: 3, path: "src/a.js", commitSha: "abc", language: "JavaScript" },
      metrics: { linesOfCode: 10, commentedLinesOfCode: 1 },
      quality: { grade: 81, duplicatedLinesOfCode: 5, duplication: 1 },
      coverage: { coverage: 66.67, coverableLines: 3, coveredLines: 2 }
    })
    expect(typeCheck.fileDetails(encoded).file.path).toBe("src/a.js")
    expect(typeCheck.file(Schema.encodeSync(FileViews.FileWithAnalysisInfo)(file)).gradeLetter).toBe("B")
    const clone = new FileViews.FileClone({
      id: 5,
      occurrences: [
        new FileViews.CloneDuplicationBlock({ fileDataId: 3, fileId: 3, path: "src/a.js", fromLine: 1, toLine: 9 }),
        new FileViews.CloneDuplicationBlock({ fileDataId: 4, fileId: 4, path: "src/b.js", fromLine: 2, toLine: 10 })
      ]
    })
    expect(pageOf(readClonePage, listBody(FileViews.FileClone, [clone]))).toEqual([{
      id: 5,
      occurrences: [{ fileId: 3, path: "src/a.js", fromLine: 1, toLine: 9 }, { fileId: 4, path: "src/b.js", fromLine: 2, toLine: 10 }]
    }])
    expect(typeCheck.clone(Schema.encodeSync(FileViews.FileClone)(clone)).occurrences).toHaveLength(2)
  })

  it("reads a file's coverage and source core encodes", () => {
    const hits = [new FileViews.LineHits({ line: 1, hits: 2 }), new FileViews.LineHits({ line: 3, hits: 0 })]
    const encodedHits = hits.map((h) => Schema.encodeSync(FileViews.LineHits)(h))
    expect(readFileCoverage(JSON.parse(JSON.stringify({ data: encodedHits })) as unknown, "")).toEqual([{ line: 1, hits: 2 }, { line: 3, hits: 0 }])
    expect(encodedHits.map(typeCheck.lineCoverage)).toHaveLength(2)
    const source = Schema.decodeUnknownSync(FileSourceModule.FileSource)({
      commitSha: "abc", path: "src/a.js", lines: [{ number: 1, text: "let a = b", authorEmail: "ada@example.com" }, { number: 2, text: "" }]
    })
    const encoded = Schema.encodeSync(FileSourceModule.FileSource)(source)
    expect(readFileSource(JSON.parse(JSON.stringify({ data: encoded })) as unknown, "")).toEqual({
      commitSha: "abc", path: "src/a.js",
      lines: [{ number: 1, text: "let a = b", authorEmail: "ada@example.com" }, { number: 2, text: "", authorEmail: undefined }]
    })
    expect(typeCheck.source(encoded).lines).toHaveLength(2)
  })

  it("reads the ignored issues core encodes", () => {
    const ignored = new TriageModule.IgnoredIssue({
      issueId: "0123456789abcdef", reason: "TestCode", comment: "fixture", ignoredByName: "tok1", ignoredTimestamp: "2026-01-02T03:04:05.000Z",
      filePath: "src/a.js", fileId: 3, lineNumber: 4, lineText: "let x = y", message: "'y' is not defined.", language: "JavaScript",
      patternInfo: new IssueViews.PatternDetails({ id: "ESLint9_no-undef", category: "ErrorProne", level: "Error", severityLevel: "Error" }),
      toolInfo: new IssueViews.ToolReference({ uuid: "2a30ab97-477f-4769-8b88-af596ce7a94c", name: "ESLint9" }),
      commitInfo: new IssueViews.CommitReference({ sha: "abc" })
    })
    expect(pageOf(readIgnoredPage, listBody(TriageModule.IgnoredIssue, [ignored]))).toEqual([{
      issueId: "0123456789abcdef", reason: "TestCode", comment: "fixture", ignoredByName: "tok1", ignoredTimestamp: "2026-01-02T03:04:05.000Z",
      filePath: "src/a.js", fileId: 3, lineNumber: 4, lineText: "let x = y", message: "'y' is not defined.",
      patternInfo: { id: "ESLint9_no-undef", title: undefined, category: "ErrorProne", level: "Error" },
      commitInfo: { sha: "abc" }
    }])
    expect(typeCheck.ignored(Schema.encodeSync(TriageModule.IgnoredIssue)(ignored)).lineNumber).toBe(4)
  })

  it("reads the branches core encodes", () => {
    const analysed = new BranchModule.BranchListItem({
      id: 1, name: "main", isDefault: true, isEnabled: true, branchType: "Branch", lastCommit: "abc", lastUpdated: "2026-01-02T03:04:05.000Z",
      lastAnalysedCommit: "abc", lastAnalysed: "2026-01-02T03:05:00.000Z"
    })
    const bare = new BranchModule.BranchListItem({ id: 2, name: "topic/x", isDefault: false, isEnabled: true, branchType: "Branch" })
    expect(pageOf(readBranchPage, listBody(BranchModule.BranchListItem, [analysed, bare]))).toEqual([
      { name: "main", isDefault: true, isEnabled: true, lastCommit: "abc", lastAnalysedCommit: "abc" },
      { name: "topic/x", isDefault: false, isEnabled: true, lastCommit: undefined, lastAnalysedCommit: undefined }
    ])
    expect(typeCheck.branch(Schema.encodeSync(BranchModule.BranchListItem)(bare)).name).toBe("topic/x")
  })
})

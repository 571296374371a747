import { describe, expect, it } from "@effect/vitest"
import {
  Analyses,
  AnalysisQueue,
  AnalysisResultStore,
  AnalysisResults,
  Bodies,
  Branches,
  CoverageUploads,
  Errors,
  FileResultStore,
  Goals,
  Grade,
  IssueResultStore,
  IssueViews,
  LineCoverageStore,
  OrganizationStore,
  Organizations,
  PatternConfiguration,
  Repositories,
  RepositoryAnalysis,
  RepositoryIssues,
  RepositoryStore,
  SarifImports,
  ToolConfiguration
} from "@tidemark/core"
import { Effect, Option, Ref, TestClock } from "effect"
import { developHead, mainHead } from "./fixtures/FakeGitReader.js"
import { AnalysedLanguages, AnalyzerDefect, Calls, drain, fileRow, withWorker } from "./fixtures/FakeAnalysis.js"
import { lintAUuid } from "./fixtures/TestCatalogue.js"
import { acme, addRepository, adminCaller, callerWith, repo } from "./fixtures/TestLayer.js"

const get = (name: string, branch?: string) =>
  Effect.flatMap(RepositoryAnalysis.RepositoryAnalysis, (analysis) => analysis.get(adminCaller, repo(name), branch))

const reanalyze = (name: string, branch?: string, caller = adminCaller) =>
  Effect.flatMap(Analyses.Analyses, (analyses) => analyses.request(caller, repo(name), branch))

describe("analysis jobs", () => {
  it.effect("adding a repository queues an analysis of its default branch; the worker's result shows in get and list", () =>
    withWorker(Effect.gen(function*() {
      yield* addRepository("widgets")
      const before = yield* get("widgets")
      expect(before.lastAnalysedCommit).toBeUndefined()
      expect(before.loc).toBeUndefined()

      yield* drain
      const after = yield* get("widgets")
      expect(after.lastAnalysedCommit?.sha).toBe(mainHead.sha)
      expect(after.lastAnalysedCommit?.authorName).toBe(mainHead.authorName)
      expect(after.lastAnalysedCommit?.isMergeCommit).toBe(false)
      const started = after.lastAnalysedCommit?.startedAnalysis ?? ""
      expect(started <= (after.lastAnalysedCommit?.endedAnalysis ?? "")).toBe(true)
      expect(after.loc).toBe(10_000)
      expect(after.complexFilesCount).toBe(2)
      expect(after.complexFilesPercentage).toBe(5)
      expect(after.duplicationPercentage).toBe(12)
      expect(after.issuesPercentage).toBe(30)
      // The grade is the core's formula over the measures and the repository's goals.
      const expected = Grade.gradeOf({ issuesPercentage: 30, complexFilesPercentage: 5, duplicationPercentage: 12 }, Goals.Goals.defaults)
      expect([after.grade, after.gradeLetter]).toEqual([expected.grade, expected.gradeLetter])
      expect(after.repository.problems).toEqual([])
      expect(after.repository.stack?.stackTags).toEqual(["language:typescript", "language:javascript", "tool:eslint"])
      expect(after.repository.stack?.commitUuid).toBe(mainHead.sha)

      const page = yield* Effect.flatMap(RepositoryAnalysis.RepositoryAnalysis, (analysis) => analysis.list(adminCaller, acme, {}))
      expect(page.items.map((r) => [r.repository.name, r.loc, r.lastAnalysedCommit?.sha])).toEqual([
        ["widgets", 10_000, mainHead.sha]
      ])
    })))

  it.effect("changed goals change the grade of the stored analysis at once; the next analysis gets them", () =>
    withWorker(Effect.gen(function*() {
      yield* addRepository("widgets")
      yield* drain
      const before = yield* get("widgets")
      const goals = yield* Effect.flatMap(Repositories.Repositories, (r) =>
        r.setGoals(adminCaller, repo("widgets"), new Bodies.UpdateGoalsBody({ maxIssuePercentage: 40, fileComplexityValueThreshold: 30 })))
      expect(goals).toEqual(new Goals.Goals({ ...Goals.Goals.defaults, maxIssuePercentage: 40, fileComplexityValueThreshold: 30 }))
      const after = yield* get("widgets")
      expect(after.goals).toEqual(goals)
      // Issues at 30 % failed the goal of 20 and meet the goal of 40.
      expect(after.grade).toBe(Grade.gradeOf({ issuesPercentage: 30, complexFilesPercentage: 5, duplicationPercentage: 12 }, goals).grade)
      expect(after.grade).toBeGreaterThan(before.grade ?? 100)

      yield* reanalyze("widgets")
      yield* drain
      const calls = yield* Effect.flatMap(Calls, Ref.get)
      expect(calls.at(-1)?.settings.goals.fileComplexityValueThreshold).toBe(30)
      const reader = yield* callerWith("read")
      expect(yield* Effect.flip(Effect.flatMap(Repositories.Repositories, (r) =>
        r.setGoals(reader, repo("widgets"), new Bodies.UpdateGoalsBody({ maxIssuePercentage: 1 }))))).toBeInstanceOf(Errors.PermissionDenied)
    })))

  it.effect("matchesStack compares patterns with the analysed languages once there is an analysis", () =>
    withWorker(Effect.gen(function*() {
      yield* addRepository("widgets")
      const matching = Effect.flatMap(PatternConfiguration.PatternConfiguration, (p) =>
        p.list(adminCaller, repo("widgets"), lintAUuid, { matchesStack: true })).pipe(
          Effect.map((page) => page.data.map((c) => c.patternDefinition.id))
        )
      // Before any analysis: the languages of the file names (TypeScript, JavaScript, JSON, Markdown).
      const before = yield* matching
      expect(before).not.toContain("LintA_py-compat")
      yield* Effect.flatMap(AnalysedLanguages, (languages) => Ref.set(languages, ["Python"]))
      yield* drain
      const after = yield* matching
      expect(after).toContain("LintA_py-compat")
      expect(after).not.toContain("LintA_jsdoc")
    })))

  it.effect("the analyzer gets the repository's goals and its enabled server-side tools with their enabled patterns", () =>
    withWorker(Effect.gen(function*() {
      yield* addRepository("widgets")
      yield* drain
      const [call] = yield* Effect.flatMap(Calls, Ref.get)
      expect(call?.root).toBe(`/checkouts/${mainHead.sha}`)
      expect(call?.settings.goals.fileComplexityValueThreshold).toBe(20)
      expect(call?.settings.tools.map((t) => [t.name, t.usesConfigurationFile, t.patterns.map((p) => p.id)])).toEqual([
        ["LintA", false, ["LintA_no-eval", "LintA_no-unused-vars", "LintA_py-compat"]]
      ])
    })))

  it.effect("the configuration file is used only while the organization allows it; withdrawn, the patterns run and a problem says so", () =>
    withWorker(Effect.gen(function*() {
      yield* addRepository("widgets")
      yield* drain
      const organizations = yield* Organizations.Organizations
      yield* organizations.updateSettings(adminCaller, acme, { allowConfigurationFiles: true })
      yield* Effect.flatMap(ToolConfiguration.ToolConfiguration, (tools) =>
        tools.configureTool(adminCaller, repo("widgets"), lintAUuid, new Bodies.ConfigureToolBody({ useConfigurationFile: true })))
      yield* reanalyze("widgets")
      yield* drain
      const allowed = yield* Effect.flatMap(Calls, Ref.get)
      expect(allowed.at(-1)?.settings.tools.map((t) => [t.name, t.usesConfigurationFile])).toEqual([["LintA", true]])
      expect((yield* get("widgets")).repository.problems).toEqual([])

      yield* organizations.updateSettings(adminCaller, acme, { allowConfigurationFiles: false })
      yield* reanalyze("widgets")
      yield* drain
      const withdrawn = yield* Effect.flatMap(Calls, Ref.get)
      expect(withdrawn.at(-1)?.settings.tools.map((t) => [t.name, t.usesConfigurationFile])).toEqual([["LintA", false]])
      const shown = yield* get("widgets")
      expect(shown.repository.problems.map((p) => [p.code, p.severity])).toEqual([["configuration_file_not_allowed", "some_analysis"]])
      // The numbers are still measured: only the configuration file was refused.
      expect(shown.loc).toBe(10_000)
    })))

  it.effect("reanalyze analyses another branch; its analysis is shown for that branch only", () =>
    withWorker(Effect.gen(function*() {
      yield* addRepository("widgets")
      yield* drain
      yield* Effect.flatMap(ToolConfiguration.ToolConfiguration, (tools) =>
        tools.configureTool(adminCaller, repo("widgets"), lintAUuid, new Bodies.ConfigureToolBody({ enabled: false })))
      const queued = yield* reanalyze("widgets", "main")
      expect([queued.branch, queued.commitSha]).toEqual(["main", mainHead.sha])
      yield* drain
      // With no tool enabled, issues are not measured: the repository says so.
      const main = yield* get("widgets")
      expect(main.repository.problems.map((p) => p.code)).toEqual(["no_enabled_tools"])
      expect(main.issuesCount).toBe(0)
      const develop = yield* get("widgets", "develop")
      expect(develop.lastAnalysedCommit).toBeUndefined()
    })))

  it.effect("each issue, file and clone of an analysis is stored with it, counted as shown; older analyses' rows are pruned", () =>
    withWorker(Effect.gen(function*() {
      yield* addRepository("widgets")
      const repositories = yield* RepositoryStore.RepositoryStore
      const organizations = yield* OrganizationStore.OrganizationStore
      const organization = yield* organizations.findOrganization("gh", acme.organization)
      const repository = yield* repositories.findRepository(Option.getOrThrow(organization).id, "widgets")
      const repositoryId = Option.getOrThrow(repository).id
      const results = { ...(yield* AnalysisResultStore.AnalysisResultStore), ...(yield* FileResultStore.FileResultStore), ...(yield* IssueResultStore.IssueResultStore) }
      // Rows of an older analysis of main, as an earlier run would have left them.
      const stale = { repositoryId, branch: "main", commitSha: "a0" }
      yield* results.save(stale, AnalysisResults.AnalysisResults.make({ files: [fileRow("src/old.ts", 0)], issues: [], clones: [] }))
      expect((yield* results.files(stale, { sort: "filename", direction: "asc" }, { after: undefined, limit: 1 })).total).toBe(1)
      yield* drain

      const key = { repositoryId, branch: "main", commitSha: mainHead.sha }
      const page = yield* results.issues(key, {}, { after: undefined, limit: 100 })
      const shown = yield* get("widgets")
      expect(page.total).toBe(shown.issuesCount)
      expect(page.total).toBe(3)
      expect(page.items.map(({ issue }) => [issue.filePath, issue.line, issue.category])).toEqual([
        // The categories of the test catalogue's enabled patterns, carried to their issues.
        ["src/app.ts", 1, "Security"],
        ["src/app.ts", 2, "UnusedCode"],
        ["src/app.ts", 3, "Compatibility"]
      ])
      // Each issue has its identity: ids differ, and the same finding gets the same id again.
      expect(new Set(page.items.map(({ issue }) => issue.issueId)).size).toBe(3)
      expect((yield* results.files(key, { sort: "filename", direction: "asc" }, { after: undefined, limit: 100 })).items
        .map(({ file }) => [file.path, file.totalIssues])).toEqual([["src/app.ts", 3]])
      yield* reanalyze("widgets", "main")
      yield* drain
      const again = yield* results.issues(key, {}, { after: undefined, limit: 100 })
      expect(again.items.map(({ issue }) => issue.issueId)).toEqual(page.items.map(({ issue }) => issue.issueId))

      // Only the latest analysis of each branch keeps its rows.
      expect((yield* results.files(stale, { sort: "filename", direction: "asc" }, { after: undefined, limit: 1 })).total).toBe(0)
      expect((yield* results.issueCounts(key, {})).levels).toEqual([{ name: "Error", total: 3 }])
    })))

  it.effect("searchRepositoryIssues, issuesOverview and getIssue read the rows of the branch's latest analysis", () =>
    withWorker(Effect.gen(function*() {
      yield* addRepository("widgets")
      const issues = yield* RepositoryIssues.RepositoryIssues
      const all = new IssueViews.SearchRepositoryIssuesBody({})
      // Before the first analysis: nothing to list, nothing counted.
      expect((yield* issues.search(adminCaller, repo("widgets"), all)).pagination.total).toBe(0)
      yield* drain

      const caller = adminCaller
      const listed = yield* issues.search(caller, repo("widgets"), all)
      expect(listed.pagination.total).toBe((yield* get("widgets")).issuesCount)
      expect(listed.items.map((i) => [i.filePath, i.lineNumber, i.patternInfo.category, i.patternInfo.severityLevel, i.toolInfo.uuid]))
        .toEqual([
          ["src/app.ts", 1, "Security", "Error", lintAUuid],
          ["src/app.ts", 2, "UnusedCode", "Error", lintAUuid],
          ["src/app.ts", 3, "Compatibility", "Error", lintAUuid]
        ])
      expect(listed.items[0]?.commitInfo?.sha).toBe(mainHead.sha)
      expect(listed.items[0]?.falsePositiveThreshold).toBe(100)

      const first = yield* issues.search(caller, repo("widgets"), all, undefined, 2)
      expect(first.items).toHaveLength(2)
      const rest = yield* issues.search(caller, repo("widgets"), all, first.pagination.cursor, 2)
      expect(rest.items.map((i) => i.lineNumber)).toEqual([3])
      expect(rest.pagination.cursor).toBeUndefined()

      const security = yield* issues.search(caller, repo("widgets"), new IssueViews.SearchRepositoryIssuesBody({ categories: ["Security"] }))
      expect(security.items.map((i) => i.lineNumber)).toEqual([1])
      expect((yield* issues.search(caller, repo("widgets"), new IssueViews.SearchRepositoryIssuesBody({ tags: ["react"] }))).pagination.total).toBe(0)

      const overview = yield* issues.overview(caller, repo("widgets"), all)
      expect(overview.counts.levels.map((c) => [c.name, c.total])).toEqual([["Error", 3]])
      expect(overview.counts.categories.reduce((sum, c) => sum + c.total, 0)).toBe(listed.pagination.total)
      expect(overview.counts.tags).toEqual([])

      const one = listed.items[1]!
      expect(yield* issues.issue(caller, repo("widgets"), one.resultDataId)).toStrictEqual(one)
      expect(yield* Effect.flip(issues.issue(caller, repo("widgets"), 42))).toBeInstanceOf(Errors.NotFound)
      expect(yield* Effect.flip(issues.search(caller, repo("widgets"), new IssueViews.SearchRepositoryIssuesBody({ branchName: "nope" }))))
        .toBeInstanceOf(Errors.NotFound)
    })))

  it.effect("a commit that cannot be fetched is a failed_to_clone problem, and the analysis shows no numbers", () =>
    withWorker(Effect.gen(function*() {
      yield* addRepository("widgets")
      yield* reanalyze("widgets", "develop")
      yield* drain
      const develop = yield* get("widgets", "develop")
      expect(develop.lastAnalysedCommit?.sha).toBe(developHead.sha)
      expect(develop.loc).toBeUndefined()
      expect(develop.grade).toBeUndefined()
      expect(develop.repository.problems.map((p) => [p.code, p.severity])).toEqual([["failed_to_clone", "all_analysis"]])
      // Not what git said (it could quote whatever answered at the repository's address).
      expect(develop.repository.problems[0]?.message).toBe(Repositories.couldNotClone("https://github.com/acme/widgets.git"))
    })))

  it.effect("an analysis that fails is an analysis_failed problem", () =>
    withWorker(Effect.gen(function*() {
      yield* addRepository("widgets")
      yield* reanalyze("widgets", "feature/login")
      yield* drain
      const feature = yield* get("widgets", "feature/login")
      expect(feature.repository.problems.map((p) => p.code)).toEqual(["analysis_failed"])
      // Paths read as the repository's: the server's checkout directory is not shown.
      expect(feature.repository.problems[0]?.message).toBe("analysis failed: the parser ran out of memory in src/big.ts (under .)")
    })))

  it.effect("an analyser that throws (a parser's stack overflow) fails that analysis; the worker goes on with the next job", () =>
    withWorker(Effect.gen(function*() {
      yield* Ref.set(yield* AnalyzerDefect, new RangeError("Maximum call stack size exceeded"))
      yield* addRepository("widgets")
      yield* drain
      const broken = yield* get("widgets")
      expect(broken.lastAnalysedCommit?.sha).toBe(mainHead.sha)
      expect(broken.loc).toBeUndefined()
      expect(broken.repository.problems.map((p) => [p.code, p.severity])).toEqual([["analysis_failed", "all_analysis"]])
      expect(broken.repository.problems[0]?.message).toBe(
        "The analyser failed unexpectedly: RangeError: Maximum call stack size exceeded"
      )
      const queue = yield* AnalysisQueue.AnalysisQueue
      expect(yield* queue.deadLetters(10)).toEqual([])
      // The same worker analyses the next job.
      yield* Ref.set(yield* AnalyzerDefect, undefined)
      yield* reanalyze("widgets")
      yield* drain
      expect((yield* get("widgets")).loc).toBe(10_000)
    })))

  it.effect("a job handed out three times without being settled is recorded as stopping the analyser, never analysed again", () =>
    withWorker(Effect.gen(function*() {
      yield* addRepository("widgets")
      const queue = yield* AnalysisQueue.AnalysisQueue
      // Three workers took the job and died before settling it: each time it came back after the visibility time.
      for (let i = 0; i < 3; i++) {
        expect((yield* queue.pull(1, "0 millis")).map((d) => d.attempt)).toEqual([i + 1])
        yield* TestClock.adjust("11 minutes")
      }
      yield* drain
      expect(yield* Ref.get(yield* Calls)).toEqual([])
      const stopped = yield* get("widgets")
      expect(stopped.lastAnalysedCommit?.sha).toBe(mainHead.sha)
      expect(stopped.loc).toBeUndefined()
      expect(stopped.repository.problems.map((p) => [p.code, p.severity, p.message])).toEqual([[
        "analysis_stopped",
        "all_analysis",
        "This commit stopped the analyser 3 times (its process ended or froze before the analysis finished): it is not analysed again"
      ]])
      yield* TestClock.adjust("11 minutes")
      expect(yield* queue.pull(1, "0 millis")).toEqual([])
    })))

  it.effect("reanalyze needs write permission and an enabled branch", () =>
    withWorker(Effect.gen(function*() {
      yield* addRepository("widgets")
      const reader = yield* callerWith("read")
      expect(yield* Effect.flip(reanalyze("widgets", undefined, reader))).toBeInstanceOf(Errors.PermissionDenied)
      expect(yield* Effect.flip(reanalyze("widgets", "nope"))).toBeInstanceOf(Errors.NotFound)
      expect(yield* Effect.flip(reanalyze("missing"))).toBeInstanceOf(Errors.NotFound)
    })))

  it.effect("a job of a branch disabled since it was queued is acknowledged and not analysed", () =>
    withWorker(Effect.gen(function*() {
      yield* addRepository("widgets")
      yield* drain
      yield* reanalyze("widgets", "develop")
      yield* Effect.flatMap(Branches.Branches, (branches) => branches.configure(adminCaller, repo("widgets"), "develop", false))
      yield* drain
      const listed = yield* Effect.flatMap(Branches.Branches, (branches) => branches.list(adminCaller, repo("widgets"), { search: "develop" }))
      expect(listed.items.map((b) => [b.name, b.isEnabled, b.lastAnalysedCommit])).toEqual([["develop", false, undefined]])
      expect(yield* Effect.flatMap(AnalysisQueue.AnalysisQueue, (queue) => queue.deadLetters(10))).toEqual([])
    })))

  it.effect("a job whose repository is gone is acknowledged and dropped", () =>
    withWorker(Effect.gen(function*() {
      const queue = yield* AnalysisQueue.AnalysisQueue
      yield* queue.publish("orphan", JSON.stringify({
        organizationId: 999,
        repositoryName: "gone",
        branch: "main",
        commitSha: mainHead.sha,
        requestedAt: "2024-05-01T00:00:00.000Z"
      }))
      yield* drain
      expect(yield* queue.pull(1, "0 millis")).toEqual([])
      expect(yield* queue.deadLetters(10)).toEqual([])
    })))

  it.effect("an undecodable job goes to the dead letters", () =>
    withWorker(Effect.gen(function*() {
      const queue = yield* AnalysisQueue.AnalysisQueue
      yield* queue.publish("garbage", "{not json")
      yield* drain
      const [dead] = yield* queue.deadLetters(10)
      expect(dead?.id).toBe("garbage")
      expect(dead?.reason).toContain("undecodable analysis job")
    })))

  describe("coverage uploads", () => {
    const upload = (commitSha: string, report: string, caller = adminCaller) =>
      Effect.flatMap(CoverageUploads.CoverageUploads, (uploads) => uploads.upload(caller, repo("widgets"), { commitSha, format: "lcov", report }))

    it.effect("a report of the analysed commit shows as UpToDate coverage, and the grade counts it", () =>
      withWorker(Effect.gen(function*() {
        yield* addRepository("widgets")
        yield* drain
        const before = yield* get("widgets")
        // 3 of 4 and 0 of 2 lines: 50 % in all; one file uncovered, and below the 60 % goal.
        const answered = yield* upload(mainHead.sha, "src/app.ts 3/4\nsrc/util.ts 0/2")
        const after = yield* get("widgets")
        expect(after.coverage).toEqual(answered)
        expect(after.coverage).toMatchObject({
          coveragePercentage: 50,
          coveragePercentageWithDecimals: 50,
          numberTotalFiles: 2,
          numberCoveredLines: 3,
          numberCoverableLines: 6,
          filesUncovered: 1,
          filesWithLowCoverage: 1,
          status: "UpToDate",
          lastCommitWithCoverage: mainHead.sha
        })
        const withCoverage = Grade.gradeOf(
          { issuesPercentage: 30, complexFilesPercentage: 5, duplicationPercentage: 12, coveragePercentage: 50 },
          Goals.Goals.defaults
        )
        expect(after.grade).toBe(withCoverage.grade)
        expect(after.grade).not.toBe(before.grade)

        // A new report of the same commit replaces the old one.
        yield* upload(mainHead.sha, "src/app.ts 4/4")
        expect((yield* get("widgets")).coverage?.coveragePercentage).toBe(100)
      })))

    it.effect("a report of another commit is not shown with this one; before any analysis, the head's is", () =>
      withWorker(Effect.gen(function*() {
        yield* addRepository("widgets")
        yield* upload(mainHead.sha, "src/app.ts 1/2")
        // Not analysed yet: the branch's head is the commit shown, and it has a report.
        const early = yield* get("widgets")
        expect(early.lastAnalysedCommit).toBeUndefined()
        expect(early.coverage?.coveragePercentage).toBe(50)
        expect(early.grade).toBeUndefined()
        yield* upload(developHead.sha, "src/app.ts 2/2")
        const develop = yield* get("widgets", "develop")
        expect(develop.coverage?.lastCommitWithCoverage).toBe(developHead.sha)
        const feature = yield* get("widgets", "feature/login")
        expect(feature.coverage).toBeUndefined()
      })))

    it.effect("files the analysed configuration leaves out of coverage do not count, uploaded before the analysis or after", () =>
      withWorker(Effect.gen(function*() {
        yield* addRepository("widgets")
        // Before the analysis the configuration file is not known: every file counts.
        const early = yield* upload(mainHead.sha, "src/app.ts 3/4\nsrc/generated.ts 0/6")
        expect(early).toMatchObject({ numberTotalFiles: 2, numberCoverableLines: 10 })
        yield* drain
        expect((yield* get("widgets")).coverage).toMatchObject({
          numberTotalFiles: 1,
          numberCoveredLines: 3,
          numberCoverableLines: 4,
          coveragePercentage: 75,
          filesUncovered: 0
        })
        const repositories = yield* RepositoryStore.RepositoryStore
        const organizations = yield* OrganizationStore.OrganizationStore
        const organization = yield* organizations.findOrganization("gh", acme.organization)
        const repository = yield* repositories.findRepository(Option.getOrThrow(organization).id, "widgets")
        const commit = { repositoryId: Option.getOrThrow(repository).id, commitSha: mainHead.sha }
        const results = yield* LineCoverageStore.LineCoverageStore
        expect(yield* results.fileCoverage(commit, "src/generated.ts")).toEqual(Option.none())
        expect(Option.map(yield* results.fileCoverage(commit, "src/app.ts"), (file) => file.coverableLines)).toEqual(Option.some(4))

        // After the analysis: the upload leaves the file out at once.
        const later = yield* upload(mainHead.sha, "src/app.ts 4/4\nsrc/generated.ts 0/6")
        expect(later).toMatchObject({ numberTotalFiles: 1, coveragePercentage: 100 })
        expect(yield* results.fileCoverage(commit, "src/generated.ts")).toEqual(Option.none())
      })))

    it.effect("refuses a short commit id, an unreadable report, and a token that may not write", () =>
      withWorker(Effect.gen(function*() {
        yield* addRepository("widgets")
        const short = yield* Effect.flip(upload(mainHead.sha.slice(0, 7), "src/app.ts 1/2"))
        expect(short).toBeInstanceOf(Errors.InvalidInput)
        expect(short.message).toContain("commitSha")
        const unreadable = yield* Effect.flip(upload(mainHead.sha, "not a report"))
        expect(unreadable).toBeInstanceOf(Errors.InvalidInput)
        expect(unreadable.message).toBe("report: line 1 is not '<path> <covered>/<coverable>'")
        const reader = yield* callerWith("read")
        expect(yield* Effect.flip(upload(mainHead.sha, "src/app.ts 1/2", reader))).toBeInstanceOf(Errors.PermissionDenied)
        expect((yield* get("widgets")).coverage).toBeUndefined()
      })))
  })

  describe("SARIF imports", () => {
    const importLog = (commitSha: string, sarif: string, caller = adminCaller) =>
      Effect.flatMap(SarifImports.SarifImports, (imports) => imports.importLog(caller, repo("widgets"), { commitSha, sarif }))
    const log = (results: ReadonlyArray<{ readonly tool: string; readonly severity: string }>, tools = ["semgrep", "trivy"]) =>
      JSON.stringify({ tools, results })

    it.effect("a log's results add to the analysed commit's issues, per tool; a tool's new log replaces its results", () =>
      withWorker(Effect.gen(function*() {
        yield* addRepository("widgets")
        yield* drain
        const answered = yield* importLog(mainHead.sha, log([
          { tool: "semgrep", severity: "Warning" },
          { tool: "semgrep", severity: "Warning" },
          { tool: "semgrep", severity: "Info" }
        ]))
        expect(answered).toEqual([{ tool: "semgrep", issuesCount: 3 }, { tool: "trivy", issuesCount: 0 }])
        const after = yield* get("widgets")
        // 3 Errors of the analysis (30 units) + 2 Warnings and 1 Info (11 units) in 10 000 lines.
        expect(after.issuesCount).toBe(6)
        expect(after.issuesPercentage).toBe(41)
        expect(after.grade).toBe(Grade.gradeOf({ issuesPercentage: 41, complexFilesPercentage: 5, duplicationPercentage: 12 }, Goals.Goals.defaults).grade)

        yield* importLog(mainHead.sha, log([], ["semgrep"]))
        const cleared = yield* get("widgets")
        expect([cleared.issuesCount, cleared.issuesPercentage]).toEqual([3, 30])
        // Another commit's results are not this one's.
        yield* importLog(developHead.sha, log([{ tool: "semgrep", severity: "Error" }]))
        expect((yield* get("widgets")).issuesCount).toBe(3)
      })))

    it.effect("refuses a short commit id, an unreadable log, and a token that may not write", () =>
      withWorker(Effect.gen(function*() {
        yield* addRepository("widgets")
        expect((yield* Effect.flip(importLog("abc", log([])))).message).toContain("commitSha")
        expect((yield* Effect.flip(importLog(mainHead.sha, "{}"))).message).toBe("sarif: not a test log")
        const reader = yield* callerWith("read")
        expect(yield* Effect.flip(importLog(mainHead.sha, log([]), reader))).toBeInstanceOf(Errors.PermissionDenied)
      })))
  })
})

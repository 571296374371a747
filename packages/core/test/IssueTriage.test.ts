import { describe, expect, it } from "@effect/vitest"
import { Errors, IssueTriage, IssueViews, RepositoryAnalysis, RepositoryFiles, RepositoryIssues, Triage } from "@tidemark/core"
import type { Principal } from "@tidemark/core"
import { Effect, type Option } from "effect"
import { drain, withWorker } from "./fixtures/FakeAnalysis.js"
import { mainHead } from "./fixtures/FakeGitReader.js"
import { addRepository, adminCaller, anonymous, callerWith, issueToken, repo } from "./fixtures/TestLayer.js"

const widgets = repo("widgets")
const everything = new IssueViews.SearchRepositoryIssuesBody({})

type Caller = Option.Option<Principal.Principal>

/** widgets with main's head analysed by the fake analyzer: three Error issues in src/app.ts. */
const analysed = Effect.gen(function*() {
  yield* addRepository("widgets")
  yield* drain
  const issues = yield* Effect.flatMap(RepositoryIssues.RepositoryIssues, (r) => r.search(adminCaller, widgets, everything))
  expect(issues.items).toHaveLength(3)
  return issues.items
})

const shownIssues = Effect.flatMap(RepositoryIssues.RepositoryIssues, (r) => r.search(adminCaller, widgets, everything))
const shownIds = Effect.map(shownIssues, (page) => page.items.map((i) => i.issueId))
const ignored = Effect.flatMap(IssueTriage.IssueTriage, (t) => t.searchIgnored(adminCaller, widgets, everything))
const repositoryView = Effect.flatMap(RepositoryAnalysis.RepositoryAnalysis, (r) => r.get(adminCaller, widgets, undefined))
const listedView = Effect.flatMap(
  RepositoryAnalysis.RepositoryAnalysis,
  (r) => Effect.map(r.list(adminCaller, { provider: "gh", organization: "acme" }, {}), (page) => page.items[0])
)

/** src/app.ts as listFiles and getFileWithAnalysis show it, and the issues getFileIssues lists in it. */
const appFile = Effect.gen(function*() {
  const files = yield* RepositoryFiles.RepositoryFiles
  const [listed] = (yield* files.list(adminCaller, widgets, {})).items
  const one = yield* files.get(adminCaller, widgets, listed?.fileId ?? 0)
  const fileIssues = yield* files.fileIssues(adminCaller, widgets, listed?.fileId ?? 0, {})
  return { listed: listed?.totalIssues, one: one.quality?.totalIssues, ignored: one.file.ignored, issues: fileIssues.pagination.total }
})

const setState = (caller: Caller, issueId: string, body: ConstructorParameters<typeof Triage.IssueStateBody>[0]) =>
  Effect.flatMap(IssueTriage.IssueTriage, (t) => t.updateIssueState(caller, widgets, issueId, new Triage.IssueStateBody(body)))

const setFile = (caller: Caller, filepath: string, isIgnored: boolean) =>
  Effect.flatMap(IssueTriage.IssueTriage, (t) => t.updateFileState(caller, widgets, new Triage.FileStateBody({ filepath, ignored: isIgnored })))

describe("IssueTriage: one issue", () => {
  it.effect("an ignored issue leaves the search, the overview, the counts and the grade, and is listed as ignored: who, when, why, the commit", () =>
    withWorker(Effect.gen(function*() {
      const issues = yield* analysed
      const before = yield* repositoryView
      const [first, second] = issues
      const { caller, issued } = yield* issueToken("write")
      yield* setState(caller, first?.issueId ?? "", { ignored: true, reason: "TestCode", comment: "a fixture" })

      expect(yield* shownIds).toEqual(issues.slice(1).map((i) => i.issueId))
      const overview = yield* Effect.flatMap(RepositoryIssues.RepositoryIssues, (r) => r.overview(adminCaller, widgets, everything))
      expect(overview.counts.levels).toEqual([IssueViews.Count.make({ name: "Error", total: 2 })])
      const after = yield* repositoryView
      expect([before.issuesCount, after.issuesCount]).toEqual([3, 2])
      // 3 Error issues in 10 000 lines are 30 cost units against 100: 30 %; 2 of them 20 %.
      expect([before.issuesPercentage, after.issuesPercentage]).toEqual([30, 20])
      expect(after.grade ?? 0).toBeGreaterThan(before.grade ?? 0)
      const listed = yield* listedView
      expect([listed?.issuesCount, listed?.grade]).toEqual([after.issuesCount, after.grade])
      expect(yield* appFile).toEqual({ listed: 2, one: 2, ignored: false, issues: 2 })

      const list = yield* ignored
      expect(list.pagination.total).toBe(1)
      expect(list.items[0]).toMatchObject({
        issueId: first?.issueId,
        reason: "TestCode",
        comment: "a fixture",
        ignoredByName: issued.credential.id,
        filePath: "src/app.ts",
        lineNumber: first?.lineNumber,
        message: first?.message,
        patternInfo: first?.patternInfo,
        commitInfo: { sha: mainHead.sha }
      })
      expect(Date.parse(list.items[0]?.ignoredTimestamp ?? "")).not.toBeNaN()

      // The issue can be asked for by its resultDataId too; un-ignored, it counts again.
      yield* setState(caller, String(second?.resultDataId), { ignored: true })
      expect((yield* ignored).items.map((i) => [i.issueId, i.reason])).toEqual([[first?.issueId, "TestCode"], [second?.issueId, undefined]].sort())
      yield* setState(caller, first?.issueId ?? "", { ignored: false })
      yield* setState(caller, String(second?.resultDataId), { ignored: false })
      expect(yield* shownIds).toEqual(issues.map((i) => i.issueId))
      expect((yield* repositoryView).grade).toBe(before.grade)
      expect((yield* ignored).items).toEqual([])
      // Un-ignoring an issue that is listed and not ignored changes nothing.
      yield* setState(caller, first?.issueId ?? "", { ignored: false })
    })))

  it.effect("needs the write permission; an unknown issue is not found, ignored or un-ignored", () =>
    withWorker(Effect.gen(function*() {
      const [first] = yield* analysed
      const reader = yield* callerWith("read")
      expect(yield* Effect.flip(setState(reader, first?.issueId ?? "", { ignored: true }))).toBeInstanceOf(Errors.PermissionDenied)
      expect(yield* Effect.flip(setState(anonymous, first?.issueId ?? "", { ignored: true }))).toBeInstanceOf(Errors.Unauthenticated)
      const writer = yield* callerWith("write")
      for (const id of ["0123456789abcdef", "12", "not an id", ""]) {
        expect(yield* Effect.flip(setState(writer, id, { ignored: true }))).toEqual(new Errors.NotFound({ what: "issue", id }))
        expect(yield* Effect.flip(setState(writer, id, { ignored: false }))).toEqual(new Errors.NotFound({ what: "issue", id }))
      }
      expect((yield* ignored).items).toEqual([])
    })))
})

describe("IssueTriage: in bulk and as false positives", () => {
  it.effect("ignores every issue named or none; a false positive once", () =>
    withWorker(Effect.gen(function*() {
      const [first, second, third] = yield* analysed
      const writer = yield* callerWith("write")
      const triage = yield* IssueTriage.IssueTriage
      const bulk = (issueIds: ReadonlyArray<string>) =>
        triage.bulkIgnore(writer, widgets, new Triage.BulkIgnoreIssuesBody({ issueIds, reason: "ExternalCode", comment: "vendored" }))
      expect(yield* Effect.flip(bulk([first?.issueId ?? "", "ffffffffffffffff"]))).toEqual(new Errors.NotFound({ what: "issue", id: "ffffffffffffffff" }))
      expect((yield* ignored).items).toEqual([])
      yield* bulk([first?.issueId ?? "", second?.issueId ?? "", first?.issueId ?? ""])
      expect((yield* ignored).items.map((i) => [i.reason, i.comment])).toEqual([["ExternalCode", "vendored"], ["ExternalCode", "vendored"]])
      expect(yield* shownIds).toEqual([third?.issueId])

      yield* triage.ignoreFalsePositive(writer, widgets, third?.issueId ?? "")
      expect((yield* ignored).items.find((i) => i.issueId === third?.issueId)?.reason).toBe("FalsePositive")
      expect(yield* Effect.flip(triage.ignoreFalsePositive(writer, widgets, third?.issueId ?? ""))).toBeInstanceOf(Errors.ConfigurationConflict)
      expect(yield* Effect.flip(triage.ignoreFalsePositive(yield* callerWith("read"), widgets, third?.issueId ?? ""))).toBeInstanceOf(
        Errors.PermissionDenied
      )
      expect((yield* shownIssues).pagination.total).toBe(0)
      expect((yield* repositoryView).issuesCount).toBe(0)
    })))
})

describe("IssueTriage: files", () => {
  it.effect("an ignored file's issues leave every count and are listed as ignored; an unknown file is not found", () =>
    withWorker(Effect.gen(function*() {
      const issues = yield* analysed
      const { caller, issued } = yield* issueToken("write")
      yield* setFile(caller, "src/app.ts", true)
      expect((yield* shownIssues).pagination.total).toBe(0)
      expect((yield* repositoryView).issuesCount).toBe(0)
      expect(yield* appFile).toEqual({ listed: 0, one: 0, ignored: true, issues: 0 })
      const list = yield* ignored
      expect(list.items.map((i) => [i.issueId, i.ignoredByName, i.reason])).toEqual(issues.map((i) => [i.issueId, issued.credential.id, undefined]))
      expect(yield* Effect.flip(setFile(caller, "src/none.ts", true))).toEqual(new Errors.NotFound({ what: "file", id: "src/none.ts" }))
      expect(yield* Effect.flip(setFile(caller, "src/none.ts", false))).toEqual(new Errors.NotFound({ what: "file", id: "src/none.ts" }))
      expect(yield* Effect.flip(setFile(yield* callerWith("read"), "src/app.ts", false))).toBeInstanceOf(Errors.PermissionDenied)
      yield* setFile(caller, "src/app.ts", false)
      expect((yield* repositoryView).issuesCount).toBe(3)
      expect(yield* appFile).toEqual({ listed: 3, one: 3, ignored: false, issues: 3 })
      expect((yield* ignored).items).toEqual([])
    })))
})

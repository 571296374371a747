import { describe, expect, it } from "@effect/vitest"
import { ChangeAnalysis, ChangeViews, CommitReads, Errors, QualityGate, QualitySettings } from "@tidemark/core"
import { Effect } from "effect"
import { developHead, mainHead } from "./fixtures/FakeGitReader.js"
import { undefinedNameAt } from "./fixtures/Issues.js"
import {
  addedRecord,
  checkoutFailed,
  commitNamed,
  linesOf,
  measuresWith,
  minute,
  saveAnalysis,
  saveChange,
  saveCoverage,
  sha,
  storedCommit,
  touched
} from "./fixtures/StoredCommitAnalyses.js"
import { adminCaller, anonymous, callerWith, repo, withServices } from "./fixtures/TestLayer.js"

const app = repo("app")
const parent = sha("a0")

/**
 * main analysed a0 (its first analysis: no change), then its head (stored by the repository: added 2
 * Error issues, fixed 1; covered 2 of 3 lines against a0's 3 of 4, so -8.33 points), then a2, whose
 * analysis failed. develop's head is stored but not analysed.
 */
const setUp = Effect.gen(function*() {
  const { id } = yield* addedRecord("app")
  yield* saveAnalysis(id, "main", commitNamed("a0", 1), 10, { measures: measuresWith(0) })
  yield* saveAnalysis(id, "main", yield* storedCommit(id, mainHead.sha), 20, { measures: measuresWith(2) })
  yield* saveAnalysis(id, "main", commitNamed("a2", 3, ["a1"]), 30, { problems: [checkoutFailed] })
  yield* saveChange(id, { kind: "commit", sha: mainHead.sha }, mainHead.sha, {
    baseSha: parent,
    newIssues: 2,
    fixedIssues: 1,
    deltaComplexity: 3,
    deltaClonesCount: 1,
    newIssueKinds: [ChangeAnalysis.IssueKindCount.make({ level: "Error", category: "ErrorProne", count: 2 })],
    files: [touched("src/app.ts", [1, 2, 3], { newIssues: 2, fixedIssues: 1 })]
  }, [
    ChangeAnalysis.DeltaIssue.make({ deltaType: "Added", issue: undefinedNameAt(1) }),
    ChangeAnalysis.DeltaIssue.make({ deltaType: "Added", issue: undefinedNameAt(2) }),
    ChangeAnalysis.DeltaIssue.make({ deltaType: "Fixed", issue: undefinedNameAt(3) })
  ])
  yield* saveCoverage(id, mainHead.sha, [linesOf("src/app.ts", [[1, 1], [2, 1], [3, 0]])])
  yield* saveCoverage(id, parent, [linesOf("src/app.ts", [[1, 1], [2, 1], [3, 1], [4, 0]])])
  return id
})

/** A commit's short sha, whether it can be analysed (and why not), and its quality and coverage verdicts. */
const summary = (shown: ChangeViews.CommitWithAnalysis) => ({
  sha: shown.commit.sha.slice(0, 2),
  meta: shown.meta,
  quality: shown.quality === undefined ? undefined : [shown.quality.newIssues, shown.quality.fixedIssues, shown.quality.isUpToStandards],
  coverage: shown.coverage === undefined
    ? undefined
    : [shown.coverage.totalCoveragePercentage, shown.coverage.deltaCoveragePercentage, shown.coverage.isUpToStandards]
})

const analyzable = ChangeViews.AnalysisMeta.make({ analyzable: true })

describe("CommitReads.one", () => {
  it.effect("an analysed commit with what it changed, judged by the commits gate as it is now", () =>
    withServices(Effect.gen(function*() {
      yield* setUp
      const reads = yield* CommitReads.CommitReads
      const head = yield* reads.one(adminCaller, app, mainHead.sha)
      expect(head.commit).toMatchObject({ sha: mainHead.sha, message: "Add the app", startedAnalysis: minute(19), endedAnalysis: minute(20) })
      // The default gate allows no new issue; it has no coverage rule, so coverage has no verdict.
      expect(summary(head)).toStrictEqual({ sha: "a1", meta: analyzable, quality: [2, 1, false], coverage: [66.67, -8.33, undefined] })
      expect(head.quality?.resultReasons?.map((r) => [r.gate, r.expected, r.isUpToStandards])).toStrictEqual([["issueThreshold", 0, false]])
      const settings = yield* QualitySettings.QualitySettings
      yield* settings.updateGate(adminCaller, app, "commits", new QualityGate.QualityGate({ coverageThresholdWithDecimals: -10 }))
      expect(summary(yield* reads.one(adminCaller, app, mainHead.sha))).toStrictEqual({
        sha: "a1",
        meta: analyzable,
        quality: [2, 1, true],
        coverage: [66.67, -8.33, true]
      })
      yield* settings.updateGate(adminCaller, app, "commits", new QualityGate.QualityGate({ coverageThresholdWithDecimals: -5 }))
      expect(summary(yield* reads.one(adminCaller, app, mainHead.sha)).coverage).toStrictEqual([66.67, -8.33, false])
    })))

  it.effect("a failed analysis says why; an analysis without a change, and a stored commit never analysed, are analyzable without numbers", () =>
    withServices(Effect.gen(function*() {
      yield* setUp
      const reads = yield* CommitReads.CommitReads
      expect(summary(yield* reads.one(adminCaller, app, sha("a2")))).toStrictEqual({
        sha: "a2",
        meta: ChangeViews.AnalysisMeta.make({ analyzable: false, reason: "the remote hung up" }),
        quality: undefined,
        coverage: undefined
      })
      expect(summary(yield* reads.one(adminCaller, app, parent))).toStrictEqual({ sha: "a0", meta: analyzable, quality: undefined, coverage: undefined })
      const stored = yield* reads.one(adminCaller, app, developHead.sha)
      expect(summary(stored)).toStrictEqual({ sha: "b1", meta: analyzable, quality: undefined, coverage: undefined })
      expect([stored.commit.message, stored.commit.endedAnalysis, stored.commit.isMergeCommit]).toStrictEqual(["Work in progress", undefined, false])
      expect(yield* Effect.flip(reads.one(adminCaller, app, sha("ff")))).toStrictEqual(new Errors.NotFound({ what: "commit", id: sha("ff") }))
    })))

  it.effect("the commit's latest analysis is shown, whichever branch made it", () =>
    withServices(Effect.gen(function*() {
      const id = yield* setUp
      yield* saveAnalysis(id, "develop", yield* storedCommit(id, mainHead.sha), 40, { problems: [checkoutFailed] })
      const reads = yield* CommitReads.CommitReads
      expect((yield* reads.one(adminCaller, app, mainHead.sha)).meta).toStrictEqual(ChangeViews.AnalysisMeta.make({ analyzable: false, reason: "the remote hung up" }))
      yield* saveAnalysis(id, "feature/login", yield* storedCommit(id, mainHead.sha), 50, { measures: measuresWith(2) })
      expect(summary(yield* reads.one(adminCaller, app, mainHead.sha)).quality).toStrictEqual([2, 1, false])
    })))

  it.effect("reading needs a token of the repository's organization: none, or another organization's, is unauthenticated", () =>
    withServices(Effect.gen(function*() {
      yield* addedRecord("app", { visibility: "Public" })
      const reads = yield* CommitReads.CommitReads
      expect((yield* reads.one(yield* callerWith("read"), app, developHead.sha)).commit.sha).toBe(developHead.sha)
      // Commits are not among what anyone may read of a public repository.
      expect(yield* Effect.flip(reads.one(anonymous, app, developHead.sha))).toBeInstanceOf(Errors.Unauthenticated)
      expect(yield* Effect.flip(reads.one(yield* callerWith("admin", "globex"), app, developHead.sha))).toBeInstanceOf(Errors.Unauthenticated)
      expect(yield* Effect.flip(reads.one(adminCaller, repo("nothing"), developHead.sha))).toStrictEqual(new Errors.NotFound({ what: "repository", id: "nothing" }))
    })))
})

describe("CommitReads.list", () => {
  it.effect("the analysed commits of the default branch, or of the branch named, the latest analysis first, by page", () =>
    withServices(Effect.gen(function*() {
      yield* setUp
      const reads = yield* CommitReads.CommitReads
      const all = yield* reads.list(adminCaller, app, {})
      expect(all.items.map(summary)).toStrictEqual([
        { sha: "a2", meta: ChangeViews.AnalysisMeta.make({ analyzable: false, reason: "the remote hung up" }), quality: undefined, coverage: undefined },
        { sha: "a1", meta: analyzable, quality: [2, 1, false], coverage: [66.67, -8.33, undefined] },
        { sha: "a0", meta: analyzable, quality: undefined, coverage: undefined }
      ])
      expect(all.pagination.total).toBe(3)
      const first = yield* reads.list(adminCaller, app, { branch: "main", limit: 2 })
      expect(first.items.map((c) => c.commit.sha.slice(0, 2))).toStrictEqual(["a2", "a1"])
      const second = yield* reads.list(adminCaller, app, { limit: 2, cursor: first.pagination.cursor })
      expect([second.items.map((c) => c.commit.sha.slice(0, 2)), second.pagination.cursor]).toStrictEqual([["a0"], undefined])
      expect(yield* reads.list(adminCaller, app, { branch: "develop" })).toMatchObject({ items: [], pagination: { total: 0 } })
      expect(yield* Effect.flip(reads.list(adminCaller, app, { branch: "release" }))).toStrictEqual(new Errors.NotFound({ what: "branch", id: "release" }))
      expect((yield* Effect.flip(reads.list(adminCaller, app, { cursor: "not a cursor" })))._tag).toBe("InvalidInput")
    })))
})

describe("CommitReads.deltaStatistics", () => {
  it.effect("what the commit changed, with the coverage variation whole (truncated) and with decimals; not analyzed without a change", () =>
    withServices(Effect.gen(function*() {
      yield* setUp
      const reads = yield* CommitReads.CommitReads
      expect(yield* reads.deltaStatistics(adminCaller, app, mainHead.sha)).toStrictEqual(ChangeViews.CommitDeltaStatistics.make({
        commitUuid: mainHead.sha,
        newIssues: 2,
        fixedIssues: 1,
        deltaComplexity: 3,
        deltaClonesCount: 1,
        deltaCoverage: -8,
        deltaCoverageWithDecimals: -8.33,
        analyzed: true
      }))
      const none = (commitUuid: string) => ChangeViews.CommitDeltaStatistics.make({ commitUuid, newIssues: 0, fixedIssues: 0, analyzed: false })
      expect(yield* reads.deltaStatistics(adminCaller, app, sha("a2"))).toStrictEqual(none(sha("a2")))
      expect(yield* reads.deltaStatistics(adminCaller, app, parent)).toStrictEqual(none(parent))
      expect(yield* reads.deltaStatistics(adminCaller, app, developHead.sha)).toStrictEqual(none(developHead.sha))
      expect((yield* Effect.flip(reads.deltaStatistics(adminCaller, app, sha("ff"))))._tag).toBe("NotFound")
    })))
})

describe("CommitReads.issues", () => {
  it.effect("the issues the commit added (in it) and fixed (in its base), by status; only against the commit its branch analysed before", () =>
    withServices(Effect.gen(function*() {
      yield* setUp
      const reads = yield* CommitReads.CommitReads
      const lines = (page: { readonly items: ReadonlyArray<{ readonly deltaType: string; readonly commitIssue: { readonly lineNumber: number; readonly commitInfo?: { readonly sha: string; readonly commiterName?: string | undefined } | undefined } }> }) =>
        page.items.map((d) => [d.deltaType, d.commitIssue.lineNumber, d.commitIssue.commitInfo?.sha.slice(0, 2), d.commitIssue.commitInfo?.commiterName])
      const all = yield* reads.issues(adminCaller, app, mainHead.sha, {})
      // The base was never stored by the repository: it is named by its sha alone.
      expect([all.analyzed, lines(all)]).toStrictEqual([true, [["Added", 1, "a1", "Ada Lovelace"], ["Added", 2, "a1", "Ada Lovelace"], ["Fixed", 3, "a0", undefined]]])
      expect(lines(yield* reads.issues(adminCaller, app, mainHead.sha, { status: "fixed" }))).toStrictEqual([["Fixed", 3, "a0", undefined]])
      const first = yield* reads.issues(adminCaller, app, mainHead.sha, { status: "new", limit: 1 })
      expect([lines(first), first.pagination.total]).toStrictEqual([[["Added", 1, "a1", "Ada Lovelace"]], 2])
      expect(lines(yield* reads.issues(adminCaller, app, mainHead.sha, { targetCommitUuid: parent })).length).toBe(3)
      const elsewhere = yield* reads.issues(adminCaller, app, mainHead.sha, { targetCommitUuid: developHead.sha })
      expect([elsewhere.analyzed, elsewhere.items]).toStrictEqual([false, []])
      const failed = yield* reads.issues(adminCaller, app, sha("a2"), {})
      expect([failed.analyzed, failed.items]).toStrictEqual([false, []])
    })))
})

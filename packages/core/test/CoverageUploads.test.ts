import { describe, expect, it } from "@effect/vitest"
import { Bodies, Coverage, CoverageUploads, Errors, type Principal, Repositories } from "@tidemark/core"
import { Effect, Option, TestClock } from "effect"
import { drain, withWorker } from "./fixtures/FakeAnalysis.js"
import { developHead, mainHead } from "./fixtures/FakeGitReader.js"
import { addRepository, adminCaller, anonymous, callerWith, repo } from "./fixtures/TestLayer.js"

const widgets = repo("widgets")

const upload = (commitSha: string, report: string, caller: Option.Option<Principal.Principal> = adminCaller) =>
  Effect.flatMap(CoverageUploads.CoverageUploads, (uploads) => uploads.upload(caller, widgets, { commitSha, format: "lcov", report }))

const reports = (caller: Option.Option<Principal.Principal> = adminCaller, limit?: number) =>
  Effect.flatMap(CoverageUploads.CoverageUploads, (uploads) => uploads.reports(caller, widgets, limit))

/** Each report's commit, status and the branches that analysed it. */
const listed = (caller: Option.Option<Principal.Principal> = adminCaller, limit?: number) =>
  Effect.map(reports(caller, limit), ({ data }) => ({
    hasCoverageOverview: data.hasCoverageOverview,
    reports: (data.lastReports ?? []).map((r) => [r.targetCommitSha, r.status, r.commit?.sha, r.commit?.branches?.map((b) => b.name)])
  }))

describe("CoverageUploads.upload", () => {
  it.effect("answers the report's Coverage: percentage rounded down and with two decimals, uncovered and low files against the goals", () =>
    withWorker(Effect.gen(function*() {
      yield* addRepository("widgets")
      yield* TestClock.setTime(Date.parse("2024-06-01T08:00:00Z"))
      // 6 of 9 coverable lines: 66.67 %. none.ts is uncovered; it alone is below the 60 % goal. empty.ts has no coverable line.
      const answered = yield* upload(mainHead.sha, "src/app.ts 2/3\nsrc/none.ts 0/2\nsrc/full.ts 4/4\nsrc/empty.ts 0/0")
      expect(answered).toEqual(new Coverage.Coverage({
        status: "UpToDate",
        lastCommitWithCoverage: mainHead.sha,
        statusUpdatedAt: "2024-06-01T08:00:00.000Z",
        valueUpdatedAt: "2024-06-01T08:00:00.000Z",
        coveragePercentage: 66,
        coveragePercentageWithDecimals: 66.67,
        numberTotalFiles: 4,
        numberCoveredLines: 6,
        numberCoverableLines: 9,
        filesUncovered: 1,
        filesWithLowCoverage: 1
      }))
      // With a goal of 70 %, app.ts (66.67 %) is low too.
      yield* Effect.flatMap(Repositories.Repositories, (r) => r.setGoals(adminCaller, widgets, new Bodies.UpdateGoalsBody({ minCoveragePercentage: 70 })))
      expect((yield* upload(mainHead.sha, "src/app.ts 2/3\nsrc/none.ts 0/2\nsrc/full.ts 4/4")).filesWithLowCoverage).toBe(2)
    })))

  it.effect("a report without any coverable line has no percentage", () =>
    withWorker(Effect.gen(function*() {
      yield* addRepository("widgets")
      const answered = yield* upload(mainHead.sha, "src/types.ts 0/0")
      expect([answered.coveragePercentage, answered.coveragePercentageWithDecimals]).toEqual([undefined, undefined])
      expect([answered.numberTotalFiles, answered.numberCoverableLines, answered.filesUncovered, answered.filesWithLowCoverage]).toEqual([1, 0, 0, 0])
    })))

  it.effect("files the configuration of the commit's analysis leaves out do not count; another commit's report keeps them", () =>
    withWorker(Effect.gen(function*() {
      yield* addRepository("widgets")
      yield* drain
      const report = "src/app.ts 3/4\nsrc/generated.ts 0/6"
      // main's head was analysed with a configuration that leaves src/generated.ts out.
      expect(yield* upload(mainHead.sha, report)).toMatchObject({ numberTotalFiles: 1, numberCoverableLines: 4, coveragePercentage: 75 })
      // develop's head was not analysed: nothing known leaves a file out yet.
      expect(yield* upload(developHead.sha, report)).toMatchObject({ numberTotalFiles: 2, numberCoverableLines: 10, coveragePercentage: 30 })
    })))

  it.effect("needs a token that may write: a reader is denied, no token is 401, another organization's token is 401, an unknown repository NotFound", () =>
    withWorker(Effect.gen(function*() {
      yield* addRepository("widgets")
      yield* addRepository("open", { visibility: "Public" })
      const report = "src/app.ts 1/2"
      expect(yield* Effect.flip(upload(mainHead.sha, report, yield* callerWith("read")))).toBeInstanceOf(Errors.PermissionDenied)
      expect(yield* Effect.flip(upload(mainHead.sha, report, anonymous))).toEqual(new Errors.Unauthenticated({ kind: "missing", reason: "Missing api-token header" }))
      expect(yield* Effect.flip(upload(mainHead.sha, report, yield* callerWith("write", "globex")))).toBeInstanceOf(Errors.Unauthenticated)
      // A Public repository takes no upload from anyone either.
      expect(yield* Effect.flip(Effect.flatMap(CoverageUploads.CoverageUploads, (u) =>
        u.upload(anonymous, repo("open"), { commitSha: mainHead.sha, format: "lcov", report })))).toBeInstanceOf(Errors.Unauthenticated)
      expect(yield* Effect.flip(Effect.flatMap(CoverageUploads.CoverageUploads, (u) =>
        u.upload(adminCaller, repo("gadgets"), { commitSha: mainHead.sha, format: "lcov", report })))).toEqual(
          new Errors.NotFound({ what: "repository", id: "gadgets" })
        )
      const writer = yield* callerWith("write")
      expect((yield* upload(mainHead.sha, report, writer)).numberCoverableLines).toBe(2)
      expect((yield* listed()).reports).toHaveLength(1)
    })))

  it.effect("refuses a commit id that is not a full sha and a report the reader cannot read, storing nothing", () =>
    withWorker(Effect.gen(function*() {
      yield* addRepository("widgets")
      const short = yield* Effect.flip(upload(mainHead.sha.slice(0, 7), "src/app.ts 1/2"))
      expect(short).toBeInstanceOf(Errors.InvalidInput)
      expect(short).toMatchObject({ field: "commitSha" })
      expect(yield* Effect.flip(upload(mainHead.sha, "src/app.ts"))).toEqual(
        new Errors.InvalidInput({ field: "report", reason: "line 1 is not '<path> <covered>/<coverable>'" })
      )
      expect(yield* listed()).toEqual({ hasCoverageOverview: false, reports: [] })
    })))
})

describe("CoverageUploads.reports", () => {
  it.effect("the latest upload first; a report waits, not analysed, until a branch's analysis of its commit processes it", () =>
    withWorker(Effect.gen(function*() {
      yield* addRepository("widgets")
      yield* upload(mainHead.sha, "src/app.ts 1/2")
      yield* TestClock.adjust("1 minute")
      yield* upload(developHead.sha, "src/app.ts 2/2")
      expect(yield* listed()).toEqual({
        hasCoverageOverview: false,
        reports: [
          [developHead.sha, "CommitNotAnalysed", undefined, undefined],
          [mainHead.sha, "CommitNotAnalysed", undefined, undefined]
        ]
      })
      yield* drain
      const reader = yield* callerWith("read")
      expect(yield* listed(reader)).toEqual({
        hasCoverageOverview: true,
        reports: [
          [developHead.sha, "CommitNotAnalysed", undefined, undefined],
          [mainHead.sha, "Processed", mainHead.sha, ["main"]]
        ]
      })
      const [processed] = (yield* reports(reader, 1)).data.lastReports ?? []
      expect([processed?.targetCommitSha, processed?.createdAt]).toEqual([developHead.sha, "1970-01-01T00:01:00.000Z"])
      // A new upload of a commit replaces its report: it is the latest now.
      yield* TestClock.adjust("1 minute")
      yield* upload(mainHead.sha, "src/app.ts 2/2")
      expect((yield* listed(reader)).reports.map(([sha]) => sha)).toEqual([mainHead.sha, developHead.sha])
    })))

  it.effect("needs a token of the organization that may read, even for a Public repository", () =>
    withWorker(Effect.gen(function*() {
      yield* addRepository("widgets", { visibility: "Public" })
      expect(yield* Effect.flip(reports(anonymous))).toEqual(new Errors.Unauthenticated({ kind: "missing", reason: "Missing api-token header" }))
      expect(yield* Effect.flip(reports(yield* callerWith("read", "globex")))).toBeInstanceOf(Errors.Unauthenticated)
      expect((yield* reports(yield* callerWith("read"))).data.lastReports).toEqual([])
    })))
})

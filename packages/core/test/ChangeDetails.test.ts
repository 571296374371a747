import { describe, expect, it } from "@effect/vitest"
import {
  AnalysisResults,
  ChangeAnalysis,
  ChangeCoverageReads,
  ChangeDetails,
  ChangeViews,
  Errors,
  GitChanges,
  GitReader,
  PullRequest,
  PullRequests,
  QualityGate,
  QualityGateStore
} from "@tidemark/core"
import { Effect, Layer, Option } from "effect"
import { commit, developHead, featureHead, mainHead } from "./fixtures/FakeGitReader.js"
import * as Stored from "./fixtures/StoredCommitAnalyses.js"
import { adminCaller, anonymous, repo, testLayer } from "./fixtures/TestLayer.js"

const app = repo("app")

/** Between main's head and the feature's, git has the feature's head and two commits no branch heads, newest first. */
const between = [featureHead, commit("c0", "Form fields", "2024-05-03T12:00:00Z", ["bb"]), commit("bb", "Form layout", "2024-05-03T09:00:00Z", ["a1"])]

/** Git's diff names its two commits; only main's head is known as a base of commits between. */
const gitLayer = Layer.succeed(GitChanges.GitChanges, GitChanges.GitChanges.of({
  mergeBase: (_, __, target) => Effect.succeed(Option.some(target)),
  changedFiles: () => Effect.succeed([]),
  diff: (_, base, head) => Effect.succeed(`diff ${base.slice(0, 2)}..${head.slice(0, 2)}`),
  commitsBetween: (url, base) =>
    base === mainHead.sha ? Effect.succeed(between) : Effect.fail(new GitReader.GitReadError({ url, reason: `unknown revision ${base.slice(0, 2)}` })),
  commit: () => Effect.succeed(Option.none())
}))

/**
 * The service over the git above, beside every service of the test layer. Fresh, without the
 * dependencies the test layer already built: those would be shared, and keep the test layer's git.
 */
const withDetails = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.provide(
    effect,
    Layer.fresh(ChangeDetails.ChangeDetails.DefaultWithoutDependencies).pipe(
      Layer.provide(Layer.merge(gitLayer, ChangeCoverageReads.ChangeCoverageReads.Default)),
      Layer.provideMerge(testLayer())
    )
  )

const pull = { kind: "pullRequest", number: 3 } as const

/** app, with pull request 3 from feature/login into main open, not analysed yet. */
const opened = Effect.gen(function*() {
  const { id } = yield* Stored.addedRecord("app")
  yield* Effect.flatMap(PullRequests.PullRequests, (pullRequests) =>
    pullRequests.open(adminCaller, app, 3, new PullRequest.PullRequestBody({ title: "Login form", originBranch: "feature/login", targetBranch: "main" })))
  return id
})

/**
 * Pull request 3 analysed: it touched src/a.ts (line 2 added, not run; 50 % against 100 %), src/b.ts
 * (line 1 added and run; 100 % against 50 %), src/c.ts (no report names it) and deleted src/Old.ts;
 * it brought a clone in and removed another. main's head, its base, was analysed on main.
 */
const analysed = (id: number) => Effect.gen(function*() {
  yield* Stored.saveCoverage(id, featureHead.sha, [Stored.linesOf("src/a.ts", [[1, 1], [2, 0]]), Stored.linesOf("src/b.ts", [[1, 1]])])
  yield* Stored.saveCoverage(id, mainHead.sha, [Stored.linesOf("src/a.ts", [[1, 1], [2, 1]]), Stored.linesOf("src/b.ts", [[1, 0], [2, 1]])])
  yield* Stored.saveAnalysis(id, "main", yield* Stored.storedCommit(id, mainHead.sha), 10, { measures: Stored.measuresWith(0) })
  yield* Stored.saveChange(id, pull, featureHead.sha, {
    baseSha: mainHead.sha,
    newIssues: 1,
    fixedIssues: 1,
    newIssueKinds: [ChangeAnalysis.IssueKindCount.make({ level: "Warning", category: "CodeStyle", count: 1 })],
    files: [
      Stored.touched("src/b.ts", [1], { fixedIssues: 1 }),
      Stored.touched("src/a.ts", [2], { newIssues: 1, deltaComplexity: 2 }),
      Stored.touched("src/c.ts", [4]),
      Stored.touched("src/Old.ts", [], { inHead: false, fixedIssues: 3 })
    ],
    clones: [
      ChangeAnalysis.CloneDelta.make({
        id: 1,
        deltaType: "Added",
        occurrences: [AnalysisResults.CloneOccurrence.make({ path: "src/a.ts", fromLine: 1, toLine: 9 }), AnalysisResults.CloneOccurrence.make({ path: "src/b.ts", fromLine: 3, toLine: 11 })]
      }),
      ChangeAnalysis.CloneDelta.make({ id: 2, deltaType: "Fixed", occurrences: [AnalysisResults.CloneOccurrence.make({ path: "src/Old.ts", fromLine: 5, toLine: 20 })] })
    ]
  })
})

const setUp = Effect.tap(opened, analysed)

const filesOf = (subject: ChangeAnalysis.ChangeSubject, query: Parameters<ChangeDetails.ChangeDetails["files"]>[3] = {}) =>
  Effect.flatMap(ChangeDetails.ChangeDetails, (details) => details.files(adminCaller, app, subject, query))

const paths = (page: { readonly items: ReadonlyArray<ChangeViews.FileDeltaAnalysis> }) => page.items.map((row) => row.file.path)

describe("ChangeDetails.files", () => {
  it.effect("each file still in the head with its coverage, its variation against the base and its quality deltas", () =>
    withDetails(Effect.gen(function*() {
      const id = yield* setUp
      const page = yield* filesOf(pull)
      expect(paths(page)).toStrictEqual(["src/a.ts", "src/b.ts", "src/c.ts"])
      expect(page.items.map((row) => [row.coverage, row.quality])).toEqual([
        [{ totalCoverage: 50, deltaCoverage: -50 }, { deltaNewIssues: 1, deltaFixedIssues: 0, deltaComplexity: 2, deltaClonesCount: 0 }],
        [{ totalCoverage: 100, deltaCoverage: 50 }, { deltaNewIssues: 0, deltaFixedIssues: 1, deltaClonesCount: 0 }],
        [{}, { deltaNewIssues: 0, deltaFixedIssues: 0, deltaClonesCount: 0 }]
      ])
      const [head, base] = [yield* Stored.storedCommit(id, featureHead.sha), yield* Stored.storedCommit(id, mainHead.sha)]
      expect(page.items[0]?.file).toMatchObject({
        commitId: head.id,
        commitSha: featureHead.sha,
        gitProviderUrl: `https://github.com/acme/app/blob/${featureHead.sha}/src/a.ts`,
        language: "TypeScript"
      })
      expect(page.items.map((row) => row.comparedWithCommit)).toEqual([
        { commitId: base.id, coverage: { totalCoverage: 100 } },
        { commitId: base.id, coverage: { totalCoverage: 50 } },
        { commitId: base.id }
      ])
    })))

  it.effect("searched by path (any case), only those whose coverage changed, sorted by a column, by page", () =>
    withDetails(Effect.gen(function*() {
      yield* setUp
      expect(paths(yield* filesOf(pull, { search: "B.TS" }))).toStrictEqual(["src/b.ts"])
      expect(paths(yield* filesOf(pull, { filter: "withCoverageChanges" }))).toStrictEqual(["src/a.ts", "src/b.ts"])
      // A file without coverage sorts below every percentage, and below every variation.
      expect(paths(yield* filesOf(pull, { sortColumn: "totalCoverage", columnOrder: "desc" }))).toStrictEqual(["src/b.ts", "src/a.ts", "src/c.ts"])
      expect(paths(yield* filesOf(pull, { sortColumn: "deltaCoverage" }))).toStrictEqual(["src/c.ts", "src/a.ts", "src/b.ts"])
      const first = yield* filesOf(pull, { sortColumn: "totalCoverage", columnOrder: "desc", limit: 2 })
      expect([paths(first), first.pagination.total]).toStrictEqual([["src/b.ts", "src/a.ts"], 3])
      const second = yield* filesOf(pull, { sortColumn: "totalCoverage", columnOrder: "desc", limit: 2, cursor: first.pagination.cursor })
      expect([paths(second), second.pagination.cursor]).toStrictEqual([["src/c.ts"], undefined])
    })))

  it.effect("none before the subject's first analysis; NotFound for an unknown pull request or commit", () =>
    withDetails(Effect.gen(function*() {
      yield* setUp
      const none = yield* filesOf({ kind: "commit", sha: developHead.sha })
      expect([none.items, none.pagination.total]).toStrictEqual([[], 0])
      expect(yield* Effect.flip(filesOf({ kind: "pullRequest", number: 9 }))).toStrictEqual(new Errors.NotFound({ what: "pullRequest", id: "9" }))
      expect(yield* Effect.flip(filesOf({ kind: "commit", sha: Stored.sha("ff") }))).toStrictEqual(new Errors.NotFound({ what: "commit", id: Stored.sha("ff") }))
      expect(yield* Effect.flip(Effect.flatMap(ChangeDetails.ChangeDetails, (details) => details.files(anonymous, app, pull, {})))).toBeInstanceOf(Errors.Unauthenticated)
    })))
})

describe("ChangeDetails.clones", () => {
  it.effect("the clones the change brought in (in the head) and removed (in the base), by status, each place with its file's id", () =>
    withDetails(Effect.gen(function*() {
      yield* setUp
      const details = yield* ChangeDetails.ChangeDetails
      const all = yield* details.clones(adminCaller, app, pull, {})
      expect(all.items.map((c) => [c.id, c.status, c.clones.map((b) => [b.path, b.fromLine, b.toLine])])).toStrictEqual([
        [1, "Added", [["src/a.ts", 1, 9], ["src/b.ts", 3, 11]]],
        [2, "Fixed", [["src/Old.ts", 5, 20]]]
      ])
      // A clone's file is the file the files' page lists, under the same id.
      const files = yield* filesOf(pull)
      expect(all.items[0]?.clones.map((b) => b.fileId)).toStrictEqual(files.items.slice(0, 2).map((row) => row.file.fileId))
      expect((yield* details.clones(adminCaller, app, pull, { status: "new" })).items.map((c) => c.id)).toStrictEqual([1])
      expect((yield* details.clones(adminCaller, app, pull, { status: "fixed" })).items.map((c) => c.id)).toStrictEqual([2])
      expect((yield* details.clones(adminCaller, app, pull, { onlyPotential: true })).items).toStrictEqual([])
      const first = yield* details.clones(adminCaller, app, pull, { limit: 1 })
      expect((yield* details.clones(adminCaller, app, pull, { limit: 1, cursor: first.pagination.cursor })).items.map((c) => c.id)).toStrictEqual([2])
    })))
})

describe("ChangeDetails: a pull request's coverage", () => {
  it.effect("its variation and diff coverage, judged by the pull-request gate; nothing before its analysis", () =>
    withDetails(Effect.gen(function*() {
      const details = yield* ChangeDetails.ChangeDetails
      const id = yield* opened
      const before = yield* details.pullRequestCoverage(adminCaller, app, 3)
      expect([before.pullRequest.number, before.pullRequest.title, before.coverage]).toEqual([3, "Login form", {}])
      expect(yield* details.pullRequestFilesCoverage(adminCaller, app, 3)).toStrictEqual([])
      yield* Effect.flatMap(QualityGateStore.QualityGateStore, (gates) => gates.save(id, "pullRequests", new QualityGate.QualityGate({ diffCoverageThreshold: 60 })))
      yield* analysed(id)
      // 2 of 3 lines in the head, 3 of 4 in the base: -8.33 points; 1 of the 2 added lines ran.
      const after = yield* details.pullRequestCoverage(adminCaller, app, 3)
      expect(after.coverage).toMatchObject({
        deltaCoverage: -8.33,
        diffCoverage: { value: 50, coveredLines: 1, coverableLines: 2, cause: "ValueIsPresent" },
        isUpToStandards: false
      })
      expect(after.coverage.resultReasons?.map((r) => [r.gate, r.isUpToStandards])).toStrictEqual([["diffCoverageThreshold", false]])
      const files = yield* details.pullRequestFilesCoverage(adminCaller, app, 3)
      // Only the files the head's report names.
      expect(files.map((f) => [f.fileName, f.coverage, f.variation, f.diff?.value, f.diffLineHits.map((h) => [h.lineNumber, h.hits])])).toStrictEqual([
        ["src/b.ts", 100, 50, 100, [["1", 1]]],
        ["src/a.ts", 50, -50, 0, [["2", 0]]]
      ])
    })))

  it.effect("the reports of its head, its common ancestor, and its two branches' heads", () =>
    withDetails(Effect.gen(function*() {
      const id = yield* setUp
      const status = yield* Effect.flatMap(ChangeDetails.ChangeDetails, (details) => details.pullRequestCoverageStatus(adminCaller, app, 3))
      const [head, base] = [yield* Stored.storedCommit(id, featureHead.sha), yield* Stored.storedCommit(id, mainHead.sha)]
      const shown = (detail: typeof status.headCommit) => [detail.commitSha.slice(0, 2), detail.commitId, detail.reports.map((r) => r.status)]
      // The head's report is of a commit not analysed yet; main's head was analysed on main.
      expect([shown(status.headCommit), shown(status.commonAncestorCommit), shown(status.origin), shown(status.target)]).toStrictEqual([
        ["c1", head.id, ["CommitNotAnalysed"]],
        ["a1", base.id, ["Processed"]],
        ["c1", head.id, ["CommitNotAnalysed"]],
        ["a1", base.id, ["Processed"]]
      ])
      expect(status.target.reports[0]?.commit?.branches?.map((b) => b.name)).toStrictEqual(["main"])
    })))

  it.effect("before its analysis, the common ancestor is not known: no sha, no id, no report", () =>
    withDetails(Effect.gen(function*() {
      const id = yield* opened
      yield* Stored.saveCoverage(id, featureHead.sha, [Stored.linesOf("src/a.ts", [[1, 1]])])
      const status = yield* Effect.flatMap(ChangeDetails.ChangeDetails, (details) => details.pullRequestCoverageStatus(adminCaller, app, 3))
      expect([status.commonAncestorCommit.commitSha, status.commonAncestorCommit.commitId, status.commonAncestorCommit.reports]).toStrictEqual(["", 0, []])
      expect([status.headCommit.commitSha, status.headCommit.reports.map((r) => r.status)]).toStrictEqual([featureHead.sha, ["CommitNotAnalysed"]])
      expect([status.target.commitSha, status.target.reports]).toStrictEqual([mainHead.sha, []])
    })))
})

describe("ChangeDetails: commits and diffs", () => {
  it.effect("a pull request's commits from its common ancestor, newest first, each with its analysis when it has one", () =>
    withDetails(Effect.gen(function*() {
      const id = yield* setUp
      yield* Stored.saveAnalysis(id, "feature/login", yield* Stored.storedCommit(id, featureHead.sha), 20, { problems: [Stored.checkoutFailed] })
      const details = yield* ChangeDetails.ChangeDetails
      const page = yield* details.pullRequestCommits(adminCaller, app, 3, {})
      expect(page.items.map((c) => [c.commit.sha.slice(0, 2), c.commit.id, c.commit.endedAnalysis, c.meta.analyzable])).toStrictEqual([
        ["c1", (yield* Stored.storedCommit(id, featureHead.sha)).id, Stored.minute(20), false],
        // Commits no branch heads: not stored, no id.
        ["c0", 0, undefined, true],
        ["bb", 0, undefined, true]
      ])
      const first = yield* details.pullRequestCommits(adminCaller, app, 3, { limit: 2 })
      const rest = yield* details.pullRequestCommits(adminCaller, app, 3, { limit: 2, cursor: first.pagination.cursor })
      expect([rest.items.map((c) => c.commit.sha.slice(0, 2)), rest.pagination.total]).toStrictEqual([["bb"], 3])
    })))

  it.effect("none without a common ancestor; a git failure is unprocessable", () =>
    withDetails(Effect.gen(function*() {
      const id = yield* setUp
      const details = yield* ChangeDetails.ChangeDetails
      yield* Stored.saveChange(id, pull, featureHead.sha, { baseSha: developHead.sha })
      expect(yield* Effect.flip(details.pullRequestCommits(adminCaller, app, 3, {}))).toStrictEqual(
        new Errors.Unprocessable({ reason: new GitReader.GitReadError({ url: "https://github.com/acme/app.git", reason: "unknown revision b1" }).message })
      )
      yield* Stored.saveChange(id, pull, featureHead.sha)
      expect(yield* details.pullRequestCommits(adminCaller, app, 3, {})).toMatchObject({ items: [], pagination: { total: 0 } })
    })))

  it.effect("a pull request's diff from its common ancestor; a commit's from its first parent, or from the empty tree", () =>
    withDetails(Effect.gen(function*() {
      const id = yield* setUp
      const details = yield* ChangeDetails.ChangeDetails
      yield* Stored.saveAnalysis(id, "main", Stored.commitNamed("r0", 1), 5, { measures: Stored.measuresWith(0) })
      expect(yield* details.diff(adminCaller, app, pull)).toStrictEqual(ChangeViews.DiffResponse.make({ diff: "diff a1..c1" }))
      expect((yield* details.diff(adminCaller, app, { kind: "commit", sha: developHead.sha })).diff).toBe("diff a1..b1")
      expect((yield* details.diff(adminCaller, app, { kind: "commit", sha: Stored.sha("r0") })).diff).toBe(`diff ${GitChanges.emptyTree.slice(0, 2)}..r0`)
      // A pull request not analysed yet has no known common ancestor.
      yield* Effect.flatMap(PullRequests.PullRequests, (pullRequests) =>
        pullRequests.open(adminCaller, app, 4, new PullRequest.PullRequestBody({ title: "More", originBranch: "develop", targetBranch: "main" })))
      expect(yield* Effect.flip(details.diff(adminCaller, app, { kind: "pullRequest", number: 4 }))).toStrictEqual(
        new Errors.NotFound({ what: "commit", id: "(common ancestor)" })
      )
    })))
})

import { describe, expect, it } from "@effect/vitest"
import {
  AnalysisStore,
  BranchHistory,
  type BranchHistoryEntry,
  Errors,
  ImportedIssues,
  IssueLoad,
  QualitySettings
} from "@tidemark/core"
import { Effect } from "effect"
import { mainHead } from "./fixtures/FakeGitReader.js"
import * as Stored from "./fixtures/StoredCommitAnalyses.js"
import { adminCaller, anonymous, callerWith, repo, withServices } from "./fixtures/TestLayer.js"

const app = repo("app")

/**
 * main analysed a0 (3 Error issues in 10 000 lines: a 30 % issue load), its head a1 (1 issue, fixing
 * 2) and a2, whose analysis failed (though a change was recorded for it). develop analysed d1.
 */
const setUp = Effect.gen(function*() {
  const { id } = yield* Stored.addedRecord("app")
  yield* Stored.saveAnalysis(id, "main", Stored.commitNamed("a0", 1), 10, { measures: Stored.measuresWith(3) })
  yield* Stored.saveAnalysis(id, "main", yield* Stored.storedCommit(id, mainHead.sha), 20, { measures: Stored.measuresWith(1) })
  yield* Stored.saveAnalysis(id, "main", Stored.commitNamed("a2", 3, ["a1"]), 30, { problems: [Stored.checkoutFailed] })
  yield* Stored.saveAnalysis(id, "develop", Stored.commitNamed("d1", 4, ["a1"]), 40, { measures: Stored.measuresWith(0) })
  yield* Stored.saveChange(id, { kind: "commit", sha: mainHead.sha }, mainHead.sha, { baseSha: Stored.sha("a0"), newIssues: 1, fixedIssues: 2 })
  yield* Stored.saveChange(id, { kind: "commit", sha: Stored.sha("a2") }, Stored.sha("a2"), { baseSha: mainHead.sha, newIssues: 5 })
  return id
})

/** Each entry's short sha, grade, letter, issue count and what its commit added and fixed. */
const rows = (entries: ReadonlyArray<BranchHistoryEntry.BranchHistoryEntry>) =>
  entries.map((e) => [e.sha.slice(0, 2), e.grade, e.gradeLetter, e.issuesCount, e.newIssues, e.fixedIssues])

const listed = (query: { readonly branch?: string; readonly cursor?: string | undefined; readonly limit?: number } = {}) =>
  Effect.flatMap(BranchHistory.BranchHistory, (history) => history.list(adminCaller, app, query))

describe("BranchHistory.list", () => {
  it.effect("the default branch's analysed commits, the latest first, each graded against the goals; a failed one without numbers", () =>
    withServices(Effect.gen(function*() {
      yield* setUp
      const page = yield* listed()
      // a1: a 10 % load meets the 20 % goal, 12 % duplicated files miss the 10 % goal by a fifth:
      // (40 + 20 + 16) / 80 = 95. a0: a 30 % load scores half: (20 + 20 + 16) / 80 = 70.
      expect(rows(page.items)).toStrictEqual([
        ["a2", undefined, undefined, undefined, undefined, undefined],
        ["a1", 95, "A", 1, 1, 2],
        ["a0", 70, "C", 3, undefined, undefined]
      ])
      expect(page.items[1]).toMatchObject({ message: "Add the app", authorName: "Ada Lovelace", endedAnalysis: Stored.minute(20), loc: 10_000 })
      expect(page.pagination.total).toBe(3)
      expect(rows((yield* listed({ branch: "develop" })).items)).toStrictEqual([["d1", 95, "A", 0, undefined, undefined]])
    })))

  it.effect("each commit is graded with its own coverage report and imported issues, and with the goals as they are now", () =>
    withServices(Effect.gen(function*() {
      const id = yield* setUp
      // 3 of 4 lines covered: 75 % meets the 60 % goal, and coverage's weight joins in: 76.
      yield* Stored.saveCoverage(id, Stored.sha("a0"), [Stored.linesOf("src/app.ts", [[1, 1], [2, 1], [3, 1], [4, 0]])])
      // 2 more Error issues imported for a1: 3 in all, a 30 % load.
      yield* Effect.flatMap(AnalysisStore.AnalysisStore, (store) =>
        store.saveImportedIssues([ImportedIssues.ImportedIssues.make({
          repositoryId: id,
          commitSha: mainHead.sha,
          tool: "semgrep",
          uploadedAt: Stored.minute(25),
          counts: IssueLoad.IssueCounts.make({ Error: 2, High: 0, Warning: 0, Info: 0 })
        })]))
      expect(rows((yield* listed()).items).slice(1)).toStrictEqual([["a1", 70, "C", 3, 1, 2], ["a0", 76, "B", 3, undefined, undefined]])
      yield* Effect.flatMap(QualitySettings.QualitySettings, (settings) => settings.updateRepositorySettings(adminCaller, app, { maxIssuePercentage: 30 }))
      expect(rows((yield* listed()).items).slice(1)).toStrictEqual([["a1", 95, "A", 3, 1, 2], ["a0", 96, "A", 3, undefined, undefined]])
    })))

  it.effect("keyset pages, a cursor only while entries remain; an unknown branch is not found", () =>
    withServices(Effect.gen(function*() {
      yield* setUp
      const first = yield* listed({ limit: 2 })
      expect(first.items.map((e) => e.sha.slice(0, 2))).toStrictEqual(["a2", "a1"])
      const second = yield* listed({ limit: 2, cursor: first.pagination.cursor })
      expect([second.items.map((e) => e.sha.slice(0, 2)), second.pagination.cursor, second.pagination.total]).toStrictEqual([["a0"], undefined, 3])
      expect(yield* Effect.flip(listed({ branch: "release" }))).toStrictEqual(new Errors.NotFound({ what: "branch", id: "release" }))
      expect((yield* Effect.flip(listed({ cursor: "%%" })))._tag).toBe("InvalidInput")
    })))

  it.effect("a token of the organization reads it; no token, or another organization's, is unauthenticated", () =>
    withServices(Effect.gen(function*() {
      yield* setUp
      const history = yield* BranchHistory.BranchHistory
      expect((yield* history.list(yield* callerWith("read"), app, {})).items.length).toBe(3)
      expect(yield* Effect.flip(history.list(anonymous, app, {}))).toBeInstanceOf(Errors.Unauthenticated)
      expect(yield* Effect.flip(history.list(yield* callerWith("read", "globex"), app, {}))).toBeInstanceOf(Errors.Unauthenticated)
      expect(yield* Effect.flip(history.list(adminCaller, repo("nothing"), {}))).toStrictEqual(new Errors.NotFound({ what: "repository", id: "nothing" }))
    })))
})

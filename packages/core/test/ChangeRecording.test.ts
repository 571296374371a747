import { describe, expect, it } from "@effect/vitest"
import {
  AnalysisResultStore,
  AnalysisResults,
  ChangeRecording,
  ChangeStore,
  ChangeVerdicts,
  CommitAnalysis,
  IssueAuthors,
  IssueLoad,
  Records,
  Repository,
  RepositoryStore,
  TreeAnalyses
} from "@tidemark/core"
import { Effect, Either, Layer, Option } from "effect"
import { undefinedNameAt } from "./fixtures/Issues.js"
import { addRepository, withServices } from "./fixtures/TestLayer.js"

const issue = (line: number) => undefinedNameAt(line)

/** Recording a branch's commit analyses no tree: the pull-request path would. */
const noTrees = Layer.succeed(TreeAnalyses.TreeAnalyses, new TreeAnalyses.TreeAnalyses({
  analyse: () => Effect.dieMessage("this test analyses no tree"),
  tree: () => Effect.succeed({ results: Either.left([]), startedAnalysis: "" })
}))

const recordingLayer = ChangeRecording.ChangeRecording.DefaultWithoutDependencies.pipe(
  Layer.provide(Layer.mergeAll(noTrees, IssueAuthors.IssueAuthors.Default, ChangeVerdicts.ChangeVerdicts.Default))
)

const file = AnalysisResults.FileResult.make({
  path: "src/app.ts",
  language: "TypeScript",
  totalLines: 10,
  codeLines: 10,
  commentLines: 0,
  numberOfMethods: 1,
  numberOfClones: 0,
  duplicatedLines: 0,
  totalIssues: 2,
  grade: 80,
  gradeLetter: "B"
})

const measures = new CommitAnalysis.AnalysisMeasures({
  loc: 10,
  issueCounts: new IssueLoad.IssueCounts({ Error: 2, High: 0, Warning: 0, Info: 0 }),
  complexFilesCount: 0,
  complexFilesPercentage: 0,
  duplicationPercentage: 0,
  languages: ["TypeScript"],
  stackTags: []
})

/** An analysis of `sha` on main, as the worker makes it: measured, or failed with a problem. */
const analysisOf = (repositoryId: number, sha: string, ended: string, failed: boolean) =>
  new CommitAnalysis.CommitAnalysis({
    repositoryId,
    branch: "main",
    commit: new Records.CommitRecord({ id: 1, sha, authorName: "Ada", authorEmail: "ada@example.com", commitTimestamp: ended, message: sha, parents: [] }),
    startedAnalysis: ended,
    endedAnalysis: ended,
    ...(failed ? {} : { measures }),
    problems: failed ? [new Repository.Problem({ code: "failed_to_clone", severity: "all_analysis", message: "gone", actions: [] })] : []
  })

describe("ChangeRecording.recordCommit", () => {
  it.effect("after a failed analysis, nothing is new: a failed analysis has no rows to compare with", () =>
    withServices(Effect.gen(function*() {
      const added = yield* addRepository("widgets")
      const repository = Option.getOrThrow(yield* Effect.flatMap(RepositoryStore.RepositoryStore, (store) => store.findRepositoryById(added.repositoryId ?? 0)))
      const results = yield* AnalysisResultStore.AnalysisResultStore
      const recording = yield* Effect.provide(ChangeRecording.ChangeRecording, recordingLayer)
      const failed = analysisOf(repository.id, "f1", "2024-01-01T10:00:00Z", true)
      yield* results.save({ repositoryId: repository.id, branch: "main", commitSha: "f1" }, AnalysisResults.emptyResults)
      const measured = analysisOf(repository.id, "m1", "2024-01-01T11:00:00Z", false)
      const rows = AnalysisResults.AnalysisResults.make({ files: [file], issues: [issue(1), issue(2)], clones: [] })
      yield* recording.recordCommit(repository, measured, rows, failed)
      const change = Option.getOrThrow(yield* Effect.flatMap(ChangeStore.ChangeStore, (store) =>
        store.find({ repositoryId: repository.id, subject: { kind: "commit", sha: "m1" } })))
      expect([change.newIssues, change.fixedIssues, change.baseSha]).toEqual([0, 0, undefined])
    })))
})

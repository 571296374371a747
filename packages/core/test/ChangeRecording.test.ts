import { describe, expect, it } from "@effect/vitest"
import {
  AnalysisResultStore,
  AnalysisResults,
  ChangeRecording,
  ChangeStore,
  ChangeVerdicts,
  CommitAnalysis,
  GitChanges,
  GitReader,
  Ignores,
  IssueAuthors,
  IssueLoad,
  Records,
  Repository,
  RepositoryStore,
  SecurityScans,
  TreeAnalyses,
  Triage,
  TriageStore
} from "@tidemark/core"
import { Effect, Either, Layer, Option } from "effect"
import * as GitDiffs from "./fixtures/GitDiffs.js"
import { undefinedNameAt } from "./fixtures/Issues.js"
import { addRepository, withServices } from "./fixtures/TestLayer.js"

const issue = (line: number) => undefinedNameAt(line)

/** Recording a branch's commit analyses no tree: the pull-request path would. */
const noTrees = Layer.succeed(TreeAnalyses.TreeAnalyses, new TreeAnalyses.TreeAnalyses({
  analyse: () => Effect.dieMessage("this test analyses no tree"),
  tree: () => Effect.succeed({ results: Either.left([]), startedAnalysis: "" })
}))

const recordingLayer = ChangeRecording.ChangeRecording.DefaultWithoutDependencies.pipe(
  Layer.provide(Layer.mergeAll(noTrees, IssueAuthors.IssueAuthors.Default, ChangeVerdicts.ChangeVerdicts.Default, Ignores.Ignores.Default, SecurityScans.SecurityScans.Default))
)

/** Git telling `diff` for every change, and how many times it was asked. */
const gitWithDiff = (diff: Effect.Effect<string, GitReader.GitReadError>, asked: { count: number }) =>
  Layer.succeed(GitChanges.GitChanges, GitChanges.GitChanges.of({
    mergeBase: (_, __, target) => Effect.succeed(Option.some(target)),
    changedFiles: () => Effect.succeed([]),
    diff: () => Effect.sync(() => asked.count++).pipe(Effect.zipRight(diff)),
    commitsBetween: () => Effect.succeed([]),
    commit: () => Effect.succeed(Option.none())
  }))

const recordingWithGit = (git: Layer.Layer<GitChanges.GitChanges>) =>
  ChangeRecording.ChangeRecording.DefaultWithoutDependencies.pipe(
    Layer.provide(Layer.mergeAll(noTrees, IssueAuthors.IssueAuthors.Default, ChangeVerdicts.ChangeVerdicts.Default, Ignores.Ignores.Default, SecurityScans.SecurityScans.Default, git))
  )

const catchLine = "    } catch (e) {"

/** koajs/koa's request.js: `catch (e)` with its unused binding on lines 265 and 380, or on `lines`. */
const unusedCatchAt = (...lines: ReadonlyArray<number>) =>
  Effect.map(
    TreeAnalyses.issueIdentity(lines.map((line) => ({ ...undefinedNameAt(line, "lib/request.js"), patternId: "no-unused-vars", lineText: catchLine }))),
    (issues) => AnalysisResults.AnalysisResults.make({ files: [file], issues, clones: [] })
  )

/** The commit `m2`'s change after `m1` on main, recorded with `git`: its issues as stored. */
const recordedIssues = (git: Layer.Layer<GitChanges.GitChanges>, base: AnalysisResults.AnalysisResults, head: AnalysisResults.AnalysisResults) =>
  withServices(Effect.gen(function*() {
    const added = yield* addRepository("koa")
    const repository = Option.getOrThrow(yield* Effect.flatMap(RepositoryStore.RepositoryStore, (store) => store.findRepositoryById(added.repositoryId ?? 0)))
    const recording = yield* Effect.provide(ChangeRecording.ChangeRecording, recordingWithGit(git))
    const previous = analysisOf(repository.id, "m1", "2024-01-01T10:00:00Z", false)
    yield* Effect.flatMap(AnalysisResultStore.AnalysisResultStore, (store) => store.save({ repositoryId: repository.id, branch: "main", commitSha: "m1" }, base))
    yield* recording.recordCommit(repository, analysisOf(repository.id, "m2", "2024-01-01T11:00:00Z", false), head, previous)
    const key = { repositoryId: repository.id, subject: { kind: "commit", sha: "m2" } } as const
    const change = Option.getOrThrow(yield* Effect.flatMap(ChangeStore.ChangeStore, (store) => store.find(key)))
    const page = yield* Effect.flatMap(ChangeStore.ChangeStore, (store) => store.issues(key, undefined, { after: undefined, limit: 100 }))
    return { change, issues: page.items.map((d) => [d.deltaType, d.issue.line] as const) }
  }))

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

describe("ChangeRecording: ignored issues", () => {
  it.effect("an issue ignored by identity or by its file is neither added nor fixed: the gates never count it", () =>
    withServices(Effect.gen(function*() {
      const added = yield* addRepository("widgets")
      const repository = Option.getOrThrow(yield* Effect.flatMap(RepositoryStore.RepositoryStore, (store) => store.findRepositoryById(added.repositoryId ?? 0)))
      const by = new Triage.IgnoredBy({ credentialId: "admin", name: "admin" })
      const triage = yield* TriageStore.TriageStore
      yield* triage.ignoreIssues(repository.id, [
        new Triage.IssueIgnore({ issueId: "i2", reason: "TestCode", ignoredBy: by, ignoredAt: "2024-01-01T09:00:00Z", commitSha: "m0" })
      ])
      yield* triage.ignoreFile(repository.id, new Triage.FileIgnore({ path: "vendor/lib.js", ignoredBy: by, ignoredAt: "2024-01-01T09:00:00Z" }))
      const recording = yield* Effect.provide(ChangeRecording.ChangeRecording, recordingLayer)
      yield* Effect.flatMap(AnalysisResultStore.AnalysisResultStore, (store) =>
        store.save(
          { repositoryId: repository.id, branch: "main", commitSha: "m1" },
          AnalysisResults.AnalysisResults.make({ files: [file], issues: [issue(1), undefinedNameAt(7, "vendor/lib.js")], clones: [] })
        ))
      const head = AnalysisResults.AnalysisResults.make({
        files: [file],
        issues: [issue(2), issue(3), undefinedNameAt(5, "vendor/lib.js", "v5")],
        clones: []
      })
      const previous = analysisOf(repository.id, "m1", "2024-01-01T10:00:00Z", false)
      yield* recording.recordCommit(repository, analysisOf(repository.id, "m2", "2024-01-01T11:00:00Z", false), head, previous)
      const key = { repositoryId: repository.id, subject: { kind: "commit", sha: "m2" } } as const
      const change = Option.getOrThrow(yield* Effect.flatMap(ChangeStore.ChangeStore, (store) => store.find(key)))
      const page = yield* Effect.flatMap(ChangeStore.ChangeStore, (store) => store.issues(key, undefined, { after: undefined, limit: 100 }))
      // Line 3 is new and line 1 fixed; the ignored issue (i2) and the ignored file's are neither.
      expect(page.items.map((d) => [d.deltaType, d.issue.filePath, d.issue.line])).toEqual([["Added", "src/app.ts", 3], ["Fixed", "src/app.ts", 1]])
      expect([change.newIssues, change.fixedIssues]).toEqual([1, 1])
      expect(change.newIssueKinds.map((k) => k.count)).toEqual([1])
    })))
})

describe("ChangeRecording: issues matched through git's diff", () => {
  it.effect("koa: the first of two equal lines fixed shows the fixed issue at that line, the other not new; one diff a change", () =>
    Effect.gen(function*() {
      const asked = { count: 0 }
      const recorded = yield* recordedIssues(gitWithDiff(Effect.succeed(GitDiffs.koaCatch), asked), yield* unusedCatchAt(265, 380), yield* unusedCatchAt(380))
      expect([recorded.change.newIssues, recorded.change.fixedIssues]).toEqual([0, 1])
      expect(recorded.issues).toEqual([["Fixed", 265]])
      expect(asked.count).toBe(1)
    }))

  it.effect("without the diff (git failed), issues are matched by id as before: the change is still recorded", () =>
    Effect.gen(function*() {
      const failing = Effect.fail(new GitReader.GitReadError({ url: "koa", reason: "gone" }))
      const recorded = yield* recordedIssues(gitWithDiff(failing, { count: 0 }), yield* unusedCatchAt(265, 380), yield* unusedCatchAt(380))
      expect([recorded.change.newIssues, recorded.change.fixedIssues]).toEqual([0, 1])
      expect(recorded.issues).toEqual([["Fixed", 380]])
    }))
})

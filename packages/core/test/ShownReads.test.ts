import { describe, expect, it } from "@effect/vitest"
import { AnalysisStore, CoverageUploads, ImportedIssues, IssueLoad, Records, ShownReads } from "@tidemark/core"
import { Effect, Layer } from "effect"
import { drain, workerLayer } from "./fixtures/FakeAnalysis.js"
import { developHead, featureHead, mainHead } from "./fixtures/FakeGitReader.js"
import { storedBranch, storedRepository } from "./fixtures/AddedRepositoryRecords.js"
import { addRepository, adminCaller, repo } from "./fixtures/TestLayer.js"

const withShownReads = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.provide(effect, ShownReads.ShownReads.Default.pipe(Layer.provideMerge(workerLayer)))

/** Adds `name` and answers its id and a lookup of its branches by name. */
const added = (name: string) =>
  Effect.gen(function*() {
    yield* addRepository(name)
    const repository = yield* storedRepository(name)
    return { id: repository.id, branch: (branchName: string) => storedBranch(repository, branchName) }
  })

const upload = (name: string, commitSha: string, report: string) =>
  Effect.flatMap(CoverageUploads.CoverageUploads, (uploads) => uploads.upload(adminCaller, repo(name), { commitSha, format: "lcov", report }))

const imported = (repositoryId: number, commitSha: string, tool: string, errors: number) =>
  new ImportedIssues.ImportedIssues({
    repositoryId,
    commitSha,
    tool,
    uploadedAt: "2024-06-01T00:00:00.000Z",
    counts: new IssueLoad.IssueCounts({ Error: errors, High: 0, Warning: 0, Info: 0 })
  })

describe("ShownReads", () => {
  it.effect("each repository's branch shows its latest analysis, with the coverage and the imported issues of the analysed commit", () =>
    withShownReads(Effect.gen(function*() {
      const widgets = yield* added("widgets")
      const gadgets = yield* added("gadgets")
      yield* drain
      yield* upload("widgets", mainHead.sha, "src/app.ts 3/4")
      yield* Effect.flatMap(AnalysisStore.AnalysisStore, (store) =>
        store.saveImportedIssues([imported(gadgets.id, mainHead.sha, "semgrep", 2), imported(gadgets.id, developHead.sha, "trivy", 5)]))
      const reads = yield* ShownReads.ShownReads
      const shownOf = yield* reads.shown(new Map([[widgets.id, yield* widgets.branch("main")], [gadgets.id, yield* gadgets.branch("main")]]))
      const ofWidgets = shownOf(widgets.id)
      expect([ofWidgets.analysis?.commit.sha, ofWidgets.analysis?.branch, ofWidgets.analysis?.measures?.loc]).toEqual([mainHead.sha, "main", 10_000])
      expect([ofWidgets.coverage?.commitSha, ofWidgets.coverage?.files.map((f) => [f.path, f.coveredLines, f.coverableLines])]).toEqual([
        mainHead.sha,
        [["src/app.ts", 3, 4]]
      ])
      expect(ofWidgets.imported).toEqual([])
      const ofGadgets = shownOf(gadgets.id)
      expect(ofGadgets.analysis?.commit.sha).toBe(mainHead.sha)
      expect(ofGadgets.coverage).toBeUndefined()
      // Only the results imported for the commit shown: the other commit's trivy log is not.
      expect(ofGadgets.imported.map((i) => [i.tool, i.commitSha, i.counts.Error])).toEqual([["semgrep", mainHead.sha, 2]])
    })))

  it.effect("a branch without an analysis shows its head's coverage; an analysed branch shows the analysed commit's, not its head's", () =>
    withShownReads(Effect.gen(function*() {
      const widgets = yield* added("widgets")
      yield* drain
      yield* upload("widgets", developHead.sha, "src/app.ts 1/2")
      yield* upload("widgets", featureHead.sha, "src/app.ts 2/2")
      const reads = yield* ShownReads.ShownReads
      const develop = (yield* reads.shown(new Map([[widgets.id, yield* widgets.branch("develop")]])))(widgets.id)
      expect([develop.analysis, develop.coverage?.commitSha, develop.imported]).toEqual([undefined, developHead.sha, []])
      // main moved on to the feature's head since its analysis: the analysed commit is shown, and it has no report.
      const moved = new Records.BranchRecord({ ...(yield* widgets.branch("main")), lastCommitSha: featureHead.sha })
      const main = (yield* reads.shown(new Map([[widgets.id, moved]])))(widgets.id)
      expect([main.analysis?.commit.sha, main.coverage]).toEqual([mainHead.sha, undefined])
    })))

  it.effect("a repository not asked for, or none asked for, shows nothing, whatever is stored of it", () =>
    withShownReads(Effect.gen(function*() {
      const widgets = yield* added("widgets")
      const gadgets = yield* added("gadgets")
      yield* drain
      yield* upload("gadgets", mainHead.sha, "src/app.ts 3/4")
      const reads = yield* ShownReads.ShownReads
      const nothing = { analysis: undefined, coverage: undefined, imported: [] }
      expect((yield* reads.shown(new Map([[widgets.id, yield* widgets.branch("main")]])))(gadgets.id)).toEqual(nothing)
      expect((yield* reads.shown(new Map()))(widgets.id)).toEqual(nothing)
    })))
})

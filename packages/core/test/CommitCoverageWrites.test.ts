import { describe, expect, it } from "@effect/vitest"
import {
  AnalysisStore,
  CommitAnalysis,
  CommitCoverage,
  CommitCoverageWrites,
  CoverageScope,
  LineCoverageStore
} from "@tidemark/core"
import { Effect, Layer, TestClock } from "effect"
import { developHead, mainHead } from "./fixtures/FakeGitReader.js"
import { addedRecord, checkoutFailed, linesOf, measuresWith, saveAnalysis, storedCommit } from "./fixtures/StoredCommitAnalyses.js"
import { testLayer } from "./fixtures/TestLayer.js"

/**
 * A coverage scope that tells which configuration it was given: a file leaves out the paths it
 * lists, one per line; without one (the defaults) `vendor/` is left out.
 */
const scopeLayer = Layer.succeed(CoverageScope.CoverageScope, CoverageScope.CoverageScope.of({
  excluded: (file) => (path) => file === undefined ? path.startsWith("vendor/") : file.content.split("\n").includes(path)
}))

/**
 * Fresh: the test layer's services build `CommitCoverageWrites.Default` too, and a layer is built once
 * per composition, so without it the one built there (on the default scope) would be shared.
 */
const withWrites = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.provide(effect, Layer.fresh(CommitCoverageWrites.CommitCoverageWrites.Default).pipe(Layer.provide(scopeLayer), Layer.provideMerge(testLayer())))

const paths = ["src/app.ts", "src/generated.ts", "vendor/lib.js"]

/** The paths of the report that the exclusion for the commit leaves out. */
const excludedAt = (repositoryId: number, commitSha: string) =>
  Effect.map(Effect.flatMap(CommitCoverageWrites.CommitCoverageWrites, (writes) => writes.exclusion(repositoryId, commitSha)), (excluded) => paths.filter(excluded))

const generatedOut = new CommitAnalysis.ConfigurationFile({ path: ".codacy.yml", content: "src/generated.ts" })

describe("CommitCoverageWrites.exclusion", () => {
  it.effect("the defaults before the commit is analysed; then the configuration file its analysis read, on any branch", () =>
    withWrites(Effect.gen(function*() {
      const app = yield* addedRecord("app")
      expect(yield* excludedAt(app.id, developHead.sha)).toStrictEqual(["vendor/lib.js"])
      // A failed analysis measured nothing: its configuration file does not count.
      const commit = yield* storedCommit(app.id, developHead.sha)
      yield* saveAnalysis(app.id, "main", commit, 10, { problems: [checkoutFailed], configurationFile: generatedOut })
      expect(yield* excludedAt(app.id, developHead.sha)).toStrictEqual(["vendor/lib.js"])
      yield* saveAnalysis(app.id, "develop", commit, 20, { measures: measuresWith(0), configurationFile: generatedOut })
      expect(yield* excludedAt(app.id, developHead.sha)).toStrictEqual(["src/generated.ts"])
      // Another commit keeps the defaults.
      expect(yield* excludedAt(app.id, mainHead.sha)).toStrictEqual(["vendor/lib.js"])
    })))

  it.effect("an analysed commit without a configuration file leaves out only what the scope leaves out without one", () =>
    withWrites(Effect.gen(function*() {
      const app = yield* addedRecord("app")
      yield* saveAnalysis(app.id, "main", yield* storedCommit(app.id, mainHead.sha), 10, { measures: measuresWith(0) })
      expect(yield* excludedAt(app.id, mainHead.sha)).toStrictEqual(["vendor/lib.js"])
    })))
})

describe("CommitCoverageWrites.save", () => {
  it.effect("saves the report of the files' totals, uploaded now, and their lines; a new upload replaces both", () =>
    withWrites(Effect.gen(function*() {
      const writes = yield* CommitCoverageWrites.CommitCoverageWrites
      yield* TestClock.setTime(Date.UTC(2024, 6, 1, 9, 30))
      const key = { repositoryId: 4, commitSha: mainHead.sha }
      const saved = yield* writes.save(key, "cobertura", [linesOf("src/a.ts", [[1, 3], [2, 0]]), linesOf("src/b.ts", [[7, 1]])])
      expect(saved).toStrictEqual(new CommitCoverage.CommitCoverage({
        repositoryId: 4,
        commitSha: mainHead.sha,
        format: "cobertura",
        uploadedAt: "2024-07-01T09:30:00.000Z",
        files: [
          new CommitCoverage.FileCoverage({ path: "src/a.ts", coverableLines: 2, coveredLines: 1 }),
          new CommitCoverage.FileCoverage({ path: "src/b.ts", coverableLines: 1, coveredLines: 1 })
        ]
      }))
      const reports = yield* Effect.flatMap(AnalysisStore.AnalysisStore, (store) => store.coverage([key]))
      expect(reports.get(4)).toStrictEqual(saved)
      const lineCoverage = yield* LineCoverageStore.LineCoverageStore
      const hits = Effect.map(lineCoverage.commitCoverage(key), (files) => files.map((f) => [f.path, f.hits]))
      expect(yield* hits).toStrictEqual([["src/a.ts", [[1, 3], [2, 0]]], ["src/b.ts", [[7, 1]]]])
      const again = yield* writes.save(key, "lcov", [linesOf("src/c.ts", [[1, 0]])])
      expect(again.files.map((f) => f.path)).toStrictEqual(["src/c.ts"])
      expect(yield* hits).toStrictEqual([["src/c.ts", [[1, 0]]]])
      expect((yield* Effect.flatMap(AnalysisStore.AnalysisStore, (store) => store.coverage([key]))).get(4)?.format).toBe("lcov")
    })))
})

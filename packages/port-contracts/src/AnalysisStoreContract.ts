import { describe, expect, layer } from "@effect/vitest"
import {
  AnalysisStore,
  type CommitCoverage,
  LineCoverageStore,
  type OrganizationStore,
  type RepositoryStore
} from "@tidemark/core"
import { Effect, type Layer, Option } from "effect"
import { analysis, coverageOf, importedOf } from "./AnalysisFixtures.js"
import { freshRepository } from "./Fixtures.js"

/** Analyses belong to repositories, which the store of repositories creates. */
/** A coverage report saved as an upload saves it (LineCoverageStore), without line coverage. */
const saveReport = (report: CommitCoverage.CommitCoverage) => Effect.flatMap(LineCoverageStore.LineCoverageStore, (store) => store.saveCoverage(report, []))

export const analysisStoreContract = (name: string, storeLayer: Layer.Layer<AnalysisStore.AnalysisStore | LineCoverageStore.LineCoverageStore | RepositoryStore.RepositoryStore | OrganizationStore.OrganizationStore, unknown>) =>
  layer(storeLayer, { timeout: "120 seconds", excludeTestServices: true })(`AnalysisStore contract (${name})`, (it) => {
    describe("save and find", () => {
      it.effect("a saved analysis is found by repository, branch and commit, as saved", () =>
        Effect.gen(function*() {
          const store = yield* AnalysisStore.AnalysisStore
          const { repository } = yield* freshRepository
          const measured = analysis(repository.id, "main", "a1", 5, 1_000)
          const failed = analysis(repository.id, "feature/x", "b1", 6)
          yield* store.save(measured)
          yield* store.save(failed)
          expect(yield* store.find(repository.id, "main", "a1")).toStrictEqual(Option.some(measured))
          expect(yield* store.find(repository.id, "feature/x", "b1")).toStrictEqual(Option.some(failed))
          expect(yield* store.find(repository.id, "main", "b1")).toEqual(Option.none())
          expect(yield* store.find(repository.id, "feature/x", "a1")).toEqual(Option.none())
        }))

      it.effect("analysing a commit again replaces its analysis", () =>
        Effect.gen(function*() {
          const store = yield* AnalysisStore.AnalysisStore
          const { repository } = yield* freshRepository
          yield* store.save(analysis(repository.id, "main", "a1", 5, 1_000))
          const again = analysis(repository.id, "main", "a1", 9, 1_234)
          yield* store.save(again)
          expect(yield* store.find(repository.id, "main", "a1")).toStrictEqual(Option.some(again))
          expect((yield* store.latest([{ repositoryId: repository.id, branch: "main" }])).get(repository.id)).toStrictEqual(again)
        }))
    })

    describe("by commit and by branch", () => {
      it.effect("ofCommit: the commit's latest analysis on any branch; none for a commit never analysed", () =>
        Effect.gen(function*() {
          const store = yield* AnalysisStore.AnalysisStore
          const { repository } = yield* freshRepository
          yield* store.save(analysis(repository.id, "main", "a1", 5, 1_000))
          yield* store.save(analysis(repository.id, "release", "a1", 8, 1_001))
          yield* store.save(analysis(repository.id, "develop", "a1", 6, 1_002))
          expect(yield* store.ofCommit(repository.id, "a1")).toStrictEqual(Option.some(analysis(repository.id, "release", "a1", 8, 1_001)))
          expect(yield* store.ofCommit(repository.id, "zz")).toEqual(Option.none())
        }))

      it.effect("history: a branch's analyses, the latest first, by page, with how many it has", () =>
        Effect.gen(function*() {
          const store = yield* AnalysisStore.AnalysisStore
          const { repository } = yield* freshRepository
          for (const [sha, ended] of [["c1", 1], ["c3", 3], ["c2", 2], ["c4", 4]] as const) {
            yield* store.save(analysis(repository.id, "main", sha, ended, 100 * ended))
          }
          yield* store.save(analysis(repository.id, "other", "o1", 9, 1))
          const first = yield* store.history(repository.id, "main", { limit: 3 })
          expect(first.items.map((a) => a.commit.sha)).toEqual(["c4", "c3", "c2"])
          expect(first.total).toBe(4)
          expect(first.items[0]).toStrictEqual(analysis(repository.id, "main", "c4", 4, 400))
          const last = first.items.at(-1)
          const second = yield* store.history(repository.id, "main", {
            limit: 3,
            after: last === undefined ? undefined : { endedAnalysis: last.endedAnalysis, sha: last.commit.sha }
          })
          expect(second.items.map((a) => a.commit.sha)).toEqual(["c1"])
          expect((yield* store.history(repository.id, "none", { limit: 3 })).total).toBe(0)
        }))
    })

    describe("latest", () => {
      it.effect("answers, per repository, the analysis of the asked branch that ended last", () =>
        Effect.gen(function*() {
          const store = yield* AnalysisStore.AnalysisStore
          const first = (yield* freshRepository).repository
          const second = (yield* freshRepository).repository
          const third = (yield* freshRepository).repository
          yield* store.save(analysis(first.id, "main", "a1", 5, 1_000))
          yield* store.save(analysis(first.id, "main", "a2", 7, 1_100))
          yield* store.save(analysis(first.id, "main", "a0", 6, 900))
          yield* store.save(analysis(first.id, "develop", "d1", 30, 5))
          yield* store.save(analysis(second.id, "trunk", "t1", 3))

          const latest = yield* store.latest([
            { repositoryId: first.id, branch: "main" },
            { repositoryId: second.id, branch: "trunk" },
            { repositoryId: third.id, branch: "main" }
          ])
          expect([...latest.keys()].sort((a, b) => a - b)).toEqual([first.id, second.id])
          expect(latest.get(first.id)?.commit.sha).toBe("a2")
          expect(latest.get(second.id)).toStrictEqual(analysis(second.id, "trunk", "t1", 3))
          expect((yield* store.latest([{ repositoryId: first.id, branch: "develop" }])).get(first.id)?.commit.sha).toBe("d1")
          expect((yield* store.latest([])).size).toBe(0)
        }))

      it.effect("branch names are compared exactly", () =>
        Effect.gen(function*() {
          const store = yield* AnalysisStore.AnalysisStore
          const { repository } = yield* freshRepository
          yield* store.save(analysis(repository.id, "Main", "a1", 5, 10))
          expect((yield* store.latest([{ repositoryId: repository.id, branch: "main" }])).size).toBe(0)
          expect((yield* store.latest([{ repositoryId: repository.id, branch: "Main" }])).size).toBe(1)
        }))
    })

    describe("coverage", () => {
      it.effect("a saved report is found by repository and commit; saving the commit again replaces it", () =>
        Effect.gen(function*() {
          const store = yield* AnalysisStore.AnalysisStore
          const first = (yield* freshRepository).repository
          const second = (yield* freshRepository).repository
          yield* saveReport(coverageOf(first.id, "a1", 3))
          yield* saveReport(coverageOf(first.id, "a2", 4))
          yield* saveReport(coverageOf(second.id, "b1", 5))
          const found = yield* store.coverage([
            { repositoryId: first.id, commitSha: "a2" },
            { repositoryId: second.id, commitSha: "b1" }
          ])
          expect(found.get(first.id)).toStrictEqual(coverageOf(first.id, "a2", 4))
          expect(found.get(second.id)).toStrictEqual(coverageOf(second.id, "b1", 5))

          const replaced = coverageOf(first.id, "a1", 9)
          yield* saveReport(replaced)
          expect((yield* store.coverage([{ repositoryId: first.id, commitSha: "a1" }])).get(first.id)).toStrictEqual(replaced)
          expect((yield* store.coverage([{ repositoryId: first.id, commitSha: "zz" }])).size).toBe(0)
          expect((yield* store.coverage([])).size).toBe(0)
        }))

      it.effect("lists a repository's latest reports, newest upload first, each with its commit's analyses on every branch", () =>
        Effect.gen(function*() {
          const store = yield* AnalysisStore.AnalysisStore
          const { repository } = yield* freshRepository
          const other = (yield* freshRepository).repository
          // Uploaded at 3, 7 and 5; a1 is analysed on two branches, a3 on none.
          yield* saveReport(coverageOf(repository.id, "a1", 3))
          yield* saveReport(coverageOf(repository.id, "a2", 7))
          yield* saveReport(coverageOf(repository.id, "a3", 5))
          yield* saveReport(coverageOf(other.id, "a1", 9))
          const onMain = analysis(repository.id, "main", "a1", 10, 100)
          const onFeature = analysis(repository.id, "feature", "a1", 11, 100)
          const a2 = analysis(repository.id, "main", "a2", 12, 100)
          yield* Effect.forEach([onMain, onFeature, a2, analysis(other.id, "main", "a3", 13, 1)], store.save)

          const reports = yield* store.coverageReports(repository.id, 10)
          expect(reports.map(({ analyses, coverage }) => [coverage.commitSha, analyses.map((a) => a.branch)])).toEqual([
            ["a2", ["main"]],
            ["a3", []],
            ["a1", ["feature", "main"]]
          ])
          expect(reports[2]?.analyses).toStrictEqual([onFeature, onMain])
          expect(reports[0]?.coverage).toStrictEqual(coverageOf(repository.id, "a2", 7))
          expect((yield* store.coverageReports(repository.id, 2)).map(({ coverage }) => coverage.commitSha)).toEqual(["a2", "a3"])
          const { repository: none } = yield* freshRepository
          expect(yield* store.coverageReports(none.id, 10)).toEqual([])
        }))
    })

    describe("imported issues", () => {
      it.effect("a commit's imports are found by repository and commit, every tool's, by tool name; a tool's new import replaces it", () =>
        Effect.gen(function*() {
          const store = yield* AnalysisStore.AnalysisStore
          const first = (yield* freshRepository).repository
          const second = (yield* freshRepository).repository
          yield* store.saveImportedIssues([importedOf(first.id, "a1", "trivy", 1), importedOf(first.id, "a1", "Semgrep", 2)])
          yield* store.saveImportedIssues([importedOf(first.id, "a2", "trivy", 3)])
          yield* store.saveImportedIssues([importedOf(second.id, "a1", "trivy", 4)])
          yield* store.saveImportedIssues([importedOf(first.id, "a1", "trivy", 5)])
          yield* store.saveImportedIssues([])

          const found = yield* store.importedIssues([
            { repositoryId: first.id, commitSha: "a1" },
            { repositoryId: second.id, commitSha: "a1" }
          ])
          expect(found.get(first.id)).toStrictEqual([importedOf(first.id, "a1", "Semgrep", 2), importedOf(first.id, "a1", "trivy", 5)])
          expect(found.get(second.id)).toStrictEqual([importedOf(second.id, "a1", "trivy", 4)])
          expect((yield* store.importedIssues([{ repositoryId: first.id, commitSha: "zz" }])).size).toBe(0)
          expect((yield* store.importedIssues([])).size).toBe(0)
        }))

      it.effect("one call stores a whole log's imports; a tool given twice in it keeps the last", () =>
        Effect.gen(function*() {
          const store = yield* AnalysisStore.AnalysisStore
          const { repository } = yield* freshRepository
          yield* store.saveImportedIssues([
            importedOf(repository.id, "b1", "trivy", 1),
            importedOf(repository.id, "b1", "Semgrep", 2),
            importedOf(repository.id, "b1", "trivy", 3)
          ])
          const found = yield* store.importedIssues([{ repositoryId: repository.id, commitSha: "b1" }])
          expect(found.get(repository.id)).toStrictEqual([
            importedOf(repository.id, "b1", "Semgrep", 2),
            importedOf(repository.id, "b1", "trivy", 3)
          ])
        }))
    })
  })

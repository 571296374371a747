import { describe, expect, layer } from "@effect/vitest"
import {
  type AnalysisResultStore,
  AnalysisStore,
  CommitCoverage,
  FileResultStore,
  LineCoverageStore,
  type OrganizationStore,
  type RepositoryStore
} from "@tidemark/core"
import { Deferred, Effect, Fiber, type Layer, Option, Ref } from "effect"
import { all, savedWith } from "./AnalysisResultsFixtures.js"

/** A report of the commit (the files' totals are not what these cases read). */
const reportOf = (commit: LineCoverageStore.CoverageKey) =>
  new CommitCoverage.CommitCoverage({ ...commit, format: "lcov", uploadedAt: "2026-01-01T00:00:00.000Z", files: [] })

/** The ports the cases read through, as one object: a case checks one port against what the others answer. */
const stores = Effect.gen(function*() {
  return { ...(yield* LineCoverageStore.LineCoverageStore), ...(yield* FileResultStore.FileResultStore) }
})

export const lineCoverageStoreContract = (name: string, storeLayer: Layer.Layer<AnalysisResultStore.AnalysisResultStore | AnalysisStore.AnalysisStore | FileResultStore.FileResultStore | LineCoverageStore.LineCoverageStore | RepositoryStore.RepositoryStore | OrganizationStore.OrganizationStore, unknown>) =>
  layer(storeLayer, { timeout: "120 seconds", excludeTestServices: true })(`LineCoverageStore contract (${name})`, (it) => {
    const saved = savedWith(stores)

    describe("line coverage", () => {
      const lines = (path: string, hits: ReadonlyArray<readonly [number, number]>) =>
        CommitCoverage.FileLineCoverage.make({
          path,
          coverableLines: hits.length,
          coveredLines: hits.filter(([, count]) => count > 0).length,
          hits
        })

      it.effect("keeps each file's hits per commit; a new upload replaces the commit's files", () =>
        Effect.gen(function*() {
          const { repositoryId, store } = yield* saved
          const commit = { repositoryId, commitSha: "a1" }
          const a = lines("src/a.js", [[1, 3], [2, 0], [5, 12]])
          yield* store.saveCoverage(reportOf(commit), [a, lines("src/b.js", [[4, 1]])])
          expect(yield* store.fileCoverage(commit, "src/a.js")).toStrictEqual(Option.some(a))
          expect(yield* store.fileCoverage({ repositoryId, commitSha: "a2" }, "src/a.js")).toEqual(Option.none())
          expect(yield* store.commitCoverage(commit)).toStrictEqual([a, lines("src/b.js", [[4, 1]])])
          expect(yield* store.commitCoverage({ repositoryId, commitSha: "a2" })).toEqual([])

          const again = lines("src/b.js", [[4, 0], [6, 2]])
          yield* store.saveCoverage(reportOf(commit), [again])
          expect(yield* store.fileCoverage(commit, "src/a.js")).toEqual(Option.none())
          expect(yield* store.fileCoverage(commit, "src/b.js")).toStrictEqual(Option.some(again))
          expect(yield* store.commitCoverage(commit)).toStrictEqual([again])
        }))

      it.effect("lists and sorts files counting up to 2^31 - 1 lines (totals a report may state) without overflowing", () =>
        Effect.gen(function*() {
          const { key, repositoryId, store } = yield* saved
          const most = 2_147_483_647
          const totals = (path: string, coveredLines: number) =>
            CommitCoverage.FileLineCoverage.make({ path, coverableLines: most, coveredLines, hits: [] })
          yield* store.saveCoverage(reportOf({ repositoryId, commitSha: key.commitSha }), [totals("src/a.js", most), totals("lib/c.ts", most - 1)])
          const listed = yield* store.files(key, { sort: "coverage", direction: "desc" }, all)
          expect(listed.items.map((f) => [f.file.path, f.coverage?.coveredLines])).toEqual([
            ["src/a.js", most],
            ["lib/c.ts", most - 1],
            ["src/b.js", undefined]
          ])
          const first = yield* store.files(key, { sort: "coverage", direction: "desc" }, { after: undefined, limit: 1 })
          const rest = yield* store.files(key, { sort: "coverage", direction: "desc" }, { after: first.next, limit: 5 })
          expect(rest.items.map((f) => f.file.path)).toEqual(["lib/c.ts", "src/b.js"])
        }))

      it.effect("lists files with the coverage of the analysed commit and sorts by it, files without coverage lowest", () =>
        Effect.gen(function*() {
          const { key, repositoryId, store } = yield* saved
          // 1 of 3 lines (33.33…%) for a.js, 2 of 3 for c.ts; b.js has no coverable line, as if uncovered.
          yield* store.saveCoverage(reportOf({ repositoryId, commitSha: key.commitSha }), [
            lines("src/a.js", [[1, 1], [2, 0], [3, 0]]),
            lines("lib/c.ts", [[1, 1], [2, 4], [3, 0]]),
            lines("src/b.js", [])
          ])
          yield* store.saveCoverage(reportOf({ repositoryId, commitSha: "other" }), [lines("src/b.js", [[1, 1]])])
          const listed = yield* store.files(key, { sort: "coverage", direction: "desc" }, all)
          expect(listed.items.map((f) => [f.file.path, f.coverage])).toEqual([
            ["lib/c.ts", { coverableLines: 3, coveredLines: 2 }],
            ["src/a.js", { coverableLines: 3, coveredLines: 1 }],
            ["src/b.js", { coverableLines: 0, coveredLines: 0 }]
          ])
          const first = yield* store.files(key, { sort: "coverage", direction: "asc" }, { after: undefined, limit: 1 })
          expect(first.items.map((f) => f.file.path)).toEqual(["src/b.js"])
          const rest = yield* store.files(key, { sort: "coverage", direction: "asc" }, { after: first.next, limit: 5 })
          expect(rest.items.map((f) => f.file.path)).toEqual(["src/a.js", "lib/c.ts"])
          const one = yield* store.file(key, listed.items[0]!.fileId)
          expect(Option.map(one, (f) => f.coverage)).toEqual(Option.some({ coverableLines: 3, coveredLines: 2 }))
        }))

      it.effect("removeCoverage forgets those files of that commit only; the list no longer shows their coverage", () =>
        Effect.gen(function*() {
          const { key, repositoryId, store } = yield* saved
          const commit = { repositoryId, commitSha: key.commitSha }
          const kept = lines("src/a.js", [[1, 1], [2, 0]])
          yield* store.saveCoverage(reportOf(commit), [kept, lines("lib/c.ts", [[1, 1]]), lines("src/b.js", [[3, 2]])])
          yield* store.saveCoverage(reportOf({ repositoryId, commitSha: "other" }), [lines("lib/c.ts", [[1, 0]])])
          yield* store.removeCoverage(reportOf(commit), ["lib/c.ts", "src/b.js", "not/reported.js"])
          expect(yield* store.fileCoverage(commit, "lib/c.ts")).toEqual(Option.none())
          expect(yield* store.fileCoverage(commit, "src/b.js")).toEqual(Option.none())
          expect(yield* store.fileCoverage(commit, "src/a.js")).toStrictEqual(Option.some(kept))
          expect(Option.isSome(yield* store.fileCoverage({ repositoryId, commitSha: "other" }, "lib/c.ts"))).toBe(true)
          const listed = yield* store.files(key, { sort: "filename", direction: "asc" }, all)
          expect(listed.items.map((f) => [f.file.path, f.coverage])).toEqual([
            ["lib/c.ts", undefined],
            ["src/a.js", { coverableLines: 2, coveredLines: 1 }],
            ["src/b.js", undefined]
          ])
        }))

      it.effect("exclusive runs the effects given one commit one after the other, each seeing the last one's write", () =>
        Effect.gen(function*() {
          const { repositoryId, store } = yield* saved
          const commit = { repositoryId, commitSha: "c1" }
          const entered = yield* Deferred.make<void>()
          const release = yield* Deferred.make<void>()
          const log = yield* Ref.make<ReadonlyArray<string>>([])
          // Each adds one line to what the other stored: a read, then a write.
          const addLine = (name: string, line: number) =>
            Effect.gen(function*() {
              yield* Ref.update(log, (all) => [...all, `${name} in`])
              const earlier = yield* store.commitCoverage(commit)
              const hits = [...(earlier[0]?.hits ?? []), [line, 1] as const]
              yield* store.saveCoverage(reportOf(commit), [lines("src/a.js", hits)])
              yield* Ref.update(log, (all) => [...all, `${name} out`])
            })
          const first = yield* Effect.fork(store.exclusive(commit)(
            addLine("first", 1).pipe(Effect.zipLeft(Deferred.succeed(entered, undefined)), Effect.zipLeft(Deferred.await(release)))
          ))
          yield* Deferred.await(entered)
          const second = yield* Effect.fork(store.exclusive(commit)(addLine("second", 2)))
          // Time for the second to enter, were it not kept out.
          yield* Effect.sleep("300 millis")
          expect(yield* Ref.get(log)).toEqual(["first in", "first out"])
          yield* Deferred.succeed(release, undefined)
          yield* Fiber.join(first)
          yield* Fiber.join(second)
          expect(yield* Ref.get(log)).toEqual(["first in", "first out", "second in", "second out"])
          expect(Option.map(yield* store.fileCoverage(commit, "src/a.js"), (file) => file.hits)).toEqual(Option.some([[1, 1], [2, 1]]))
        }))

      it.effect("saves the upload's report with its lines, read with the analyses; removeCoverage leaves the report without those files", () =>
        Effect.gen(function*() {
          const { repositoryId, store } = yield* saved
          const analyses = yield* AnalysisStore.AnalysisStore
          const commit = { repositoryId, commitSha: "r1" }
          const files = [lines("lib/c.ts", [[1, 1]]), lines("src/a.js", [[1, 1], [2, 0]])]
          const report = new CommitCoverage.CommitCoverage({ ...commit, format: "lcov", uploadedAt: "2026-01-02T00:00:00.000Z", files: files.map(CommitCoverage.fileTotals) })
          yield* store.saveCoverage(report, files)
          expect((yield* analyses.coverage([commit])).get(repositoryId)).toStrictEqual(report)
          const without = new CommitCoverage.CommitCoverage({ ...report, files: report.files.filter((file) => file.path !== "lib/c.ts") })
          yield* store.removeCoverage(without, ["lib/c.ts"])
          expect((yield* analyses.coverage([commit])).get(repositoryId)).toStrictEqual(without)
          expect(yield* store.commitCoverage(commit)).toStrictEqual(files.slice(1))
        }))

      it.effect("a file no report names has no coverage", () =>
        Effect.gen(function*() {
          const { key, store } = yield* saved
          const listed = yield* store.files(key, { sort: "coverage", direction: "desc" }, all)
          expect(listed.items.map((f) => f.coverage)).toEqual([undefined, undefined, undefined])
        }))
    })
  })

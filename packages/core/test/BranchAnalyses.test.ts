import { describe, expect, it } from "@effect/vitest"
import { BranchAnalyses, Pagination } from "@tidemark/core"
import { storageLayer } from "@tidemark/core/memory"
import { Effect, Layer } from "effect"
import { commitNamed, measuresWith, saveAnalysis, saveChange, sha } from "./fixtures/StoredCommitAnalyses.js"

const withBranchAnalyses = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.provide(effect, BranchAnalyses.BranchAnalyses.Default.pipe(Layer.provideMerge(storageLayer)))

const repositoryId = 1

/**
 * main analysed c1 to c4 (c3 and c4 ended at the same minute), develop analysed d1 later; c2 and c4
 * recorded what they changed, and a pull request's change has c3 as its head.
 */
const setUp = Effect.gen(function*() {
  const measures = measuresWith(1)
  yield* saveAnalysis(repositoryId, "main", commitNamed("c1", 1), 10, { measures })
  yield* saveAnalysis(repositoryId, "main", commitNamed("c2", 2, ["c1"]), 20, { measures })
  yield* saveAnalysis(repositoryId, "main", commitNamed("c3", 3, ["c2"]), 30, { measures })
  yield* saveAnalysis(repositoryId, "main", commitNamed("c4", 4, ["c2"]), 30, { measures })
  yield* saveAnalysis(repositoryId, "develop", commitNamed("d1", 5, ["c4"]), 40, { measures })
  yield* saveChange(repositoryId, { kind: "commit", sha: sha("c2") }, sha("c2"), { baseSha: sha("c1"), newIssues: 2 })
  yield* saveChange(repositoryId, { kind: "commit", sha: sha("c4") }, sha("c4"), { baseSha: sha("c2"), fixedIssues: 1 })
  yield* saveChange(repositoryId, { kind: "pullRequest", number: 5 }, sha("c3"), { newIssues: 9 })
})

/** Each analysis's commit (short name) with what its change added and fixed, if it has one. */
const shown = (page: BranchAnalyses.BranchAnalysesPage) =>
  page.items.map(({ analysis, change }) => [analysis.commit.sha.slice(0, 2), change === undefined ? undefined : [change.newIssues, change.fixedIssues]])

const pageOf = (branch: string, cursor: string | undefined, limit: number) =>
  Effect.gen(function*() {
    const request = yield* Pagination.pageRequest(cursor, limit)
    return yield* Effect.flatMap(BranchAnalyses.BranchAnalyses, (analyses) => analyses.page(repositoryId, branch, request))
  })

describe("BranchAnalyses.page", () => {
  it.effect("a branch's analyses, the latest first (the greater sha first at the same end), each with its commit's change", () =>
    withBranchAnalyses(Effect.gen(function*() {
      yield* setUp
      const all = yield* pageOf("main", undefined, 100)
      // A pull request's change is not a commit's, though it has c3 as its head.
      expect(shown(all)).toStrictEqual([["c4", [0, 1]], ["c3", undefined], ["c2", [2, 0]], ["c1", undefined]])
      expect(all.pagination).toStrictEqual(new Pagination.Pagination({ limit: 100, total: 4 }))
      expect(shown(yield* pageOf("develop", undefined, 100))).toStrictEqual([["d1", undefined]])
      expect((yield* pageOf("feature", undefined, 100)).items).toStrictEqual([])
    })))

  it.effect("keyset pages on (endedAnalysis, sha): a cursor only while analyses remain, and the next page starts after the last one shown", () =>
    withBranchAnalyses(Effect.gen(function*() {
      yield* setUp
      const first = yield* pageOf("main", undefined, 2)
      expect(shown(first)).toStrictEqual([["c4", [0, 1]], ["c3", undefined]])
      expect(first.pagination.total).toBe(4)
      const second = yield* pageOf("main", first.pagination.cursor, 2)
      // Between two analyses that ended at once, the cursor keeps the sha: c3 is not shown again.
      expect(shown(second)).toStrictEqual([["c2", [2, 0]], ["c1", undefined]])
      // Exactly the rest: the extra row read tells there is no third page.
      expect(second.pagination).toStrictEqual(new Pagination.Pagination({ limit: 2, total: 4 }))
      const byThree = yield* pageOf("main", undefined, 3)
      expect(shown(yield* pageOf("main", byThree.pagination.cursor, 3))).toStrictEqual([["c1", undefined]])
    })))

  it.effect("an analysis saved again for the same commit and branch replaces the earlier one and takes its new place", () =>
    withBranchAnalyses(Effect.gen(function*() {
      yield* setUp
      yield* saveAnalysis(repositoryId, "main", commitNamed("c1", 1), 50, { measures: measuresWith(2) })
      const all = yield* pageOf("main", undefined, 100)
      expect(shown(all)).toStrictEqual([["c1", undefined], ["c4", [0, 1]], ["c3", undefined], ["c2", [2, 0]]])
      expect(all.items[0]?.analysis.measures?.issueCounts.Error).toBe(2)
      expect(all.pagination.total).toBe(4)
    })))
})

import { describe, expect, it } from "@effect/vitest"
import { AnalysisResults, ChangeAnalysis, ChangeCoverageReads, QualityGate, QualityGateStore } from "@tidemark/core"
import { storageLayer } from "@tidemark/core/memory"
import { Effect, Layer } from "effect"
import { linesOf, saveChange, saveCoverage, sha, touched } from "./fixtures/StoredCommitAnalyses.js"

const withReads = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.provide(effect, ChangeCoverageReads.ChangeCoverageReads.Default.pipe(Layer.provideMerge(storageLayer)))

const repositoryId = 1
const head = sha("h1")
const base = sha("b1")

/** head: src/a.ts 2 of 4 lines, src/b.ts 1 of 3 (3 of 7, 42.857 %); base: src/a.ts 2 of 3, src/c.ts 0 of 1 (2 of 4, 50 %). */
const reports = Effect.all([
  saveCoverage(repositoryId, head, [linesOf("src/a.ts", [[1, 1], [2, 0], [3, 2], [4, 0]]), linesOf("src/b.ts", [[1, 1], [2, 0], [3, 0]])]),
  saveCoverage(repositoryId, base, [linesOf("src/a.ts", [[1, 1], [2, 1], [3, 0]]), linesOf("src/c.ts", [[1, 0]])])
])

/**
 * The change adds lines 2, 3 and 5 of src/a.ts (5 is no coverable line), line 1 of src/b.ts, two lines
 * of src/d.ts that no report names; it deleted src/gone.ts.
 */
const change = (fields: { readonly baseSha?: string } = { baseSha: base }) =>
  saveChange(repositoryId, { kind: "pullRequest", number: 3 }, head, {
    ...fields,
    newIssues: 4,
    deltaComplexity: 4,
    newIssueKinds: [
      ChangeAnalysis.IssueKindCount.make({ level: "Warning", category: "Security", count: 1 }),
      ChangeAnalysis.IssueKindCount.make({ level: "Info", category: "CodeStyle", count: 3 })
    ],
    clones: [
      ChangeAnalysis.CloneDelta.make({ id: 1, deltaType: "Added", occurrences: [AnalysisResults.CloneOccurrence.make({ path: "src/a.ts", fromLine: 1, toLine: 9 })] }),
      ChangeAnalysis.CloneDelta.make({ id: 2, deltaType: "Added", occurrences: [AnalysisResults.CloneOccurrence.make({ path: "src/b.ts", fromLine: 1, toLine: 9 })] }),
      ChangeAnalysis.CloneDelta.make({ id: 3, deltaType: "Fixed", occurrences: [AnalysisResults.CloneOccurrence.make({ path: "src/c.ts", fromLine: 1, toLine: 9 })] })
    ],
    files: [
      touched("src/a.ts", [2, 3, 5]),
      touched("src/b.ts", [1]),
      touched("src/d.ts", [1, 2]),
      touched("src/gone.ts", [], { inHead: false, fixedIssues: 1 })
    ]
  })

const coverageOf = (of: ChangeAnalysis.ChangeAnalysis) => Effect.flatMap(ChangeCoverageReads.ChangeCoverageReads, (reads) => reads.coverageOf(of))

/** Each file's path, totals (two decimals) and diff coverage, in the order the change lists them. */
const filesOf = (coverage: ChangeCoverageReads.ChangeCoverage) =>
  coverage.files.map((f) => [
    f.path,
    f.total === undefined ? undefined : Math.round(f.total * 100) / 100,
    f.base === undefined ? undefined : Math.round(f.base * 100) / 100,
    f.diff.cause,
    f.diff.value,
    f.addedLineHits
  ])

describe("ChangeCoverageReads.coverageOf", () => {
  it.effect("head and base totals, their variation in points (two decimals), diff coverage of the added coverable lines, file by file", () =>
    withReads(Effect.gen(function*() {
      yield* reports
      const coverage = yield* coverageOf(yield* change())
      expect(coverage.head).toBeCloseTo(300 / 7, 10)
      expect(coverage.base).toBe(50)
      expect(coverage.variation).toBe(-7.14)
      // 2 of the 3 added lines the head's report counts ran.
      expect(coverage.diff).toMatchObject({ cause: "ValueIsPresent", value: 66.67, coveredLines: 2, coverableLines: 3 })
      // A deleted file is left out; a file the report does not name has no coverable added line.
      expect(filesOf(coverage)).toStrictEqual([
        ["src/a.ts", 50, 66.67, "ValueIsPresent", 50, [[2, 0], [3, 2]]],
        ["src/b.ts", 33.33, undefined, "ValueIsPresent", 100, [[1, 1]]],
        ["src/d.ts", undefined, undefined, "NoCoverableLines", undefined, []]
      ])
    })))

  it.effect("without the head's report diff coverage cannot be told, nor the variation; without a base, no variation", () =>
    withReads(Effect.gen(function*() {
      yield* saveCoverage(repositoryId, base, [linesOf("src/a.ts", [[1, 1], [2, 1], [3, 0]])])
      const unreported = yield* coverageOf(yield* change())
      expect([unreported.head, unreported.base, unreported.variation]).toStrictEqual([undefined, 200 / 3, undefined])
      expect(unreported.diff).toMatchObject({ cause: "MissingRequirements" })
      expect(unreported.diff.value).toBeUndefined()
      expect(filesOf(unreported).map(([path, , , cause]) => [path, cause])).toStrictEqual([
        ["src/a.ts", "MissingRequirements"],
        ["src/b.ts", "MissingRequirements"],
        ["src/d.ts", "MissingRequirements"]
      ])
      yield* reports
      const firstCommit = yield* coverageOf(yield* change({}))
      expect([firstCommit.base, firstCommit.variation, firstCommit.diff.value]).toStrictEqual([undefined, undefined, 66.67])
    })))

  it.effect("a change that adds no coverable line has no diff coverage value (NoCoverableLines, 0 of 0)", () =>
    withReads(Effect.gen(function*() {
      yield* reports
      const coverage = yield* coverageOf(yield* saveChange(repositoryId, { kind: "commit", sha: head }, head, {
        baseSha: base,
        files: [touched("src/a.ts", [5, 6])]
      }))
      expect(coverage.diff).toMatchObject({ cause: "NoCoverableLines", coveredLines: 0, coverableLines: 0 })
      expect(coverage.diff.value).toBeUndefined()
      expect(coverage.variation).toBe(-7.14)
    })))
})

const reasonsOf = (verdict: { readonly resultReasons: ReadonlyArray<{ readonly gate: string; readonly isUpToStandards: boolean }> } | undefined) =>
  verdict?.resultReasons.map((r) => [r.gate, r.isUpToStandards])

describe("ChangeCoverageReads.verdictOf", () => {
  it.effect("the repository's gate of that kind judges the change's issues, added clones, complexity and coverage", () =>
    withReads(Effect.gen(function*() {
      yield* reports
      yield* Effect.flatMap(QualityGateStore.QualityGateStore, (gates) =>
        gates.save(repositoryId, "pullRequests", new QualityGate.QualityGate({
          issueThreshold: new QualityGate.IssueThreshold({ threshold: 1, minimumSeverity: "Warning" }),
          securityIssueThreshold: 0,
          duplicationThreshold: 1,
          complexityThreshold: 5,
          coverageThresholdWithDecimals: -5,
          diffCoverageThreshold: 70
        })))
      const reads = yield* ChangeCoverageReads.ChangeCoverageReads
      const judged = yield* change()
      const { coverage, verdict } = yield* reads.verdictOf(judged, "pullRequests")
      expect(coverage.variation).toBe(-7.14)
      // One Warning counts against 1 allowed; it is a security issue, and none is allowed; 2 clones
      // came (the one removed does not offset them); the variation and the diff coverage are short.
      expect(reasonsOf(verdict.quality)).toStrictEqual([
        ["issueThreshold", true],
        ["securityIssueThreshold", false],
        ["duplicationThreshold", false],
        ["complexityThreshold", true]
      ])
      expect(reasonsOf(verdict.coverage)).toStrictEqual([["coverageThresholdWithDecimals", false], ["diffCoverageThreshold", false]])
      expect(verdict.isUpToStandards).toBe(false)
      expect(ChangeCoverageReads.pullRequestCoverageOf(coverage, verdict)).toMatchObject({ deltaCoverage: -7.14, isUpToStandards: false })
      // The commits gate is the defaults: no new issue of any severity, no coverage rule.
      const commits = (yield* reads.verdictOf(judged, "commits")).verdict
      expect([reasonsOf(commits.quality), commits.coverage, commits.isUpToStandards]).toStrictEqual([[["issueThreshold", false]], undefined, false])
    })))

  it.effect("a coverage rule without its coverage is left out, not failed", () =>
    withReads(Effect.gen(function*() {
      yield* Effect.flatMap(QualityGateStore.QualityGateStore, (gates) =>
        gates.save(repositoryId, "commits", new QualityGate.QualityGate({ coverageThresholdWithDecimals: 0, diffCoverageThreshold: 50 })))
      const { coverage, verdict } = yield* Effect.flatMap(ChangeCoverageReads.ChangeCoverageReads, (reads) =>
        Effect.flatMap(change(), (judged) => reads.verdictOf(judged, "commits")))
      expect(verdict).toStrictEqual({ quality: { isUpToStandards: true, resultReasons: [] }, coverage: undefined, isUpToStandards: true })
      expect(ChangeCoverageReads.pullRequestCoverageOf(coverage, verdict)).toMatchObject({ diffCoverage: { cause: "MissingRequirements" } })
      expect(ChangeCoverageReads.pullRequestCoverageOf(coverage, verdict).deltaCoverage).toBeUndefined()
    })))
})

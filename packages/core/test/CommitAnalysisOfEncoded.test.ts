import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, FastCheck, Schema } from "effect"
import { ChangeAnalysis, changeAnalysisOfEncoded, CloneDelta, FileDelta, IssueKindCount } from "../src/domain/ChangeAnalysis.js"
import { AnalysisMeasures, CommitAnalysis, commitAnalysisOfEncoded } from "../src/domain/CommitAnalysis.js"
import { Action } from "../src/domain/Common.js"
import { IssueCounts } from "../src/domain/IssueLoad.js"
import { CommitRecord } from "../src/domain/Records.js"
import { Problem } from "../src/domain/Repository.js"

describe("commitAnalysisOfEncoded", () => {
  it("builds from an encoded analysis what decoding it builds: the same values, the same classes", () => {
    const encode = Schema.encodeSync(CommitAnalysis)
    const decode = Schema.decodeUnknownSync(CommitAnalysis)
    FastCheck.assert(
      FastCheck.property(Arbitrary.make(CommitAnalysis), (analysis) => {
        const encoded = encode(analysis)
        const built = commitAnalysisOfEncoded(encoded)
        const decoded = decode(encoded)
        // toStrictEqual compares classes too, at every depth.
        expect(built).toStrictEqual(decoded)
        expect(built).toBeInstanceOf(CommitAnalysis)
        expect(built.commit).toBeInstanceOf(CommitRecord)
        if (built.measures !== undefined) {
          expect(built.measures).toBeInstanceOf(AnalysisMeasures)
          expect(built.measures.issueCounts).toBeInstanceOf(IssueCounts)
        }
        for (const problem of built.problems) {
          expect(problem).toBeInstanceOf(Problem)
          for (const action of problem.actions) expect(action).toBeInstanceOf(Action)
        }
      }),
      { numRuns: 300, seed: 20261124 }
    )
  })
})

describe("changeAnalysisOfEncoded", () => {
  it("builds from an encoded change what decoding it builds: the same values, the same classes", () => {
    const encode = Schema.encodeSync(ChangeAnalysis)
    const decode = Schema.decodeUnknownSync(ChangeAnalysis)
    FastCheck.assert(
      FastCheck.property(Arbitrary.make(ChangeAnalysis), (change) => {
        const encoded = encode(change)
        const built = changeAnalysisOfEncoded(encoded)
        // toStrictEqual compares classes too, at every depth.
        expect(built).toStrictEqual(decode(encoded))
        for (const file of built.files) expect(file).toBeInstanceOf(FileDelta)
        for (const clone of built.clones) expect(clone).toBeInstanceOf(CloneDelta)
        for (const kind of built.newIssueKinds) expect(kind).toBeInstanceOf(IssueKindCount)
      }),
      { numRuns: 200, seed: 20261126 }
    )
  })
})

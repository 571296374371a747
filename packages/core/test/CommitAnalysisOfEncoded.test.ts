import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, FastCheck, Schema } from "effect"
import { ChangeAnalysis, changeAnalysisOfEncoded, CloneDelta, FileDelta, IssueKindCount } from "../src/domain/ChangeAnalysis.js"
import { AnalysisMeasures, CommitAnalysis, commitAnalysisOfEncoded } from "../src/domain/CommitAnalysis.js"
import { Action } from "../src/domain/Common.js"
import { IssueCounts } from "../src/domain/IssueLoad.js"
import { CommitRecord } from "../src/domain/Records.js"
import { Problem } from "../src/domain/Repository.js"

/**
 * For arbitrary values of `schema`, `build` on the encoded value gives what decoding it gives (the
 * same values, the same classes at every depth: toStrictEqual compares classes), and `classes`
 * holds of what it built.
 */
const buildsAsDecoded = <A, I>(
  schema: Schema.Schema<A, I>,
  build: (encoded: I) => A,
  classes: (built: A) => void,
  run: { readonly numRuns: number; readonly seed: number }
) => {
  const encode = Schema.encodeSync(schema)
  const decode = Schema.decodeUnknownSync(schema)
  FastCheck.assert(
    FastCheck.property(Arbitrary.make(schema), (value) => {
      const encoded = encode(value)
      const built = build(encoded)
      expect(built).toStrictEqual(decode(encoded))
      classes(built)
    }),
    run
  )
}

describe("commitAnalysisOfEncoded", () => {
  it("builds from an encoded analysis what decoding it builds: the same values, the same classes", () => {
    buildsAsDecoded(CommitAnalysis, commitAnalysisOfEncoded, (built) => {
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
    }, { numRuns: 300, seed: 20261124 })
  })
})

describe("changeAnalysisOfEncoded", () => {
  it("builds from an encoded change what decoding it builds: the same values, the same classes", () => {
    buildsAsDecoded(ChangeAnalysis, changeAnalysisOfEncoded, (built) => {
      for (const file of built.files) expect(file).toBeInstanceOf(FileDelta)
      for (const clone of built.clones) expect(clone).toBeInstanceOf(CloneDelta)
      for (const kind of built.newIssueKinds) expect(kind).toBeInstanceOf(IssueKindCount)
    }, { numRuns: 200, seed: 20261126 })
  })
})

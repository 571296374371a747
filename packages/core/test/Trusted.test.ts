import { Arbitrary, Equal, FastCheck as fc, type Schema } from "effect"
import { describe, expect, it } from "vitest"
import {
  AnalysisResults,
  Branch,
  Commit,
  CommitAnalysis,
  Common,
  Coverage,
  Goals,
  IssueLoad,
  IssueViews,
  Records,
  Repository,
  RepositoryWithAnalysis,
  Trusted
} from "../src/index.js"

/** That `trusted(klass, fields)` equals `new klass(fields, true)` for any valid instance's fields. */
const buildsAsConstructed = <A extends object, I>(klass: Schema.Schema<A, I> & (new (fields: never, options?: boolean) => A)) =>
  it(`builds the ${klass.name} that its constructor builds from the same valid fields`, () => {
    fc.assert(
      fc.property(Arbitrary.make(klass), (instance) => {
        const fields = { ...instance } as never
        const built = Trusted.trusted(klass, fields)
        const constructed = new klass(fields, true)
        expect(built).toBeInstanceOf(klass)
        expect(built).toStrictEqual(constructed)
        expect(Equal.equals(built, instance)).toBe(true)
        // A default would show up here as a key the constructor adds and `trusted` does not.
        expect(Object.keys(constructed)).toStrictEqual(Object.keys(fields))
      }),
      { numRuns: 50 }
    )
  })

// Every class the core and the PostgreSQL adapter build with `trusted`.
describe("trusted", () => {
  buildsAsConstructed(Common.Action)
  buildsAsConstructed(CommitAnalysis.AnalysisMeasures)
  buildsAsConstructed(Branch.Branch)
  buildsAsConstructed(Records.BranchRecord)
  buildsAsConstructed(Commit.Commit)
  buildsAsConstructed(CommitAnalysis.CommitAnalysis)
  buildsAsConstructed(IssueViews.CommitIssue)
  buildsAsConstructed(Records.CommitRecord)
  buildsAsConstructed(IssueViews.CommitReference)
  buildsAsConstructed(CommitAnalysis.ConfigurationFile)
  buildsAsConstructed(Coverage.Coverage)
  buildsAsConstructed(AnalysisResults.FileResult)
  buildsAsConstructed(Goals.Goals)
  buildsAsConstructed(IssueLoad.IssueCounts)
  buildsAsConstructed(AnalysisResults.IssueResult)
  buildsAsConstructed(Common.ParameterValue)
  buildsAsConstructed(IssueViews.PatternDetails)
  buildsAsConstructed(Records.PatternSetting)
  buildsAsConstructed(Repository.Problem)
  buildsAsConstructed(Repository.Repository)
  buildsAsConstructed(Records.RepositoryRecord)
  buildsAsConstructed(RepositoryWithAnalysis.RepositoryWithAnalysis)
  buildsAsConstructed(Repository.Stack)
  buildsAsConstructed(Common.StandardRef)
  buildsAsConstructed(IssueViews.ToolReference)
})

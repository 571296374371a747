import { Arbitrary, Equal, FastCheck as fc, type Schema } from "effect"
import { describe, expect, it } from "vitest"
import {
  Action,
  AnalysisMeasures,
  Branch,
  BranchRecord,
  Commit,
  CommitAnalysis,
  CommitIssue,
  CommitRecord,
  CommitReference,
  ConfigurationFile,
  Coverage,
  FileResult,
  Goals,
  IssueCounts,
  IssueResult,
  ParameterValue,
  PatternDetails,
  PatternSetting,
  Problem,
  Repository,
  RepositoryRecord,
  RepositoryWithAnalysis,
  Stack,
  StandardRef,
  ToolReference,
  trusted
} from "../src/index.js"

/** That `trusted(klass, fields)` equals `new klass(fields, true)` for any valid instance's fields. */
const buildsAsConstructed = <A extends object, I>(klass: Schema.Schema<A, I> & (new (fields: never, options?: boolean) => A)) =>
  it(`builds the ${klass.name} that its constructor builds from the same valid fields`, () => {
    fc.assert(
      fc.property(Arbitrary.make(klass), (instance) => {
        const fields = { ...instance } as never
        const built = trusted(klass, fields)
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
  buildsAsConstructed(Action)
  buildsAsConstructed(AnalysisMeasures)
  buildsAsConstructed(Branch)
  buildsAsConstructed(BranchRecord)
  buildsAsConstructed(Commit)
  buildsAsConstructed(CommitAnalysis)
  buildsAsConstructed(CommitIssue)
  buildsAsConstructed(CommitRecord)
  buildsAsConstructed(CommitReference)
  buildsAsConstructed(ConfigurationFile)
  buildsAsConstructed(Coverage)
  buildsAsConstructed(FileResult)
  buildsAsConstructed(Goals)
  buildsAsConstructed(IssueCounts)
  buildsAsConstructed(IssueResult)
  buildsAsConstructed(ParameterValue)
  buildsAsConstructed(PatternDetails)
  buildsAsConstructed(PatternSetting)
  buildsAsConstructed(Problem)
  buildsAsConstructed(Repository)
  buildsAsConstructed(RepositoryRecord)
  buildsAsConstructed(RepositoryWithAnalysis)
  buildsAsConstructed(Stack)
  buildsAsConstructed(StandardRef)
  buildsAsConstructed(ToolReference)
})

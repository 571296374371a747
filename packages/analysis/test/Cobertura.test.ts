import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { CommitCoverage } from "@tidemark/core"
import { parseCobertura, parseLcov } from "../src/index.js"
import { failureOf } from "./Failure.js"
import { coverageFixture } from "./Fixtures.js"

const failure = (content: string): string => {
  const error = failureOf(parseCobertura(content, "/repo"))
  expect(error._tag).toBe("CoverageReportError")
  return error.message
}

describe("parseCobertura", () => {
  it("reads coverage.py's XML report, as its LCOV report of the same run", () => {
    const xml = Either.getOrThrow(parseCobertura(coverageFixture("coverage-py.xml"), "/tmp/pysample"))
    // Line by line as the LCOV report of the same run, which Lcov.test.ts checks hit by hit.
    expect(xml.files.map((f) => [f.path, f.coverableLines, f.coveredLines])).toEqual([["shop/__init__.py", 0, 0], ["shop/cart.py", 9, 6]])
    expect(xml).toEqual(Either.getOrThrow(parseLcov(coverageFixture("coverage-py.lcov"), "/tmp/pysample")))
    expect(CommitCoverage.coverageNumbers(xml, 60)).toEqual({
      coveragePercentage: 66,
      coveragePercentageWithDecimals: 66.67,
      numberTotalFiles: 2,
      numberCoveredLines: 6,
      numberCoverableLines: 9,
      filesUncovered: 0,
      filesWithLowCoverage: 0
    })
    expect(CommitCoverage.coverageNumbers(xml, 70).filesWithLowCoverage).toBe(1)
  })

  it("picks the source that holds the file, merges inner classes and skips method lines", () => {
    const report = Either.getOrThrow(parseCobertura(coverageFixture("multi-source.xml"), "/builds/app"))
    expect(report.files).toEqual([
      { path: "lib/util/Strings.java", coverableLines: 3, coveredLines: 2, uncoveredLines: [9], hits: [[3, 4], [4, 1], [9, 0]] }
    ])
    expect(report.percentage).toBeCloseTo(66.6666666667, 9)
  })

  it("has no percentage when nothing is coverable", () => {
    const report = Either.getOrThrow(parseCobertura("<coverage><packages/></coverage>", "/repo"))
    expect(report).toEqual({ files: [], coverableLines: 0, coveredLines: 0, percentage: undefined })
    expect(CommitCoverage.coverageNumbers(report, 60)).toEqual({
      numberTotalFiles: 0, numberCoveredLines: 0, numberCoverableLines: 0, filesUncovered: 0, filesWithLowCoverage: 0
    })
  })

  it("rejects what is not XML, and XML that is not Cobertura, with a clear reason", () => {
    expect(failure("<coverage><packages>")).toBe("invalid Cobertura report at line 1: the document ends before <coverage>, <packages> are closed")
    expect(failure("SF:a.js\nend_of_record")).toBe("invalid Cobertura report at line 1: char 'S' is not expected.")
    expect(failure("<report/>")).toBe("invalid Cobertura report: at coverage: is missing")
    expect(failure("<coverage/>")).toBe('invalid Cobertura report: at coverage: Expected <coverage> with <packages>, actual ""')
    expect(failure('<coverage><packages><package><classes><class filename="a.py"><lines><line number="one" hits="1"/></lines></class></classes></package></packages></coverage>'))
      .toBe('invalid Cobertura report: at coverage.packages.package.0.classes.class.0.lines.line.0.number: Unable to decode "one" into a number')
  })

  it("refuses hits past 2^53 and line numbers past 2^31 - 1; two classes of a file add up no further than 2^53 - 1", () => {
    const report = (lines: string) =>
      `<coverage><packages><package><classes><class filename="a.py"><lines>${lines}</lines></class><class filename="a.py"><lines>${lines}</lines></class></classes></package></packages></coverage>`
    expect(failure(report('<line number="1" hits="9007199254740992"/>'))).toMatch(/hits: Expected a count of at most 9007199254740991/)
    expect(failure(report('<line number="2147483648" hits="1"/>'))).toMatch(/number: Expected a line number of at most 2147483647/)
    const max = Number.MAX_SAFE_INTEGER
    expect(Either.getOrThrow(parseCobertura(report(`<line number="1" hits="${max}"/>`), "/repo")).files[0]?.hits).toEqual([[1, max]])
  })
})

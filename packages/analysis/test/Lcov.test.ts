import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { CommitCoverage } from "@tidemark/core"
import { parseLcov } from "../src/index.js"
import { failureOf } from "./Failure.js"
import { coverageFixture } from "./Fixtures.js"

const failure = (content: string) => {
  const { _tag, line, message } = failureOf(parseLcov(content, "/repo"))
  return { _tag, line, message }
}

describe("parseLcov", () => {
  it("reads node's own LCOV reporter (node --test --experimental-test-coverage)", () => {
    const report = Either.getOrThrow(parseLcov(coverageFixture("node-test.lcov"), "/tmp/covsample"))
    expect(report.files).toEqual([
      {
        path: "math.mjs",
        coverableLines: 10,
        coveredLines: 5,
        uncoveredLines: [6, 7, 8, 9, 10],
        hits: [[1, 1], [2, 1], [3, 1], [4, 1], [5, 1], [6, 0], [7, 0], [8, 0], [9, 0], [10, 0]]
      },
      { path: "math.test.mjs", coverableLines: 4, coveredLines: 4, uncoveredLines: [], hits: [[1, 1], [2, 1], [3, 1], [4, 1]] }
    ])
    expect(report.coverableLines).toBe(14)
    expect(report.coveredLines).toBe(9)
    expect(report.percentage).toBeCloseTo(64.2857142857, 9)
  })

  it("reads coverage.py's LCOV, line 0 of an empty module and its LH above LF included", () => {
    const report = Either.getOrThrow(parseLcov(coverageFixture("coverage-py.lcov"), "/tmp/pysample"))
    expect(report.files).toEqual([
      { path: "shop/__init__.py", coverableLines: 0, coveredLines: 0, uncoveredLines: [], hits: [] },
      {
        path: "shop/cart.py",
        coverableLines: 9,
        coveredLines: 6,
        uncoveredLines: [9, 10, 11],
        hits: [[1, 1], [2, 1], [3, 1], [4, 1], [5, 1], [8, 1], [9, 0], [10, 0], [11, 0]]
      }
    ])
  })

  it("merges the records of one file, resolves paths against the root, and keeps LF/LH-only files", () => {
    const report = Either.getOrThrow(parseLcov(coverageFixture("merged.lcov"), "/home/ci/work/app"))
    expect(report.files).toEqual([
      // Outside the root: normalised, left for the caller to judge.
      { path: "C:/work/app/src/generated.ts", coverableLines: 8, coveredLines: 6, uncoveredLines: [], hits: [] },
      // The two records of src/math.ts add up line by line (line 5: 0 + 2 hits).
      { path: "src/math.ts", coverableLines: 5, coveredLines: 3, uncoveredLines: [6, 7], hits: [[1, 3], [2, 3], [5, 2], [6, 0], [7, 0]] }
    ])
    expect(CommitCoverage.coverageNumbers(report, 60)).toEqual({
      coveragePercentage: 69,
      coveragePercentageWithDecimals: 69.23,
      numberTotalFiles: 2,
      numberCoveredLines: 9,
      numberCoverableLines: 13,
      filesUncovered: 0,
      filesWithLowCoverage: 0
    })
  })

  it("accepts CRLF line ends and checksums after the hits", () => {
    const report = Either.getOrThrow(parseLcov("SF:/repo/a.js\r\nDA:1,0,abc\r\nDA:2,4\r\nend_of_record\r\n", "/repo"))
    expect(report.files).toEqual([{ path: "a.js", coverableLines: 2, coveredLines: 1, uncoveredLines: [1], hits: [[1, 0], [2, 4]] }])
  })

  it("rejects malformed reports with the line at fault", () => {
    expect(failure("")).toEqual({ _tag: "CoverageReportError", line: undefined, message: "invalid LCOV report: no SF: record" })
    expect(failure("DA:1,1\n")).toEqual({
      _tag: "CoverageReportError", line: 1, message: "invalid LCOV report at line 1: DA stands outside a record (no SF: before it)"
    })
    expect(failure("SF:a.js\nDA:x\nend_of_record").message).toBe("invalid LCOV report at line 2: DA:x is not <line>,<hits>")
    expect(failure("SF:a.js\nLF:ten\nend_of_record").message).toBe("invalid LCOV report at line 2: LF:ten is not a count")
    expect(failure("TN:\nSF:a.js\nDA:1,1\n").message).toBe("invalid LCOV report at line 2: the record of a.js has no end_of_record")
    expect(failure("SF:a.js\nSF:b.js\nend_of_record").message).toBe(
      "invalid LCOV report at line 2: SF:b.js opens a record before the record of a.js has its end_of_record"
    )
    expect(failure("SF:a.js\n<html>\nend_of_record").message).toBe('invalid LCOV report at line 2: "<html>" is not an LCOV line')
    expect(failure("SF:\nend_of_record").message).toBe("invalid LCOV report at line 1: SF: names no file")
  })

  it("refuses hits past 2^53 and line numbers or counts past 2^31 - 1, naming the line", () => {
    // Past Number.MAX_SAFE_INTEGER a count is no longer exact, and storage could not read it back.
    expect(failure("SF:a.js\nDA:1,9007199254740992\nend_of_record")).toEqual({
      _tag: "CoverageReportError",
      line: 2,
      message: "invalid LCOV report at line 2: DA:1,9007199254740992 counts more hits than 9007199254740991"
    })
    expect(failure("SF:a.js\nDA:1,1\nDA:2147483648,1\nend_of_record").message)
      .toBe("invalid LCOV report at line 3: DA:2147483648,1 names a line past 2147483647")
    expect(failure("SF:a.js\nLF:2147483648\nLH:0\nend_of_record").message)
      .toBe("invalid LCOV report at line 2: LF:2147483648 is past 2147483647")
  })

  it("adds up the hits of a line named twice no further than 2^53 - 1", () => {
    const max = Number.MAX_SAFE_INTEGER
    const report = Either.getOrThrow(parseLcov(`SF:a.js\nDA:1,${max}\nDA:1,${max}\nend_of_record\nSF:a.js\nDA:1,${max}\nend_of_record`, "/repo"))
    expect(report.files[0]?.hits).toEqual([[1, max]])
  })
})

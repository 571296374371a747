import { describe, expect, it } from "@effect/vitest"
import { CommitCoverage, ReporterReport } from "@tidemark/core"
import { Either, Schema } from "effect"

const decode = Schema.decodeUnknownEither(ReporterReport.ReporterReport)

const lines = (path: string, hits: ReadonlyArray<readonly [number, number]>) =>
  new CommitCoverage.FileLineCoverage({
    path,
    coverableLines: hits.length,
    coveredLines: hits.filter(([, n]) => n > 0).length,
    hits: hits.map(([line, n]) => [line, n] as const)
  })

const report = (fileReports: ReadonlyArray<{ readonly filename: string; readonly coverage: Record<string, number> }>) =>
  Either.getOrThrow(decode({ fileReports }))

describe("ReporterReport", () => {
  it("reads each file's hits by line, ascending; `./` is dropped and a file named twice is added up", () => {
    expect(ReporterReport.reportedFiles(report([
      { filename: "./src/a.js", coverage: { "10": 0, "2": 3 } },
      { filename: "src/a.js", coverage: { "2": 1, "4": 0 } },
      { filename: "lib/b.ts", coverage: {} }
    ]))).toStrictEqual([
      lines("src/a.js", [[2, 4], [4, 0], [10, 0]]),
      lines("lib/b.ts", [])
    ])
  })

  it("refuses keys that are not line numbers and hits that are not counts", () => {
    for (const coverage of [{ x: 1 }, { "0": 1 }, { "01": 1 }, { "-1": 1 }, { "1": -1 }, { "1": 1.5 }]) {
      expect(Either.isLeft(decode({ fileReports: [{ filename: "a.js", coverage }] })), JSON.stringify(coverage)).toBe(true)
    }
    expect(Either.isLeft(decode({ fileReports: [{ filename: "", coverage: {} }] }))).toBe(true)
    expect(Either.isLeft(decode({ total: 10 }))).toBe(true)
    expect(Either.isRight(decode({ total: 50, fileReports: [{ filename: "a.js", total: 50, coverage: { "1": 0, "2": 7 } }] })))
      .toBe(true)
  })

  it("a partial report adds its lines to the commit's; a whole one replaces the files it names", () => {
    const earlier = [lines("src/a.js", [[1, 1], [2, 0]]), lines("src/b.js", [[1, 0]])]
    const shard = [lines("src/a.js", [[2, 2], [3, 0]])]
    expect(ReporterReport.withReport(earlier, shard, true)).toStrictEqual([lines("src/a.js", [[1, 1], [2, 2], [3, 0]]), lines("src/b.js", [[1, 0]])])
    expect(ReporterReport.withReport(earlier, shard, false)).toStrictEqual([lines("src/a.js", [[2, 2], [3, 0]]), lines("src/b.js", [[1, 0]])])
    expect(ReporterReport.withReport([], [lines("z.js", [[1, 1]]), lines("a.js", [])], true).map((f) => f.path)).toEqual(["a.js", "z.js"])
  })

  it("adds up the hits of a line no further than 2^53 - 1, which storage reads back exactly", () => {
    const max = Number.MAX_SAFE_INTEGER
    const added = ReporterReport.withReport([lines("a.js", [[1, max], [2, 1]])], [lines("a.js", [[1, max], [2, 2]])], true)
    expect(added).toStrictEqual([lines("a.js", [[1, max], [2, 3]])])
  })

  it("reads stored hits past 2^53 as 2^53 - 1 rather than failing", () => {
    const stored = { path: "a.js", coverableLines: 1, coveredLines: 1, hits: [[1, 1e20]] }
    expect(Schema.decodeUnknownSync(CommitCoverage.FileLineCoverage)(stored).hits).toStrictEqual([[1, Number.MAX_SAFE_INTEGER]])
  })
})

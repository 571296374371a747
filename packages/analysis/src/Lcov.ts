import { CommitCoverage } from "@tidemark/core"
import { Either } from "effect"
import { type CoverageRecord, type CoverageReport, coverageReport, CoverageReportError } from "./CoverageReport.js"
import { relativeToRoot } from "./RepositoryPath.js"

/**
 * Reads an LCOV tracefile (the `geninfo` format written by lcov, c8/istanbul, coverage.py's
 * `lcov`, cargo-llvm-cov...): `SF:` opens a file's record, `DA:<line>,<hits>[,<checksum>]` gives a
 * line, `LF`/`LH` the totals, `end_of_record` closes it. Function and branch lines (`FN`, `BRDA`,
 * ...) and the test name `TN` are not line coverage and are passed over. `DA` lines are the truth
 * when present; `LF`/`LH` stand in for files described only by their totals.
 */
export const parseLcov = (content: string, root: string): Either.Either<CoverageReport, CoverageReportError> => {
  const records: Array<CoverageRecord> = []
  let open: { path: string; lines: Map<number, number>; found?: number; hit?: number; line: number } | undefined
  const lines = content.split(/\r\n|\n|\r/)
  for (let index = 0; index < lines.length; index++) {
    const line = (lines[index] ?? "").trim()
    const at = index + 1
    const fail = (reason: string) => Either.left(new CoverageReportError({ format: "lcov", reason, line: at }))
    if (line === "") continue
    const colon = line.indexOf(":")
    const key = colon < 0 ? line : line.slice(0, colon)
    const value = colon < 0 ? "" : line.slice(colon + 1)
    if (key === "SF") {
      if (open !== undefined) return fail(`SF:${value} opens a record before the record of ${open.path} has its end_of_record`)
      if (value.trim() === "") return fail("SF: names no file")
      open = { path: relativeToRoot(value.trim(), root), lines: new Map(), line: at }
      continue
    }
    if (key === "TN") continue
    if (open === undefined) return fail(`${key} stands outside a record (no SF: before it)`)
    if (key === "end_of_record") {
      const { found, hit } = open
      // coverage.py 6.5 writes `LF:0`, `LH:1` for an empty module: covered never exceeds coverable.
      records.push(
        found === undefined || hit === undefined
          ? { path: open.path, lines: open.lines }
          : { path: open.path, lines: open.lines, summary: { coverable: found, covered: Math.min(hit, found) } }
      )
      open = undefined
    } else if (key === "DA") {
      const match = /^(\d+),(\d+)(?:,.*)?$/.exec(value.trim())
      const [lineNumber, hits] = [Number(match?.[1]), Number(match?.[2])]
      if (match === null) return fail(`DA:${value} is not <line>,<hits>`)
      if (lineNumber > CommitCoverage.maxLineNumber) return fail(`DA:${value} names a line past ${CommitCoverage.maxLineNumber}`)
      if (hits > CommitCoverage.maxHits) return fail(`DA:${value} counts more hits than ${CommitCoverage.maxHits}`)
      // coverage.py 6.5 gives an empty module a line 0, which no file has.
      if (lineNumber > 0) open.lines.set(lineNumber, CommitCoverage.addedHits(open.lines.get(lineNumber) ?? 0, hits))
    } else if (key === "LF" || key === "LH") {
      if (!/^\d+$/.test(value.trim())) return fail(`${key}:${value} is not a count`)
      if (Number(value) > CommitCoverage.maxLineNumber) return fail(`${key}:${value} is past ${CommitCoverage.maxLineNumber}`)
      if (key === "LF") open.found = Number(value)
      else open.hit = Number(value)
    } else if (!/^[A-Z]+$/.test(key)) {
      return fail(`"${line.slice(0, 60)}" is not an LCOV line`)
    }
  }
  if (open !== undefined) {
    return Either.left(new CoverageReportError({ format: "lcov", reason: `the record of ${open.path} has no end_of_record`, line: open.line }))
  }
  if (records.length === 0) return Either.left(new CoverageReportError({ format: "lcov", reason: "no SF: record" }))
  return Either.right(coverageReport(records))
}

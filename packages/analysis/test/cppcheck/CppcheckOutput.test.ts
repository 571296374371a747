import { describe, expect, it } from "vitest"
import { Either } from "effect"
import { readReport } from "../../src/cppcheck/CppcheckOutput.js"

const document = (errors: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<results version="2">\n    <cppcheck version="2.10"/>\n    <errors>\n${errors}    </errors>\n</results>\n`

const error = (id: string, severity: string, msg: string, file0: string | undefined, locations: ReadonlyArray<readonly [string, number]>) =>
  `        <error id="${id}" severity="${severity}" msg="${msg}" verbose="${msg}"${file0 === undefined ? "" : ` file0="${file0}"`}>\n${
    locations.map(([file, line]) => `            <location file="${file}" line="${line}" column="1"/>\n`).join("")
  }        </error>\n`

const output = (stderr: string, exitCode = 0, stdout = "") => ({ exitCode, stdout, stderr })

const findingsOf = (outcome: Either.Either<ReadonlyArray<{ readonly id: string; readonly file: string; readonly line: number; readonly severity: string; readonly message: string }>, string> | undefined) =>
  outcome === undefined ? undefined : Either.map(outcome, (findings) => findings.map((f) => [f.id, f.severity, f.file, f.line, f.message]))

describe("readReport", () => {
  it("gives each source given its findings, a header's among them, at the first location", () => {
    const stderr = document([
      error("nullPointer", "warning", "Possible null pointer dereference: p", "src/a.c", [["src/a.h", 8], ["src/a.c", 3]]),
      error("uninitvar", "error", "Uninitialized variable: &apos;x&apos;", "./-b.c", [["-b.c", 2]]),
      // The whole program's: no source of its own.
      error("ctunullpointer", "error", "Null pointer dereference: p", undefined, [["src/a.h", 8]])
    ].join(""))
    const report = readReport(["src/a.c", "./-b.c", "src/c.c"], output(stderr))
    expect(Either.isRight(report)).toBe(true)
    if (Either.isLeft(report)) return
    expect(findingsOf(report.right.get("src/a.c"))).toEqual(Either.right([["nullPointer", "warning", "src/a.h", 8, "Possible null pointer dereference: p"]]))
    expect(findingsOf(report.right.get("./-b.c"))).toEqual(Either.right([["uninitvar", "error", "-b.c", 2, "Uninitialized variable: 'x'"]]))
    expect(findingsOf(report.right.get("src/c.c"))).toEqual(Either.right([]))
  })

  it("reads an empty report as no finding, and a source Cppcheck could not parse as not analysed", () => {
    expect(Either.map(readReport(["a.c"], output(document(""))), (m) => [...m.keys()])).toEqual(Either.right(["a.c"]))
    const report = readReport(["a.c"], output(document(error("syntaxError", "error", "Unmatched &apos;{&apos;. Configuration: &apos;&apos;.", "a.c", [["a.c", 1]]))))
    expect(Either.map(report, (m) => m.get("a.c"))).toEqual(Either.right(Either.left("Cppcheck could not analyse it: a.c:1: Unmatched '{'. (syntaxError)")))
  })

  it("never reads a run that failed as clean", () => {
    expect(readReport(["a.c"], output("", 1, "cppcheck: error: could not find or open any of the paths given.\n"))).toEqual(
      Either.left("Cppcheck exited with code 1: cppcheck: error: could not find or open any of the paths given.")
    )
    expect(Either.isLeft(readReport(["a.c"], output("<results><errors>")))).toBe(true)
    expect(Either.isLeft(readReport(["a.c"], output(document(error("nullPointer", "fatal", "x", "a.c", [["a.c", 1]])))))).toBe(true)
  })
})

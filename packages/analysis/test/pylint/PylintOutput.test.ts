import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { readReport } from "../../src/pylint/PylintOutput.js"

const finding = (path: string, id: string, line: number) => ({
  type: "warning",
  module: "m",
  obj: "",
  line,
  column: 0,
  endLine: null,
  endColumn: null,
  path,
  symbol: "dangerous-default-value",
  message: "Dangerous default value [] as argument",
  "message-id": id
})

describe("Pylint's JSON report", () => {
  it("gives every file given its findings, none for a file it found nothing in, whatever kinds the exit code's bits say", () => {
    const report = readReport(["a.py", "b.py"], { exitCode: 4, stdout: JSON.stringify([finding("a.py", "W0102", 3)]), stderr: "" })
    const read = Either.getOrThrow(report)
    expect(Either.map(read.get("a.py") ?? Either.left(""), (list) => list.map((f) => [f["message-id"], f.line]))).toEqual(Either.right([["W0102", 3]]))
    expect(read.get("b.py")).toEqual(Either.right([]))
  })

  it("fails a run that could not be read rather than count its files clean", () => {
    expect(readReport(["a.py"], { exitCode: 32, stdout: "", stderr: "usage: pylint\npylint: error: argument --max-line-length: invalid int value: 'x'" })).toEqual(
      Either.left("Pylint exited with code 32: pylint: error: argument --max-line-length: invalid int value: 'x'")
    )
    expect(Either.isLeft(readReport(["a.py"], { exitCode: 0, stdout: "not json", stderr: "" }))).toBe(true)
    expect(readReport(["a.py"], { exitCode: 4, stdout: JSON.stringify([finding("other.py", "W0102", 1)]), stderr: "" })).toEqual(
      Either.left("Pylint reported a file it was not given: other.py")
    )
  })
})

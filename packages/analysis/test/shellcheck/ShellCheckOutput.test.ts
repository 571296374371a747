import { describe, expect, it } from "vitest"
import { Either } from "effect"
import { readReport } from "../../src/shellcheck/ShellCheckOutput.js"

const comment = (file: string, line: number, code: number, level = "warning") =>
  ({ file, line, endLine: line, column: 1, endColumn: 2, level, code, message: `m${code}`, fix: null })

const json = (...comments: ReadonlyArray<object>) => JSON.stringify({ comments })

describe("readReport", () => {
  it("groups the comments by file given, leaving out any other file's", () => {
    const report = readReport(["a.sh", "b.sh"], 1, json(comment("a.sh", 3, 2086, "info"), comment("lib.sh", 1, 2034), comment("a.sh", 1, 2034)), "")
    expect(Either.isRight(report)).toBe(true)
    if (Either.isLeft(report)) return
    expect(report.right.comments.get("a.sh")?.map((c) => [c.line, c.code, c.level])).toEqual([[3, 2086, "info"], [1, 2034, "warning"]])
    expect(report.right.comments.has("b.sh")).toBe(false)
    expect(report.right.comments.has("lib.sh")).toBe(false)
  })

  it("names a file ShellCheck could not read, from its standard error", () => {
    const report = readReport(["a.sh", "gone.sh"], 2, json(), "gone.sh: gone.sh: openBinaryFile: does not exist (No such file or directory)\n")
    expect(Either.map(report, (r) => [...r.unreadable])).toEqual(Either.right([["gone.sh", "openBinaryFile: does not exist (No such file or directory)"]]))
  })

  it("never takes a broken run for a clean one", () => {
    expect(readReport(["a.sh"], 251, "", "shellcheck: out of memory\n")).toEqual(Either.left("ShellCheck exited with code 251: shellcheck: out of memory"))
    expect(Either.isLeft(readReport(["a.sh"], 1, '{"comments": [', ""))).toBe(true)
    expect(Either.isLeft(readReport(["a.sh"], 0, "", ""))).toBe(true)
    expect(readReport(["a.sh"], 2, json(), "something else went wrong\n")).toEqual(
      Either.left("ShellCheck could not process some files and named none: something else went wrong")
    )
  })
})

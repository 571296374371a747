import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { readReport } from "../../src/yamllint/YamllintOutput.js"

const output = (exitCode: number, stdout: string, stderr = "") => ({ exitCode, stdout, stderr, signal: null })

describe("readReport", () => {
  it("reads parsable lines by file given, a syntax error among them, and names a run that failed", () => {
    const read = readReport(["a.yaml", "b:c.yml", "ok.yaml"], output(1, [
      "a.yaml:2:1: [error] duplication of key \"a\" in mapping (key-duplicates)",
      "b:c.yml:3:4: [error] syntax error: expected <block end>, but found '<block mapping start>' (syntax)",
      "a.yaml:3:4: [warning] truthy value should be one of [false, true] (truthy)",
      ""
    ].join("\n")))
    const files = Either.getOrThrow(read)
    expect(Either.getOrThrow(files.get("a.yaml") ?? Either.left("")).map((p) => [p.line, p.column, p.level, p.rule])).toEqual([[2, 1, "error", "key-duplicates"], [3, 4, "warning", "truthy"]])
    expect(Either.getOrThrow(files.get("b:c.yml") ?? Either.left("")).map((p) => [p.rule, p.message])).toEqual([["syntax", "syntax error: expected <block end>, but found '<block mapping start>'"]])
    expect(Either.getOrThrow(files.get("ok.yaml") ?? Either.left("x"))).toEqual([])
    expect(readReport(["a.yaml"], output(255, "", "[Errno 2] No such file or directory: 'a.yaml'\n"))).toEqual(Either.left("yamllint exited with code 255: [Errno 2] No such file or directory: 'a.yaml'"))
    expect(Either.isLeft(readReport(["a.yaml"], output(1, "Traceback (most recent call last):\n")))).toBe(true)
  })
})

import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { levelOfSarif, parseSarif } from "../src/index.js"
import { failureOf } from "./Failure.js"
import { sarifFixture as fixture } from "./Fixtures.js"

const failure = (content: string): string => {
  const error = failureOf(parseSarif(content, "/repo"))
  expect(error._tag).toBe("SarifLogError")
  return error.message
}

describe("parseSarif", () => {
  it("reads jscpd's SARIF reporter", () => {
    expect(Either.getOrThrow(parseSarif(fixture("jscpd.sarif"), "/tmp"))).toEqual([{
      tool: "jscpd",
      ruleId: "duplication",
      level: "warning",
      message: "Clone detected in javascript, - sarifsrc/a.js[1:1 - 10:51] and sarifsrc/b.js[1:1 - 10:51]",
      file: "sarifsrc/a.js",
      line: 1
    }])
  })

  it("takes levels, rules and messages (with their arguments) from the rules when results leave them out", () => {
    expect(Either.getOrThrow(parseSarif(fixture("hand-made.sarif"), "/srv/repo"))).toEqual([
      { tool: "Semgrep", ruleId: "no-eval", level: "error", message: "eval() with user input", file: "src/my app.js", line: 12 },
      { tool: "Semgrep", ruleId: "weak-hash", level: "note", message: "MD5 is not collision resistant", file: "lib/hash.py", line: undefined },
      { tool: "Semgrep", ruleId: "no-eval/indirect", level: "error", message: "indirect eval", file: undefined, line: undefined },
      { tool: "Semgrep", ruleId: "weak-hash", level: "warning", message: "use SHA-256 instead of MD5 {here}", file: undefined, line: undefined },
      { tool: "Trivy", ruleId: "CVE-2024-0001", level: "warning", message: "vulnerable dependency", file: "package-lock.json", line: 40 }
    ])
  })

  it("maps SARIF levels to Tidemark's", () => {
    expect((["error", "warning", "note", "none"] as const).map(levelOfSarif)).toEqual(["Error", "Warning", "Info", "Info"])
  })

  it("rejects what is not a SARIF 2.1.0 log, saying where", () => {
    expect(failure("{")).toMatch(/^invalid SARIF 2\.1\.0 log: not JSON: /)
    expect(failure('{"version":"2.0.0","runs":[]}')).toBe('invalid SARIF 2.1.0 log: at version: Expected "2.1.0", actual "2.0.0"')
    expect(failure('{"version":"2.1.0"}')).toBe("invalid SARIF 2.1.0 log: at runs: is missing")
    expect(failure('{"version":"2.1.0","runs":[{"tool":{"driver":{}}}]}')).toBe("invalid SARIF 2.1.0 log: at runs.0.tool.driver.name: is missing")
    expect(failure('{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[{"message":{},"level":"fatal"}]}]}'))
      .toBe('invalid SARIF 2.1.0 log: at runs.0.results.0.level: Expected "none" | "note" | "warning" | "error", actual "fatal"')
    expect(failure('{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[{"message":{},"locations":[{"physicalLocation":{"region":{"startLine":0}}}]}]}]}'))
      .toBe("invalid SARIF 2.1.0 log: at runs.0.results.0.locations.0.physicalLocation.region.startLine: Expected a positive number, actual 0")
  })

  it("refuses a log whose strings hold NUL (storage cannot keep them), whichever string", () => {
    expect(failure('{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[{"message":{"text":"a\\u0000b"}}]}]}'))
      .toBe("invalid SARIF 2.1.0 log: not JSON: a string contains a NUL character")
  })
})

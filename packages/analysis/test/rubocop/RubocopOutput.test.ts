import { describe, expect, it } from "vitest"
import { Either } from "effect"
import { readReport, severityOfRubocop } from "../../src/rubocop/RubocopOutput.js"

const offence = (cop: string, severity: string, line: number, message: string) => ({
  severity,
  message,
  cop_name: cop,
  corrected: false,
  location: { start_line: line, start_column: 1, last_line: line, last_column: 2, line, column: 1 }
})

const report = (files: ReadonlyArray<{ readonly path: string; readonly offenses: ReadonlyArray<unknown> }>) => JSON.stringify({ metadata: {}, files, summary: {} })

describe("readReport", () => {
  it("gives each file given its offences, and none to a file the configuration excludes", () => {
    const stdout = report([
      { path: "lib/a.rb", offenses: [offence("Lint/UselessAssignment", "warning", 3, "Useless assignment to variable - `x`.")] },
      { path: "b.rb", offenses: [] }
    ])
    const read = readReport(["lib/a.rb", "b.rb", "vendor/c.rb"], { exitCode: 1, stdout, stderr: "" })
    expect(Either.map(read, (outcomes) => [...outcomes].map(([file, outcome]) => [file, Either.map(outcome, (os) => os.map((o) => [o.cop, o.severity, o.line, o.message]))])))
      .toEqual(Either.right([
        ["lib/a.rb", Either.right([["Lint/UselessAssignment", "warning", 3, "Useless assignment to variable - `x`."]])],
        ["b.rb", Either.right([])],
        ["vendor/c.rb", Either.right([])]
      ]))
  })

  it("refuses a run that stopped or whose output is not RuboCop's report", () => {
    expect(readReport(["a.rb"], { exitCode: 2, stdout: "", stderr: "Error: No such file or directory: /x/a.rb\n" })).toEqual(
      Either.left("RuboCop exited with code 2: Error: No such file or directory: /x/a.rb")
    )
    expect(Either.isLeft(readReport(["a.rb"], { exitCode: 0, stdout: "Finished\n", stderr: "" }))).toBe(true)
    expect(Either.isLeft(readReport(["a.rb"], { exitCode: 1, stdout: report([{ path: "a.rb", offenses: [offence("X/Y", "loud", 1, "m")] }]), stderr: "" }))).toBe(true)
  })

  it("maps RuboCop's severities: advice Info, warning Warning, error and fatal Error", () => {
    expect(severityOfRubocop).toEqual({ info: "Info", refactor: "Info", convention: "Info", warning: "Warning", error: "Error", fatal: "Error" })
  })
})

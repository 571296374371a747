import { describe, expect, it } from "vitest"
import { commandLines, namesFiles, writesOutputFile } from "../../src/registered/RegisteredCommand.js"

describe("a registered tool's command", () => {
  it("runs once over the checkout when it names no files, its log file put where {output} stands", () => {
    const command = ["semgrep", "scan", "--sarif", "--output={output}", "."] as const
    expect([namesFiles(command), writesOutputFile(command)]).toEqual([false, true])
    expect(commandLines(command, ["a.py", "b.py"], () => "/tmp/log.sarif")).toEqual([
      { program: "semgrep", args: ["scan", "--sarif", "--output=/tmp/log.sarif", "."] }
    ])
  })

  it("puts the files where {files} stands, an argument of its own, in as many runs as the system's arguments allow", () => {
    const command = ["tool", "--format", "sarif", "{files}", "--end"] as const
    expect(writesOutputFile(command)).toBe(false)
    expect(commandLines(command, ["a.go", "-b.go"], () => "/unused")).toEqual([{ program: "tool", args: ["--format", "sarif", "a.go", "-b.go", "--end"] }])
    const many = Array.from({ length: 40_000 }, (_, index) => `src/some/deep/folder/file-${index}.go`)
    const lines = commandLines(command, many, () => "/unused")
    expect(lines.length).toBeGreaterThan(1)
    expect(lines.flatMap((line) => line.args.filter((arg) => arg.endsWith(".go")))).toEqual(many)
    for (const line of lines) expect([line.args.slice(0, 2), line.args.at(-1)]).toEqual([["--format", "sarif"], "--end"])
  })

  it("runs nothing for no files when it names them", () => {
    expect(commandLines(["tool", "{files}"], [], () => "/unused")).toEqual([])
  })
})

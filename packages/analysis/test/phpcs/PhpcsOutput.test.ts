import { spawnSync } from "node:child_process"
import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { readReport, sniffOf } from "../../src/phpcs/PhpcsOutput.js"
import { checkoutOf } from "./PhpcsFixture.js"

/** The real phpcs's answer on files of a checkout, with the options the plug-in gives it. */
const phpcs = (files: Readonly<Record<string, string>>, args: ReadonlyArray<string>) => {
  const { root } = checkoutOf(files)
  const run = spawnSync("phpcs", ["--report=json", "-q", `--basepath=${root}`, ...args, "--", ...Object.keys(files)], { cwd: root, encoding: "utf8", env: { PATH: process.env["PATH"] ?? "", HOME: "/nonexistent" } })
  return { exitCode: run.status ?? -1, stdout: run.stdout, stderr: run.stderr }
}

describe("readReport", () => {
  it("reads phpcs's JSON by file given: source, type, line and message; a clean file has none", () => {
    const output = phpcs({ "a.php": "<?php\n$a = \"\n", "sub/b.php": "<?php\nif (true) {\n}\n", "ok.php": "<?php\n" }, ["--standard=Generic", "--sniffs=Generic.PHP.Syntax,Generic.CodeAnalysis.UnconditionalIfStatement"])
    expect(output.exitCode).toBe(1)
    const files = Either.getOrThrow(readReport(["a.php", "sub/b.php", "ok.php"], output))
    expect(Either.getOrThrow(files.get("a.php") ?? Either.left("")).map((m) => [m.source, m.type, m.line])).toEqual([["Generic.PHP.Syntax.PHPSyntax", "ERROR", 3]])
    expect(Either.getOrThrow(files.get("sub/b.php") ?? Either.left("")).map((m) => [m.source, m.type, m.line, m.message])).toEqual([
      ["Generic.CodeAnalysis.UnconditionalIfStatement.Found", "WARNING", 2, "Avoid IF statements that are always true or false"]
    ])
    expect(Either.getOrThrow(files.get("ok.php") ?? Either.left("x"))).toEqual([])
  })

  it("names a run phpcs stopped, by what it said first, and an answer that is not its report", () => {
    const output = phpcs({ "a.php": "<?php\n" }, ["--standard=NoSuchStandard"])
    expect(readReport(["a.php"], output)).toEqual(Either.left("phpcs exited with code 3: ERROR: the \"NoSuchStandard\" coding standard is not installed. The installed coding standards are MySource, PEAR, PSR1, PSR2, PSR12, Squiz and Zend"))
    expect(Either.isLeft(readReport(["a.php"], { exitCode: 0, stdout: "PHP Fatal error: out of memory\n", stderr: "" }))).toBe(true)
  })

  it("names the sniff of a message's source", () => {
    expect(sniffOf("Generic.PHP.Syntax.PHPSyntax")).toBe("Generic.PHP.Syntax")
    expect(sniffOf("Internal.NoCodeFound")).toBe("Internal.NoCodeFound")
  })
})

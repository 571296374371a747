import { execFileSync } from "node:child_process"
import { describe, expect, it } from "vitest"
import { versionOf } from "../../src/phpcs/PhpcsProgram.js"

describe("versionOf", () => {
  it("reads phpcs --version's answer", () => {
    expect(versionOf(execFileSync("phpcs", ["--version"], { encoding: "utf8" }))).toBe("3.7.1")
    expect(versionOf("PHP_CodeSniffer version 3.10.2 (stable) by Squiz and PHPCSStandards\n")).toBe("3.10.2")
    expect(versionOf("Usage: phpcs\n")).toBeUndefined()
  })
})

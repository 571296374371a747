import { describe, expect, it } from "vitest"
import { shellCheckLintKey } from "../../src/shellcheck/ShellCheckKey.js"

describe("ShellCheckKey", () => {
  it("changes with the version, the options, the path, the content and the scripts a sourcing one may read", () => {
    const key = shellCheckLintKey("0.9.0", "--include=SC2086", "a.sh", "echo $1\n", "")
    expect(shellCheckLintKey("0.9.0", "--include=SC2086", "a.sh", "echo $1\n", "")).toBe(key)
    expect(shellCheckLintKey("0.10.0", "--include=SC2086", "a.sh", "echo $1\n", "")).not.toBe(key)
    expect(shellCheckLintKey("0.9.0", "--include=SC2086,SC2034", "a.sh", "echo $1\n", "")).not.toBe(key)
    expect(shellCheckLintKey("0.9.0", "--include=SC2086", "b.sh", "echo $1\n", "")).not.toBe(key)
    expect(shellCheckLintKey("0.9.0", "--include=SC2086", "a.sh", "echo $2\n", "")).not.toBe(key)
    expect(shellCheckLintKey("0.9.0", "--include=SC2086", "a.sh", "echo $1\n", "digest")).not.toBe(key)
  })
})

import { describe, expect, it } from "vitest"
import { shellCheckLintKey, treeDigest } from "../../src/shellcheck/ShellCheckKey.js"

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

  it("digests the scripts given together, whatever their order", () => {
    const a = { path: "a.sh", content: ". ./b.sh\n" }
    const b = { path: "b.sh", content: "x=1\n" }
    expect(treeDigest([a, b])).toBe(treeDigest([b, a]))
    expect(treeDigest([a, { ...b, content: "x=2\n" }])).not.toBe(treeDigest([a, b]))
    expect(treeDigest([a, { ...b, path: "c.sh" }])).not.toBe(treeDigest([a, b]))
  })
})

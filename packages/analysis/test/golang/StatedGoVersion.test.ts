import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { describe, expect, it } from "vitest"
import { statedGoVersion } from "../../src/golang/StatedGoVersion.js"

const checkout = (files: Record<string, string>): string => {
  const root = mkdtempSync(join(tmpdir(), "tidemark-stated-go-"))
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), content)
  }
  return root
}

describe("statedGoVersion", () => {
  it("is the oldest Go of .travis.yml's go list (go-metrics': 1.3 to 1.15, 1.10 read as text, not the number 1.1)", () => {
    const travis = "language: go\n\ngo:\n    - \"1.3\"\n    - 1.10\n    - 1.15.x\n    - tip\n\nscript:\n    - ./validate.sh\n"
    expect(statedGoVersion(checkout({ ".travis.yml": travis }))).toBe("1.3")
    expect(statedGoVersion(checkout({ ".travis.yml": "language: go\ngo:\n  - 1.10\n  - 1.12\n" }))).toBe("1.10")
  })

  it("reads the go-version values of GitHub workflows, their matrices included", () => {
    const workflow = [
      "on: [push]",
      "jobs:",
      "  test:",
      "    strategy:",
      "      matrix:",
      "        go: ['1.18', '1.21.x', stable]",
      "    steps:",
      "      - uses: actions/setup-go@v5",
      "        with:",
      "          go-version: ${{ matrix.go }}",
      "  lint:",
      "    steps:",
      "      - uses: actions/setup-go@v5",
      "        with:",
      "          go-version: 1.22.3",
      ""
    ].join("\n")
    expect(statedGoVersion(checkout({ ".github/workflows/test.yml": workflow }))).toBe("1.18")
  })

  it("is undefined where no CI configuration names a version, or one cannot be read", () => {
    expect(statedGoVersion(checkout({ "main.go": "package main\n" }))).toBeUndefined()
    expect(statedGoVersion(checkout({ ".travis.yml": "language: go\ngo:\n  - tip\n  - 1.x\n" }))).toBeUndefined()
    expect(statedGoVersion(checkout({ ".travis.yml": "go: [1.3\n" }))).toBeUndefined()
    // A version under another key is not Go's.
    expect(statedGoVersion(checkout({ ".github/workflows/node.yml": "jobs:\n  a:\n    strategy:\n      matrix:\n        node: ['1.2']\n" }))).toBeUndefined()
  })
})

import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { defaultDuplicationOptions, detectDuplication, isDuplicationCode } from "../src/index.js"

const shared = `export function total(items) {
  let sum = 0
  for (const item of items) {
    if (item.price > 0 && item.quantity > 0) {
      sum += item.price * item.quantity
    }
  }
  return Math.round(sum * 100) / 100
}
`

const file = (before: string, after: string) => `${before}\n${shared}\n${after}\n`

describe("detectDuplication", () => {
  it("finds a block repeated across files, with its lines on both sides", async () => {
    const files = [
      { path: "a.js", content: file("const a = 1", "console.log(a)") },
      { path: "b.js", content: file("// b\nconst b = 2\nconst c = 3", "process.exit(b + c)") },
      { path: "c.js", content: "export const unrelated = [1, 2, 3].map((n) => n * 2)\n\n\n\n\n" }
    ]
    const result = await Effect.runPromise(detectDuplication(files, { ...defaultDuplicationOptions, minTokens: 30 }))
    expect(result.clones).toBe(1)
    const [a, b, c] = result.files
    // jscpd's block ends where the next code token starts: the blank lines after it are included.
    expect(a?.blocks).toEqual([{ startLine: 2, endLine: 12, otherPath: "b.js", otherStartLine: 4 }])
    expect(b?.blocks).toEqual([{ startLine: 4, endLine: 14, otherPath: "a.js", otherStartLine: 2 }])
    expect(c?.blocks).toEqual([])
    expect(result.duplicatedLines).toBe(10)
    expect(a?.duplicatedLines).toBe(10)
    expect(result.percentage).toBeCloseTo((100 * 10) / result.lines, 1)
  })

  it("finds nothing below the minimum block size, and skips files jscpd would skip", async () => {
    const files = [
      { path: "a.js", content: file("", "") },
      { path: "b.js", content: file("", "") },
      { path: "big.js", content: shared.repeat(200) },
      { path: "notes.unknown", content: shared }
    ]
    const small = await Effect.runPromise(detectDuplication(files, { ...defaultDuplicationOptions, minTokens: 500 }))
    expect(small.clones).toBe(0)
    expect(small.files.map((f) => f.path)).toEqual(["a.js", "b.js"])
  })
})

describe("isDuplicationCode", () => {
  it("reads programming and markup languages, not documentation and data", () => {
    expect(["src/a.js", "b.py", "c.go", "page.html", "style.css", "Main.java"].filter(isDuplicationCode)).toHaveLength(6)
    expect(["README.md", ".github/workflows/ci.yml", "package.json", "notes.txt", "pyproject.toml"].filter(isDuplicationCode)).toEqual([])
  })
})

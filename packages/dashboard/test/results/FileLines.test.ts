import { describe, expect, it } from "vitest"
import { cloneRanges, fileLines } from "../../src/results/FileLines.js"
import type { Clone, Issue } from "../../src/results/Results.js"

const issue = (resultDataId: number, lineNumber: number, lineText: string): Issue => ({
  issueId: `i${resultDataId}`,
  resultDataId,
  fileId: 7,
  filePath: "src/a.js",
  language: "JavaScript",
  lineNumber,
  lineText,
  message: `issue ${resultDataId}`,
  patternInfo: { id: "ESLint9_no-undef", category: "ErrorProne", level: "Error" }
})

const clones: ReadonlyArray<Clone> = [
  {
    id: 1,
    occurrences: [
      { fileId: 7, path: "src/a.js", fromLine: 2, toLine: 3 },
      { fileId: 9, path: "src/b.js", fromLine: 10, toLine: 11 }
    ]
  },
  {
    // The same code twice in this file.
    id: 2,
    occurrences: [
      { fileId: 7, path: "src/a.js", fromLine: 5, toLine: 5 },
      { fileId: 7, path: "src/a.js", fromLine: 1, toLine: 1 }
    ]
  }
]

describe("the file page's lines", () => {
  it("with the source: every line, with its issues, hits and clones", () => {
    const lines = fileLines({
      fileId: 7,
      source: {
        commitSha: "abc",
        path: "src/a.js",
        lines: ["one", "two", "three", "four", "five"].map((text, index) => ({ number: index + 1, text, authorEmail: "ada@x.io" }))
      },
      issues: [issue(1, 2, "two (as kept)"), issue(2, 2, "two"), issue(3, 4, "four")],
      coverage: [{ line: 2, hits: 3 }, { line: 3, hits: 0 }],
      clones
    })
    expect(lines.map((l) => [l.number, l.text, l.issues.map((i) => i.resultDataId), l.hits, l.clones])).toEqual([
      [1, "one", [], undefined, [2]],
      [2, "two", [1, 2], 3, [1]],
      [3, "three", [], 0, [1]],
      [4, "four", [3], undefined, []],
      [5, "five", [], undefined, [2]]
    ])
    expect(lines[0]?.authorEmail).toBe("ada@x.io")
  })

  it("without it: the lines with issues (their kept text) or coverage, in order", () => {
    const lines = fileLines({
      fileId: 7,
      source: undefined,
      issues: [issue(3, 9, "let x = y"), issue(1, 2, "two")],
      coverage: [{ line: 4, hits: 1 }, { line: 2, hits: 0 }],
      clones: []
    })
    expect(lines.map((l) => [l.number, l.text, l.hits, l.issues.length])).toEqual([
      [2, "two", 0, 1],
      [4, undefined, 1, 0],
      [9, "let x = y", undefined, 1]
    ])
  })

  it("without coverage or issues: no line but the source's", () => {
    expect(fileLines({ fileId: 7, source: undefined, issues: [], coverage: undefined, clones })).toEqual([])
  })
})

describe("the file's clones", () => {
  it("each occurrence in the file, by line, with where else the code stands", () => {
    expect(cloneRanges(7, clones)).toEqual([
      { cloneId: 2, fromLine: 1, toLine: 1, elsewhere: [{ fileId: 7, path: "src/a.js", fromLine: 5, toLine: 5 }] },
      { cloneId: 1, fromLine: 2, toLine: 3, elsewhere: [{ fileId: 9, path: "src/b.js", fromLine: 10, toLine: 11 }] },
      { cloneId: 2, fromLine: 5, toLine: 5, elsewhere: [{ fileId: 7, path: "src/a.js", fromLine: 1, toLine: 1 }] }
    ])
    expect(cloneRanges(9, clones).map((r) => [r.cloneId, r.fromLine])).toEqual([[1, 10]])
    expect(cloneRanges(8, clones)).toEqual([])
  })
})

import { describe, expect, it } from "@effect/vitest"
import { Goals } from "@tidemark/core"
import { Effect } from "effect"
import { detectDuplication } from "../src/Duplication.js"
import { FileAnalysis } from "../src/FileAnalysis.js"
import { Issue } from "../src/LintResult.js"
import { resultRowsOf } from "../src/ResultRows.js"

/** A function long enough for jscpd's default thresholds (50 tokens, 5 lines). */
const block = (name: string) =>
  [
    `export function ${name}(items, limit) {`,
    "  const kept = []",
    "  for (const item of items) {",
    "    if (item.size > limit && item.visible !== false) {",
    "      kept.push({ id: item.id, size: item.size * 2, label: String(item.label).trim() })",
    "    }",
    "  }",
    "  return kept.sort((a, b) => a.size - b.size || a.id - b.id)",
    "}"
  ].join("\n")

describe("resultRowsOf: the clones", () => {
  it.effect("makes one clone of each pair jscpd reports, with both occurrences, whichever file lists it", () =>
    Effect.gen(function*() {
      const files = [
        { path: "src/b.js", content: `// b\n${block("same")}\n` },
        { path: "src/a.js", content: `const x = 1\n\n${block("same")}\n` },
        { path: "src/self.js", content: `${block("twice")}\n\n${block("twice")}\n` }
      ]
      const duplication = yield* detectDuplication(files)
      const rows = resultRowsOf({
        files: [],
        duplication: duplication.files,
        issues: [],
        sources: files,
        tools: [{ uuid: "t", name: "T", patternPrefix: "T_" }],
        patterns: new Map(),
        goals: Goals.Goals.defaults
      })
      // jscpd compares tokens with names abstracted: `twice` matches `same` too. Each side keeps
      // the lines jscpd gives it (a side inside one file may end a line later than its twin).
      expect(rows.clones.map((clone) => clone.occurrences.map((o) => [o.path, o.fromLine, o.toLine]))).toEqual([
        [["src/a.js", 3, 11], ["src/b.js", 2, 10]],
        [["src/b.js", 2, 10], ["src/self.js", 1, 9]],
        [["src/self.js", 1, 10], ["src/self.js", 11, 19]]
      ])
      expect(rows.clones.map((clone) => clone.id)).toEqual([1, 2, 3])
      // Every side jscpd listed is an occurrence of exactly one clone.
      const sides = duplication.files.reduce((sum, file) => sum + file.blocks.length, 0)
      expect(rows.clones.reduce((sum, clone) => sum + clone.occurrences.length, 0)).toBe(sides)
    }))
})

describe("resultRowsOf: a file's grade", () => {
  const small = new FileAnalysis({
    path: "src/small.js",
    language: "JavaScript",
    codeLines: 40,
    commentLines: 0,
    blankLines: 0,
    complexity: 3,
    functions: [],
    cloneBlocks: 0,
    duplicatedLines: 0,
    complex: false,
    duplicated: false
  })
  const issue = (line: number, severity: "Info" | "Warning") =>
    new Issue({ patternId: "T_rule", file: small.path, line, message: "m", severity })
  const gradeWith = (issues: ReadonlyArray<Issue>) =>
    resultRowsOf({
      files: [small],
      duplication: [],
      issues,
      sources: [{ path: small.path, content: "x\n".repeat(40) }],
      tools: [{ uuid: "t", name: "T", patternPrefix: "T_" }],
      patterns: new Map(),
      goals: Goals.Goals.defaults
    }).files[0]

  it("weighs a small file's issues against at least 1 000 lines: two Minor issues keep an A", () => {
    expect(gradeWith([])?.gradeLetter).toBe("A")
    expect(gradeWith([issue(1, "Info"), issue(2, "Info")])?.gradeLetter).toBe("A")
    // Two Medium issues are ten units, the baseline of 1 000 lines: the issues' share of the grade is lost, not all of it.
    expect(gradeWith([issue(1, "Warning"), issue(2, "Warning")])?.gradeLetter).not.toBe("F")
  })
})

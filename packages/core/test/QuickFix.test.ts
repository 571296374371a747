import { describe, expect, it } from "@effect/vitest"
import { applyPatch, parsePatch } from "diff"
import { analysedText, applyFixes, fixedFile, patchOf, TextEdit } from "../src/domain/QuickFix.js"

const edit = (from: number, to: number, text: string) => TextEdit.make({ from, to, text })

describe("applyFixes", () => {
  it("applies each fix where it starts, whatever order they come in", () => {
    const text = "let a = 1;;\nlet b = 2;;\n"
    // ESLint's no-extra-semi removes the second `;` of each line; prefer-const replaces `let`.
    const fixed = applyFixes(text, [[edit(22, 23, "")], [edit(0, 3, "const")], [edit(10, 11, "")]])
    expect(fixed).toEqual({ text: "const a = 1;\nlet b = 2;\n", applied: 3 })
  })

  it("leaves out a fix that overlaps or touches one already taken, as ESLint does, for a later analysis", () => {
    const text = "abcdef"
    expect(applyFixes(text, [[edit(1, 3, "X")], [edit(2, 4, "Y")], [edit(3, 5, "Z")], [edit(5, 6, "W")]]))
      .toEqual({ text: "aXdeW", applied: 2 })
  })

  it("applies a fix of several edits whole, or not at all", () => {
    const text = "f(a, b)"
    // Swap the arguments: two edits of one fix.
    expect(applyFixes(text, [[edit(5, 6, "a"), edit(2, 3, "b")]])).toEqual({ text: "f(b, a)", applied: 1 })
    // Its own edits overlap: nothing of it applies.
    expect(applyFixes(text, [[edit(2, 4, "x"), edit(3, 5, "y")]])).toEqual({ text, applied: 0 })
  })

  it("leaves out a fix past the end of the text (one made for another text) and an empty one", () => {
    expect(applyFixes("short", [[edit(3, 9, "")], [], [edit(0, 0, "// ")]])).toEqual({ text: "// short", applied: 1 })
  })
})

describe("fixedFile", () => {
  it("applies the fixes whose line still reads as analysed, counting after a byte order mark the file keeps", () => {
    const text = "\uFEFFif (!!a) go()\r\nstay()\r\n"
    expect(analysedText(text)).toBe("if (!!a) go()\r\nstay()\r\n")
    const fixed = fixedFile("a.js", text, [
      { line: 1, lineText: "if (!!a) go()", fix: [edit(4, 7, "a")] },
      // Made on another text of line 2: left out.
      { line: 2, lineText: "stay(1)", fix: [edit(15, 21, "gone()")] },
      { line: 2, lineText: "stay()" }
    ])
    expect(fixed).toEqual({ path: "a.js", before: text, after: "\uFEFFif (a) go()\r\nstay()\r\n", applied: 1 })
  })
})

describe("patchOf", () => {
  it("writes git's headers and three lines of context, files in path order, unchanged files left out", () => {
    const before = "one\ntwo\nthree\nfour\nfive\nsix\nseven\neight\n"
    const patch = patchOf([
      { path: "src/b.js", before, after: before.replace("five", "FIVE") },
      { path: "same.js", before: "x\n", after: "x\n" },
      { path: "a.py", before: "import os\nprint(1)\n", after: "print(1)\n" }
    ])
    expect(patch).toBe([
      "diff --git a/a.py b/a.py",
      "--- a/a.py",
      "+++ b/a.py",
      "@@ -1,2 +1,1 @@",
      "-import os",
      " print(1)",
      "diff --git a/src/b.js b/src/b.js",
      "--- a/src/b.js",
      "+++ b/src/b.js",
      "@@ -2,7 +2,7 @@",
      " two",
      " three",
      " four",
      "-five",
      "+FIVE",
      " six",
      " seven",
      " eight",
      ""
    ].join("\n"))
    expect(patchOf([{ path: "same.js", before: "x\n", after: "x\n" }])).toBe("")
  })

  it("keeps CRLF line ends and a missing final newline, so that the patch applies to the very text", () => {
    const changes = [
      { path: "windows.txt", before: "one\r\ntwo\r\nthree\r\n", after: "one\r\n2\r\nthree\r\n" },
      { path: "last.txt", before: "a\nb", after: "a\nB" }
    ]
    const patches = parsePatch(patchOf(changes))
    expect(patches.map((patch) => patch.oldFileName)).toEqual(["a/last.txt", "a/windows.txt"])
    for (const patch of patches) {
      const change = changes.find((c) => `a/${c.path}` === patch.oldFileName)!
      expect(applyPatch(change.before, patch)).toBe(change.after)
    }
  })

  it("quotes a path as git does when it holds a quote, a backslash, a control character or non-ASCII", () => {
    const patch = patchOf([{ path: "docs/naïve \"x\".md", before: "a\n", after: "b\n" }])
    expect(patch.split("\n")[0]).toBe(`diff --git "a/docs/na\\303\\257ve \\"x\\".md" "b/docs/na\\303\\257ve \\"x\\".md"`)
    expect(patchOf([{ path: "with space.js", before: "a\n", after: "b\n" }]).split("\n")[0])
      .toBe("diff --git a/with space.js b/with space.js")
  })
})

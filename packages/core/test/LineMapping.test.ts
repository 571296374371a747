import { describe, expect, it } from "@effect/vitest"
import { LineMapping } from "@tidemark/core"
import { Either, Option } from "effect"
import * as GitDiffs from "./fixtures/GitDiffs.js"

const mappingOf = (diff: string) => Either.getOrThrowWith(LineMapping.parse(diff), (reason) => new Error(reason))

/** A file's lines; to git a last line without newline differs from the same text with one. */
const linesOf = (text: string) => (text.endsWith("\n") ? text.slice(0, -1).split("\n") : `${text}\u0000`.split("\n"))

/**
 * The diff's mapping checked against the files it compares: a base line with a head line has the
 * same text there, lines keep their order, and as many lines keep a place as the longest run of
 * lines the two texts share in order would allow (git's diff keeps no fewer for these files).
 */
const expectFaithful = (mapping: LineMapping.LineMapping, basePath: string, headPath: string, base: string, head: string) => {
  const baseLines = linesOf(base)
  const headLines = linesOf(head)
  expect(Option.getOrThrow(LineMapping.headPath(mapping, basePath))).toBe(headPath)
  const mapped = baseLines.flatMap((text, index) =>
    Option.match(LineMapping.headLine(mapping, basePath, index + 1), { onNone: () => [], onSome: (line) => [[text, line] as const] }))
  for (const [text, line] of mapped) expect(headLines[line - 1]).toBe(text)
  expect(mapped.length).toBeGreaterThan(0)
  const order = mapped.map(([, line]) => line)
  expect(order).toEqual([...order].sort((a, b) => a - b))
  expect(new Set(order).size).toBe(order.length)
  expect(mapped.length).toBe(commonLength(baseLines, headLines))
}

/** The length of the longest common subsequence of two lists of lines. */
const commonLength = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) => {
  let previous = Array.from({ length: b.length + 1 }, () => 0)
  for (const line of a) {
    const row = [0]
    b.forEach((other, j) => row.push(line === other ? (previous[j] ?? 0) + 1 : Math.max(previous[j + 1] ?? 0, row[j] ?? 0)))
    previous = row
  }
  return previous[b.length] ?? 0
}

describe("LineMapping.parse", () => {
  it("maps each changed file's lines as the files' texts show, with context and without", () => {
    for (const diff of [GitDiffs.severalFiles, GitDiffs.severalFilesNoContext]) {
      const mapping = mappingOf(diff)
      for (const [basePath, headPath, base, head] of GitDiffs.severalFilesTexts) expectFaithful(mapping, basePath, headPath, base, head)
    }
  })

  it("a line removed or replaced has no head line; lines after a hunk move by what it added and removed", () => {
    const mapping = mappingOf(GitDiffs.severalFiles)
    const at = (line: number) => Option.getOrUndefined(LineMapping.headLine(mapping, "multi.txt", line))
    // multi.txt: line 3 removed, 10 and 11 replaced by one line, two lines added after 25.
    expect([1, 2, 3, 4, 9, 10, 11, 12, 25, 26, 30].map(at)).toEqual([1, 2, undefined, 3, 8, undefined, undefined, 10, 23, 26, 30])
  })

  it("a file renamed as is keeps its lines under its new name; a deleted file has none; a file the diff does not name is unchanged", () => {
    const mapping = mappingOf(GitDiffs.severalFiles)
    expect(LineMapping.headPath(mapping, "moved.js")).toEqual(Option.some("dir/moved.js"))
    expect(LineMapping.headLine(mapping, "moved.js", 7)).toEqual(Option.some(7))
    expect(LineMapping.headPath(mapping, "gone.txt")).toEqual(Option.none())
    expect(LineMapping.headLine(mapping, "gone.txt", 2)).toEqual(Option.none())
    expect(LineMapping.headPath(mapping, "untouched.js")).toEqual(Option.some("untouched.js"))
    expect(LineMapping.headLine(mapping, "untouched.js", 12)).toEqual(Option.some(12))
  })

  it("the last line without newline is replaced when a line follows it", () => {
    const mapping = mappingOf(GitDiffs.severalFiles)
    expect([1, 2, 3].map((line) => Option.getOrUndefined(LineMapping.headLine(mapping, "noeol.txt", line)))).toEqual([1, 2, undefined])
  })

  it("reads a quoted name with its escapes and bytes beyond ASCII", () => {
    const mapping = mappingOf(GitDiffs.quotedName)
    expect([...mapping.files.keys()]).toEqual(["quo\"te é.txt"])
    expect(LineMapping.headLine(mapping, "quo\"te é.txt", 1)).toEqual(Option.some(2))
    const escaped = GitDiffs.quotedName.replaceAll("é", "\\303\\251")
    expect([...mappingOf(escaped).files.keys()]).toEqual(["quo\"te é.txt"])
  })

  it("an empty diff changes nothing", () => {
    const mapping = mappingOf("")
    expect(mapping.files.size).toBe(0)
    expect(LineMapping.headLine(mapping, "a.js", 3)).toEqual(Option.some(3))
  })

  it("a removed line that reads like a header is read as the hunk's line", () => {
    const diff = ["diff --git a/a.md b/a.md", "--- a/a.md", "+++ b/a.md", "@@ -1,3 +1,2 @@", " x", "--- a/b.md", " y", ""].join("\n")
    const mapping = mappingOf(diff)
    expect([1, 2, 3].map((line) => Option.getOrUndefined(LineMapping.headLine(mapping, "a.md", line)))).toEqual([1, undefined, 2])
    expect([...mapping.files.keys()]).toEqual(["a.md"])
  })

  it("refuses text that is not a diff, and a hunk cut short", () => {
    expect(Either.isLeft(LineMapping.parse("hello\n"))).toBe(true)
    expect(Either.isLeft(LineMapping.parse(["diff --git a/a b/a", "--- a/a", "+++ b/a", "@@ -1,3 +1,3 @@", " x", ""].join("\n")))).toBe(true)
    expect(Either.isLeft(LineMapping.parse(["diff --git a/a b/a", "--- a/a", "+++ b/a", "@@ -1 +1 @@", "?x", "+y", ""].join("\n")))).toBe(true)
  })
})

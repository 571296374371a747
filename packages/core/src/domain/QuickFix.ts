import { formatPatch, structuredPatch } from "diff"
import { Schema } from "effect"

/**
 * The fixes tools offer for their issues, and the patch they make: a unified diff, as git writes
 * it, that `git apply` takes on the analysed commit.
 */

/**
 * One replacement in a file's text as the analysis read it: `from` to `to` (UTF-16 offsets, as
 * JavaScript indexes a string; `to` excluded) becomes `text`.
 */
export const TextEdit = Schema.Struct({
  from: Schema.NonNegativeInt,
  to: Schema.NonNegativeInt,
  text: Schema.String
})
export type TextEdit = typeof TextEdit.Type

/** A tool's fix for one issue: its edits, applied together or not at all. */
export const IssueFix = Schema.Array(TextEdit)
export type IssueFix = typeof IssueFix.Type

/** A file's text with as many of `fixes` as fit, and how many did. */
export interface FixedText {
  readonly text: string
  readonly applied: number
}

const span = (fix: IssueFix) => ({
  from: Math.min(...fix.map((edit) => edit.from)),
  to: Math.max(...fix.map((edit) => edit.to))
})

/**
 * `fixes` applied to `text` as ESLint applies its own: in the order of where they start, each
 * whole, and one that overlaps or touches a fix already taken (or reaches past the text) left out
 * for a later analysis to offer again.
 */
export const applyFixes = (text: string, fixes: ReadonlyArray<IssueFix>): FixedText => {
  const ordered = fixes
    .filter((fix) => fix.length > 0)
    .map((fix, index) => ({ fix, index, ...span(fix) }))
    .sort((a, b) => a.from - b.from || a.to - b.to || a.index - b.index)
  const edits: Array<TextEdit> = []
  let reached = -1
  let applied = 0
  for (const candidate of ordered) {
    if (candidate.from <= reached || candidate.to > text.length || candidate.from > candidate.to) continue
    const own = [...candidate.fix].sort((a, b) => a.from - b.from)
    if (own.some((edit, i) => edit.from > edit.to || (i > 0 && edit.from < own[i - 1]!.to))) continue
    edits.push(...own)
    reached = candidate.to
    applied++
  }
  let fixed = ""
  let at = 0
  for (const edit of edits) {
    fixed += text.slice(at, edit.from) + edit.text
    at = edit.to
  }
  return { text: fixed + text.slice(at), applied }
}

/** One file's text before and after its fixes. */
export interface FileChange {
  readonly path: string
  readonly before: string
  readonly after: string
}

const byteOrderMark = "\uFEFF"

/** A file's text as the analysis read it, and its issues' offsets count in: without a byte order mark. */
export const analysedText = (text: string): string => (text.startsWith(byteOrderMark) ? text.slice(1) : text)

/** What of an issue a fix is checked against: its line, that line's text as analysed, its fix. */
export interface FixedIssue {
  readonly line: number
  readonly lineText: string
  readonly fix?: IssueFix | undefined
}

/**
 * The file at `path` (its very text, as git holds it) with the fixes of `issues` applied: only those
 * whose line still reads as the analysis read it (the offsets were made on that text), counted in
 * the text without a byte order mark, which the file keeps.
 */
export const fixedFile = (path: string, text: string, issues: ReadonlyArray<FixedIssue>): FileChange & { readonly applied: number } => {
  const analysed = analysedText(text)
  const mark = text.slice(0, text.length - analysed.length)
  const lines = analysed.split("\n")
  const holds = (issue: FixedIssue) => (lines[issue.line - 1] ?? "").replace(/\r$/, "") === issue.lineText
  const fixed = applyFixes(analysed, issues.filter(holds).map((issue) => issue.fix ?? []))
  return { path, before: text, after: mark + fixed.text, applied: fixed.applied }
}

// Git's own quoting of a path in a patch: in double quotes with C escapes, octal for each byte
// outside printable ASCII, whenever one of those, a quote or a backslash is in it.
const escapes: Readonly<Record<string, string>> = { "\"": "\\\"", "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" }
const gitPath = (path: string): string => {
  if (!/["\\\u0000-\u001f\u007f-\uffff]/.test(path)) return path
  const bytes = [...new TextEncoder().encode(path)]
  const inner = bytes.map((byte) => {
    const char = String.fromCharCode(byte)
    if (escapes[char] !== undefined) return escapes[char]
    return byte < 0x20 || byte >= 0x7f ? `\\${byte.toString(8).padStart(3, "0")}` : char
  }).join("")
  return `"${inner}"`
}

const sides = (path: string) => ({ a: gitPath(`a/${path}`), b: gitPath(`b/${path}`) })

/**
 * A unified diff of the changed files, in path order, with git's headers and three lines of
 * context: what `git diff` would print for the same change, so that `git apply` (and `patch -p1`)
 * take it on the commit the texts are of. Empty when nothing changed.
 */
export const patchOf = (changes: ReadonlyArray<FileChange>): string =>
  [...changes]
    .filter((change) => change.before !== change.after)
    .sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0))
    .map((change) => {
      const { a, b } = sides(change.path)
      const hunks = structuredPatch(a, b, change.before, change.after, undefined, undefined, { context: 3 })
      const body = formatPatch(hunks, { includeIndex: false, includeUnderline: false, includeFileHeaders: true })
      return `diff --git ${a} ${b}\n${body.endsWith("\n") ? body : `${body}\n`}`
    })
    .join("")

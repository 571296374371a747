import type { SourceFile } from "../SourceTree.js"

/**
 * A repository's list of Cppcheck suppressions (what `cppcheck --suppressions-list=<file>` reads),
 * at the root under one of the names projects give it, read as data: one suppression a line,
 * `id`, `id:file` or `id:file:line`, `*` for every id, `*` and `?` as wildcards of the file (which
 * may cross folders, as Cppcheck matches them); `#` and `//` start a comment. It is honoured as the
 * code's own `// cppcheck-suppress` comments are: whatever the patterns, a finding it names is not
 * counted. Cppcheck itself never reads it, so a line Tidemark does not understand is named, never
 * silently dropped.
 */

export const suppressionsFileNames: ReadonlyArray<string> = [".cppcheck-suppressions", "cppcheck-suppressions.txt", ".cppcheck_suppressions"]

export interface Suppression {
  /** Cppcheck's id, or `*`. */
  readonly id: string
  readonly file: RegExp | undefined
  readonly line: number | undefined
}

export interface CppcheckSuppressions {
  /** Relative to the tree's root. */
  readonly file: string
  readonly suppressions: ReadonlyArray<Suppression>
  /** The lines not followed, each in words. */
  readonly problems: ReadonlyArray<string>
}

/** Cppcheck's file wildcards: `*` any characters, `?` one; everything else as written. */
const globOf = (pattern: string): RegExp =>
  new RegExp(`^${pattern.split("").map((c) => (c === "*" ? ".*" : c === "?" ? "." : c.replace(/[.+^${}()|[\]\\]/g, "\\$&"))).join("")}$`)

const suppressionOf = (text: string): Suppression | string => {
  // A file's name may hold no colon here: Cppcheck splits the line the same way.
  const [id = "", file, line, ...rest] = text.split(":").map((part) => part.trim())
  if (rest.length > 0 || !/^(?:\*|[A-Za-z][A-Za-z0-9_]*)$/.test(id)) return `"${text}" is not id[:file[:line]]`
  if (line !== undefined && !/^\d+$/.test(line)) return `"${text}": "${line}" is not a line number`
  return { id, file: file === undefined || file === "" ? undefined : globOf(file.replace(/^\.\//, "")), line: line === undefined ? undefined : Number(line) }
}

export const readSuppressions = (file: SourceFile): CppcheckSuppressions => {
  const suppressions: Array<Suppression> = []
  const problems: Array<string> = []
  for (const [index, raw] of file.content.split("\n").entries()) {
    const text = raw.replace(/(?:#|\/\/).*$/, "").trim()
    if (text === "") continue
    const read = suppressionOf(text)
    if (typeof read === "string") problems.push(`line ${index + 1}: ${read}`)
    else suppressions.push(read)
  }
  return { file: file.path, suppressions, problems }
}

/** The repository's suppressions list, if its root has one. */
export const suppressionsOf = (files: ReadonlyArray<SourceFile>): CppcheckSuppressions | undefined => {
  const found = suppressionsFileNames.flatMap((name) => files.filter((file) => file.path === name))[0]
  return found === undefined ? undefined : readSuppressions(found)
}

/** Whether a finding of `id` at `file:line` is suppressed. */
export const isSuppressed = (suppressions: ReadonlyArray<Suppression>, id: string, file: string, line: number): boolean =>
  suppressions.some((s) => (s.id === "*" || s.id === id) && (s.file === undefined || s.file.test(file)) && (s.line === undefined || s.line === line))

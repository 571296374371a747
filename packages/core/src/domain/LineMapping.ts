import { Either, Option } from "effect"

/**
 * Where each line of a change's base is in its head, read from the unified diff git prints
 * (`git diff --find-renames base head`, any context width): a line outside the diff's changes
 * keeps its text and moves by the lines the changes before it added and removed; a line a change
 * removed (or replaced) has no place in the head; a file the diff does not name is unchanged.
 */

/** A run of the base's lines replaced by a run of the head's (either may be empty); lines 1-based. */
export interface Change {
  /** The first line of the base replaced; for an insertion, the base line the new lines come before. */
  readonly baseStart: number
  readonly baseCount: number
  readonly headStart: number
  readonly headCount: number
}

/** One file of the diff: its path in the base and in the head (none when added, or deleted), its changes in order. */
export interface FileChanges {
  readonly basePath: string | undefined
  readonly headPath: string | undefined
  readonly changes: ReadonlyArray<Change>
}

/** A change's files by their path in the base; a file absent is unchanged. */
export interface LineMapping {
  readonly files: ReadonlyMap<string, FileChanges>
}

/** The file's path in the head: its new name when renamed, none when deleted. */
export const headPath = (mapping: LineMapping, basePath: string): Option.Option<string> => {
  const file = mapping.files.get(basePath)
  return file === undefined ? Option.some(basePath) : Option.fromNullable(file.headPath)
}

/** The head's number of a base line; none when the change removed the line or its file. */
export const headLine = (mapping: LineMapping, basePath: string, baseLine: number): Option.Option<number> => {
  const file = mapping.files.get(basePath)
  if (file === undefined) return Option.some(baseLine)
  if (file.headPath === undefined) return Option.none()
  const change = lastChangeFrom(file.changes, baseLine)
  if (change === undefined) return Option.some(baseLine)
  const baseEnd = change.baseStart + change.baseCount
  // The change's head start counts every change before it: the lines after it move by its ends' distance.
  return baseLine < baseEnd ? Option.none() : Option.some(baseLine + change.headStart + change.headCount - baseEnd)
}

/** The last change starting at or before `baseLine`, by halving (a generated file can have thousands). */
const lastChangeFrom = (changes: ReadonlyArray<Change>, baseLine: number): Change | undefined => {
  let low = 0
  let high = changes.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((changes[middle]?.baseStart ?? 0) <= baseLine) low = middle + 1
    else high = middle
  }
  return changes[low - 1]
}

const escapes: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, "\"": 34, "\\": 92 }

/**
 * A path as git prints it: as is, or C-quoted when it holds a quote, a backslash or a control
 * character (and, unless `core.quotePath` is false, bytes beyond ASCII as octal escapes of UTF-8).
 */
const unquoted = (text: string): Either.Either<string, string> => {
  if (!text.startsWith("\"")) return Either.right(text)
  if (!text.endsWith("\"") || text.length < 2) return Either.left(`unterminated quoted path ${text}`)
  const bytes: Array<number> = []
  const encoder = new TextEncoder()
  const body = text.slice(1, -1)
  for (let i = 0; i < body.length; i++) {
    const char = body.charAt(i)
    if (char !== "\\") {
      const point = body.codePointAt(i) ?? 0
      bytes.push(...encoder.encode(String.fromCodePoint(point)))
      if (point > 0xffff) i++
      continue
    }
    const next = body.charAt(i + 1)
    const octal = /^[0-7]{3}/.exec(body.slice(i + 1, i + 4))
    if (octal !== null) {
      bytes.push(Number.parseInt(octal[0], 8))
      i += 3
    } else if (next in escapes) {
      bytes.push(escapes[next] ?? 0)
      i += 1
    } else {
      return Either.left(`unknown escape \\${next} in path ${text}`)
    }
  }
  return Either.right(new TextDecoder().decode(new Uint8Array(bytes)))
}

/**
 * The path of a `---`/`+++` line: none for `/dev/null`, else without its `a/` or `b/` prefix. Git
 * ends the line with a TAB when the name holds a space, so that the name's end can be seen.
 */
const patchPath = (field: string, prefix: string): Either.Either<string | undefined, string> => {
  const name = field.endsWith("\t") ? field.slice(0, -1) : field
  if (name === "/dev/null") return Either.right(undefined)
  return Either.flatMap(unquoted(name), (path) =>
    path.startsWith(prefix) ? Either.right(path.slice(prefix.length)) : Either.left(`path without its ${prefix} prefix: ${name}`))
}

/** `@@ -a[,b] +c[,d] @@`: an omitted count is 1; a count of 0 puts the start on the line before. */
const hunkHeader = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/

interface Section {
  /** Whether a header line named a path: a section without (a change of mode, a binary file) moves no line. */
  named: boolean
  basePath: string | undefined
  headPath: string | undefined
  renameFrom: string | undefined
  renameTo: string | undefined
  readonly changes: Array<Change>
}

/** Reads one hunk's body from `lines[start]`: its changes, and the index of the line after it. */
const readHunk = (
  lines: ReadonlyArray<string>,
  start: number,
  header: RegExpExecArray
): Either.Either<{ readonly changes: Array<Change>; readonly next: number }, string> => {
  const count = (text: string | undefined) => (text === undefined ? 1 : Number(text))
  let baseLeft = count(header[2])
  let headLeft = count(header[4])
  let base = Number(header[1]) + (baseLeft === 0 ? 1 : 0)
  let head = Number(header[3]) + (headLeft === 0 ? 1 : 0)
  const changes: Array<Change> = []
  let open: { baseStart: number; headStart: number; baseCount: number; headCount: number } | undefined
  const close = () => {
    if (open !== undefined) changes.push(open)
    open = undefined
  }
  let index = start
  while (baseLeft > 0 || headLeft > 0) {
    const line = lines[index]
    if (line === undefined) return Either.left(`a hunk ends before its ${baseLeft} base and ${headLeft} head lines`)
    index++
    const kind = line.charAt(0)
    if (kind === "\\") continue
    // `diff.suppressBlankEmpty` prints an empty context line without its space.
    if ((kind === " " || line === "") && baseLeft > 0 && headLeft > 0) {
      close()
      base++
      head++
      baseLeft--
      headLeft--
    } else if (kind === "-" && baseLeft > 0) {
      open ??= { baseStart: base, headStart: head, baseCount: 0, headCount: 0 }
      open.baseCount++
      base++
      baseLeft--
    } else if (kind === "+" && headLeft > 0) {
      open ??= { baseStart: base, headStart: head, baseCount: 0, headCount: 0 }
      open.headCount++
      head++
      headLeft--
    } else {
      return Either.left(`unexpected line in a hunk: ${line}`)
    }
  }
  close()
  // "\ No newline at end of file" follows the hunk's last line.
  while (lines[index]?.startsWith("\\") === true) index++
  return Either.right({ changes, next: index })
}

/** The header lines of a section that name its paths (`rename from/to` have no prefix). */
const headerFields: ReadonlyArray<readonly [string, (text: string) => Either.Either<string | undefined, string>, (section: Section, path: string | undefined) => void]> = [
  ["rename from ", unquoted, (section, path) => { section.renameFrom = path }],
  ["rename to ", unquoted, (section, path) => { section.renameTo = path }],
  ["--- ", (text) => patchPath(text, "a/"), (section, path) => { section.basePath = path }],
  ["+++ ", (text) => patchPath(text, "b/"), (section, path) => { section.headPath = path }]
]

const readHeader = (section: Section, line: string): Either.Either<void, string> => {
  const field = headerFields.find(([start]) => line.startsWith(start))
  if (field === undefined) return Either.void
  const [start, read, set] = field
  return Either.map(read(line.slice(start.length)), (path) => {
    section.named = true
    set(section, path)
  })
}

const fileOf = (section: Section): Option.Option<FileChanges> =>
  section.named
    ? Option.some({ basePath: section.renameFrom ?? section.basePath, headPath: section.renameTo ?? section.headPath, changes: section.changes })
    : Option.none()

/**
 * The line mapping of a unified diff as `git diff` prints it (paths prefixed `a/` and `b/`); the
 * reason when the text is not one. A hunk is read by its header's counts, so that a removed line
 * reading `-- x` is not taken for a header.
 */
export const parse = (diff: string): Either.Either<LineMapping, string> => {
  const lines = diff.split("\n")
  const files = new Map<string, FileChanges>()
  let section: Section | undefined
  const finish = () => {
    if (section === undefined) return
    const file = fileOf(section)
    if (Option.isSome(file) && file.value.basePath !== undefined) files.set(file.value.basePath, file.value)
  }
  let index = 0
  while (index < lines.length) {
    const line = lines[index] ?? ""
    index++
    if (line.startsWith("diff --git ")) {
      finish()
      section = { named: false, basePath: undefined, headPath: undefined, renameFrom: undefined, renameTo: undefined, changes: [] }
      continue
    }
    if (section === undefined) {
      if (line === "") continue
      return Either.left(`text before the first diff header: ${line}`)
    }
    const hunk = hunkHeader.exec(line)
    if (hunk !== null) {
      const read = readHunk(lines, index, hunk)
      if (Either.isLeft(read)) return Either.left(read.left)
      // Not `push(...changes)`: a hunk of a generated file can hold more changes than a call takes arguments.
      for (const change of read.right.changes) section.changes.push(change)
      index = read.right.next
      continue
    }
    const header = readHeader(section, line)
    if (Either.isLeft(header)) return Either.left(header.left)
  }
  finish()
  return Either.right({ files })
}

/** A change that changed nothing: every line is where it was. */
export const unchanged: LineMapping = { files: new Map() }

import { GitChanges } from "@tidemark/core"
import { Either } from "effect"

/**
 * The output of `git diff --raw -z -p -U0 <base> <head>`: first one raw record per changed file,
 * NUL-separated, its paths exactly as stored (no quoting: spaces, quotes, newlines and non-ASCII
 * names come through unaltered); then an empty field; then the patch, one `diff --git` section per
 * raw record and in the same order (git prints both from one queue of file pairs). Paths are read
 * from the raw records only: the patch quotes some names and adds a TAB after others.
 */
export const flags = ["--raw", "-z", "-p", "-U0"] as const

interface RawRecord {
  /** `A`, `D`, `M`, `T`, `R` or `C` (the last two followed by a similarity score). */
  readonly status: string
  /** Whether the path is a submodule in the base or the head (mode `160000`). */
  readonly submodule: boolean
  readonly paths: ReadonlyArray<string>
}

interface Section {
  readonly addedLines: ReadonlyArray<number>
  readonly removedLineCount: number
}

/** `:<old mode> <new mode> <old oid> <new oid> <status>`, then one path, or two for R and C. */
const parseRaw = (raw: string): Either.Either<Array<RawRecord>, string> => {
  const fields = raw.split("\0")
  const records: Array<RawRecord> = []
  let index = 0
  while (index < fields.length && fields[index] !== "") {
    const meta = fields[index] ?? ""
    const [baseMode = "", headMode = "", , , status = ""] = meta.split(" ")
    const width = /^[RC]/.test(status) ? 2 : 1
    const paths = fields.slice(index + 1, index + 1 + width)
    if (!meta.startsWith(":") || paths.length < width) return Either.left(`unexpected raw diff record: ${meta}`)
    records.push({ status, submodule: baseMode === ":160000" || headMode === "160000", paths })
    index += 1 + width
  }
  return Either.right(records)
}

/**
 * `@@ -a,b +c,d @@`: the hunk removes b lines of the base from line a and adds lines c..c+d-1 of
 * the head; an omitted count means 1 and a zero count none.
 */
const hunkHeader = /^@@ -\d+(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/

const countOf = (count: string | undefined) => (count === undefined ? 1 : Number(count))

/**
 * The added lines and removed count of each `diff --git` section. With `-U0` every line inside a
 * hunk starts with `+`, `-` or `\`, so a line starting `diff --git ` or `@@ ` is always a header;
 * a binary file or a change of mode alone has a section without hunks.
 */
const parsePatch = (patch: string): Array<Section> => {
  const sections: Array<{ addedLines: Array<number>; removedLineCount: number }> = []
  for (const line of patch.split("\n")) {
    if (line.startsWith("diff --git ")) {
      sections.push({ addedLines: [], removedLineCount: 0 })
      continue
    }
    const hunk = hunkHeader.exec(line)
    const section = sections.at(-1)
    if (hunk === null || section === undefined) continue
    const start = Number(hunk[2])
    for (let offset = 0; offset < countOf(hunk[3]); offset++) section.addedLines.push(start + offset)
    section.removedLineCount += countOf(hunk[1])
  }
  return sections
}

const kinds: Record<string, GitChanges.FileChangeKind> = {
  A: "added",
  D: "deleted",
  M: "modified",
  // A type change (a file becoming a symbolic link, say) is a modification of the path.
  T: "modified",
  R: "renamed",
  // Copies are detected only when asked for (`-C`), which the adapter does not: a new file then.
  C: "added"
}

const noLines: Section = { addedLines: [], removedLineCount: 0 }

/**
 * The patch sections of each record: one, except for a type change, which git prints as the old
 * file deleted and the new one created, two sections. A submodule's one-line patch ("Subproject
 * commit <sha>") is not lines of the repository's files: none are counted.
 */
const sectionsOf = (
  records: ReadonlyArray<RawRecord>,
  sections: ReadonlyArray<Section>
): Either.Either<Array<Section>, string> => {
  const merged: Array<Section> = []
  let next = 0
  for (const record of records) {
    const [first = noLines, second] = record.status === "T" ? sections.slice(next, next + 2) : sections.slice(next, next + 1)
    next += record.status === "T" ? 2 : 1
    if (record.submodule) merged.push(noLines)
    else if (second === undefined) merged.push(first)
    else merged.push({ addedLines: second.addedLines, removedLineCount: first.removedLineCount + second.removedLineCount })
  }
  return next === sections.length
    ? Either.right(merged)
    : Either.left(`git diff printed ${records.length} changed files and ${sections.length} patches`)
}

const changedFile = (record: RawRecord, section: Section): Either.Either<GitChanges.ChangedFile, string> => {
  const kind = kinds[record.status.charAt(0)]
  const [first = "", second] = record.paths
  if (kind === undefined) return Either.left(`unexpected change status ${record.status} of ${first}`)
  return Either.right(
    new GitChanges.ChangedFile({
      path: second ?? first,
      ...(kind === "renamed" ? { previousPath: first } : {}),
      kind,
      addedLines: section.addedLines,
      removedLineCount: section.removedLineCount
    })
  )
}

/** The changed files of the output, in git's order (by path); a reason when it cannot be read. */
export const parse = (output: string): Either.Either<Array<GitChanges.ChangedFile>, string> => {
  if (output.length === 0) return Either.right([])
  // No raw field is empty (a record's paths never are), so the first empty field ends them.
  const end = output.indexOf("\0\0")
  const raw = end === -1 ? output : output.slice(0, end + 1)
  const patch = end === -1 ? "" : output.slice(end + 2)
  return Either.flatMap(parseRaw(raw), (records) =>
    Either.flatMap(sectionsOf(records, parsePatch(patch)), (sections) =>
      Either.all(records.map((record, index) => changedFile(record, sections[index] ?? noLines)))))
}

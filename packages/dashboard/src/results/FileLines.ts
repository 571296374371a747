import type { Clone, CloneOccurrence, FileSource, Issue, LineCoverage } from "./Results.js"

/** One line of the file page: its text when known, and what the analysis says of it. */
export interface FileLine {
  readonly number: number
  /** Unknown for a line with coverage but no issue while the source is not served. */
  readonly text: string | undefined
  readonly authorEmail?: string | undefined
  readonly issues: ReadonlyArray<Issue>
  /** How many times the tests ran it; undefined when the coverage report does not count it. */
  readonly hits: number | undefined
  /** The clones with an occurrence in this file covering the line. */
  readonly clones: ReadonlyArray<number>
}

/** One occurrence of a clone in this file, and where else the same code stands. */
export interface CloneRange {
  readonly cloneId: number
  readonly fromLine: number
  readonly toLine: number
  readonly elsewhere: ReadonlyArray<CloneOccurrence>
}

export interface FileLinesInput {
  readonly fileId: number
  readonly source: FileSource | undefined
  readonly issues: ReadonlyArray<Issue>
  readonly coverage: ReadonlyArray<LineCoverage> | undefined
  readonly clones: ReadonlyArray<Clone>
}

/** Each occurrence of the file's clones in the file itself (a clone may stand twice in one file), by line. */
export const cloneRanges = (fileId: number, clones: ReadonlyArray<Clone>): ReadonlyArray<CloneRange> =>
  clones
    .flatMap((clone) =>
      clone.occurrences
        .filter((occurrence) => occurrence.fileId === fileId)
        .map((here) => ({
          cloneId: clone.id,
          fromLine: here.fromLine,
          toLine: here.toLine,
          elsewhere: clone.occurrences.filter((other) => other !== here)
        }))
    )
    .sort((a, b) => a.fromLine - b.fromLine || a.toLine - b.toLine || a.cloneId - b.cloneId)

const grouped = <T>(items: ReadonlyArray<T>, key: (item: T) => number): Map<number, Array<T>> => {
  const groups = new Map<number, Array<T>>()
  for (const item of items) {
    const group = groups.get(key(item))
    if (group === undefined) groups.set(key(item), [item])
    else group.push(item)
  }
  return groups
}

/**
 * The lines to show: with the source, every line; without it, the lines the issues and the
 * coverage report name, an issue's line with the text the analysis kept of it. Either way no issue
 * and no counted line is left out.
 */
export const fileLines = ({ fileId, source, issues, coverage, clones }: FileLinesInput): ReadonlyArray<FileLine> => {
  const sourceLines = new Map((source?.lines ?? []).map((line) => [line.number, line]))
  const issuesByLine = grouped(issues, (issue) => issue.lineNumber)
  const hits = new Map((coverage ?? []).map((entry) => [entry.line, entry.hits]))
  const ranges = cloneRanges(fileId, clones)
  const numbers = [...new Set([...sourceLines.keys(), ...issuesByLine.keys(), ...hits.keys()])].sort((a, b) => a - b)
  return numbers.map((number) => {
    const lineIssues = issuesByLine.get(number) ?? []
    const sourceLine = sourceLines.get(number)
    return {
      number,
      text: sourceLine?.text ?? lineIssues[0]?.lineText,
      authorEmail: sourceLine?.authorEmail,
      issues: lineIssues,
      hits: hits.get(number),
      clones: [...new Set(ranges.filter((r) => r.fromLine <= number && number <= r.toLine).map((r) => r.cloneId))]
    }
  })
}


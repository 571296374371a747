/**
 * What an analysis found, as the issue and file operations answer it (the subset the pages show):
 * issues, their counts, files with their measures, a file's clones, coverage and source.
 */
import { array, literal, number, optional, string, struct } from "../shared/Decode.js"
import { data, page } from "../shared/Envelope.js"

export const severityLevels = ["Error", "High", "Warning", "Info"] as const
export type SeverityLevel = (typeof severityLevels)[number]

export interface Issue {
  /** The issue's identity (the same on every commit that finds it): what triage names it by. */
  readonly issueId: string
  readonly resultDataId: number
  readonly fileId: number
  readonly filePath: string
  readonly language: string
  readonly lineNumber: number
  readonly lineText: string
  readonly message: string
  readonly patternInfo: {
    readonly id: string
    readonly title?: string | undefined
    readonly category: string
    readonly level: SeverityLevel
  }
}

export interface Count {
  readonly name: string
  readonly total: number
}

export interface IssuesOverview {
  readonly counts: {
    readonly categories: ReadonlyArray<Count>
    readonly levels: ReadonlyArray<Count>
    readonly languages: ReadonlyArray<Count>
    readonly patterns: ReadonlyArray<{ readonly id: string; readonly title: string; readonly total: number }>
    readonly authors: ReadonlyArray<Count>
  }
}

/** A file of listFiles: `duplication` is its duplicated lines (what the sort by duplication orders), `numberOfClones` its clone blocks. */
export interface FileSummary {
  readonly fileId: number
  readonly path: string
  readonly grade: number
  readonly gradeLetter: string
  readonly totalIssues: number
  readonly complexity?: number | undefined
  readonly duplication?: number | undefined
  readonly numberOfClones?: number | undefined
  readonly linesOfCode?: number | undefined
  readonly sourceLinesOfCode?: number | undefined
  /** Absent when the analysed commit's coverage report does not count the file. */
  readonly coverageWithDecimals?: number | undefined
}

export interface FileDetails {
  readonly file: {
    readonly fileId: number
    readonly path: string
    readonly language: string
    readonly commitSha: string
    readonly gitProviderUrl: string
  }
  readonly metrics?: {
    readonly linesOfCode?: number | undefined
    readonly commentedLinesOfCode?: number | undefined
    readonly numberOfMethods?: number | undefined
  } | undefined
  readonly quality?: {
    readonly grade: number
    readonly gradeLetter: string
    readonly totalIssues: number
    readonly complexity?: number | undefined
    readonly duplicatedLinesOfCode?: number | undefined
    readonly duplication?: number | undefined
  } | undefined
  /** Absent when the analysed commit's coverage report does not count the file. */
  readonly coverage?: {
    readonly coverage: number
    readonly coverableLines: number
    readonly coveredLines: number
  } | undefined
}

export interface CloneOccurrence {
  readonly fileId: number
  readonly path: string
  readonly fromLine: number
  readonly toLine: number
}

export interface Clone {
  readonly id: number
  readonly occurrences: ReadonlyArray<CloneOccurrence>
}

export interface LineCoverage {
  readonly line: number
  readonly hits: number
}

/** Our extension: the file's lines at the analysed commit, each with who last changed it when known. */
export interface FileSource {
  readonly commitSha: string
  readonly path: string
  readonly lines: ReadonlyArray<{ readonly number: number; readonly text: string; readonly authorEmail?: string | undefined }>
}

// ---- Readers ---------------------------------------------------------------------------------

/** An issue's pattern, as every issue list reads it. */
export const readPatternInfo = struct<Issue["patternInfo"]>({
  id: string,
  title: optional(string),
  category: string,
  level: literal(...severityLevels)
})

export const readIssue = struct<Issue>({
  issueId: string,
  resultDataId: number,
  fileId: number,
  filePath: string,
  language: string,
  lineNumber: number,
  lineText: string,
  message: string,
  patternInfo: readPatternInfo
})

const count = struct<Count>({ name: string, total: number })

const overview = struct<IssuesOverview>({
  counts: struct<IssuesOverview["counts"]>({
    categories: array(count),
    levels: array(count),
    languages: array(count),
    patterns: array(struct<IssuesOverview["counts"]["patterns"][number]>({ id: string, title: string, total: number })),
    authors: array(count)
  })
})

const fileSummary = struct<FileSummary>({
  fileId: number,
  path: string,
  grade: number,
  gradeLetter: string,
  totalIssues: number,
  complexity: optional(number),
  duplication: optional(number),
  numberOfClones: optional(number),
  linesOfCode: optional(number),
  sourceLinesOfCode: optional(number),
  coverageWithDecimals: optional(number)
})

const fileDetails = struct<FileDetails>({
  file: struct<FileDetails["file"]>({ fileId: number, path: string, language: string, commitSha: string, gitProviderUrl: string }),
  metrics: optional(struct<NonNullable<FileDetails["metrics"]>>({
    linesOfCode: optional(number),
    commentedLinesOfCode: optional(number),
    numberOfMethods: optional(number)
  })),
  quality: optional(struct<NonNullable<FileDetails["quality"]>>({
    grade: number,
    gradeLetter: string,
    totalIssues: number,
    complexity: optional(number),
    duplicatedLinesOfCode: optional(number),
    duplication: optional(number)
  })),
  coverage: optional(struct<NonNullable<FileDetails["coverage"]>>({ coverage: number, coverableLines: number, coveredLines: number }))
})

const clone = struct<Clone>({
  id: number,
  occurrences: array(struct<CloneOccurrence>({ fileId: number, path: string, fromLine: number, toLine: number }))
})

const fileSource = struct<FileSource>({
  commitSha: string,
  path: string,
  lines: array(struct<FileSource["lines"][number]>({ number, text: string, authorEmail: optional(string) }))
})

export const readIssuePage = page(readIssue)
export const readOverview = data(overview)
export const readFilePage = page(fileSummary)
// getFileWithAnalysis is the one file operation the original API answers without a `data` envelope.
export const readFile = fileDetails
export const readClonePage = page(clone)
export const readFileCoverage = data(array(struct<LineCoverage>({ line: number, hits: number })))
export const readFileSource = data(fileSource)

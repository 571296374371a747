import type { CloneOccurrence, FileResult, IssueResult } from "./AnalysisResults.js"
import { type FileCoverage, percentageOf } from "./CommitCoverage.js"
import type { SeverityLevel } from "./Pattern.js"
import type { IgnoredSelection } from "./Triage.js"

/**
 * An analysis's rows as the result stores answer them (issues, files, clones), and the rules every
 * store answers them by alike: filters, sort values, counts.
 */

/**
 * Which issues: each list keeps issues whose value is one of its values (none, or an empty list:
 * any value); lists combine with AND.
 */
export interface IssueFilter {
  readonly patternIds?: ReadonlyArray<string> | undefined
  readonly languages?: ReadonlyArray<string> | undefined
  readonly categories?: ReadonlyArray<string> | undefined
  readonly levels?: ReadonlyArray<SeverityLevel> | undefined
  readonly authorEmails?: ReadonlyArray<string> | undefined
  readonly filePaths?: ReadonlyArray<string> | undefined
  /** Issues ignored (triage) or not: none, every issue. */
  readonly ignored?: IgnoredSelection | undefined
  /** Only the issues their tool offers a fix for, when true. */
  readonly fixable?: boolean | undefined
}

/** A stored issue: the finding, and the id of its file in the repository. */
export interface StoredIssue {
  readonly issue: IssueResult
  readonly fileId: number
}

export interface NamedCount {
  readonly name: string
  readonly total: number
}

/** Counts most first, then by name: the order every adapter answers them in. */
export const orderCounts = <C extends NamedCount>(counts: ReadonlyArray<C>): Array<C> =>
  [...counts].sort((a, b) => b.total - a.total || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))

/** The issues matching a filter, counted by each of their dimensions (most first, then by name). */
export interface IssueOverviewCounts {
  readonly categories: ReadonlyArray<NamedCount>
  readonly levels: ReadonlyArray<NamedCount>
  readonly languages: ReadonlyArray<NamedCount>
  readonly patterns: ReadonlyArray<NamedCount & { readonly title: string }>
  readonly authors: ReadonlyArray<NamedCount>
}

/** Counts by name, most first, then by name. */
export const namedCountsOf = (names: ReadonlyArray<string>): Array<NamedCount> => {
  const totals = new Map<string, number>()
  for (const name of names) totals.set(name, (totals.get(name) ?? 0) + 1)
  return orderCounts([...totals].map(([name, total]) => ({ name, total })))
}

/**
 * The overview of a list of issues, as every adapter answers it: a pattern's title is its issues'
 * (the pattern's id when they have none); issues without a known author count for no author.
 */
export const issueOverviewCountsOf = (issues: ReadonlyArray<IssueResult>): IssueOverviewCounts => {
  const titles = new Map(issues.map((issue) => [issue.patternId, issue.patternTitle ?? issue.patternId]))
  return {
    categories: namedCountsOf(issues.map((issue) => issue.category)),
    levels: namedCountsOf(issues.map((issue) => issue.level)),
    languages: namedCountsOf(issues.map((issue) => issue.language)),
    patterns: namedCountsOf(issues.map((issue) => issue.patternId)).map((count) => ({ ...count, title: titles.get(count.name) ?? count.name })),
    authors: namedCountsOf(issues.flatMap((issue) => (issue.authorEmail === undefined ? [] : [issue.authorEmail])))
  }
}

/**
 * A stored file: its measures, and its id, which stays the same for the same path of the same
 * repository across analyses (a client may keep it); its coverage when a report for the analysed
 * commit names it.
 */
export interface StoredFile {
  readonly file: FileResult
  readonly fileId: number
  readonly coverage?: Pick<FileCoverage, "coverableLines" | "coveredLines"> | undefined
}

export const FileSort = ["filename", "issues", "grade", "complexity", "duplication", "coverage"] as const
export type FileSort = typeof FileSort[number]

/**
 * What a file sorts by under a sort other than by name: stores order by it, then by path. A file
 * without a complexity measure, or without coverage (no report, or no coverable line), counts as
 * -1, below every measured one.
 */
export const fileSortValue = ({ coverage, file }: StoredFile, sort: FileSort): number => {
  switch (sort) {
    case "coverage":
      return (coverage === undefined ? undefined : percentageOf(coverage.coveredLines, coverage.coverableLines)) ?? -1
    case "issues":
      return file.totalIssues
    case "grade":
      return file.grade
    case "complexity":
      return file.complexity ?? -1
    case "duplication":
      return file.duplicatedLines
    case "filename":
      return 0
  }
}

export interface FileQuery {
  /** Case-insensitive substring of the path. */
  readonly search?: string | undefined
  readonly sort: FileSort
  readonly direction: "asc" | "desc"
}

export interface StoredOccurrence {
  readonly occurrence: CloneOccurrence
  readonly fileId: number
}

export interface StoredClone {
  readonly id: number
  readonly occurrences: ReadonlyArray<StoredOccurrence>
}

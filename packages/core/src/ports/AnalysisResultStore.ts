import { Context, type Effect, type Option } from "effect"
import type { AnalysisResults, CloneOccurrence, FileResult, IssueResult } from "../domain/AnalysisResults.js"
import { type FileCoverage, type FileLineCoverage, percentageOf } from "../domain/CommitCoverage.js"
import type { ServiceUnavailable } from "../domain/Errors.js"
import type { PageRequest } from "../domain/Pagination.js"
import type { SeverityLevel } from "../domain/Pattern.js"

/** One analysis: a commit of a branch of a repository. */
export interface ResultsKey {
  readonly repositoryId: number
  readonly branch: string
  readonly commitSha: string
}

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
}

/** A stored issue: the finding, and the id of its file in the repository. */
export interface StoredIssue {
  readonly issue: IssueResult
  readonly fileId: number
}

/** One commit of a repository: coverage is uploaded for a commit, whichever branches analyse it. */
export interface CoverageKey {
  readonly repositoryId: number
  readonly commitSha: string
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

export interface StoredOccurrence {
  readonly occurrence: CloneOccurrence
  readonly fileId: number
}

export interface StoredClone {
  readonly id: number
  readonly occurrences: ReadonlyArray<StoredOccurrence>
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

/** One page and what a client needs to ask for the next: the sort key of its last item. */
export interface ResultPage<A> {
  readonly items: ReadonlyArray<A>
  readonly total: number
  /** The sort key after which the next page starts; none on the last page. */
  readonly next: ReadonlyArray<string | number> | undefined
}

/**
 * The results of analyses, row by row (see AnalysisResults): saved once per analysis (a new
 * analysis of the same commit replaces them), read by page. Issues list by file path, line and
 * id; files by the asked sort, then path, each with its coverage in the analysed commit. Line
 * coverage is kept per commit, as uploaded, whether or not the commit is analysed yet.
 */
export class AnalysisResultStore extends Context.Tag("@tidemark/core/AnalysisResultStore")<
  AnalysisResultStore,
  {
    readonly save: (key: ResultsKey, results: AnalysisResults) => Effect.Effect<void, ServiceUnavailable>
    /** Every row of one analysis, as saved; none when it was never saved or was pruned. */
    readonly load: (key: ResultsKey) => Effect.Effect<Option.Option<AnalysisResults>, ServiceUnavailable>
    /** The ids of the repository's files at these paths (see StoredFile), made for paths it never had. */
    readonly fileIds: (repositoryId: number, paths: ReadonlyArray<string>) => Effect.Effect<ReadonlyMap<string, number>, ServiceUnavailable>
    readonly issues: (
      key: ResultsKey,
      filter: IssueFilter,
      page: PageRequest
    ) => Effect.Effect<ResultPage<StoredIssue>, ServiceUnavailable>
    readonly issueCounts: (key: ResultsKey, filter: IssueFilter) => Effect.Effect<IssueOverviewCounts, ServiceUnavailable>
    /** An issue by its `resultDataId`. */
    readonly issue: (key: ResultsKey, resultDataId: number) => Effect.Effect<Option.Option<StoredIssue>, ServiceUnavailable>
    readonly files: (key: ResultsKey, query: FileQuery, page: PageRequest) => Effect.Effect<ResultPage<StoredFile>, ServiceUnavailable>
    readonly file: (key: ResultsKey, fileId: number) => Effect.Effect<Option.Option<StoredFile>, ServiceUnavailable>
    /** The clones with an occurrence in the file, by id, each with all of its occurrences. */
    readonly clones: (key: ResultsKey, fileId: number, page: PageRequest) => Effect.Effect<ResultPage<StoredClone>, ServiceUnavailable>
    /** Replaces the line coverage of a commit's files (one upload: all of them or none). */
    readonly saveCoverage: (commit: CoverageKey, files: ReadonlyArray<FileLineCoverage>) => Effect.Effect<void, ServiceUnavailable>
    /** Forgets the line coverage of these files of a commit (left out of coverage by the analysed configuration). */
    readonly removeCoverage: (commit: CoverageKey, paths: ReadonlyArray<string>) => Effect.Effect<void, ServiceUnavailable>
    /**
     * Runs `effect` alone among the effects given the same commit, in this process and in every
     * other process on the same storage: a read-then-write of a commit's coverage (reports adding
     * up) must not lose another one's write.
     */
    readonly exclusive: (commit: CoverageKey) => <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E | ServiceUnavailable, R>
    /** Every file's line coverage in a commit, by path (none before a report). */
    readonly commitCoverage: (commit: CoverageKey) => Effect.Effect<ReadonlyArray<FileLineCoverage>, ServiceUnavailable>
    /** A file's line coverage in a commit, when its report names the file. */
    readonly fileCoverage: (commit: CoverageKey, path: string) => Effect.Effect<Option.Option<FileLineCoverage>, ServiceUnavailable>
    /** Forgets every analysis of the repository's results but those kept. */
    readonly prune: (repositoryId: number, keep: ReadonlyArray<ResultsKey>) => Effect.Effect<void, ServiceUnavailable>
  }
>() {}

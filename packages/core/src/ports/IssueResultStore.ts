import { Context, type Effect, type Option } from "effect"
import type { IssueResult } from "../domain/AnalysisResults.js"
import type { ServiceUnavailable } from "../domain/Errors.js"
import type { PageRequest, ResultPage } from "../domain/Pagination.js"
import type { SeverityLevel } from "../domain/Pattern.js"
import type { ResultsKey } from "./AnalysisResultStore.js"

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
 * The issues of an analysis (saved with its other rows, see AnalysisResultStore), read by page in
 * the order of file path, line and id, and counted by dimension for the overview.
 */
export class IssueResultStore extends Context.Tag("@tidemark/core/IssueResultStore")<
  IssueResultStore,
  {
    readonly issues: (
      key: ResultsKey,
      filter: IssueFilter,
      page: PageRequest
    ) => Effect.Effect<ResultPage<StoredIssue>, ServiceUnavailable>
    readonly issueCounts: (key: ResultsKey, filter: IssueFilter) => Effect.Effect<IssueOverviewCounts, ServiceUnavailable>
    /** An issue by its `resultDataId`. */
    readonly issue: (key: ResultsKey, resultDataId: number) => Effect.Effect<Option.Option<StoredIssue>, ServiceUnavailable>
  }
>() {}

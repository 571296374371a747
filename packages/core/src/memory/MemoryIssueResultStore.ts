import { Effect, Layer, Option } from "effect"
import type { IssueResult } from "../domain/AnalysisResults.js"
import { pageOfSorted } from "../domain/Pagination.js"
import { type IssueFilter, issueOverviewCountsOf, type StoredIssue } from "../domain/StoredResults.js"
import { selects } from "../domain/Triage.js"
import { IssueResultStore } from "../ports/IssueResultStore.js"
import { MemoryAnalysisRows, noRows, readAnalysis } from "./MemoryAnalysisRows.js"

/** Whether an issue passes a filter: each list given holds the issue's value (see IssueFilter). */
export const matches = (filter: IssueFilter): (issue: IssueResult) => boolean => {
  const holds = (values: ReadonlyArray<string> | undefined, value: string | undefined) =>
    values === undefined || values.length === 0 || (value !== undefined && values.includes(value))
  const kept = filter.ignored === undefined ? () => true : selects(filter.ignored)
  return (issue) =>
    holds(filter.patternIds, issue.patternId) && holds(filter.languages, issue.language) &&
    holds(filter.categories, issue.category) && holds(filter.levels, issue.level) &&
    holds(filter.authorEmails, issue.authorEmail) && holds(filter.filePaths, issue.filePath) && kept(issue) &&
    (filter.fixable !== true || issue.fix !== undefined)
}

export const issueKey = (stored: StoredIssue): ReadonlyArray<string | number> => [stored.issue.filePath, stored.issue.line, stored.issue.issueId]

export const make = Effect.map(MemoryAnalysisRows, (rows) => {
  const read = readAnalysis(rows)
  return IssueResultStore.of({
    issues: (key, filter, page) =>
      read(key, (analysis) => {
        const kept = matches(filter)
        return pageOfSorted(analysis.issues.filter((stored) => kept(stored.issue)), issueKey, page)
      }, noRows),
    issueCounts: (key, filter) =>
      read(
        key,
        (analysis) => issueOverviewCountsOf(analysis.issues.map((stored) => stored.issue).filter(matches(filter))),
        issueOverviewCountsOf([])
      ),
    issue: (key, resultDataId) =>
      read(key, (analysis) => Option.fromNullable(analysis.issues.find((stored) => stored.issue.resultDataId === resultDataId)), Option.none())
  })
})

/** On the rows shared with the other memory stores of analysis results. */
export const layer = Layer.effect(IssueResultStore, make)

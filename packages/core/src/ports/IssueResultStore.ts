import { Context, type Effect, type Option } from "effect"
import type { ServiceUnavailable } from "../domain/Errors.js"
import type { PageRequest, ResultPage } from "../domain/Pagination.js"
import type { IssueFilter, IssueOverviewCounts, StoredIssue } from "../domain/StoredResults.js"
import type { ResultsKey } from "./AnalysisResultStore.js"

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

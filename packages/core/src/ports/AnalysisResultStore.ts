import { Context, type Effect, type Option } from "effect"
import type { AnalysisResults } from "../domain/AnalysisResults.js"
import type { ServiceUnavailable } from "../domain/Errors.js"

/** One analysis: a commit of a branch of a repository. */
export interface ResultsKey {
  readonly repositoryId: number
  readonly branch: string
  readonly commitSha: string
}

/**
 * The results of analyses, row by row (see AnalysisResults), as a whole: saved once per analysis (a
 * new analysis of the same commit replaces them), loaded, pruned. Their issues, files and clones
 * are read by page through IssueResultStore, FileResultStore and CloneResultStore.
 */
export class AnalysisResultStore extends Context.Tag("@tidemark/core/AnalysisResultStore")<
  AnalysisResultStore,
  {
    readonly save: (key: ResultsKey, results: AnalysisResults) => Effect.Effect<void, ServiceUnavailable>
    /** Every row of one analysis, as saved; none when it was never saved or was pruned. */
    readonly load: (key: ResultsKey) => Effect.Effect<Option.Option<AnalysisResults>, ServiceUnavailable>
    /** Forgets every analysis of the repository's results but those kept. */
    readonly prune: (repositoryId: number, keep: ReadonlyArray<ResultsKey>) => Effect.Effect<void, ServiceUnavailable>
  }
>() {}

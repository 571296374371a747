import { Context, type Effect, type Option } from "effect"
import type { CommitAnalysis } from "../domain/CommitAnalysis.js"
import type { ServiceUnavailable } from "../domain/Errors.js"

export interface BranchOf {
  readonly repositoryId: number
  readonly branch: string
}

/** The analyses of commits, one per repository, branch and commit (a new one replaces the old). */
export class AnalysisStore extends Context.Tag("@tidemark/core/AnalysisStore")<
  AnalysisStore,
  {
    readonly save: (analysis: CommitAnalysis) => Effect.Effect<void, ServiceUnavailable>
    /**
     * The latest analysis (by `endedAnalysis`) of each branch asked for, by repository id: a list
     * page asks for the default branch of each of its repositories in one call.
     */
    readonly latest: (branches: ReadonlyArray<BranchOf>) => Effect.Effect<ReadonlyMap<number, CommitAnalysis>, ServiceUnavailable>
    readonly find: (repositoryId: number, branch: string, sha: string) => Effect.Effect<Option.Option<CommitAnalysis>, ServiceUnavailable>
  }
>() {}

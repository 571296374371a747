import { Effect, Option } from "effect"
import type { CommitUuidRequest } from "../domain/Branch.js"
import { ConfigurationConflict, NotFound, Unprocessable } from "../domain/Errors.js"
import type { BranchRecord } from "../domain/Records.js"
import { AnalysisStore } from "../ports/AnalysisStore.js"
import type { Principal, RepositoryCoordinates } from "../domain/Principal.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"
import { withSpans } from "../runtime/Spans.js"
import { Access } from "./Access.js"
import { AnalysisRequests } from "./AnalysisRequests.js"

const make = Effect.gen(function*() {
  const access = yield* Access
  const repositories = yield* RepositoryStore
  const requests = yield* AnalysisRequests
  const analyses = yield* AnalysisStore

  /**
   * The branch a commit's analysis is shown for: the one that last analysed it, else one it heads
   * (an analysed one, the default first), else the default branch.
   */
  const branchFor = (branches: ReadonlyArray<BranchRecord>, analysedOn: string | undefined, sha: string) => {
    const headed = branches.filter((b) => b.lastCommitSha === sha).sort((a, b) => Number(b.isDefault) - Number(a.isDefault))
    return branches.find((b) => b.name === analysedOn) ?? headed.find((b) => b.isEnabled) ?? headed[0] ?? branches.find((b) => b.isDefault)
  }

  /**
   * reanalyzeCommitById: queues a new analysis of a commit Tidemark knows (one it saw heading a
   * branch). Its result replaces the commit's analysis on its branch.
   */
  const reanalyseCommit = (caller: Option.Option<Principal>, at: RepositoryCoordinates, body: CommitUuidRequest) =>
    Effect.gen(function*() {
      const { repository } = yield* access.repository(caller, at, "write")
      const sha = body.commitUuid.trim().toLowerCase()
      const commit = yield* repositories.findCommit(repository.id, sha)
      if (Option.isNone(commit)) return yield* new NotFound({ what: "commit", id: body.commitUuid })
      // The worker would drop the job: say so rather than accept it (this operation's spec has no 409).
      if (!repository.following) return yield* new Unprocessable({ reason: "The repository is not followed: follow it to analyse it again" })
      const [branches, analysed] = yield* Effect.all([repositories.listBranches(repository.id), analyses.ofCommit(repository.id, sha)])
      const branch = branchFor(branches, Option.getOrUndefined(analysed)?.branch, sha)
      if (branch === undefined) return yield* new Unprocessable({ reason: "The repository has no branch to show the analysis on" })
      if (!branch.isEnabled) return yield* new Unprocessable({ reason: `'${branch.name}' is not analysed: enable it to analyse its commits` })
      yield* requests.commit(repository, branch.name, sha)
    })

  /** Queues an analysis of a branch's head (the default branch without `branch`): the reanalyze operation. */
  const request = (caller: Option.Option<Principal>, at: RepositoryCoordinates, branch: string | undefined) =>
    Effect.gen(function*() {
      const { repository } = yield* access.repository(caller, at, "write")
      // The worker would drop the job: say so rather than accept it.
      if (!repository.following) {
        return yield* new ConfigurationConflict({ reason: "The repository is not followed: follow it to analyse it again" })
      }
      const branches = yield* repositories.listBranches(repository.id)
      const chosen = branches.find((b) => b.isEnabled && (branch === undefined ? b.isDefault : b.name === branch))
      if (chosen === undefined) return yield* new NotFound({ what: "branch", id: branch ?? "(default)" })
      return yield* requests.branch(repository, chosen)
    })

  return withSpans("Analyses", { request, reanalyseCommit })
})

/** Requests of analyses: the reanalyze operation (adding a repository queues one too) and reanalyzeCommitById. */
export class Analyses extends Effect.Service<Analyses>()("@tidemark/core/Analyses", {
  effect: make,
  dependencies: [Access.Default, AnalysisRequests.Default]
}) {}

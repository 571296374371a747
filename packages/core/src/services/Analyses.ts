import { Effect, type Option } from "effect"
import { ConfigurationConflict, NotFound } from "../domain/Errors.js"
import type { Principal, RepositoryCoordinates } from "../domain/Principal.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"
import { withSpans } from "../runtime/Spans.js"
import { Access } from "./Access.js"
import { AnalysisRequests } from "./AnalysisRequests.js"

const make = Effect.gen(function*() {
  const access = yield* Access
  const repositories = yield* RepositoryStore
  const requests = yield* AnalysisRequests

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

  return withSpans("Analyses", { request })
})

/** Requests of analyses: the reanalyze operation (adding a repository queues one too). */
export class Analyses extends Effect.Service<Analyses>()("@tidemark/core/Analyses", {
  effect: make,
  dependencies: [Access.Default, AnalysisRequests.Default]
}) {}

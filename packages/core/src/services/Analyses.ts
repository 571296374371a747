import { Context, Effect, Layer, type Option, Schema } from "effect"
import { AnalysisJob, AnalysisJobJson } from "../domain/CommitAnalysis.js"
import { NotFound, ServiceUnavailable } from "../domain/Errors.js"
import type { Principal, RepositoryCoordinates } from "../domain/Principal.js"
import type { PullRequestRecord } from "../domain/PullRequest.js"
import type { BranchRecord, RepositoryRecord } from "../domain/Records.js"
import { AnalysisQueue } from "../ports/AnalysisQueue.js"
import { IdGenerator } from "../ports/IdGenerator.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"
import { Access } from "./Access.js"
import { nowIso } from "./Now.js"

const encodeJob = Schema.encode(AnalysisJobJson)

/**
 * Queues an analysis of `branch`'s head. Every request gets an id of its own: asking again for the
 * same commit analyses it again (the settings or goals may have changed since).
 */
export const queueAnalysis = (repository: RepositoryRecord, branch: BranchRecord) =>
  Effect.flatMap(nowIso, (requestedAt) =>
    publishJob(repository, new AnalysisJob({
      organizationId: repository.organizationId,
      repositoryName: repository.name,
      branch: branch.name,
      commitSha: branch.lastCommitSha,
      requestedAt
    })))

const publishJob = (repository: RepositoryRecord, job: AnalysisJob) =>
  Effect.gen(function*() {
    const queue = yield* AnalysisQueue
    const ids = yield* IdGenerator
    // Encoding a job built just above cannot fail.
    const payload = yield* Effect.orDie(encodeJob(job))
    yield* queue.publish(`analysis:${repository.id}:${yield* ids.randomString(12)}`, payload).pipe(
      Effect.mapError((e) => new ServiceUnavailable({ reason: e.message }))
    )
    return job
  })

/**
 * Queues an analysis of a pull request's head against its target branch. A newer push queues
 * another, and the worker skips a job whose head is no longer its origin branch's.
 */
export const queuePullRequestAnalysis = (repository: RepositoryRecord, pullRequest: PullRequestRecord) =>
  publishJob(repository, new AnalysisJob({
    organizationId: repository.organizationId,
    repositoryName: repository.name,
    branch: pullRequest.originBranch,
    commitSha: pullRequest.headSha,
    requestedAt: pullRequest.updated,
    pullRequest: pullRequest.number,
    targetBranch: pullRequest.targetBranch
  }))

const make = Effect.gen(function*() {
  const access = yield* Access
  const repositories = yield* RepositoryStore
  const context = yield* Effect.context<AnalysisQueue | IdGenerator>()

  /** Queues an analysis of a branch's head (the default branch without `branch`): the reanalyze operation. */
  const request = (caller: Option.Option<Principal>, at: RepositoryCoordinates, branch: string | undefined) =>
    Effect.gen(function*() {
      const { repository } = yield* access.repository(caller, at, "write")
      const branches = yield* repositories.listBranches(repository.id)
      const chosen = branches.find((b) => b.isEnabled && (branch === undefined ? b.isDefault : b.name === branch))
      if (chosen === undefined) return yield* new NotFound({ what: "branch", id: branch ?? "(default)" })
      return yield* queueAnalysis(repository, chosen)
    }).pipe(Effect.provide(context))

  return { request } as const
})

/** Requests of analyses: the reanalyze operation (adding a repository queues one too). */
export class Analyses extends Context.Tag("@tidemark/core/Analyses")<Analyses, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(Analyses, make)
}

import { Effect, Schema } from "effect"
import { AnalysisJob, AnalysisJobJson } from "../domain/CommitAnalysis.js"
import { ServiceUnavailable } from "../domain/Errors.js"
import { nowIso } from "../domain/Now.js"
import type { PullRequestRecord } from "../domain/PullRequest.js"
import type { BranchRecord, RepositoryRecord } from "../domain/Records.js"
import { AnalysisQueue } from "../ports/AnalysisQueue.js"
import { IdGenerator } from "../ports/IdGenerator.js"
import { withSpans } from "../runtime/Spans.js"

const encodeJob = Schema.encode(AnalysisJobJson)

const make = Effect.gen(function*() {
  const queue = yield* AnalysisQueue
  const ids = yield* IdGenerator

  const publish = (repository: RepositoryRecord, job: AnalysisJob) =>
    Effect.gen(function*() {
      // Encoding a job built just above cannot fail.
      const payload = yield* Effect.orDie(encodeJob(job))
      yield* queue.publish(`analysis:${repository.id}:${yield* ids.randomString(12)}`, payload).pipe(
        Effect.mapError((e) => new ServiceUnavailable({ reason: e.message, cause: e }))
      )
      return job
    })

  /**
   * Queues an analysis of `branch`'s head. Every request gets an id of its own: asking again for the
   * same commit analyses it again (the settings or goals may have changed since).
   */
  const branch = (repository: RepositoryRecord, branch: BranchRecord) =>
    Effect.flatMap(nowIso, (requestedAt) =>
      publish(repository, new AnalysisJob({
        organizationId: repository.organizationId,
        repositoryName: repository.name,
        branch: branch.name,
        commitSha: branch.lastCommitSha,
        requestedAt
      })))

  /**
   * Queues an analysis of one commit, shown as `branch`'s (reanalyzeCommitById). A job of the same
   * repository still running finishes first (the worker runs a repository's jobs one at a time);
   * this one's result then replaces its result for that branch and commit.
   */
  const commit = (repository: RepositoryRecord, branch: string, commitSha: string) =>
    Effect.flatMap(nowIso, (requestedAt) =>
      publish(repository, new AnalysisJob({
        organizationId: repository.organizationId,
        repositoryName: repository.name,
        branch,
        commitSha,
        requestedAt
      })))

  /**
   * Queues an analysis of a pull request's head against its target branch. A newer push queues
   * another, and the worker skips a job whose head is no longer its origin branch's.
   */
  const pullRequest = (repository: RepositoryRecord, pullRequest: PullRequestRecord) =>
    publish(repository, new AnalysisJob({
      organizationId: repository.organizationId,
      repositoryName: repository.name,
      branch: pullRequest.originBranch,
      commitSha: pullRequest.headSha,
      requestedAt: pullRequest.updated,
      pullRequest: pullRequest.number,
      targetBranch: pullRequest.targetBranch
    }))

  return withSpans("AnalysisRequests", { branch, commit, pullRequest })
})

/** Analysis jobs put on the analysis queue: of a branch's head, or of a pull request's. */
export class AnalysisRequests extends Effect.Service<AnalysisRequests>()("@tidemark/core/AnalysisRequests", { effect: make }) {}

import { describe, expect, it } from "@effect/vitest"
import {
  AnalysisQueue,
  AnalysisRequests,
  CommitAnalysis,
  Errors,
  EventQueue,
  PullRequest,
  Records
} from "@tidemark/core"
import { MemoryEventQueue } from "@tidemark/core/memory"
import { Effect, Layer, Schema } from "effect"
import * as FixedIdGenerator from "./fixtures/FixedIdGenerator.js"
import { repositoryRecord } from "./fixtures/TestLayer.js"

const widgets = repositoryRecord({ id: 7, organizationId: 3, name: "widgets" })

const main = Records.BranchRecord.make({
  id: 1,
  name: "main",
  isDefault: true,
  isEnabled: true,
  lastUpdated: "2024-03-01T00:00:00.000Z",
  lastCommitSha: "a".repeat(40)
})

const pullRequest = PullRequest.PullRequestRecord.make({
  id: 11,
  repositoryId: 7,
  number: 42,
  title: "Login form",
  author: PullRequest.PullRequestAuthor.make({ name: "Ada Lovelace" }),
  originBranch: "feature/login",
  targetBranch: "develop",
  state: "open",
  headSha: "c".repeat(40),
  updated: "2024-03-02T10:00:00.000Z"
})

/** The service over a memory analysis queue and the fixed id generator: the n-th id is `fixed-12-n`. */
const withRequests = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.provide(effect, AnalysisRequests.AnalysisRequests.Default.pipe(Layer.provideMerge(Layer.merge(MemoryEventQueue.analysisLayer(), FixedIdGenerator.layer))))

/** What the analysis queue holds now, each acked: ids and jobs. */
const queued = Effect.gen(function*() {
  const deliveries = yield* Effect.flatMap(AnalysisQueue.AnalysisQueue, (queue) => queue.pull(100, "0 millis"))
  yield* Effect.forEach(deliveries, (d) => d.ack, { discard: true })
  return yield* Effect.forEach(deliveries, (d) => Effect.map(Schema.decode(CommitAnalysis.AnalysisJobJson)(d.payload), (job) => ({ id: d.id, job })))
})

describe("AnalysisRequests", () => {
  it.effect("a branch's head is queued with the time of the request, under an id of its own each time it is asked", () =>
    withRequests(Effect.gen(function*() {
      const requests = yield* AnalysisRequests.AnalysisRequests
      const job = yield* requests.branch(widgets, main)
      // The test clock stands at the epoch.
      expect(job).toStrictEqual(new CommitAnalysis.AnalysisJob({
        organizationId: 3,
        repositoryName: "widgets",
        branch: "main",
        commitSha: "a".repeat(40),
        requestedAt: "1970-01-01T00:00:00.000Z"
      }))
      yield* requests.branch(widgets, main)
      const jobs = yield* queued
      // The same commit asked for twice is analysed twice: the queue would keep one message of an id.
      expect(jobs.map(({ id }) => id)).toStrictEqual(["analysis:7:fixed-12-1", "analysis:7:fixed-12-2"])
      expect(jobs.map(({ job: queuedJob }) => queuedJob)).toStrictEqual([job, job])
    })))

  it.effect("a pull request's head is queued as of its last update, on its origin branch, against its target branch", () =>
    withRequests(Effect.gen(function*() {
      const job = yield* Effect.flatMap(AnalysisRequests.AnalysisRequests, (requests) => requests.pullRequest(widgets, pullRequest))
      expect(job).toStrictEqual(new CommitAnalysis.AnalysisJob({
        organizationId: 3,
        repositoryName: "widgets",
        branch: "feature/login",
        commitSha: "c".repeat(40),
        requestedAt: "2024-03-02T10:00:00.000Z",
        pullRequest: 42,
        targetBranch: "develop"
      }))
      expect(yield* queued).toStrictEqual([{ id: "analysis:7:fixed-12-1", job }])
    })))

  it.effect("a queue that is down makes the request unavailable, with the queue's reason", () =>
    Effect.gen(function*() {
      const down = Layer.succeed(AnalysisQueue.AnalysisQueue, {
        publish: () => Effect.fail(new EventQueue.QueueUnavailable({ reason: "no responders" })),
        pull: () => Effect.succeed([]),
        deadLetters: () => Effect.succeed([])
      })
      const failure = yield* Effect.flip(Effect.flatMap(AnalysisRequests.AnalysisRequests, (requests) => requests.branch(widgets, main))).pipe(
        Effect.provide(AnalysisRequests.AnalysisRequests.Default.pipe(Layer.provide(Layer.merge(down, FixedIdGenerator.layer))))
      )
      expect(failure).toStrictEqual(new Errors.ServiceUnavailable({ reason: "the queue is unavailable: no responders" }))
    }))
})

import { describe, expect, it } from "@effect/vitest"
import { Analyses, AnalysisQueue, CommitAnalysis, Errors } from "@tidemark/core"
import { Effect, Schema } from "effect"
import { mainHead } from "./fixtures/FakeGitReader.js"
import { addRepository, callerWith, repo, withServices } from "./fixtures/TestLayer.js"

const app = repo("app")

/** What the analysis queue holds now, each acked: ids and jobs. */
const queued = Effect.gen(function*() {
  const queue = yield* AnalysisQueue.AnalysisQueue
  const deliveries = yield* queue.pull(100, "0 millis")
  yield* Effect.forEach(deliveries, (d) => d.ack, { discard: true })
  return yield* Effect.forEach(deliveries, (d) => Effect.map(Schema.decode(CommitAnalysis.AnalysisJobJson)(d.payload), (job) => ({ id: d.id, job })))
})

describe("Analyses", () => {
  it.effect("queues an analysis of the default branch's head, a new job each time it is asked", () =>
    withServices(
      Effect.gen(function*() {
        const analyses = yield* Analyses.Analyses
        yield* addRepository("app")
        // Adding the repository queued its first analysis.
        expect((yield* queued).map(({ job }) => [job.branch, job.commitSha])).toStrictEqual([["main", mainHead.sha]])
        const writer = yield* callerWith("write")
        const job = yield* analyses.request(writer, app, undefined)
        expect(job).toBeInstanceOf(CommitAnalysis.AnalysisJob)
        expect([job.repositoryName, job.branch, job.commitSha, job.pullRequest]).toStrictEqual(["app", "main", mainHead.sha, undefined])
        yield* analyses.request(writer, app, "main")
        const jobs = yield* queued
        expect(jobs.map(({ job }) => job.commitSha)).toStrictEqual([mainHead.sha, mainHead.sha])
        expect(new Set(jobs.map(({ id }) => id)).size).toBe(2)
        expect(jobs.every(({ id }) => id.startsWith("analysis:"))).toBe(true)
      })
    ))

  it.effect("a branch that is not analysed is not found; a token that may only read cannot ask", () =>
    withServices(
      Effect.gen(function*() {
        const analyses = yield* Analyses.Analyses
        yield* addRepository("app")
        const writer = yield* callerWith("write")
        expect(yield* Effect.flip(analyses.request(writer, app, "no-such-branch"))).toStrictEqual(new Errors.NotFound({ what: "branch", id: "no-such-branch" }))
        expect(yield* Effect.flip(analyses.request(yield* callerWith("read"), app, undefined))).toBeInstanceOf(Errors.PermissionDenied)
      })
    ))
})

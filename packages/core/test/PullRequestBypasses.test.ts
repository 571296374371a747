import { describe, expect, it } from "@effect/vitest"
import { ChangeAnalysis, Errors, PullRequest, PullRequestBypasses, PullRequestReads, PullRequests, PullRequestStore } from "@tidemark/core"
import { Effect, Layer, Option } from "effect"
import { featureHead } from "./fixtures/FakeGitReader.js"
import * as RecordedCommitStatuses from "./fixtures/RecordedCommitStatuses.js"
import * as Stored from "./fixtures/StoredCommitAnalyses.js"
import { adminCaller, anonymous, callerWith, repo, testLayer } from "./fixtures/TestLayer.js"

const app = repo("app")

const withVerdicts = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.provide(effect, testLayer().pipe(Layer.provideMerge(RecordedCommitStatuses.layer)))

/** Pull request 3 of app, from `feature/login` (head c1) into main. */
const openPullRequest = Effect.flatMap(PullRequests.PullRequests, (pullRequests) =>
  pullRequests.open(adminCaller, app, 3, new PullRequest.PullRequestBody({ title: "Login", originBranch: "feature/login", targetBranch: "main" })))

const twoErrors = { newIssues: 2, newIssueKinds: [ChangeAnalysis.IssueKindCount.make({ level: "Error", category: "ErrorProne", count: 2 })] } as const
const pull = { kind: "pullRequest", number: 3 } as const

const told = (sent: ReadonlyArray<RecordedCommitStatuses.SentVerdict>) => sent.map(({ sha, verdict }) => [sha.slice(0, 2), verdict.state, verdict.description])

describe("PullRequestBypasses", () => {
  it.effect("a failing pull request bypassed passes, in the views and on the host, recording who and when; a push is judged again", () =>
    withVerdicts(Effect.gen(function*() {
      const record = yield* Stored.addedRecord("app")
      const bypasses = yield* PullRequestBypasses.PullRequestBypasses
      const reads = yield* PullRequestReads.PullRequestReads
      yield* openPullRequest
      yield* Stored.saveChange(record.id, pull, featureHead.sha, twoErrors)
      yield* RecordedCommitStatuses.takeSent
      expect((yield* reads.one(adminCaller, app, 3)).isUpToStandards).toBe(false)

      const writer = yield* callerWith("write")
      yield* bypasses.bypass(writer, app, 3)
      const view = yield* reads.one(adminCaller, app, 3)
      expect([view.isUpToStandards, view.quality?.isUpToStandards, view.newIssues]).toStrictEqual([true, true, 2])
      expect(view.bypass?.bypassedBy).toBe(Option.getOrThrow(writer).credentialId)
      expect(told(yield* RecordedCommitStatuses.takeSent)).toStrictEqual([["c1", "success", `Bypassed by ${Option.getOrThrow(writer).credentialId}: 2 new issues, 0 fixed`]])
      const stored = yield* Effect.flatMap(PullRequestStore.PullRequestStore, (store) => store.find(record.id, 3))
      const bypass = Option.getOrThrow(stored).bypass
      expect([bypass?.by.credentialId, bypass?.headSha, Number.isNaN(Date.parse(bypass?.at ?? ""))]).toStrictEqual([
        Option.getOrThrow(writer).credentialId,
        featureHead.sha,
        false
      ])

      // A new head: the gate judges its analysis again.
      const { id: _id, ...current } = Option.getOrThrow(stored)
      yield* Effect.flatMap(PullRequestStore.PullRequestStore, (store) => store.upsert({ ...current, headSha: "d2" }))
      yield* Stored.saveChange(record.id, pull, "d2", twoErrors)
      const judgedAgain = yield* reads.one(adminCaller, app, 3)
      expect([judgedAgain.isUpToStandards, judgedAgain.bypass]).toStrictEqual([false, undefined])
    })))

  it.effect("needs write; an unknown pull request is not found", () =>
    withVerdicts(Effect.gen(function*() {
      yield* Stored.addedRecord("app")
      const bypasses = yield* PullRequestBypasses.PullRequestBypasses
      yield* openPullRequest
      expect(yield* Effect.flip(bypasses.bypass(yield* callerWith("read"), app, 3))).toBeInstanceOf(Errors.PermissionDenied)
      expect(yield* Effect.flip(bypasses.bypass(anonymous, app, 3))).toBeInstanceOf(Errors.Unauthenticated)
      expect(yield* Effect.flip(bypasses.bypass(adminCaller, app, 4))).toStrictEqual(new Errors.NotFound({ what: "pullRequest", id: "4" }))
    })))
})

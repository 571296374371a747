/**
 * Webhook deliveries a host sends again (retries, redeliveries) or someone replays, and what a
 * delivery may hold: each is taken in once, and a head, a number or a string that cannot be stored
 * is refused before anything is.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Option } from "effect"
import { randomUUID } from "node:crypto"
import * as Http from "./fixtures/Http.js"
import { testLayer } from "./fixtures/TestLayer.js"
import {
  deliverGitHub,
  deliverGitLab,
  gitHubPullRequest,
  gitlabExample,
  hookedRepository,
  type PushExample,
  queuedJobs,
  receipt,
  storedPullRequest
} from "./fixtures/Webhooks.js"

layer(testLayer, { timeout: "120 seconds" })("Git host webhook replays", (it) => {
  describe("replays and what a delivery may hold", () => {
    it.effect("a GitHub delivery sent again (same id, or same signed body under another id) is answered as a duplicate and does nothing", () =>
      Effect.gen(function*() {
        const hooked = yield* hookedRepository
        const payload = gitHubPullRequest(hooked, "opened", 20)
        const delivery = randomUUID()
        expect(receipt(yield* deliverGitHub(hooked, "pull_request", payload, undefined, delivery)).outcome).toBe("pullRequestRecorded")
        expect((yield* queuedJobs).map((j) => j.pullRequest)).toEqual([20])
        const stored = Option.getOrThrow(yield* storedPullRequest(hooked.repositoryId, 20))
        expect(receipt(yield* deliverGitHub(hooked, "pull_request", payload, undefined, delivery))).toEqual({
          event: "pull_request",
          outcome: "duplicate"
        })
        // The id is not signed: a replay under a new id is still the same signed body.
        expect(receipt(yield* deliverGitHub(hooked, "pull_request", payload)).outcome).toBe("duplicate")
        expect(yield* queuedJobs).toEqual([])
        expect(yield* storedPullRequest(hooked.repositoryId, 20)).toEqual(Option.some(stored))
        // Another delivery (a new body) is taken as ever.
        const edited = { ...payload, pull_request: { ...payload.pull_request, title: "Edited" } }
        expect(receipt(yield* deliverGitHub(hooked, "pull_request", edited)).outcome).toBe("pullRequestRecorded")
      }))

    it.effect("a GitLab delivery retried with its Idempotency-Key is answered as a duplicate", () =>
      Effect.gen(function*() {
        const hooked = yield* hookedRepository
        const payload = gitlabExample<PushExample>("push-hook")
        payload.ref = "refs/heads/main"
        payload.after = hooked.git.mainSha
        const key = randomUUID()
        expect(receipt(yield* deliverGitLab(hooked, "Push Hook", payload, undefined, key)).outcome).toBe("branchRefreshed")
        yield* queuedJobs
        const retried = { ...payload, retried: true }
        expect(receipt(yield* deliverGitLab(hooked, "Push Hook", retried, undefined, key)).outcome).toBe("duplicate")
        expect(yield* queuedJobs).toEqual([])
      }))

    it.effect("a head that is not a full commit id, a number outside 1..2^31 - 1 or a NUL: 400, nothing stored", () =>
      Effect.gen(function*() {
        const hooked = yield* hookedRepository
        const badHeads = ["../../../../user/repos", hooked.git.featureSha.slice(0, 12), `${hooked.git.featureSha}0`]
        for (const [number, head] of badHeads.entries()) {
          const message = yield* Http.expectError(
            yield* deliverGitHub(hooked, "pull_request", gitHubPullRequest(hooked, "opened", 30 + number, head)),
            "BadRequest"
          )
          expect(message).toContain("sha")
          expect(yield* storedPullRequest(hooked.repositoryId, 30 + number)).toEqual(Option.none())
        }
        for (const number of [2 ** 31, 0, -3]) {
          yield* Http.expectError(yield* deliverGitHub(hooked, "pull_request", gitHubPullRequest(hooked, "opened", number)), "BadRequest")
        }
        const nul = gitHubPullRequest(hooked, "opened", 40)
        nul.pull_request.title = "nul \u0000"
        expect(yield* Http.expectError(yield* deliverGitHub(hooked, "pull_request", nul), "BadRequest")).toMatch(/NUL/)
        expect(yield* storedPullRequest(hooked.repositoryId, 40)).toEqual(Option.none())
        // An upper-case head is the same commit, stored lower-cased.
        receipt(yield* deliverGitHub(hooked, "pull_request", gitHubPullRequest(hooked, "opened", 41, hooked.git.featureSha.toUpperCase())))
        expect(Option.map(yield* storedPullRequest(hooked.repositoryId, 41), (pr) => pr.headSha)).toEqual(Option.some(hooked.git.featureSha))
        expect(yield* queuedJobs).toHaveLength(1)
      }))
  })
})

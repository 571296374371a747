/**
 * Issue 14: pull requests and pushes arriving from git hosts. GitHub's own example deliveries
 * (`@octokit/webhooks-examples`) and GitLab's documented ones (`fixtures/gitlab`), their branches and
 * commits rewritten to a git repository the test makes, signed (GitHub) or tokened (GitLab) with the
 * repository's webhook secret, are posted to the running server; what it stored and queued is read
 * underneath the API. A delivery that is not authenticated, or not a payload, changes nothing.
 */
import { describe, expect, layer } from "@effect/vitest"
import type { PullRequest } from "@tidemark/core"
import { Effect, Option } from "effect"
import { WebhookSecretBody } from "./fixtures/Bodies.js"
import * as Http from "./fixtures/Http.js"
import { issueToken } from "./fixtures/Scenario.js"
import { testLayer } from "./fixtures/TestLayer.js"
import {
  commitOn,
  deliverGitHub,
  deliverGitLab,
  git,
  githubExample,
  gitHubPullRequest,
  gitlabExample,
  hookedRepository,
  type Hooked,
  type MergeRequestExample,
  type PushExample,
  queuedJobs,
  receipt,
  secretPath,
  sign,
  storedPullRequest
} from "./fixtures/Webhooks.js"

layer(testLayer, { timeout: "120 seconds" })("Git host webhooks", (it) => {
  describe("GitHub", () => {
    it.effect("pull_request opened: stored as the example says, its head the branch's, its analysis queued", () =>
      Effect.gen(function*() {
        const hooked = yield* hookedRepository
        const payload = gitHubPullRequest(hooked, "opened", 7)
        expect(receipt(yield* deliverGitHub(hooked, "pull_request", payload))).toEqual({ event: "pull_request", outcome: "pullRequestRecorded" })
        const stored = Option.getOrThrow(yield* storedPullRequest(hooked.repositoryId, 7))
        expect(stored).toMatchObject({
          number: 7,
          title: payload.pull_request.title,
          originBranch: "feature",
          targetBranch: "main",
          state: "open",
          headSha: hooked.git.featureSha,
          updated: payload.pull_request.updated_at,
          author: { name: payload.pull_request.user.login, username: payload.pull_request.user.login, avatarUrl: payload.pull_request.user.avatar_url }
        })
        const jobs = yield* queuedJobs
        expect(jobs.map((j) => [j.branch, j.commitSha, j.pullRequest])).toEqual([["feature", hooked.git.featureSha, 7]])
      }))

    it.effect("synchronize after a push: the new head, the same pull request; closed, merged or not", () =>
      Effect.gen(function*() {
        const hooked = yield* hookedRepository
        yield* deliverGitHub(hooked, "pull_request", gitHubPullRequest(hooked, "opened", 8))
        const opened = Option.getOrThrow(yield* storedPullRequest(hooked.repositoryId, 8))
        yield* queuedJobs
        const pushed = commitOn(hooked.git, "feature", "sync")
        receipt(yield* deliverGitHub(hooked, "pull_request", gitHubPullRequest(hooked, "synchronize", 8, pushed)))
        const synchronized = Option.getOrThrow(yield* storedPullRequest(hooked.repositoryId, 8))
        expect(synchronized).toMatchObject({ id: opened.id, headSha: pushed, state: "open" })
        expect((yield* queuedJobs).map((j) => [j.commitSha, j.pullRequest])).toEqual([[pushed, 8]])

        const closed = gitHubPullRequest(hooked, "closed", 8, pushed)
        expect(closed.pull_request.merged).toBe(false)
        receipt(yield* deliverGitHub(hooked, "pull_request", closed))
        expect(Option.map(yield* storedPullRequest(hooked.repositoryId, 8), (pr) => [pr.id, pr.state])).toEqual(Option.some([opened.id, "closed"]))
        closed.pull_request.merged = true
        receipt(yield* deliverGitHub(hooked, "pull_request", closed))
        expect(Option.map(yield* storedPullRequest(hooked.repositoryId, 8), (pr) => pr.state)).toEqual(Option.some("merged"))
        expect(yield* queuedJobs).toEqual([])
      }))

    it.effect("a tampered body, another secret, no signature or an unknown repository: 401, nothing stored", () =>
      Effect.gen(function*() {
        const hooked = yield* hookedRepository
        const payload = gitHubPullRequest(hooked, "opened", 9)
        const signature = sign(hooked.secret, JSON.stringify(payload))
        const tampered = { ...payload, pull_request: { ...payload.pull_request, title: "Something else" } }
        yield* Http.expectError(yield* deliverGitHub(hooked, "pull_request", tampered, signature), "Unauthorized")
        yield* Http.expectError(yield* deliverGitHub(hooked, "pull_request", payload, sign("another secret", JSON.stringify(payload))), "Unauthorized")
        yield* Http.expectError(
          yield* Http.post(hooked.githubPath, { body: JSON.stringify(payload), headers: { "x-github-event": "pull_request" } }),
          "Unauthorized"
        )
        yield* Http.expectError(
          yield* Http.post(hooked.githubPath.replace("/app/", "/nope/"), { body: JSON.stringify(payload), headers: { "x-github-event": "pull_request", "x-hub-signature-256": signature } }),
          "Unauthorized"
        )
        expect(yield* storedPullRequest(hooked.repositoryId, 9)).toEqual(Option.none())
        expect(yield* queuedJobs).toEqual([])
        // The same delivery, as signed, is accepted.
        receipt(yield* deliverGitHub(hooked, "pull_request", payload, signature))
        expect(Option.isSome(yield* storedPullRequest(hooked.repositoryId, 9))).toBe(true)
      }))

    it.effect("a signed delivery that is not a pull_request payload: 400 naming the field, nothing stored", () =>
      Effect.gen(function*() {
        const hooked = yield* hookedRepository
        const payload = gitHubPullRequest(hooked, "opened", 10)
        delete payload.pull_request.head
        const message = yield* Http.expectError(yield* deliverGitHub(hooked, "pull_request", payload), "BadRequest")
        expect(message).toContain("head")
        const notJson = "{\"action\": \"opened\""
        yield* Http.expectError(
          yield* Http.post(hooked.githubPath, { body: notJson, headers: { "x-github-event": "pull_request", "x-hub-signature-256": sign(hooked.secret, notJson) } }),
          "BadRequest"
        )
        expect(yield* storedPullRequest(hooked.repositoryId, 10)).toEqual(Option.none())
      }))

    it.effect("ping, a label and a tag push are answered and ignored", () =>
      Effect.gen(function*() {
        const hooked = yield* hookedRepository
        expect(receipt(yield* deliverGitHub(hooked, "ping", githubExample<object>("ping", () => true)))).toEqual({ event: "ping", outcome: "ignored" })
        expect(receipt(yield* deliverGitHub(hooked, "pull_request", gitHubPullRequest(hooked, "labeled", 11)))).toEqual({
          event: "pull_request",
          outcome: "ignored"
        })
        const tag = githubExample<PushExample>("push", (e) => String(e["ref"]).startsWith("refs/tags/"))
        expect(receipt(yield* deliverGitHub(hooked, "push", tag)).outcome).toBe("ignored")
        expect(yield* storedPullRequest(hooked.repositoryId, 11)).toEqual(Option.none())
        expect(yield* queuedJobs).toEqual([])
      }))

    it.effect("push of a branch: its new head read from git and analysed; a deleted branch is only refreshed", () =>
      Effect.gen(function*() {
        const hooked = yield* hookedRepository
        const pushed = commitOn(hooked.git, "main", "push")
        const payload = githubExample<PushExample>("push", (e) => e["ref"] === "refs/heads/master" && e["deleted"] === false)
        payload.ref = "refs/heads/main"
        payload.after = pushed
        expect(receipt(yield* deliverGitHub(hooked, "push", payload))).toEqual({ event: "push", outcome: "branchRefreshed" })
        expect((yield* queuedJobs).map((j) => [j.branch, j.commitSha, j.pullRequest])).toEqual([["main", pushed, undefined]])

        git(hooked.git, ["branch", "--quiet", "-D", "feature"])
        const deleted = { ...payload, ref: "refs/heads/feature", deleted: true, after: "0000000000000000000000000000000000000000" }
        expect(receipt(yield* deliverGitHub(hooked, "push", deleted)).outcome).toBe("branchRefreshed")
        expect(yield* queuedJobs).toEqual([])
      }))

    it.effect("a pull request whose branches do not exist is stored as the host names it, and not analysed", () =>
      Effect.gen(function*() {
        const hooked = yield* hookedRepository
        const payload = gitHubPullRequest(hooked, "opened", 12)
        Object.assign(payload.pull_request.head ?? {}, { ref: "from-a-fork" })
        receipt(yield* deliverGitHub(hooked, "pull_request", payload))
        expect(yield* storedPullRequest(hooked.repositoryId, 12)).toEqual(
          Option.some(expect.objectContaining({ originBranch: "from-a-fork", headSha: hooked.git.featureSha, state: "open" }) as PullRequest.PullRequestRecord)
        )
        expect(yield* queuedJobs).toEqual([])
      }))
  })

  describe("GitLab", () => {
    const mergeRequest = (hooked: Hooked, iid: number) => {
      const payload = gitlabExample<MergeRequestExample>("merge-request-hook")
      payload.object_attributes.iid = iid
      payload.object_attributes.source_branch = "feature"
      payload.object_attributes.target_branch = "main"
      payload.object_attributes.last_commit = { ...payload.object_attributes.last_commit, id: hooked.git.featureSha }
      return payload
    }

    it.effect("Merge Request Hook opened, then merged: one merge request, its author the opener", () =>
      Effect.gen(function*() {
        const hooked = yield* hookedRepository
        const payload = mergeRequest(hooked, 3)
        expect(receipt(yield* deliverGitLab(hooked, "Merge Request Hook", payload))).toEqual({
          event: "Merge Request Hook",
          outcome: "pullRequestRecorded"
        })
        const opened = Option.getOrThrow(yield* storedPullRequest(hooked.repositoryId, 3))
        expect(opened).toMatchObject({
          title: "MS-Viewport",
          originBranch: "feature",
          targetBranch: "main",
          state: "open",
          headSha: hooked.git.featureSha,
          updated: "2013-12-03T17:23:34Z",
          author: { name: "Administrator", username: "root", email: "admin@example.com" }
        })
        expect((yield* queuedJobs).map((j) => [j.commitSha, j.pullRequest])).toEqual([[hooked.git.featureSha, 3]])

        payload.object_attributes.action = "merge"
        payload.object_attributes.state = "merged"
        payload.user = { name: "Merger", username: "merger" }
        receipt(yield* deliverGitLab(hooked, "Merge Request Hook", payload))
        expect(yield* storedPullRequest(hooked.repositoryId, 3)).toEqual(
          Option.some(expect.objectContaining({ id: opened.id, state: "merged", author: opened.author }) as PullRequest.PullRequestRecord)
        )
        expect(yield* queuedJobs).toEqual([])
      }))

    it.effect("a wrong or missing token: 401, nothing stored; a malformed payload: 400", () =>
      Effect.gen(function*() {
        const hooked = yield* hookedRepository
        const payload = mergeRequest(hooked, 4)
        yield* Http.expectError(yield* deliverGitLab(hooked, "Merge Request Hook", payload, `${hooked.secret}x`), "Unauthorized")
        yield* Http.expectError(
          yield* Http.post(hooked.gitlabPath, { body: JSON.stringify(payload), headers: { "x-gitlab-event": "Merge Request Hook" } }),
          "Unauthorized"
        )
        delete payload.object_attributes.last_commit
        yield* Http.expectError(yield* deliverGitLab(hooked, "Merge Request Hook", payload), "BadRequest")
        expect(yield* storedPullRequest(hooked.repositoryId, 4)).toEqual(Option.none())
        expect(yield* queuedJobs).toEqual([])
      }))

    it.effect("Push Hook of a branch: refreshed and analysed", () =>
      Effect.gen(function*() {
        const hooked = yield* hookedRepository
        const pushed = commitOn(hooked.git, "feature", "gitlab push")
        const payload = gitlabExample<PushExample>("push-hook")
        payload.ref = "refs/heads/feature"
        payload.after = pushed
        expect(receipt(yield* deliverGitLab(hooked, "Push Hook", payload)).outcome).toBe("branchRefreshed")
        expect((yield* queuedJobs).map((j) => [j.branch, j.commitSha])).toEqual([["feature", pushed]])
      }))
  })

  describe("webhook secrets", () => {
    it.effect("only an admin issues one; a new secret replaces the old, whose signatures fail from then on", () =>
      Effect.gen(function*() {
        const hooked = yield* hookedRepository
        const writer = yield* issueToken(hooked.org, "write")
        yield* Http.expectError(yield* Http.post(secretPath(hooked.org, "app"), { token: writer }), "Forbidden")
        yield* Http.expectError(yield* Http.post(secretPath(hooked.org, "app")), "Unauthorized")
        const organizationAdmin = yield* issueToken(hooked.org, "admin")
        const renewed = Http.expectBody(yield* Http.post(secretPath(hooked.org, "app"), { token: organizationAdmin }), 201, WebhookSecretBody).data
        expect(renewed.secret).not.toBe(hooked.secret)
        expect(renewed.githubPath).toBe(hooked.githubPath)
        const payload = gitHubPullRequest(hooked, "opened", 13)
        yield* Http.expectError(yield* deliverGitHub(hooked, "pull_request", payload), "Unauthorized")
        receipt(yield* deliverGitHub({ ...hooked, secret: renewed.secret }, "pull_request", payload))
        expect(Option.isSome(yield* storedPullRequest(hooked.repositoryId, 13))).toBe(true)
      }))
  })
})

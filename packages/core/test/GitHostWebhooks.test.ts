import { describe, expect, it } from "@effect/vitest"
import { AnalysisRequests, Errors, GitHostWebhooks, PullRequestStore, PullRequests } from "@tidemark/core"
import { Duration, Effect, Layer, Option, Ref, TestClock } from "effect"
import { createHmac } from "node:crypto"
import { queuedTargets } from "./fixtures/QueuedAnalysisJobs.js"
import { FakeGitRemotes, featureHead, mainHead } from "./fixtures/FakeGitReader.js"
import { storedRepository } from "./fixtures/AddedRepositoryRecords.js"
import { addRepository, adminCaller, anonymous, callerWith, repo, testLayer, withServices } from "./fixtures/TestLayer.js"
import githubPush from "./providers/fixtures/github/push.json"
import gitlabPush from "./providers/fixtures/gitlab/push.json"

const widgets = repo("widgets")
const widgetsUrl = "https://github.com/acme/widgets.git"

const refused = new Errors.Unauthenticated({ kind: "unsigned", reason: "The webhook delivery is not signed with the repository's webhook secret" })

const bytes = (text: string) => new TextEncoder().encode(text)
const sign = (secret: string, body: Uint8Array) => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`

const pullRequest = (fields: { readonly action?: string; readonly updated?: string } = {}) =>
  JSON.stringify({
    action: fields.action ?? "opened",
    number: 5,
    pull_request: {
      number: 5,
      title: "Login form",
      state: "open",
      merged: null,
      updated_at: fields.updated ?? "2024-05-03T18:00:00Z",
      user: { login: "octocat", avatar_url: "https://avatars.example/octocat" },
      head: { ref: "feature/login", sha: featureHead.sha },
      base: { ref: "main" }
    }
  })

const push = (branch: string, deleted = false) => JSON.stringify({ ...githubPush, ref: `refs/heads/${branch}`, deleted })

const mergeRequest = JSON.stringify({
  user: { name: "Administrator", username: "root", email: "admin@example.com", avatar_url: null },
  object_attributes: {
    iid: 3,
    title: "Login form",
    source_branch: "feature/login",
    target_branch: "main",
    state: "opened",
    action: "open",
    updated_at: "2024-05-03 18:00:00 UTC",
    last_commit: { id: featureHead.sha }
  }
})

/** widgets added, its first analysis job taken off the queue, and a webhook secret issued by the admin. */
const setUp = Effect.gen(function*() {
  yield* addRepository("widgets")
  yield* queuedTargets
  return yield* Effect.flatMap(GitHostWebhooks.GitHostWebhooks, (webhooks) => webhooks.issueSecret(adminCaller, widgets))
})

/** A GitHub delivery of `text` for widgets, signed with `secret`. */
const github = (secret: string, event: string, text: string, delivery?: string) =>
  Effect.flatMap(GitHostWebhooks.GitHostWebhooks, (webhooks) =>
    webhooks.github(widgets, { event, signature: sign(secret, bytes(text)), delivery }, bytes(text)))

const storedPullRequest = (number: number) =>
  Effect.gen(function*() {
    const repository = yield* storedRepository("widgets")
    return Option.map(yield* Effect.flatMap(PullRequestStore.PullRequestStore, (store) => store.find(repository.id, number)), (pr) => [
      pr.title,
      pr.originBranch,
      pr.targetBranch,
      pr.state,
      pr.headSha
    ])
  })

describe("GitHostWebhooks.issueSecret", () => {
  it.effect("the admin or an admin token of the organization generates the secret, replacing the last; others may not", () =>
    withServices(Effect.gen(function*() {
      const first = yield* setUp
      const webhooks = yield* GitHostWebhooks.GitHostWebhooks
      expect(first).toMatch(/^tmw_fixed-32-\d+$/)
      const second = yield* webhooks.issueSecret(yield* callerWith("admin"), widgets)
      expect(second).not.toBe(first)
      expect(yield* Effect.flip(github(first, "ping", "{}"))).toEqual(refused)
      expect(yield* github(second, "ping", "{}")).toEqual({ event: "ping", outcome: "ignored" })
      expect(yield* Effect.flip(webhooks.issueSecret(yield* callerWith("write"), widgets))).toBeInstanceOf(Errors.PermissionDenied)
      expect(yield* Effect.flip(webhooks.issueSecret(anonymous, widgets))).toBeInstanceOf(Errors.Unauthenticated)
      expect(yield* Effect.flip(webhooks.issueSecret(yield* callerWith("admin", "globex"), widgets))).toBeInstanceOf(Errors.Unauthenticated)
      expect(yield* Effect.flip(webhooks.issueSecret(adminCaller, repo("gadgets")))).toEqual(new Errors.NotFound({ what: "repository", id: "gadgets" }))
    })))
})

describe("GitHostWebhooks.github", () => {
  it.effect("a signed pull_request delivery records the pull request, its head the origin branch's, and queues its analysis", () =>
    withServices(Effect.gen(function*() {
      const secret = yield* setUp
      expect(yield* github(secret, "pull_request", pullRequest(), "guid-1")).toEqual({ event: "pull_request", outcome: "pullRequestRecorded" })
      expect(yield* storedPullRequest(5)).toEqual(Option.some(["Login form", "feature/login", "main", "open", featureHead.sha]))
      expect(yield* queuedTargets).toEqual([["feature/login", featureHead.sha, 5]])
    })))

  it.effect("one answer for a wrong or missing signature, an unknown repository and one without a secret; the signature's hex in any case", () =>
    withServices(Effect.gen(function*() {
      const secret = yield* setUp
      yield* addRepository("gadgets")
      const webhooks = yield* GitHostWebhooks.GitHostWebhooks
      const body = bytes(pullRequest())
      const deliver = (at: typeof widgets, signature: string | undefined) =>
        webhooks.github(at, { event: "pull_request", signature }, body)
      expect(yield* Effect.flip(deliver(widgets, sign("another secret", body)))).toEqual(refused)
      expect(yield* Effect.flip(deliver(widgets, undefined))).toEqual(refused)
      expect(yield* Effect.flip(deliver(widgets, sign(secret, bytes(`${pullRequest()} `))))).toEqual(refused)
      expect(yield* Effect.flip(deliver(repo("nothing"), sign(secret, body)))).toEqual(refused)
      expect(yield* Effect.flip(deliver(repo("gadgets"), sign(secret, body)))).toEqual(refused)
      expect(yield* storedPullRequest(5)).toEqual(Option.none())
      expect((yield* deliver(widgets, sign(secret, body).toUpperCase().replace("SHA256=", "sha256="))).outcome).toBe("pullRequestRecorded")
    })))

  it.effect("a signed body that is not UTF-8, or a payload missing what its event needs, is InvalidInput", () =>
    withServices(Effect.gen(function*() {
      const secret = yield* setUp
      const webhooks = yield* GitHostWebhooks.GitHostWebhooks
      const notText = new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])
      expect(yield* Effect.flip(webhooks.github(widgets, { event: "push", signature: sign(secret, notText) }, notText))).toEqual(
        new Errors.InvalidInput({ field: "body", reason: "is not UTF-8 text" })
      )
      expect(yield* Effect.flip(github(secret, "pull_request", JSON.stringify({ action: "opened" })))).toMatchObject({
        _tag: "InvalidInput",
        field: "body"
      })
    })))

  it.effect("a replay within three days is a duplicate, by delivery id or by body; past the window it is taken again", () =>
    withServices(Effect.gen(function*() {
      const secret = yield* setUp
      expect((yield* github(secret, "pull_request", pullRequest(), "guid-1")).outcome).toBe("pullRequestRecorded")
      // The same body under another delivery id, and another body under the same id.
      expect(yield* github(secret, "pull_request", pullRequest(), "guid-2")).toEqual({ event: "pull_request", outcome: "duplicate" })
      expect((yield* github(secret, "pull_request", pullRequest({ action: "synchronize" }), "guid-1")).outcome).toBe("duplicate")
      expect((yield* github(secret, "pull_request", pullRequest())).outcome).toBe("duplicate")
      expect(yield* queuedTargets).toHaveLength(1)
      yield* TestClock.adjust(Duration.sum(GitHostWebhooks.replayWindow, Duration.millis(1)))
      expect((yield* github(secret, "pull_request", pullRequest(), "guid-1")).outcome).toBe("pullRequestRecorded")
      expect(yield* queuedTargets).toHaveLength(1)
    })))

  it.effect("a push to an enabled branch refreshes the repository and queues the branch's analysis; a deleted branch only refreshes", () =>
    withServices(Effect.gen(function*() {
      const secret = yield* setUp
      expect(yield* github(secret, "push", push("main"))).toEqual({ event: "push", outcome: "branchRefreshed" })
      expect(yield* queuedTargets).toEqual([["main", mainHead.sha, undefined]])
      expect((yield* github(secret, "push", push("feature/login", true))).outcome).toBe("branchRefreshed")
      expect((yield* github(secret, "push", push("no-such-branch"))).outcome).toBe("branchRefreshed")
      expect(yield* queuedTargets).toEqual([])
      // git cannot read the repository now: the push is taken in, nothing queued.
      yield* Effect.flatMap(FakeGitRemotes, (remotes) => remotes.refuse(widgetsUrl, "remote end hung up"))
      expect((yield* github(secret, "push", push("develop"))).outcome).toBe("branchRefreshed")
      expect(yield* queuedTargets).toEqual([])
    })))

  it.effect("other events and actions are ignored, and remembered as the others are", () =>
    withServices(Effect.gen(function*() {
      const secret = yield* setUp
      expect(yield* github(secret, "pull_request", pullRequest({ action: "labeled" }))).toEqual({ event: "pull_request", outcome: "ignored" })
      expect(yield* github(secret, "issues", "{}")).toEqual({ event: "issues", outcome: "ignored" })
      expect(yield* github(secret, "issues", "{}")).toEqual({ event: "issues", outcome: "duplicate" })
      expect(yield* storedPullRequest(5)).toEqual(Option.none())
    })))
})

/** A pull request store whose first write fails, as a database that went away for a moment. */
const failingOnce = Layer.effect(
  PullRequestStore.PullRequestStore,
  Effect.gen(function*() {
    const store = yield* PullRequestStore.PullRequestStore
    const failed = yield* Ref.make(false)
    return PullRequestStore.PullRequestStore.of({
      ...store,
      upsert: (input) =>
        Effect.flatMap(Ref.getAndSet(failed, true), (before) =>
          before ? store.upsert(input) : Effect.fail(new Errors.ServiceUnavailable({ reason: "connection reset" })))
    })
  })
)

/**
 * The webhooks over a PullRequests of their own on that store, both fresh: a layer is built once per
 * composition, and the test layer's are built on the sound store.
 */
const withFailingStore = Layer.fresh(GitHostWebhooks.GitHostWebhooks.DefaultWithoutDependencies).pipe(
  Layer.provide(Layer.fresh(PullRequests.PullRequests.DefaultWithoutDependencies).pipe(Layer.provide(failingOnce))),
  Layer.provide(AnalysisRequests.AnalysisRequests.Default),
  Layer.provideMerge(testLayer())
)

describe("GitHostWebhooks and failures", () => {
  it.effect("a delivery that fails is forgotten, so that the host's retry is taken", () =>
    Effect.gen(function*() {
      const secret = yield* setUp
      expect(yield* Effect.flip(github(secret, "pull_request", pullRequest(), "guid-1"))).toEqual(
        new Errors.ServiceUnavailable({ reason: "connection reset" })
      )
      expect((yield* github(secret, "pull_request", pullRequest(), "guid-1")).outcome).toBe("pullRequestRecorded")
      expect(yield* storedPullRequest(5)).toEqual(Option.some(["Login form", "feature/login", "main", "open", featureHead.sha]))
    }).pipe(Effect.provide(withFailingStore)))
})

describe("GitHostWebhooks.gitlab", () => {
  it.effect("the token must be the secret itself; a merge request is recorded once per Idempotency-Key or body", () =>
    withServices(Effect.gen(function*() {
      const secret = yield* setUp
      const webhooks = yield* GitHostWebhooks.GitHostWebhooks
      const deliver = (token: string | undefined, event: string, text: string, delivery?: string) =>
        webhooks.gitlab(widgets, { event, token, delivery }, bytes(text))
      expect(yield* Effect.flip(deliver(undefined, "Merge Request Hook", mergeRequest))).toEqual(refused)
      expect(yield* Effect.flip(deliver(`${secret}x`, "Merge Request Hook", mergeRequest))).toEqual(refused)
      expect(yield* Effect.flip(Effect.flatMap(GitHostWebhooks.GitHostWebhooks, (w) =>
        w.gitlab(repo("gadgets"), { event: "Merge Request Hook", token: secret }, bytes(mergeRequest))))).toEqual(refused)
      expect(yield* deliver(secret, "Merge Request Hook", mergeRequest, "key-1")).toEqual({
        event: "Merge Request Hook",
        outcome: "pullRequestRecorded"
      })
      expect(yield* storedPullRequest(3)).toEqual(Option.some(["Login form", "feature/login", "main", "open", featureHead.sha]))
      expect((yield* deliver(secret, "Merge Request Hook", mergeRequest, "key-2")).outcome).toBe("duplicate")
      expect(yield* queuedTargets).toEqual([["feature/login", featureHead.sha, 3]])
      const toMain = JSON.stringify({ ...gitlabPush, ref: "refs/heads/main" })
      expect(yield* deliver(secret, "Push Hook", toMain, "key-3")).toEqual({ event: "Push Hook", outcome: "branchRefreshed" })
      expect(yield* queuedTargets).toEqual([["main", mainHead.sha, undefined]])
      expect((yield* deliver(secret, "Tag Push Hook", "{}", "key-4")).outcome).toBe("ignored")
    })))
})

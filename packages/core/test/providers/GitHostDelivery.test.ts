import { describe, expect, it } from "@effect/vitest"
import { Effect, Either } from "effect"
import { createHmac } from "node:crypto"
import { PullRequestAuthor } from "../../src/domain/PullRequest.js"
import { gitHubDelivery } from "../../src/domain/providers/GitHubPullRequestHook.js"
import { gitLabDelivery } from "../../src/domain/providers/GitLabMergeRequestHook.js"
import { hmacSha256Hex } from "../../src/domain/Secrets.js"
import githubPing from "./fixtures/github/ping.json"
import githubPush from "./fixtures/github/push.json"
import githubTag from "./fixtures/github/push-tag-created.json"
import gitlabPush from "./fixtures/gitlab/push.json"
import gitlabTag from "./fixtures/gitlab/tag_push.json"

/**
 * The mappings of webhook deliveries to what Tidemark does. The HTTP suite posts whole example
 * deliveries; here each rule of the mapping on its own (states, actions, refs, what is malformed).
 */

const pullRequest = (fields: { action?: string; state?: "open" | "closed"; merged?: boolean | null } = {}) =>
  JSON.stringify({
    action: fields.action ?? "opened",
    number: 5,
    pull_request: {
      number: 5,
      title: "Add a feature",
      state: fields.state ?? "open",
      merged: fields.merged ?? null,
      updated_at: "2024-05-01T12:00:00Z",
      user: { login: "octocat", avatar_url: "https://avatars.example/octocat" },
      head: { ref: "feature", sha: "f".repeat(40) },
      base: { ref: "main" }
    }
  })

const mergeRequest = (fields: { action?: string; state?: string } = {}) =>
  JSON.stringify({
    user: { name: "Administrator", username: "root", email: "admin@example.com", avatar_url: null },
    object_attributes: {
      iid: 3,
      title: "MS-Viewport",
      source_branch: "ms-viewport",
      target_branch: "master",
      state: fields.state ?? "opened",
      action: fields.action ?? "open",
      updated_at: "2013-12-03 17:23:34 UTC",
      last_commit: { id: "da1560886d4f094c3e6c9ef40349f7d38b5d27d7" }
    }
  })

const right = <A, E>(either: Either.Either<A, E>) => Either.getOrThrowWith(either, (e) => new Error(String(e)))

describe("gitHubDelivery", () => {
  it("pull_request: the pull request as it now is; closed and merged is merged", () => {
    expect(right(gitHubDelivery("pull_request", pullRequest()))).toEqual({
      _tag: "PullRequestChange",
      number: 5,
      title: "Add a feature",
      author: new PullRequestAuthor({ name: "octocat", username: "octocat", avatarUrl: "https://avatars.example/octocat" }),
      originBranch: "feature",
      targetBranch: "main",
      state: "open",
      headSha: "f".repeat(40),
      updated: "2024-05-01T12:00:00Z"
    })
    expect(right(gitHubDelivery("pull_request", pullRequest({ action: "closed", state: "closed", merged: false })))).toMatchObject({ state: "closed" })
    expect(right(gitHubDelivery("pull_request", pullRequest({ action: "closed", state: "closed", merged: true })))).toMatchObject({ state: "merged" })
    for (const action of ["synchronize", "reopened", "edited"]) {
      expect(right(gitHubDelivery("pull_request", pullRequest({ action })))._tag).toBe("PullRequestChange")
    }
  })

  it("other pull_request actions, ping, tags and unknown events are ignored; a branch push names its branch", () => {
    expect(right(gitHubDelivery("pull_request", pullRequest({ action: "labeled" })))).toEqual({ _tag: "IgnoredDelivery", event: "pull_request labeled" })
    expect(right(gitHubDelivery("ping", JSON.stringify(githubPing)))._tag).toBe("IgnoredDelivery")
    expect(right(gitHubDelivery("issues", "{}"))._tag).toBe("IgnoredDelivery")
    expect(right(gitHubDelivery("push", JSON.stringify(githubTag)))._tag).toBe("IgnoredDelivery")
    expect(right(gitHubDelivery("push", JSON.stringify(githubPush)))).toEqual({ _tag: "BranchPush", branch: "master", deleted: false })
    expect(right(gitHubDelivery("push", JSON.stringify({ ...githubPush, ref: "refs/heads/release/1.x", deleted: true })))).toEqual({
      _tag: "BranchPush",
      branch: "release/1.x",
      deleted: true
    })
  })

  it("a payload missing what its event needs, or not JSON, is InvalidInput naming the field", () => {
    const missing = JSON.parse(pullRequest()) as { pull_request: Record<string, unknown> }
    delete missing.pull_request["base"]
    const error = Either.getLeft(gitHubDelivery("pull_request", JSON.stringify(missing)))
    expect(error._tag === "Some" && error.value).toMatchObject({ _tag: "InvalidInput", field: "body" })
    expect(error._tag === "Some" && error.value.reason).toContain("base")
    expect(Either.isLeft(gitHubDelivery("push", "{not json"))).toBe(true)
  })
})

describe("gitLabDelivery", () => {
  it("Merge Request Hook: open names the author; later actions do not; merged and closed states", () => {
    expect(right(gitLabDelivery("Merge Request Hook", mergeRequest()))).toEqual({
      _tag: "PullRequestChange",
      number: 3,
      title: "MS-Viewport",
      author: new PullRequestAuthor({ name: "Administrator", username: "root", email: "admin@example.com" }),
      originBranch: "ms-viewport",
      targetBranch: "master",
      state: "open",
      headSha: "da1560886d4f094c3e6c9ef40349f7d38b5d27d7",
      updated: "2013-12-03T17:23:34Z"
    })
    const merged = right(gitLabDelivery("Merge Request Hook", mergeRequest({ action: "merge", state: "merged" })))
    expect(merged).toMatchObject({ state: "merged", author: undefined })
    expect(right(gitLabDelivery("Merge Request Hook", mergeRequest({ action: "close", state: "closed" })))).toMatchObject({ state: "closed" })
    expect(right(gitLabDelivery("Merge Request Hook", mergeRequest({ action: "approved" })))._tag).toBe("IgnoredDelivery")
  })

  it("Push Hook: a branch, deleted when `after` is all zeros; tags and other events ignored", () => {
    expect(right(gitLabDelivery("Push Hook", JSON.stringify(gitlabPush)))).toEqual({ _tag: "BranchPush", branch: "master", deleted: false })
    expect(right(gitLabDelivery("Push Hook", JSON.stringify({ ...gitlabPush, after: "0".repeat(40) })))).toMatchObject({ deleted: true })
    expect(right(gitLabDelivery("Tag Push Hook", JSON.stringify(gitlabTag)))._tag).toBe("IgnoredDelivery")
    expect(Either.isLeft(gitLabDelivery("Merge Request Hook", JSON.stringify({ object_attributes: {} })))).toBe(true)
  })
})

describe("hmacSha256Hex", () => {
  it.effect("the core's Web Crypto HMAC is the one GitHub signs with (node:crypto's)", () =>
    Effect.gen(function*() {
      const body = new TextEncoder().encode(JSON.stringify(githubPush))
      expect(yield* hmacSha256Hex("It's a Secret to Everybody", body)).toBe(
        createHmac("sha256", "It's a Secret to Everybody").update(body).digest("hex")
      )
      // GitHub's documented example: secret "It's a Secret to Everybody", payload "Hello, World!".
      expect(yield* hmacSha256Hex("It's a Secret to Everybody", new TextEncoder().encode("Hello, World!"))).toBe(
        "757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17"
      )
    }))
})

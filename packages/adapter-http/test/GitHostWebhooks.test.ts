/**
 * Issue 14: pull requests and pushes arriving from git hosts. GitHub's own example deliveries
 * (`@octokit/webhooks-examples`) and GitLab's documented ones (`fixtures/gitlab`), their branches and
 * commits rewritten to a git repository the test makes, signed (GitHub) or tokened (GitLab) with the
 * repository's webhook secret, are posted to the running server; what it stored and queued is read
 * underneath the API. A delivery that is not authenticated, or not a payload, changes nothing.
 */
import { describe, expect, layer } from "@effect/vitest"
import WebhookDefinitions from "@octokit/webhooks-examples"
import { AnalysisJobJson, AnalysisQueue, type PullRequestRecord, PullRequestStore } from "@tidemark/core"
import { Effect, Option, Schema } from "effect"
import { createHmac, randomUUID } from "node:crypto"
import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { WebhookReceiptBody, WebhookSecretBody } from "./fixtures/Bodies.js"
import type { GitRepository } from "./fixtures/GitRepositories.js"
import * as Http from "./fixtures/Http.js"
import { addRepository, issueToken, newOrganization, type Organization } from "./fixtures/Scenario.js"
import { testLayer } from "./fixtures/TestLayer.js"
import { adminToken, TestServer } from "./fixtures/TestServer.js"

/** The fields of the example deliveries the tests read or rewrite; the rest is sent as it is. */
interface PullRequestExample {
  action: string
  number: number
  pull_request: {
    number: number
    title: string
    merged: boolean | null
    updated_at: string
    user: { login: string; avatar_url: string }
    head?: { ref: string; sha: string }
    base: { ref: string }
  }
}

interface PushExample {
  ref: string
  after: string
  deleted?: boolean
}

interface MergeRequestExample {
  user: { name: string; username: string; email?: string }
  object_attributes: {
    iid: number
    action: string
    state: string
    source_branch: string
    target_branch: string
    last_commit?: { id: string }
  }
}

/** A copy of GitHub's first example of `event` that `matches`, typed by the fields a test touches. */
const githubExample = <A>(event: string, matches: (example: Readonly<Record<string, unknown>>) => boolean): A => {
  const found = WebhookDefinitions.find((d) => d.name === event)?.examples.find((e) => matches(e as Readonly<Record<string, unknown>>))
  if (found === undefined) throw new Error(`no ${event} example`)
  return structuredClone(found) as A
}

const gitlabExample = <A>(name: string): A =>
  JSON.parse(readFileSync(new URL(`./fixtures/gitlab/${name}.json`, import.meta.url), "utf8")) as A

const segment = encodeURIComponent
const secretPath = (org: Organization, repository: string) =>
  `/api/v3/admin/organizations/${org.provider}/${segment(org.name)}/repositories/${segment(repository)}/webhook-secret`

const sign = (secret: string, body: string) => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`

const git = (repository: GitRepository, args: ReadonlyArray<string>) =>
  execFileSync("git", args, {
    cwd: repository.path,
    encoding: "utf8",
    env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1", GIT_AUTHOR_NAME: "Ada", GIT_AUTHOR_EMAIL: "ada@example.org", GIT_COMMITTER_NAME: "Ada", GIT_COMMITTER_EMAIL: "ada@example.org" }
  }).trim()

/** A new commit on `branch` of the local repository, as a push to the host would add; its sha. */
const commitOn = (repository: GitRepository, branch: string, file: string) => {
  git(repository, ["checkout", "--quiet", branch])
  git(repository, ["commit", "--quiet", "--allow-empty", "-m", `work on ${file}`])
  const sha = git(repository, ["rev-parse", "HEAD"])
  git(repository, ["checkout", "--quiet", "main"])
  return sha
}

const ports = Effect.map(TestServer, (server) => server.ports)

const storedPullRequest = (repositoryId: number, number: number) =>
  Effect.flatMap(ports, (context) => Effect.provide(Effect.flatMap(PullRequestStore, (store) => store.find(repositoryId, number)), context))

/** The analyses queued since the last call (no analysis worker runs in this file), acknowledged. */
const queuedJobs = Effect.flatMap(ports, (context) =>
  Effect.provide(
    Effect.gen(function*() {
      const queue = yield* AnalysisQueue
      const deliveries = yield* queue.pull(100, "0 millis")
      yield* Effect.forEach(deliveries, (d) => d.ack)
      return yield* Effect.forEach(deliveries, (d) => Schema.decode(AnalysisJobJson)(d.payload))
    }),
    context
  ))

/** A repository with a webhook secret; the analysis adding it queued is drained. */
const hookedRepository = Effect.gen(function*() {
  const org = newOrganization("hooks")
  const added = yield* addRepository(org, "app")
  const reply = yield* Http.post(secretPath(org, "app"), { token: adminToken })
  const issued = Http.expectBody(reply, 201, WebhookSecretBody).data
  yield* queuedJobs
  const repositoryId = added.repository.repositoryId
  if (repositoryId === undefined) throw new Error("an added repository has an id")
  return { org, git: added.git, repositoryId, ...issued }
})

type Hooked = Effect.Effect.Success<typeof hookedRepository>

/** Each delivery has an id of its own (`X-GitHub-Delivery`), as GitHub gives it, unless a test sends one again. */
const deliverGitHub = (hooked: Hooked, event: string, payload: object, signature?: string, delivery = randomUUID()) => {
  const body = JSON.stringify(payload)
  return Http.post(hooked.githubPath, {
    body,
    headers: { "x-github-event": event, "x-hub-signature-256": signature ?? sign(hooked.secret, body), "x-github-delivery": delivery }
  })
}

const deliverGitLab = (hooked: Hooked, event: string, payload: object, token?: string, idempotencyKey = randomUUID()) =>
  Http.post(hooked.gitlabPath, {
    body: JSON.stringify(payload),
    headers: { "x-gitlab-event": event, "x-gitlab-token": token ?? hooked.secret, "idempotency-key": idempotencyKey }
  })

const receipt = (reply: Http.Reply) => Http.expectBody(reply, 200, WebhookReceiptBody).data

/** GitHub's example of `action`, numbered `number`, from the repository's `feature` into `main`. */
const gitHubPullRequest = (hooked: Hooked, action: string, number: number, headSha = hooked.git.featureSha) => {
  const payload = githubExample<PullRequestExample>("pull_request", (e) => e["action"] === action)
  payload.number = number
  payload.pull_request.number = number
  // The example's own head (its label, user and repository stay as GitHub sent them), on our branch.
  Object.assign(payload.pull_request.head ?? {}, { ref: "feature", sha: headSha })
  payload.pull_request.base.ref = "main"
  return payload
}

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
          Option.some(expect.objectContaining({ originBranch: "from-a-fork", headSha: hooked.git.featureSha, state: "open" }) as PullRequestRecord)
        )
        expect(yield* queuedJobs).toEqual([])
      }))
  })

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
          Option.some(expect.objectContaining({ id: opened.id, state: "merged", author: opened.author }) as PullRequestRecord)
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

/**
 * Issue 14: the gate's verdicts reach the git host as commit statuses, as GitHub and GitLab document
 * them: when a pull request's analysis ends and again when its gate changes, and when a pushed
 * branch's head is analysed. The host is a local server that records each request; the statuses
 * adapter is the real one, as the server composes it.
 */
import { afterAll, describe, expect, layer } from "@effect/vitest"
import WebhookDefinitions from "@octokit/webhooks-examples"
import { ChangeViews, DashboardLinks } from "@tidemark/core"
import { Effect, Layer, Schedule } from "effect"
import { execFileSync } from "node:child_process"
import { createHmac, randomUUID } from "node:crypto"
import { createServer, type IncomingHttpHeaders } from "node:http"
import type { AddressInfo } from "node:net"
import { RepositoryData, WebhookReceiptBody, WebhookSecretBody } from "./fixtures/Bodies.js"
import { commitOn } from "./fixtures/GitRepositories.js"
import * as Http from "./fixtures/Http.js"
import { addRepository, issueToken, newOrganization, once, type Organization, paths, untilAnalysed } from "./fixtures/Scenario.js"
import * as OpenApiContract from "./fixtures/OpenApiContract.js"
import { adminToken, makeLayer } from "./fixtures/TestServer.js"

interface Received {
  readonly method: string
  readonly path: string
  readonly headers: IncomingHttpHeaders
  readonly body: unknown
}

/** A git host's API that answers every status 201 and keeps what it received, for the whole file. */
const received: Array<Received> = []
const server = createServer((request, response) => {
  let text = ""
  request.setEncoding("utf8").on("data", (chunk: string) => text += chunk)
  request.on("end", () => {
    received.push({ method: request.method ?? "", path: request.url ?? "", headers: request.headers, body: JSON.parse(text) })
    response.writeHead(201, { "content-type": "application/json" }).end("{}")
  })
})
const hostUrl = Effect.async<string>((resume) => {
  if (server.listening) return resume(Effect.succeed(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))
  server.listen(0, "127.0.0.1", () => resume(Effect.succeed(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)))
})
afterAll(() => {
  server.close()
})

const files = { "src/a.js": "export const answer = () => 42\n" }

/** Waits until the host received a status matching `wanted`. */
const statusReceived = (after: number, wanted: (r: Received) => boolean) =>
  Effect.suspend(() => {
    const found = received.slice(after).find(wanted)
    return found === undefined ? Effect.fail("not yet") : Effect.succeed(found)
  }).pipe(Effect.retry(Schedule.spaced("100 millis").pipe(Schedule.upTo("60 seconds"))))

/** Waits until the host received `count` requests after the first `after`; answers them. */
const requestsReceived = (after: number, count: number) =>
  Effect.suspend(() => received.length - after >= count ? Effect.succeed(received.slice(after)) : Effect.fail("not yet")).pipe(
    Effect.retry(Schedule.spaced("100 millis").pipe(Schedule.upTo("60 seconds")))
  )

const bodyOf = (r: Received) => r.body as { readonly state: string; readonly context: string; readonly description: string }

const gitHubStatusPath = (org: Organization, sha: string) => `/repos/${org.name}/app/statuses/${sha}`

/** The repository `app` of `org` sends its statuses to the fake host, with the host's `token`. */
const tokenGiven = (org: Organization, token = "ghp_fake_token") =>
  Effect.flatMap(hostUrl, (url) =>
    Effect.map(
      Http.put(`/api/v3/admin/organizations/${org.provider}/${org.name}/repositories/app/git-host`, {
        token: adminToken,
        json: { token, apiBaseUrl: url }
      }),
      Http.expectNoContent
    ))

/** The headers GitHub asks of every REST call, and the token as a bearer. */
const gitHubHeaders = {
  authorization: "Bearer ghp_fake_token",
  accept: "application/vnd.github+json",
  "x-github-api-version": "2022-11-28",
  "user-agent": "Tidemark",
  "content-type": "application/json"
}

/**
 * A repository `app` of a new organization of `provider`, analysed before its host token is given
 * (so the host heard nothing yet); the organization, an API token of it and the git repository.
 */
const analysedWithHostToken = (prefix: string, provider: Organization["provider"] = "gh", hostToken?: string) =>
  Effect.gen(function*() {
    const org: Organization = { ...newOrganization(prefix), provider }
    const token = yield* issueToken(org)
    const added = yield* addRepository(org, "app", { files })
    yield* untilAnalysed(org, "app", token, added.git.mainSha)
    yield* tokenGiven(org, hostToken)
    return { org, token, git: added.git }
  })

/** A status as GitHub's "create a commit status" takes it: the request line, its headers, its JSON body. */
const expectGitHubStatus = (status: Received, path: string, body: unknown) => {
  expect({ method: status.method, path: status.path, body: status.body }).toEqual({ method: "POST", path, body })
  expect(status.headers).toMatchObject(gitHubHeaders)
}

/**
 * GitHub's own example of a branch push (`@octokit/webhooks-examples`), its branch and head
 * rewritten to `sha` on `branch`, signed with the repository's webhook secret and delivered.
 */
const pushDelivered = (org: Organization, branch: string, sha: string) =>
  Effect.gen(function*() {
    const secretPath = `/api/v3/admin/organizations/${org.provider}/${org.name}/repositories/app/webhook-secret`
    const { githubPath, secret } = Http.expectBody(yield* Http.post(secretPath, { token: adminToken }), 201, WebhookSecretBody).data
    const example = WebhookDefinitions.find((d) => d.name === "push")?.examples.find((e) => "deleted" in e && e.deleted === false)
    const body = JSON.stringify({ ...example, ref: `refs/heads/${branch}`, after: sha })
    const signature = `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`
    // A delivery id of its own, as GitHub gives each delivery: a repeated one is taken for a replay.
    const reply = yield* Http.post(githubPath, {
      body,
      headers: { "x-github-event": "push", "x-hub-signature-256": signature, "x-github-delivery": randomUUID() }
    })
    return Http.expectBody(reply, 200, WebhookReceiptBody).data
  })

/** The address the server is told people reach its dashboard at (`TIDEMARK_PUBLIC_URL`). */
const publicUrl = "https://tidemark.example.test"
const pullRequestPage = (number: number) => `${publicUrl}/#/repositories/app/pull-requests/${number}`
const commitsPage = `${publicUrl}/#/repositories/app/commits`

/** The fake host listens on loopback: the installation allows private addresses (TIDEMARK_ALLOW_PRIVATE_NETWORK_URLS). */
const analysingTestLayer = OpenApiContract.layer.pipe(
  Layer.provideMerge(makeLayer({ analysis: true, allowPrivateNetworkUrls: true }))
)

layer(analysingTestLayer.pipe(Layer.provide(DashboardLinks.DashboardLinks.at(publicUrl))), { excludeTestServices: true, timeout: "120 seconds" })("commit statuses", (it) => {
  const setup = once(Effect.gen(function*() {
    const { git, org, token } = yield* analysedWithHostToken("statuses")
    const headSha = yield* commitOn(git, "topic/undef", { "src/b.js": "export const b = () => missing\n" }, "main")
    yield* Http.put(`${paths.repository(org, "app")}/pull-requests/3`, {
      token,
      json: { title: "Adds an issue", originBranch: "topic/undef", targetBranch: "main" }
    })
    return { org, token, headSha }
  }))

  describe("pull requests", () => {
    it.effect("pending while analysed, then the verdict, posted to GitHub's statuses API exactly as documented", () =>
      Effect.gen(function*() {
        const { headSha, org } = yield* setup
        const failure = yield* statusReceived(0, (r) => bodyOf(r).state === "failure")
        expectGitHubStatus(failure, gitHubStatusPath(org, headSha), {
          state: "failure",
          target_url: pullRequestPage(3),
          description: "Not up to standards: new issues over 0 (1 new issues, 0 fixed)",
          context: "Tidemark / pull request"
        })
        const pending = received.findIndex((r) => bodyOf(r).state === "pending")
        expect(pending).toBeGreaterThanOrEqual(0)
        expect(pending).toBeLessThan(received.indexOf(failure))
        expect(bodyOf(received[pending] ?? failure)).toEqual({
          state: "pending",
          target_url: pullRequestPage(3),
          description: "Analysing",
          context: "Tidemark / pull request"
        })
      }))

    it.effect("a relaxed gate sends the new verdict without analysing again", () =>
      Effect.gen(function*() {
        const { headSha, org, token } = yield* setup
        yield* statusReceived(0, (r) => bodyOf(r).state === "failure")
        const before = received.length
        yield* Http.put(paths.qualitySettings(org, "app", "pull-requests"), { token, json: { issueThreshold: { threshold: 1 } } })
        const success = yield* statusReceived(before, (r) => bodyOf(r).state === "success")
        expect(success.path).toBe(`/repos/${org.name}/app/statuses/${headSha}`)
        expect(success.body).toEqual({
          state: "success",
          target_url: pullRequestPage(3),
          description: "Up to standards: 1 new issues, 0 fixed",
          context: "Tidemark / pull request"
        })
        // Judged again only: no new analysis, so no new pending status.
        expect(received.slice(before).some((r) => bodyOf(r).state === "pending")).toBe(false)
      }))
  })

  describe("GitLab merge requests", () => {
    it.effect("pending, then failed: GitLab's commit status API, its project by path, its token header and state names", () =>
      Effect.gen(function*() {
        const { git, org, token } = yield* analysedWithHostToken("statuses-gl", "gl", "glpat-fake-token")
        const headSha = yield* commitOn(git, "topic/undef", { "src/b.js": "export const b = () => missing\n" }, "main")
        yield* Http.put(`${paths.repository(org, "app")}/pull-requests/5`, {
          token,
          json: { title: "Adds an issue", originBranch: "topic/undef", targetBranch: "main" }
        })
        // The project is named by its URL-encoded path, one segment: `group%2Fapp`.
        const path = `/projects/${org.name}%2Fapp/statuses/${headSha}`
        const failed = yield* statusReceived(0, (r) => r.path === path && bodyOf(r).state === "failed")
        const sent = received.filter((r) => r.path === path)
        expect(sent.map((r) => r.method)).toEqual(["POST", "POST"])
        expect(sent.map((r) => r.body)).toEqual([
          { state: "pending", name: "Tidemark / pull request", description: "Analysing", target_url: pullRequestPage(5) },
          {
            state: "failed",
            name: "Tidemark / pull request",
            description: "Not up to standards: new issues over 0 (1 new issues, 0 fixed)",
            target_url: pullRequestPage(5)
          }
        ])
        expect(failed.headers["private-token"]).toBe("glpat-fake-token")
        expect(failed.headers["user-agent"]).toBe("Tidemark")
        expect(failed.headers["content-type"]).toBe("application/json")
        // GitHub's headers are not GitLab's: the token goes in PRIVATE-TOKEN alone.
        expect(failed.headers["authorization"]).toBeUndefined()
        expect(failed.headers["x-github-api-version"]).toBeUndefined()
        expect(received.filter((r) => r.path.includes(org.name)).length).toBe(2)
      }))
  })

  describe("pushes", () => {
    it.effect("a signed push webhook: the branch's head analysed, its commit verdict posted for the pushed sha", () =>
      Effect.gen(function*() {
        const { git, org, token } = yield* analysedWithHostToken("pushed")
        const pushed = yield* commitOn(git, "main", { "src/c.js": "export const c = () => missing\n" })
        expect(yield* pushDelivered(org, "main", pushed)).toEqual({ event: "push", outcome: "branchRefreshed" })
        const path = gitHubStatusPath(org, pushed)
        const status = yield* statusReceived(0, (r) => r.path === path)
        expectGitHubStatus(status, path, {
          state: "failure",
          target_url: commitsPage,
          description: "Not up to standards: new issues over 0 (1 new issues, 0 fixed)",
          context: "Tidemark"
        })
        yield* untilAnalysed(org, "app", token, pushed)
        // A branch's commit is never pending (only a pull request is), and nothing went to the repository's other commits.
        expect(received.filter((r) => r.path.startsWith(`/repos/${org.name}/`))).toEqual([status])
      }))

    it.effect("a new branch pushed at a commit another branch analysed: that commit keeps its change and its verdict", () =>
      Effect.gen(function*() {
        const { git, org, token } = yield* analysedWithHostToken("branched")
        const pushed = yield* commitOn(git, "main", { "src/c.js": "export const c = () => missing\n" })
        yield* pushDelivered(org, "main", pushed)
        yield* untilAnalysed(org, "app", token, pushed)
        const statistics = Http.get(`${paths.repository(org, "app")}/commits/${pushed}/deltaStatistics`, { token }).pipe(
          Effect.map((reply) => Http.expectBody(reply, 200, ChangeViews.CommitDeltaStatistics))
        )
        const kept = yield* statistics
        expect(kept).toMatchObject({ commitUuid: pushed, newIssues: 1, fixedIssues: 0, analyzed: true })
        const before = received.length

        execFileSync("git", ["branch", "release", pushed], { cwd: git.path })
        yield* pushDelivered(org, "release", pushed)
        yield* Http.get(paths.repository(org, "app"), { token, query: { branch: "release" } }).pipe(
          Effect.map((reply) => Http.expectBody(reply, 200, RepositoryData).data),
          Effect.filterOrFail((r) => r.lastAnalysedCommit?.sha === pushed, () => "not analysed yet"),
          Effect.retry(Schedule.spaced("100 millis").pipe(Schedule.upTo("60 seconds")))
        )
        // With nothing before it on `release`, the commit would have looked unchanged and up to standards.
        expect(yield* statistics).toEqual(kept)
        expect(received.slice(before)).toEqual([])
      }))
  })

  describe("the commits gate", () => {
    it.effect("a changed gate sends each branch head's verdict again, judged by the new gate, without analysing again", () =>
      Effect.gen(function*() {
        const { git, org, token } = yield* analysedWithHostToken("commits-gate")
        const gate = (threshold: number) =>
          Http.put(paths.qualitySettings(org, "app", "commits"), { token, json: { issueThreshold: { threshold } } })
        const statusOf = (sha: string, state: string) =>
          statusReceived(0, (r) => r.path === gitHubStatusPath(org, sha) && bodyOf(r).state === state)

        // Analysed before any token was given: the host hears of the head first from the gate's change.
        yield* gate(1)
        expect((yield* statusOf(git.mainSha, "success")).body).toEqual({
          state: "success",
          target_url: commitsPage,
          description: "Up to standards: 0 new issues, 0 fixed",
          context: "Tidemark"
        })
        yield* pushDelivered(org, "feature", git.featureSha)
        yield* statusOf(git.featureSha, "success")
        const pushed = yield* commitOn(git, "main", { "src/c.js": "export const c = () => missing\n" })
        yield* pushDelivered(org, "main", pushed)
        expect((yield* statusOf(pushed, "success")).body).toEqual({
          state: "success",
          target_url: commitsPage,
          description: "Up to standards: 1 new issues, 0 fixed",
          context: "Tidemark"
        })
        const analysed = (yield* untilAnalysed(org, "app", token, pushed)).lastAnalysedCommit

        const before = received.length
        yield* gate(0)
        const sent = yield* requestsReceived(before, 2)
        // Anything more would have come with these: the heads are read and sent one after another.
        yield* Effect.sleep("300 millis")
        expect(received.length - before).toBe(2)
        const byPath = (a: { readonly path: string }, b: { readonly path: string }) => a.path.localeCompare(b.path)
        expect(sent.map((r) => ({ method: r.method, path: r.path, body: r.body })).sort(byPath)).toEqual([
          {
            method: "POST",
            path: gitHubStatusPath(org, pushed),
            body: {
              state: "failure",
              target_url: commitsPage,
              description: "Not up to standards: new issues over 0 (1 new issues, 0 fixed)",
              context: "Tidemark"
            }
          },
          {
            // The feature branch's first analysis has nothing to compare with: no new issue, still up to standards.
            method: "POST",
            path: gitHubStatusPath(org, git.featureSha),
            body: { state: "success", target_url: commitsPage, description: "Up to standards: 0 new issues, 0 fixed", context: "Tidemark" }
          }
        ].sort(byPath))
        for (const status of sent) expect(status.headers).toMatchObject(gitHubHeaders)
        // Judged again only: the latest analysis is the same one.
        expect((yield* untilAnalysed(org, "app", token, pushed)).lastAnalysedCommit).toEqual(analysed)
      }))
  })
})

/**
 * Issue 27: the findings in the pull request itself. A repository whose git host settings opt in
 * gets, when a pull request's head is analysed, one review with a comment on the line of the issue
 * it adds (the tool's fix as a suggestion) and one summary of the verdict; its next head edits the
 * summary in place and marks the comment of the issue it fixed. The host is a local server that
 * keeps Tidemark's comments as GitHub would and records every request; the adapter is the real one,
 * as the server composes it.
 */
import { afterAll, describe, expect, layer } from "@effect/vitest"
import { ChangeViews, SecurityViews } from "@tidemark/core"
import { Effect, Layer, Schedule } from "effect"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { commitOn } from "./fixtures/GitRepositories.js"
import * as Http from "./fixtures/Http.js"
import { addRepository, issueToken, newOrganization, paths, until, untilAnalysed } from "./fixtures/Scenario.js"
import * as OpenApiContract from "./fixtures/OpenApiContract.js"
import { adminToken, makeLayer } from "./fixtures/TestServer.js"

interface Received {
  readonly method: string
  readonly path: string
  readonly body: unknown
}

/** GitHub, as far as pull request comments go: what was posted is listed back; every request is kept. */
const received: Array<Received> = []
const reviewComments: Array<{ id: number; body: string; path: string; line: number }> = []
const issueComments: Array<{ id: number; body: string }> = []
let ids = 100
const server = createServer((request, response) => {
  let text = ""
  request.setEncoding("utf8").on("data", (chunk: string) => text += chunk)
  request.on("end", () => {
    const path = request.url ?? ""
    const body = text === "" ? undefined : JSON.parse(text) as Record<string, unknown>
    received.push({ method: request.method ?? "", path, body })
    const answer = (status: number, value: unknown) => response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value))
    if (request.method === "GET" && path.includes("/pulls/") && path.includes("/comments")) return answer(200, reviewComments)
    if (request.method === "GET" && path.includes("/issues/") && path.includes("/comments")) return answer(200, issueComments)
    if (request.method === "POST" && path.endsWith("/reviews")) {
      for (const c of (body?.["comments"] ?? []) as Array<{ body: string; path: string; line: number }>) reviewComments.push({ id: ids++, ...c })
      return answer(200, { id: ids++ })
    }
    if (request.method === "POST" && path.endsWith("/comments")) {
      issueComments.push({ id: ids++, body: String(body?.["body"]) })
      return answer(201, { id: ids })
    }
    const edited = /\/comments\/(\d+)$/.exec(path)
    if (request.method === "PATCH" && edited !== null) {
      const id = Number(edited[1])
      for (const list of [reviewComments, issueComments]) {
        const found = list.find((c) => c.id === id)
        if (found !== undefined) found.body = String(body?.["body"])
      }
      return answer(200, { id })
    }
    if (request.method === "POST" && path.includes("/statuses/")) return answer(201, {})
    answer(404, { message: "Not Found" })
  })
})
const hostUrl = Effect.async<string>((resume) => {
  if (server.listening) return resume(Effect.succeed(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))
  server.listen(0, "127.0.0.1", () => resume(Effect.succeed(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)))
})
afterAll(() => {
  server.close()
})

const requestsOf = (method: string, ending: RegExp) => received.filter((r) => r.method === method && ending.test(r.path))

const eventually = <A>(read: () => A | undefined) =>
  Effect.suspend(() => {
    const found = read()
    return found === undefined ? Effect.fail("not yet") : Effect.succeed(found)
  }).pipe(Effect.retry(Schedule.spaced("100 millis").pipe(Schedule.upTo("60 seconds"))))

/** The fake host listens on loopback: the installation allows private addresses. */
const testLayer = OpenApiContract.layer.pipe(Layer.provideMerge(makeLayer({ analysis: true, allowPrivateNetworkUrls: true })))

layer(testLayer, { excludeTestServices: true, timeout: "180 seconds" })("pull request decoration", (it) => {
  describe("GitHub", () => {
    it.effect("comments on the added issue's line with the fix as a suggestion, sums up the verdict, and keeps both up to date", () =>
      Effect.gen(function*() {
        const org = newOrganization("decorate")
        const token = yield* issueToken(org, "write")
        const added = yield* addRepository(org, "app", { files: { "src/a.js": "export const answer = () => 42\n" } })
        yield* untilAnalysed(org, "app", token, added.git.mainSha)
        const url = yield* hostUrl
        Http.expectNoContent(yield* Http.put(`/api/v3/admin/organizations/${org.provider}/${org.name}/repositories/app/git-host`, {
          token: adminToken,
          json: { token: "ghp_fake_token", apiBaseUrl: url, decoratePullRequests: true }
        }))

        // The pull request adds a line ESLint can fix (no-extra-boolean-cast) and one it cannot (no-undef).
        const head = yield* commitOn(added.git, "topic/flags", {
          "src/b.js": "export const b = (x) => {\n  if (!!x) return 1\n  return missing\n}\n"
        }, "main")
        const pullRequestPath = `${paths.repository(org, "app")}/pull-requests/5`
        yield* Http.put(pullRequestPath, { token, json: { title: "Flags", originBranch: "topic/flags", targetBranch: "main" } })
        const readPullRequest = Effect.map(Http.get(pullRequestPath, { token }), (r) => Http.expectBody(r, 200, ChangeViews.PullRequestWithAnalysis))
        yield* until(readPullRequest, (pr) => !pr.isAnalysing && pr.pullRequest.headCommitSha === head)
        const summary = yield* eventually(() => issueComments.find((c) => c.body.includes("tidemark:summary")))
        const repo = `/repos/${org.name}/app`
        const [review] = requestsOf("POST", /\/pulls\/5\/reviews$/)
        expect(review?.path).toBe(`${repo}/pulls/5/reviews`)
        const comments = (review?.body as { comments: Array<{ path: string; line: number; side: string; body: string }> }).comments
        expect(comments.map((c) => [c.path, c.line, c.side])).toEqual([["src/b.js", 2, "RIGHT"], ["src/b.js", 3, "RIGHT"]])
        expect(comments[0]?.body).toContain("```suggestion\n  if (x) return 1\n```")
        expect(comments[1]?.body).toContain("'missing' is not defined.")
        expect(comments[1]?.body).not.toContain("suggestion")
        expect(summary.body).toContain("Not up to standards")
        expect(summary.body).toContain(`2 new issues, 0 fixed, at ${head.slice(0, 12)}.`)

        // The next head fixes the double negation: the summary is edited in place, that comment marked fixed, nothing posted twice.
        const next = yield* commitOn(added.git, "topic/flags", { "src/b.js": "export const b = (x) => {\n  if (x) return 1\n  return missing\n}\n" })
        yield* Http.put(pullRequestPath, { token, json: { title: "Flags", originBranch: "topic/flags", targetBranch: "main" } })
        yield* until(readPullRequest, (pr) => !pr.isAnalysing && pr.pullRequest.headCommitSha === next)
        yield* eventually(() => issueComments.find((c) => c.body.includes(`1 new issue, 0 fixed, at ${next.slice(0, 12)}.`)))
        expect(issueComments.filter((c) => c.body.includes("tidemark:summary"))).toHaveLength(1)
        expect(requestsOf("POST", /\/pulls\/5\/reviews$/)).toHaveLength(1)
        const fixed = reviewComments.find((c) => c.line === 2)
        expect(fixed?.body).toMatch(new RegExp(`\\nFixed in ${next.slice(0, 12)}\\.$`))
        expect(reviewComments.find((c) => c.line === 3)?.body).not.toContain("Fixed in")
      }), 90_000)

    it.effect("a gate on new security findings fails the pull request that commits a secret, not the one that keeps an old one", () =>
      Effect.gen(function*() {
        const org = newOrganization("secrets")
        const token = yield* issueToken(org, "write")
        // A GitHub token, made up here so that this file holds none; main already has one (an old finding).
        const fakeToken = (seed: string) => ["gh", "p_", Array.from({ length: 36 }, (_, i) => seed[i % seed.length]).join("")].join("")
        const added = yield* addRepository(org, "app", {
          files: { "src/a.js": "export const answer = () => 42\n", "old/settings.py": `TOKEN = "${fakeToken("aB3dE5gH7jK9")}"\n` }
        })
        yield* untilAnalysed(org, "app", token, added.git.mainSha)
        const url = yield* hostUrl
        Http.expectNoContent(yield* Http.put(`/api/v3/admin/organizations/${org.provider}/${org.name}/repositories/app/git-host`, {
          token: adminToken,
          json: { token: "ghp_fake_token", apiBaseUrl: url, decoratePullRequests: true }
        }))
        // Only Tidemark's rule: no new finding of High or more.
        const gatePath = `/api/v3/organizations/${org.provider}/${org.name}/repositories/app/settings/quality/pull-requests`
        const gate = yield* Http.put(gatePath, { token, json: { securityFindingThreshold: 0, securityFindingMinimumPriority: "High" } })
        expect(gate.status).toBe(200)
        expect((gate.body as { data: { qualityGate: unknown } }).data.qualityGate).toEqual({ securityFindingThreshold: 0, securityFindingMinimumPriority: "High" })

        const judged = (number: number, branch: string, files: Record<string, string>) =>
          Effect.gen(function*() {
            const head = yield* commitOn(added.git, branch, files, "main")
            const pullRequestPath = `${paths.repository(org, "app")}/pull-requests/${number}`
            yield* Http.put(pullRequestPath, { token, json: { title: branch, originBranch: branch, targetBranch: "main" } })
            const read = Effect.map(Http.get(pullRequestPath, { token }), (r) => Http.expectBody(r, 200, ChangeViews.PullRequestWithAnalysis))
            const pr = yield* until(read, (pr) => !pr.isAnalysing && pr.pullRequest.headCommitSha === head)
            const findings = Http.expectBody(yield* Http.get(`${pullRequestPath}/security-findings`, { token }), 200, SecurityViews.ChangeSecurityFindingsResponse)
            // The fake host lists every pull request's comments together: the summary is found by its head.
            const summary = yield* eventually(() => issueComments.find((c) => c.body.includes(`at ${head.slice(0, 12)}.`)))
            return { pr, findings: findings.data, summary: summary.body }
          })

        // Keeps the old token and adds a harmless file: nothing new, up to standards.
        const kept = yield* judged(11, "topic/docs", { "docs/readme.md": "# App\n" })
        expect([kept.pr.isUpToStandards, kept.findings]).toEqual([true, []])
        expect(kept.summary).not.toContain("security finding")

        // Commits a second token: one new High finding, the gate fails on it, the summary lists it masked.
        const secret = fakeToken("Zy9Xw8Vu7Ts6")
        const leaked = yield* judged(12, "topic/deploy", { "deploy/settings.py": `import os\n\nGITHUB_TOKEN = "${secret}"\n` })
        expect(leaked.findings.map((f) => [f.scanType, f.priority, f.cwe, f.filePath, f.line])).toEqual([["Secrets", "High", "CWE-798", "deploy/settings.py", 3]])
        expect(leaked.pr.isUpToStandards).toBe(false)
        expect(leaked.pr.quality?.resultReasons?.map((r) => [r.gate, r.expectedThreshold.minimumPriority, r.isUpToStandards]))
          .toEqual([["securityFindingThreshold", "High", false]])
        expect(leaked.summary).toContain("new security findings over 0")
        expect(leaked.summary).toContain("#### 1 new security finding\n- **High** · Secrets · CWE-798: ")
        expect(leaked.summary).toContain("in `deploy/settings.py:3`")
        expect(JSON.stringify([leaked.findings, leaked.summary])).not.toContain(secret)
      }), 120_000)
  })
})

import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import { describe, expect, it } from "@effect/vitest"
import { DnsNetworkAddresses } from "@tidemark/adapter-git"
import { GitHostSettings, GitHostSettingsStore, PullRequestDecoration, PullRequestDecorations } from "@tidemark/core"
import { MemoryGitHostSettingsStore } from "@tidemark/core/memory"
import { Effect, Layer, Redacted } from "effect"
import { HostPullRequestDecorations } from "../src/index.js"
import { type Answer, type RecordedRequest, routedHost } from "./FakeHost.js"
import { repositoryOf } from "./TestRepository.js"

const headSha = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"
const token = "ghp_s3cret-token"

const comment = (issueId: string, line: number) =>
  PullRequestDecoration.IssueComment.make({
    issueId,
    path: "src/app.js",
    line,
    body: `${PullRequestDecoration.issueMarker(issueId)}\n**Medium** · ${issueId}\n\nA message.`
  })

/** Head 4b825dc: issues `kept` (commented before) and `new` on the diff, `elsewhere` not on it; `old` was fixed. */
const decoration = PullRequestDecoration.Decoration.make({
  headSha,
  summary: `${PullRequestDecoration.summaryMarker}\n### ✅ Tidemark: Up to standards`,
  comments: [comment("kept", 3), comment("new", 9)],
  newIssueIds: ["kept", "new", "elsewhere"]
})

/** The port on a fresh store holding `settings` for the repository, retrying fast; the fake hosts listen on loopback. */
const decorateWith = (settings: GitHostSettings.GitHostSettings, provider: string) =>
  Effect.gen(function*() {
    yield* (yield* GitHostSettingsStore.GitHostSettingsStore).save(7, settings)
    const port = yield* PullRequestDecorations.PullRequestDecorations
    yield* port.decorate(repositoryOf(provider), 12, decoration)
  }).pipe(
    Effect.provide(
      HostPullRequestDecorations.layer({ retryBase: "10 millis", retries: 2, requestTimeout: "2 seconds", retryFor: "5 seconds" }).pipe(
        Layer.provideMerge(MemoryGitHostSettingsStore.layer),
        Layer.provide(FetchHttpClient.layer),
        Layer.provide(DnsNetworkAddresses.layer({ allowPrivate: true }))
      )
    )
  )

const settingsAt = (url: string, decoratePullRequests = true) =>
  new GitHostSettings.GitHostSettings({ token: Redacted.make(token), apiBaseUrl: url, decoratePullRequests })

/** Each request as method, path and query, and its JSON body when it has one. */
const sent = (requests: ReadonlyArray<RecordedRequest>) =>
  requests.map((r) => [r.method, r.url, ...(r.body === "" ? [] : [JSON.parse(r.body) as unknown])])

const ok = (body: unknown): Answer => ({ status: 200, body })

describe("HostPullRequestDecorations on GitHub", () => {
  const repo = "/repos/tide-org/web%20app"

  it.scopedLive("posts one review of the comments not yet there, marks a fixed issue's comment, and posts the summary once", () =>
    Effect.gen(function*() {
      const host = yield* routedHost((request) => {
        if (request.method === "GET" && request.url.startsWith(`${repo}/pulls/12/comments`)) {
          return ok([
            { id: 11, body: `${PullRequestDecoration.issueMarker("old")}\n**High** · old\n\nGone now.` },
            { id: 12, body: comment("kept", 3).body },
            { id: 13, body: "A reviewer's own comment <!-- not ours -->" }
          ])
        }
        if (request.method === "GET" && request.url.startsWith(`${repo}/issues/12/comments`)) return ok([{ id: 21, body: "LGTM" }])
        return { status: 201, body: { id: 99 } }
      })
      yield* decorateWith(settingsAt(host.url), "gh")
      expect(sent(host.requests)).toEqual([
        ["GET", `${repo}/pulls/12/comments?per_page=100&page=1`],
        ["POST", `${repo}/pulls/12/reviews`, {
          commit_id: headSha,
          event: "COMMENT",
          comments: [{ path: "src/app.js", line: 9, side: "RIGHT", body: comment("new", 9).body }]
        }],
        ["PATCH", `${repo}/pulls/comments/11`, { body: `${PullRequestDecoration.issueMarker("old")}\n~~**High** · old~~\n\nFixed in 4b825dc642cb.` }],
        ["GET", `${repo}/issues/12/comments?per_page=100&page=1`],
        ["POST", `${repo}/issues/12/comments`, { body: decoration.summary }]
      ])
      for (const request of host.requests) {
        expect(request.headers["authorization"]).toBe(`Bearer ${token}`)
        expect(request.headers["x-github-api-version"]).toBe("2022-11-28")
      }
    }))

  it.scopedLive("on the next head, edits the summary in place, and posts nothing already there", () =>
    Effect.gen(function*() {
      const summaryBefore = `${PullRequestDecoration.summaryMarker}\n### ❌ Tidemark: Not up to standards`
      const host = yield* routedHost((request) => {
        if (request.url.startsWith(`${repo}/pulls/12/comments`)) {
          return ok([{ id: 12, body: comment("kept", 3).body }, { id: 14, body: comment("new", 9).body }])
        }
        if (request.url.startsWith(`${repo}/issues/12/comments`)) return ok([{ id: 21, body: summaryBefore }])
        return ok({ id: 21 })
      })
      yield* decorateWith(settingsAt(host.url), "gh")
      expect(sent(host.requests)).toEqual([
        ["GET", `${repo}/pulls/12/comments?per_page=100&page=1`],
        ["GET", `${repo}/issues/12/comments?per_page=100&page=1`],
        ["PATCH", `${repo}/issues/comments/21`, { body: decoration.summary }]
      ])
    }))

  it.scopedLive("reads every page of a long listing; retries a server error; writes nothing without the opt-in", () =>
    Effect.gen(function*() {
      let failures = 1
      const page = (n: number) => Array.from({ length: n === 1 ? 100 : 2 }, (_, i) => ({ id: n * 1000 + i, body: "someone's" }))
      const host = yield* routedHost((request) => {
        if (request.url.includes("/pulls/12/comments")) {
          if (failures-- > 0) return { status: 502, body: { message: "bad gateway" } }
          return ok(page(Number(new URL(request.url, "http://x").searchParams.get("page"))))
        }
        if (request.url.includes("/issues/12/comments")) return ok([])
        return ok({ id: 1 })
      })
      yield* decorateWith(settingsAt(host.url, false), "gh")
      expect(host.requests).toEqual([])
      yield* decorateWith(settingsAt(host.url), "gh")
      expect(sent(host.requests).map(([method, url]) => `${String(method)} ${String(url)}`)).toEqual([
        `GET ${repo}/pulls/12/comments?per_page=100&page=1`,
        `GET ${repo}/pulls/12/comments?per_page=100&page=1`,
        `GET ${repo}/pulls/12/comments?per_page=100&page=2`,
        `POST ${repo}/pulls/12/reviews`,
        `GET ${repo}/issues/12/comments?per_page=100&page=1`,
        `POST ${repo}/issues/12/comments`
      ])
    }))
})

describe("HostPullRequestDecorations on GitLab", () => {
  const mergeRequest = "/projects/tide-org%2Fweb%20app/merge_requests/12"
  const refs = { base_sha: "b".repeat(40), head_sha: headSha, start_sha: "s".repeat(40) }

  it.scopedLive("starts a discussion on each new line, resolves a fixed issue's, and adds or edits the summary note", () =>
    Effect.gen(function*() {
      const host = yield* routedHost((request) => {
        if (request.method === "GET" && request.url === mergeRequest) return ok({ iid: 12, diff_refs: refs })
        if (request.method === "GET" && request.url.startsWith(`${mergeRequest}/discussions`)) {
          return ok([
            { id: "d-old", notes: [{ id: 1, body: comment("old", 2).body, resolved: false }] },
            { id: "d-kept", notes: [{ id: 2, body: comment("kept", 3).body, resolved: false }] },
            { id: "d-done", notes: [{ id: 3, body: comment("done", 4).body, resolved: true }] },
            { id: "d-human", notes: [{ id: 4, body: "Please rename this." }] }
          ])
        }
        if (request.method === "GET" && request.url.startsWith(`${mergeRequest}/notes`)) {
          return ok([{ id: 30, body: "Merge request approved", system: true }, { id: 31, body: `${PullRequestDecoration.summaryMarker}\nold` }])
        }
        return { status: 201, body: { id: 1 } }
      })
      yield* decorateWith(settingsAt(host.url), "gl")
      expect(sent(host.requests)).toEqual([
        ["GET", mergeRequest],
        ["GET", `${mergeRequest}/discussions?per_page=100&page=1`],
        ["POST", `${mergeRequest}/discussions`, {
          body: comment("new", 9).body,
          position: { position_type: "text", base_sha: refs.base_sha, start_sha: refs.start_sha, head_sha: headSha, new_path: "src/app.js", new_line: 9 }
        }],
        ["PUT", `${mergeRequest}/discussions/d-old`, { resolved: true }],
        ["GET", `${mergeRequest}/notes?per_page=100&page=1`],
        ["PUT", `${mergeRequest}/notes/31`, { body: decoration.summary }]
      ])
      for (const request of host.requests) expect(request.headers["private-token"]).toBe(token)
    }))

  it.scopedLive("a refusal is logged, not raised: the rest of Tidemark goes on", () =>
    Effect.gen(function*() {
      const host = yield* routedHost(() => ({ status: 403, body: { message: "403 Forbidden" } }))
      yield* decorateWith(settingsAt(host.url), "gl")
      // Not retried: a refusal answers the same again.
      expect(sent(host.requests)).toEqual([["GET", mergeRequest]])
    }))
})

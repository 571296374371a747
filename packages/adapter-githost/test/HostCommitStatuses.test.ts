import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import { describe, expect, it } from "@effect/vitest"
import { CommitStatuses, GitHostSettings, GitHostSettingsStore } from "@tidemark/core"
import { MemoryGitHostSettingsStore } from "@tidemark/core/memory"
import { Effect, HashMap, Layer, Logger, LogLevel, Redacted, Tracer } from "effect"
import { DnsNetworkAddresses } from "@tidemark/adapter-git"
import { HostCommitStatuses } from "../src/index.js"
import { downHost, fakeHost } from "./FakeHost.js"
import { repositoryOf } from "./TestRepository.js"

const sha = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"

const failing = new CommitStatuses.CommitVerdict({
  state: "failure",
  description: "3 new issues (the gate allows 0)",
  targetUrl: "https://tidemark.example.com/gh/tide-org/web%20app/commits/4b825dc",
  context: "Tidemark"
})

interface LogLine {
  readonly level: string
  readonly message: string
  readonly annotations: Record<string, unknown>
}

/** Every line logged, with its annotations: what an operator reads of a status that was not sent. */
const capturedLogs = () => {
  const lines: Array<LogLine> = []
  const logger = Logger.make<unknown, void>(({ annotations, logLevel, message }) => {
    const text = Array.isArray(message) ? message.map(String).join(" ") : String(message)
    lines.push({ level: logLevel.label, message: text, annotations: Object.fromEntries(HashMap.toEntries(annotations)) })
  })
  return { lines, layer: Logger.replace(Logger.defaultLogger, logger) }
}

/**
 * The port on a fresh store holding `settings` for the repository (none: nothing stored), retrying
 * fast. The fake hosts listen on loopback: private addresses are allowed unless a test says not.
 */
const publishWith = (settings: GitHostSettings.GitHostSettings | undefined, allowPrivate = true) =>
  Effect.gen(function*() {
    if (settings !== undefined) yield* (yield* GitHostSettingsStore.GitHostSettingsStore).save(7, settings)
    return yield* CommitStatuses.CommitStatuses
  }).pipe(
    Effect.provide(
      HostCommitStatuses.layer({ retryBase: "10 millis", retries: 3, requestTimeout: "2 seconds", retryFor: "5 seconds" }).pipe(
        Layer.provideMerge(MemoryGitHostSettingsStore.layer),
        Layer.provide(FetchHttpClient.layer),
        Layer.provide(DnsNetworkAddresses.layer({ allowPrivate }))
      )
    )
  )

const token = "ghp_s3cret-token"

/** Runs `effect` with the spans it starts kept, to read their attributes (what a trace exporter sends). */
const withSpansKept = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.tracerWith((tracer) => {
    const spans: Array<Tracer.Span> = []
    const keeping = Tracer.make({
      span: (...args) => {
        const span = tracer.span(...args)
        spans.push(span)
        return span
      },
      context: tracer.context
    })
    return Effect.map(Effect.withTracer(effect, keeping), () => spans)
  })

describe("HostCommitStatuses", () => {
  it.scopedLive("GitHub: POST /repos/{owner}/{repo}/statuses/{sha} with the documented headers and JSON body", () =>
    Effect.gen(function*() {
      const host = yield* fakeHost([201])
      const statuses = yield* publishWith(new GitHostSettings.GitHostSettings({ token: Redacted.make(token), apiBaseUrl: host.url }))

      yield* statuses.publish(repositoryOf("gh"), sha, failing)

      expect(host.requests).toHaveLength(1)
      const [request] = host.requests
      expect(request?.method).toBe("POST")
      expect(request?.url).toBe(`/repos/tide-org/web%20app/statuses/${sha}`)
      expect(request?.headers).toMatchObject({
        authorization: `Bearer ${token}`,
        accept: "application/vnd.github+json",
        "x-github-api-version": "2022-11-28",
        "user-agent": "Tidemark",
        "content-type": "application/json"
      })
      expect(request?.headers["private-token"]).toBeUndefined()
      expect(JSON.parse(request?.body ?? "")).toStrictEqual({
        state: "failure",
        target_url: "https://tidemark.example.com/gh/tide-org/web%20app/commits/4b825dc",
        description: "3 new issues (the gate allows 0)",
        context: "Tidemark"
      })
    }))

  it.scopedLive("GitHub Enterprise: the same request under the server's /api/v3; a long description cut to 140 characters", () =>
    Effect.gen(function*() {
      const host = yield* fakeHost([201])
      const statuses = yield* publishWith(new GitHostSettings.GitHostSettings({ token: Redacted.make(token), apiBaseUrl: `${host.url}/api/v3` }))
      const long = `${"é".repeat(139)}😀 and more`

      yield* statuses.publish(
        repositoryOf("gh"),
        sha,
        new CommitStatuses.CommitVerdict({ state: "pending", description: long, context: "Tidemark / pull request" })
      )

      expect(host.requests.map((request) => `${request.method} ${request.url}`)).toStrictEqual([
        `POST /api/v3/repos/tide-org/web%20app/statuses/${sha}`
      ])
      expect(host.requests[0]?.headers).toMatchObject({ authorization: `Bearer ${token}`, "x-github-api-version": "2022-11-28" })
      // No target URL given: none sent.
      expect(JSON.parse(host.requests[0]?.body ?? "")).toStrictEqual({
        state: "pending",
        description: `${"é".repeat(139)}😀`,
        context: "Tidemark / pull request"
      })
    }))

  it.scopedLive("GitLab: POST /projects/{owner%2Frepo}/statuses/{sha} with PRIVATE-TOKEN, name and GitLab's states", () =>
    Effect.gen(function*() {
      const host = yield* fakeHost([201])
      const statuses = yield* publishWith(new GitHostSettings.GitHostSettings({ token: Redacted.make("glpat-abc"), apiBaseUrl: host.url }))
      const gitlab = repositoryOf("gl", "group/sub", "svc")

      for (const state of ["pending", "success", "failure", "error"] as const) {
        yield* statuses.publish(gitlab, sha, new CommitStatuses.CommitVerdict({ ...failing, state }))
      }

      expect(host.requests.map((request) => `${request.method} ${request.url}`)).toStrictEqual(
        Array.from({ length: 4 }, () => `POST /projects/group%2Fsub%2Fsvc/statuses/${sha}`)
      )
      expect(host.requests[0]?.headers).toMatchObject({ "private-token": "glpat-abc", "content-type": "application/json" })
      expect(host.requests[0]?.headers.authorization).toBeUndefined()
      expect(host.requests.map((request) => JSON.parse(request.body))).toStrictEqual(
        ["pending", "success", "failed", "failed"].map((state) => ({
          state,
          name: "Tidemark",
          description: "3 new issues (the gate allows 0)",
          target_url: "https://tidemark.example.com/gh/tide-org/web%20app/commits/4b825dc"
        }))
      )
    }))

  it.scopedLive("no span attribute shows a token, GitHub's nor GitLab's", () =>
    Effect.gen(function*() {
      const host = yield* fakeHost([201])
      const gitHub = yield* publishWith(new GitHostSettings.GitHostSettings({ token: Redacted.make(token), apiBaseUrl: host.url }))
      const gitLab = yield* publishWith(new GitHostSettings.GitHostSettings({ token: Redacted.make("glpat-abc"), apiBaseUrl: host.url }))

      const spans = yield* withSpansKept(
        Effect.zipRight(gitHub.publish(repositoryOf("gh"), sha, failing), gitLab.publish(repositoryOf("gl"), sha, failing))
      )

      const attributes = spans.flatMap((span) => [...span.attributes.entries()])
      expect(attributes.map(([name]) => name)).toEqual(
        expect.arrayContaining(["http.request.header.authorization", "http.request.header.private-token"])
      )
      expect(JSON.stringify(attributes)).not.toMatch(/s3cret|glpat-abc/)
    }))

  it.scopedLive("self-managed GitLab: the same request under its /api/v4", () =>
    Effect.gen(function*() {
      const host = yield* fakeHost([201])
      const statuses = yield* publishWith(new GitHostSettings.GitHostSettings({ token: Redacted.make("glpat-abc"), apiBaseUrl: `${host.url}/api/v4/` }))

      yield* statuses.publish(repositoryOf("gl"), sha, failing)

      expect(host.requests.map((request) => `${request.method} ${request.url}`)).toStrictEqual([
        `POST /api/v4/projects/tide-org%2Fweb%20app/statuses/${sha}`
      ])
    }))

  it.scopedLive("retries a host answering 502 twice, then 201: three requests, nothing logged", () =>
    Effect.gen(function*() {
      const host = yield* fakeHost([502, 502, 201])
      const logs = capturedLogs()
      const statuses = yield* publishWith(new GitHostSettings.GitHostSettings({ token: Redacted.make(token), apiBaseUrl: host.url }))

      yield* statuses.publish(repositoryOf("gh"), sha, failing).pipe(Effect.provide(logs.layer))

      expect(host.requests).toHaveLength(3)
      expect(new Set(host.requests.map((request) => request.body)).size).toBe(1)
      expect(logs.lines.filter((line) => line.level === "WARN")).toStrictEqual([])
    }))

  it.scopedLive("retries 429 too, and logs the last answer once the retries run out, without failing", () =>
    Effect.gen(function*() {
      const host = yield* fakeHost([429])
      const logs = capturedLogs()
      const statuses = yield* publishWith(new GitHostSettings.GitHostSettings({ token: Redacted.make(token), apiBaseUrl: host.url }))

      yield* statuses.publish(repositoryOf("gh"), sha, failing).pipe(Effect.provide(logs.layer))

      expect(host.requests).toHaveLength(4)
      expect(logs.lines.filter((line) => line.level === "WARN")).toStrictEqual([
        {
          level: "WARN",
          message: "the git host did not take the commit status",
          annotations: { repository: "gh/tide-org/web app", sha, status: 429, reason: "{\"message\":\"refused with 429\"}" }
        }
      ])
    }))

  it.scopedLive("a 401 is sent once, logged with the repository, commit and status, and never fails; the token is not logged", () =>
    Effect.gen(function*() {
      const host = yield* fakeHost([401])
      const logs = capturedLogs()
      const statuses = yield* publishWith(new GitHostSettings.GitHostSettings({ token: Redacted.make(token), apiBaseUrl: host.url }))

      yield* statuses.publish(repositoryOf("gh"), sha, failing).pipe(Effect.provide(logs.layer))

      expect(host.requests).toHaveLength(1)
      const warnings = logs.lines.filter((line) => line.level === "WARN")
      expect(warnings).toStrictEqual([
        {
          level: "WARN",
          message: "the git host did not take the commit status",
          annotations: { repository: "gh/tide-org/web app", sha, status: 401, reason: "{\"message\":\"refused with 401\"}" }
        }
      ])
      expect(JSON.stringify(logs.lines)).not.toContain(token)
    }))

  it.scopedLive("a host that is down is retried, then the failure logged and swallowed", () =>
    Effect.gen(function*() {
      const url = yield* downHost
      const logs = capturedLogs()
      const statuses = yield* publishWith(new GitHostSettings.GitHostSettings({ token: Redacted.make(token), apiBaseUrl: url }))

      yield* statuses.publish(repositoryOf("gl"), sha, failing).pipe(Effect.provide(logs.layer))

      const warnings = logs.lines.filter((line) => line.level === "WARN")
      expect(warnings).toHaveLength(1)
      expect(warnings[0]?.annotations).toMatchObject({ repository: "gl/tide-org/web app", sha, status: "no answer" })
    }))

  it.scopedLive("sends nothing for a repository without settings, nor for a Bitbucket one (said once, at debug level)", () =>
    Effect.gen(function*() {
      const host = yield* fakeHost([201])
      const logs = capturedLogs()
      const withoutSettings = yield* publishWith(undefined)
      yield* withoutSettings.publish(repositoryOf("gh"), sha, failing).pipe(Effect.provide(logs.layer))

      const bitbucket = yield* publishWith(new GitHostSettings.GitHostSettings({ token: Redacted.make(token), apiBaseUrl: host.url }))
      yield* bitbucket.publish(repositoryOf("bb"), sha, failing).pipe(
        Effect.zipRight(bitbucket.publish(repositoryOf("bb"), sha, failing)),
        Logger.withMinimumLogLevel(LogLevel.All),
        Effect.provide(logs.layer)
      )

      expect(host.requests).toStrictEqual([])
      expect(logs.lines.map((line) => [line.level, line.annotations["repository"]])).toStrictEqual([["DEBUG", "bb/tide-org/web app"]])
    }))

  it.scopedLive("sends nothing to an API that leads to a loopback address, unless the installation allows it; logs why", () =>
    Effect.gen(function*() {
      const host = yield* fakeHost([201])
      const logs = capturedLogs()
      const settings = new GitHostSettings.GitHostSettings({ token: Redacted.make(token), apiBaseUrl: host.url.replace("127.0.0.1", "localhost") })
      const refusing = yield* publishWith(settings, false)
      yield* refusing.publish(repositoryOf("gh"), sha, failing).pipe(Effect.provide(logs.layer))

      expect(host.requests).toStrictEqual([])
      expect(logs.lines.filter((line) => line.level === "WARN").map((line) => line.message)).toStrictEqual([
        expect.stringMatching(/^no commit status sent: http:\/\/localhost:\d+ leads to (127\.0\.0\.1|::1), a loopback address/)
      ])

      const allowing = yield* publishWith(settings, true)
      yield* allowing.publish(repositoryOf("gh"), sha, failing)
      expect(host.requests).toHaveLength(1)
    }))

  it.scopedLive("does not follow a redirect: the POST goes to the API's address only", () =>
    Effect.gen(function*() {
      const elsewhere = yield* fakeHost([201])
      const redirecting = yield* fakeHost([307], { location: `${elsewhere.url}/internal` })
      const statuses = yield* publishWith(new GitHostSettings.GitHostSettings({ token: Redacted.make(token), apiBaseUrl: redirecting.url }))

      yield* statuses.publish(repositoryOf("gh"), sha, failing)

      expect(redirecting.requests).toHaveLength(1)
      expect(elsewhere.requests).toStrictEqual([])
    }))
})

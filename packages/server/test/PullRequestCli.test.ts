/**
 * `tidemark pr open` and `tidemark pr close` as users run them (the built command in a child
 * process), against a local HTTP server that records each request and answers as the pull request
 * endpoint does: what the command sends is what is checked. The endpoint itself is tested with the
 * server's API.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { type CliResult, recordingServer, requireBuild, runCli } from "./CliFixture.js"

/** The original's PullRequestWithAnalysis, as the endpoint answers it (no `data` envelope). */
const pullRequestView = {
  pullRequest: {
    id: 41,
    number: 12,
    updated: "2026-11-26T10:00:00.000Z",
    status: "open",
    repository: "widgets",
    title: "Login form",
    owner: { name: "Ada Lovelace" },
    headCommitSha: "c1",
    commonAncestorCommitSha: "a1",
    originBranch: "feature/login",
    targetBranch: "main",
    gitHref: "https://github.com/acme/widgets/pull/12"
  },
  isUpToStandards: true,
  isAnalysing: false,
  meta: { analyzable: true }
}

const pullRequestPath = "/api/v3/analysis/organizations/gh/acme/repositories/widgets/pull-requests/12"
const token = "tmt.abc.secret-token"

const cli = (url: string, args: ReadonlyArray<string>) => runCli(args, { TIDEMARK_URL: url, TIDEMARK_ADMIN_TOKEN: token })

const succeeds = (result: CliResult) => {
  expect(result, result.stderr).toMatchObject({ exitCode: 0, stderr: "" })
  return result
}

const slow = 60_000

describe("tidemark pr", () => {
  it.scoped("pr open puts the pull request with the token and the JSON body, state open unless told", () =>
    Effect.gen(function*() {
      yield* requireBuild
      const server = yield* recordingServer(() => ({ status: 200, body: pullRequestView }))
      const opened = succeeds(yield* cli(server.url, ["pr", "open", "gh/acme/widgets", "12", "--title", "Login form", "--from", "feature/login", "--to", "main"]))
      expect(opened.stdout).toContain("Pull request #12 of gh/acme/widgets (feature/login → main) is open")
      const [request] = server.requests
      expect(server.requests).toHaveLength(1)
      expect(request).toMatchObject({ method: "PUT", path: pullRequestPath })
      expect(request?.headers["api-token"]).toBe(token)
      expect(request?.headers["content-type"]).toMatch(/^application\/json/)
      expect(JSON.parse(request?.body ?? "")).toEqual({ title: "Login form", originBranch: "feature/login", targetBranch: "main", state: "open" })

      succeeds(yield* cli(server.url, ["pr", "open", "gh/acme/widgets", "12", "--title", "Login", "--from", "f", "--to", "main", "--state", "closed"]))
      expect(JSON.parse(server.requests[1]?.body ?? "")).toMatchObject({ state: "closed", title: "Login" })
    }), slow)

  it.scoped("pr close reads the pull request and puts it back closed, or merged with --merged", () =>
    Effect.gen(function*() {
      yield* requireBuild
      const server = yield* recordingServer(() => ({ status: 200, body: pullRequestView }))
      succeeds(yield* cli(server.url, ["pr", "close", "gh/acme/widgets", "12", "--merged"]))
      expect(server.requests.map((r) => [r.method, r.path, r.headers["api-token"]])).toEqual([
        ["GET", pullRequestPath, token],
        ["PUT", pullRequestPath, token]
      ])
      expect(JSON.parse(server.requests[1]?.body ?? "")).toEqual({
        title: "Login form",
        originBranch: "feature/login",
        targetBranch: "main",
        state: "merged"
      })
      const closed = succeeds(yield* cli(server.url, ["pr", "close", "gh/acme/widgets", "12"]))
      expect(closed.stdout).toContain("Pull request #12 of gh/acme/widgets is closed")
      expect(JSON.parse(server.requests[3]?.body ?? "")).toMatchObject({ state: "closed" })
    }), slow)

  it.scoped("the server's error body is the command's `error:` line; a bad number is a usage error sending nothing", () =>
    Effect.gen(function*() {
      yield* requireBuild
      const server = yield* recordingServer(() => ({
        status: 404,
        body: { error: "NotFound", message: "PullRequest '12' not found", actions: [] }
      }))
      const missing = yield* cli(server.url, ["pr", "close", "gh/acme/widgets", "12"])
      expect(missing.exitCode).not.toBe(0)
      expect(missing.stderr).toMatch(/^error: [^\n]*PullRequest '12' not found/)
      expect(server.requests.map((r) => r.method)).toEqual(["GET"])

      const bad = yield* cli(server.url, ["pr", "open", "gh/acme/widgets", "twelve", "--title", "T", "--from", "a", "--to", "b"])
      expect(bad.exitCode).not.toBe(0)
      expect(server.requests).toHaveLength(1)
    }), slow)
})

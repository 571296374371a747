/**
 * `tidemark fix` as users run it (the built command in a child process), against a local HTTP
 * server that records each request and answers as the quick fix endpoints do: what the command asks
 * for and what it prints are checked. The endpoints themselves are tested with the server's API.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { recordingServer, requireBuild, runCli } from "./CliFixture.js"

const repositoryPath = "/api/v3/analysis/organizations/gh/acme/repositories/widgets"
const token = "tmt.abc.secret-token"
// CRLF, a byte order mark and a final line without a newline: the patch must come out as sent.
const patch = "diff --git a/a.js b/a.js\n--- a/a.js\n+++ b/a.js\n@@ -1,2 +1,2 @@\n-\uFEFFif (!!x) y()\r\n+\uFEFFif (x) y()\r\n z()\n\\ No newline at end of file\n"
const answer = (text: string) => ({ status: 200, body: { data: { patch: Buffer.from(text, "utf8").toString("base64") } } })

const cli = (url: string, args: ReadonlyArray<string>) => runCli(args, { TIDEMARK_URL: url, TIDEMARK_ADMIN_TOKEN: token })

const slow = 60_000

describe("tidemark fix", () => {
  it.scoped("prints the branch's patch, byte for byte, for `git apply`; --branch and --pr choose what is fixed", () =>
    Effect.gen(function*() {
      yield* requireBuild
      const server = yield* recordingServer(() => answer(patch))
      const fixed = yield* cli(server.url, ["fix", "gh/acme/widgets"])
      expect([fixed.exitCode, fixed.stderr]).toEqual([0, ""])
      expect(fixed.stdout).toBe(patch)
      yield* cli(server.url, ["fix", "gh/acme/widgets", "--branch", "feature/x"])
      yield* cli(server.url, ["fix", "gh/acme/widgets", "--pr", "12"])
      expect(server.requests.map((r) => [r.method, r.path, r.headers["api-token"]])).toEqual([
        ["GET", `${repositoryPath}/issues/patch`, token],
        ["GET", `${repositoryPath}/issues/patch?branch=feature%2Fx`, token],
        ["GET", `${repositoryPath}/pull-requests/12/issues/patch`, token]
      ])
    }), slow)

  it.scoped("says on standard error that there is nothing to fix, and prints nothing", () =>
    Effect.gen(function*() {
      yield* requireBuild
      const server = yield* recordingServer(() => answer(""))
      const none = yield* cli(server.url, ["fix", "gh/acme/widgets", "--pr", "3"])
      expect([none.exitCode, none.stdout, none.stderr]).toEqual([0, "", "No fix to offer for pull request 3 of gh/acme/widgets.\n"])
    }), slow)

  it.scoped("the server's error body is the command's `error:` line", () =>
    Effect.gen(function*() {
      yield* requireBuild
      const server = yield* recordingServer(() => ({ status: 404, body: { error: "NotFound", message: "Repository 'widgets' not found", actions: [] } }))
      const missing = yield* cli(server.url, ["fix", "gh/acme/widgets"])
      expect(missing.exitCode).not.toBe(0)
      expect(missing.stdout).toBe("")
      expect(missing.stderr).toMatch(/^error: [^\n]*Repository 'widgets' not found/)
    }), slow)
})

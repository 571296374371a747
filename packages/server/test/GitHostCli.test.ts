/**
 * Issue 14: `tidemark repo git-host set|show|clear <provider>/<org>/<repo>` sets the token (read
 * from an environment variable) and API with which the server posts commit statuses; the token is
 * never printed, nor answered by the server.
 */
import * as NodeContext from "@effect/platform-node/NodeContext"
import { describe, expect, layer } from "@effect/vitest"
import { Context, Effect, Layer } from "effect"
import { type CliResult, getJson, serverWithRepository } from "./CliFixture.js"

const adminToken = "tma_git-host-admin"
const hostToken = "ghp_cli-secret-host-token"

/** Each command is a fresh Node process; a test runs several. */
const slow = 120_000

class Fixture extends Context.Tag("GitHostCliFixture")<Fixture, Effect.Effect.Success<ReturnType<typeof serverWithRepository>>>() {
  static readonly layer = Layer.scoped(Fixture, serverWithRepository(adminToken)).pipe(Layer.provide(NodeContext.layer))
}

const succeeds = (result: CliResult) => {
  expect(result, result.stderr).toMatchObject({ exitCode: 0, stderr: "" })
  expect(result.stdout).not.toContain(hostToken)
  return result
}

const gitHostPath = "/api/v3/admin/organizations/gh/gh-cli/repositories/widgets/git-host"

layer(Fixture.layer, { timeout: "120 seconds", excludeTestServices: true })("tidemark repo git-host", (it) => {
  describe("set, show and clear", () => {
    it.effect("sets the token from TIDEMARK_GIT_HOST_TOKEN or --token-env and the API from --api-url; clear forgets them", () =>
      Effect.gen(function*() {
        const { cli, repository, server } = yield* Fixture
        succeeds(yield* cli(["repo", "add", "gh/gh-cli/widgets", "--git", repository]))
        expect(succeeds(yield* cli(["repo", "git-host", "show", "gh/gh-cli/widgets"])).stdout.trim()).toBe(
          "gh/gh-cli/widgets: no git host token set; no commit status is sent"
        )

        const set = succeeds(
          yield* cli(["repo", "git-host", "set", "gh/gh-cli/widgets", "--api-url", "https://ghe.example.com/api/v3/"], {
            TIDEMARK_GIT_HOST_TOKEN: hostToken
          })
        )
        expect(set.stdout.trim()).toBe("Commit statuses of gh/gh-cli/widgets go to https://ghe.example.com/api/v3/")
        expect(yield* getJson(server, gitHostPath, adminToken)).toMatchObject({
          status: 200,
          body: { data: { configured: true, apiBaseUrl: "https://ghe.example.com/api/v3", decoratePullRequests: false } }
        })
        expect(succeeds(yield* cli(["repo", "git-host", "show", "gh/gh-cli/widgets"])).stdout.trim()).toBe(
          "gh/gh-cli/widgets: commit statuses sent to https://ghe.example.com/api/v3"
        )

        const decorating = succeeds(
          yield* cli(["repo", "git-host", "set", "gh/gh-cli/widgets", "--token-env", "MY_HOST_TOKEN", "--decorate"], { MY_HOST_TOKEN: hostToken })
        )
        expect(decorating.stdout.trim()).toBe("Commit statuses and pull request comments of gh/gh-cli/widgets go to the host's public API")
        expect((yield* getJson(server, gitHostPath, adminToken)).body).toStrictEqual({ data: { configured: true, decoratePullRequests: true } })
        expect(succeeds(yield* cli(["repo", "git-host", "show", "gh/gh-cli/widgets"])).stdout.trim()).toBe(
          "gh/gh-cli/widgets: commit statuses and pull request comments sent to the host's public API"
        )

        expect(succeeds(yield* cli(["repo", "git-host", "clear", "gh/gh-cli/widgets"])).stdout.trim()).toBe(
          "No commit statuses are sent for gh/gh-cli/widgets any more"
        )
        expect((yield* getJson(server, gitHostPath, adminToken)).body).toStrictEqual({ data: { configured: false } })
      }), slow)

    it.effect("refuses to run without the token's variable, and reports the server's refusals", () =>
      Effect.gen(function*() {
        const { cli } = yield* Fixture
        const missing = yield* cli(["repo", "git-host", "set", "gh/gh-cli/widgets", "--token-env", "NOT_SET_ANYWHERE"])
        expect(missing.exitCode).not.toBe(0)
        expect(missing.stderr).toContain("no git host token: set NOT_SET_ANYWHERE")

        const ghost = yield* cli(["repo", "git-host", "set", "gh/gh-cli/ghost"], { TIDEMARK_GIT_HOST_TOKEN: hostToken })
        expect(ghost.exitCode).not.toBe(0)
        expect(ghost.stderr).toMatch(/ghost/)
        expect(ghost.stderr).not.toContain(hostToken)

        const ftp = yield* cli(["repo", "git-host", "set", "gh/gh-cli/widgets", "--api-url", "ftp://example.com"], {
          TIDEMARK_GIT_HOST_TOKEN: hostToken
        })
        expect(ftp.exitCode).not.toBe(0)
        expect(ftp.stderr).toContain("http(s) URL")
        expect(ftp.stderr).not.toContain(hostToken)
      }), slow)
  })
})

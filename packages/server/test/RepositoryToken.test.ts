/**
 * Issue 15: `tidemark token create <provider>/<org>/<repo>` issues a repository token, which the
 * coverage reporters send as their `project-token`; `<provider>/<org>` still issues an API token.
 */
import * as NodeContext from "@effect/platform-node/NodeContext"
import { describe, expect, layer } from "@effect/vitest"
import { Context, Effect, Layer, Schema } from "effect"
import { type CliResult, getJson, git, lastLine, type RunningServer, serverWithRepository } from "./CliFixture.js"

const adminToken = "tma_repository-token-admin"

/** Each command is a fresh Node process; a test runs several. */
const slow = 120_000

class Fixture extends Context.Tag("RepositoryTokenFixture")<
  Fixture,
  Effect.Effect.Success<ReturnType<typeof serverWithRepository>>
>() {
  static readonly layer = Layer.scoped(Fixture, serverWithRepository(adminToken)).pipe(Layer.provide(NodeContext.layer))
}

const succeeds = (result: CliResult) => {
  expect(result, result.stderr).toMatchObject({ exitCode: 0, stderr: "" })
  return result
}

/** The official reporter's upload of one file's lines, with the token as its `project-token`. */
const reportCoverage = (server: RunningServer, token: string, commit: string) =>
  Effect.promise(async () => {
    const response = await fetch(`${server.url}/2.0/coverage/${commit}/typescript`, {
      method: "POST",
      headers: { "content-type": "application/json", "project-token": token },
      body: JSON.stringify({ fileReports: [{ filename: "src/index.ts", coverage: { "1": 1 } }] })
    })
    return { status: response.status, body: (await response.json()) as unknown }
  })

const Reports = Schema.Struct({
  data: Schema.Struct({ lastReports: Schema.Array(Schema.Struct({ targetCommitSha: Schema.String })) })
})

layer(Fixture.layer, { timeout: "120 seconds", excludeTestServices: true })("tidemark token create (repository tokens)", (it) => {
  describe("token create <provider>/<org>/<repo>", () => {
    it.effect("prints a repository token alone on the last line; it uploads that repository's coverage and reads nothing", () =>
      Effect.gen(function*() {
        const { cli, repository, server } = yield* Fixture
        succeeds(yield* cli(["repo", "add", "gh/rt-org/widgets", "--git", repository]))
        const commit = (yield* git(repository, ["rev-parse", "HEAD"])).trim()

        const created = succeeds(yield* cli(["token", "create", "gh/rt-org/widgets"]))
        expect(created.stdout).toContain("Repository token for gh/rt-org/widgets (id ")
        const secret = lastLine(created.stdout)
        expect(secret).toMatch(/^tmr\.\S{20,}$/)

        expect(yield* reportCoverage(server, secret, commit)).toEqual({
          status: 200,
          body: { success: "Coverage added for typescript: 1 file(s)" }
        })
        const apiToken = lastLine(succeeds(yield* cli(["token", "create", "gh/rt-org", "--permission", "read"])).stdout)
        expect(apiToken).toMatch(/^tmt\./)
        const reports = yield* getJson(server, "/api/v3/organizations/gh/rt-org/repositories/widgets/coverage/status", apiToken)
        expect(reports.status).toBe(200)
        expect(Schema.decodeUnknownSync(Reports)(reports.body).data.lastReports.map((r) => r.targetCommitSha)).toEqual([commit])

        // Coverage uploads only: the analysis API refuses it.
        expect((yield* getJson(server, "/api/v3/analysis/organizations/gh/rt-org/repositories", secret)).status).toBe(401)
        expect((yield* reportCoverage(server, `${secret}x`, commit)).status).toBe(401)
      }), slow)

    it.effect("refuses a repository that does not exist, and a caller that is not an admin of the organization", () =>
      Effect.gen(function*() {
        const { cli, repository } = yield* Fixture
        succeeds(yield* cli(["repo", "add", "gh/rt-refused/widgets", "--git", repository]))
        const missing = yield* cli(["token", "create", "gh/rt-refused/ghost"])
        expect(missing.exitCode).not.toBe(0)
        expect(missing.stderr).toMatch(/ghost/)

        const writer = lastLine(succeeds(yield* cli(["token", "create", "gh/rt-refused", "--permission", "write"])).stdout)
        const refused = yield* cli(["token", "create", "gh/rt-refused/widgets"], { TIDEMARK_ADMIN_TOKEN: writer })
        expect(refused.exitCode).not.toBe(0)
        expect(refused.stderr).toMatch(/admin/)
      }), slow)

    it.effect("--organization reads a longer argument as an organization (a GitLab subgroup): an API token", () =>
      Effect.gen(function*() {
        const { cli } = yield* Fixture
        const created = succeeds(yield* cli(["token", "create", "gl/group/subgroup", "--organization"]))
        expect(created.stdout).toContain("API token for gl/group/subgroup (id ")
        expect(lastLine(created.stdout)).toMatch(/^tmt\./)
      }), slow)
  })
})

/**
 * `tidemark token list <provider>/<org>` and `tidemark token revoke <provider>/<org> <tokenId>`: an
 * organization's issued secrets, shown without their secret, and revoked by id (the security
 * finding "issued tokens cannot be revoked").
 */
import * as NodeContext from "@effect/platform-node/NodeContext"
import { describe, expect, layer } from "@effect/vitest"
import { Context, Effect, Layer, Schema } from "effect"
import { type CliResult, getJson, lastLine, serverWithRepository } from "./CliFixture.js"

const adminToken = "tma_token-cli-admin"

/** Each command is a fresh Node process; a test runs several. */
const slow = 120_000

class Fixture extends Context.Tag("TokenCliFixture")<Fixture, Effect.Effect.Success<ReturnType<typeof serverWithRepository>>>() {
  static readonly layer = Layer.scoped(Fixture, serverWithRepository(adminToken)).pipe(Layer.provide(NodeContext.layer))
}

const succeeds = (result: CliResult) => {
  expect(result, result.stderr).toMatchObject({ exitCode: 0, stderr: "" })
  return result
}

const idOf = (secret: string) => secret.split(".")[1] ?? ""
const secretPart = (secret: string) => secret.split(".")[2] ?? secret

const Listed = Schema.Struct({
  data: Schema.Array(Schema.Struct({ id: Schema.String, kind: Schema.String, lastUsedAt: Schema.NullOr(Schema.String) }))
})

const analysisRead = "/api/v3/analysis/organizations/gh/tk-org/repositories/widgets"

layer(Fixture.layer, { timeout: "120 seconds", excludeTestServices: true })("tidemark token list and revoke", (it) => {
  describe("token list, token revoke", () => {
    it.effect("lists the organization's tokens and keys without their secrets; a revoked one is refused at once", () =>
      Effect.gen(function*() {
        const { cli, repository, server } = yield* Fixture
        succeeds(yield* cli(["repo", "add", "gh/tk-org/widgets", "--git", repository]))
        const api = lastLine(succeeds(yield* cli(["token", "create", "gh/tk-org", "--permission", "read"])).stdout)
        const project = lastLine(succeeds(yield* cli(["token", "create", "gh/tk-org/widgets"])).stdout)
        const key = lastLine(succeeds(yield* cli(["key", "create", "gh/tk-org"])).stdout)
        expect((yield* getJson(server, analysisRead, api)).status).toBe(200)

        const table = succeeds(yield* cli(["token", "list", "gh/tk-org"])).stdout
        const rows = table.trimEnd().split("\n")
        expect(rows[0]).toMatch(/^ID\s+KIND\s+PERMISSION\s+REPOSITORY\s+CREATED\s+LAST USED$/)
        expect(rows.slice(1).map((row) => row.split(/\s+/).slice(0, 4))).toEqual(expect.arrayContaining([
          [idOf(api), "api", "read", "-"],
          [idOf(project), "repository", "write", "widgets"],
          [idOf(key), "ingestion", "write", "-"]
        ]))
        expect(rows).toHaveLength(4)
        expect(rows.find((row) => row.startsWith(idOf(key)))).toMatch(/never$/)
        expect(rows.find((row) => row.startsWith(idOf(api)))).toMatch(/\d{4}-\d\d-\d\dT\S+Z$/)
        for (const secret of [api, project, key]) expect(table).not.toContain(secretPart(secret))

        const listed = Schema.decodeUnknownSync(Schema.parseJson(Listed))(succeeds(yield* cli(["token", "list", "gh/tk-org", "--json"])).stdout)
        expect(listed.data.map((token) => token.id).sort()).toEqual([idOf(api), idOf(project), idOf(key)].sort())

        const revoked = succeeds(yield* cli(["token", "revoke", "gh/tk-org", idOf(api)]))
        expect(revoked.stdout.trim()).toBe(`Revoked token ${idOf(api)} of gh/tk-org: it is refused from now on.`)
        expect((yield* getJson(server, analysisRead, api)).status).toBe(401)
        expect(succeeds(yield* cli(["token", "list", "gh/tk-org"])).stdout).not.toContain(idOf(api))
        succeeds(yield* cli(["token", "revoke", "gh/tk-org", idOf(project)]))
        succeeds(yield* cli(["token", "revoke", "gh/tk-org", idOf(key)]))
        expect(succeeds(yield* cli(["token", "list", "gh/tk-org"])).stdout.trim()).toBe("No tokens issued for gh/tk-org.")
      }), slow)

    it.effect("reports an unknown id, and a token that may not list or revoke", () =>
      Effect.gen(function*() {
        const { cli } = yield* Fixture
        const unknown = yield* cli(["token", "revoke", "gh/tk-org", "no-such-id"])
        expect(unknown.exitCode).toBe(1)
        expect(unknown.stderr.trim()).toBe("error: Token 'no-such-id' not found")

        const writer = lastLine(succeeds(yield* cli(["token", "create", "gh/tk-org", "--permission", "write"])).stdout)
        const refused = yield* cli(["token", "list", "gh/tk-org"], { TIDEMARK_TOKEN: writer })
        expect(refused.exitCode).toBe(1)
        expect(refused.stderr).toMatch(/^error: .*'admin' permission/)
        expect(refused.stderr).not.toContain(secretPart(writer))

        const nowhere = yield* cli(["token", "list", "gh/tk-nowhere"])
        expect(nowhere.exitCode).toBe(1)
        expect(nowhere.stderr.trim()).toBe("error: Organization 'gh/tk-nowhere' not found")
      }), slow)
  })
})

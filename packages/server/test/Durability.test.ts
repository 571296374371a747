import * as NodeContext from "@effect/platform-node/NodeContext"
import { describe, expect, layer } from "@effect/vitest"
import * as ScratchDatabase from "../../adapter-pg/test/ScratchDatabase.js"
import { Effect, Option, Schedule } from "effect"
import { getJson, gitRepository, lastLine, requireBuild, runCli, scratch, startServer, waitForOutput } from "./CliFixture.js"

/** Each step starts Node processes (a second or more on a busy machine). */
const slow = 120_000

const repositories = "/api/v3/analysis/organizations/gh/acme/repositories"
const eslint9 = "2a30ab97-477f-4769-8b88-af596ce7a94c"

const patch = (url: string, path: string, token: string, body: unknown) =>
  Effect.promise(() =>
    fetch(`${url}${path}`, {
      method: "PATCH",
      headers: { "api-token": token, "content-type": "application/json" },
      body: JSON.stringify(body)
    }).then((r) => r.status)
  )

const namesOf = (body: unknown): ReadonlyArray<string> =>
  typeof body === "object" && body !== null && "data" in body && Array.isArray(body.data)
    ? body.data.map((item: { readonly repository?: { readonly name?: string } }) => item.repository?.name ?? "")
    : []

describe("durability of the bundled server", () => {
  layer(NodeContext.layer, { excludeTestServices: true })((it) => {
    it.scoped("the embedded default keeps repositories, tokens and the admin token across a process restart", () =>
      Effect.gen(function*() {
        yield* requireBuild
        const directory = yield* scratch
        const dataDir = `${directory}/data`
        const repository = yield* gitRepository(directory, "widgets")

        const { admin, token } = yield* Effect.scoped(Effect.gen(function*() {
          const server = yield* startServer({ dataDir })
          const announcement = /Generated admin token[^\n]*\n(\S+)/
          const admin = announcement.exec(yield* waitForOutput(server, announcement))?.[1] ?? ""
          const env = { TIDEMARK_URL: server.url, TIDEMARK_ADMIN_TOKEN: admin }
          expect((yield* runCli(["repo", "add", "gh/acme/widgets", "--git", repository], env)).exitCode).toBe(0)
          const created = yield* runCli(["token", "create", "gh/acme"], env)
          expect(created.exitCode).toBe(0)
          return { admin, token: lastLine(created.stdout) }
        }))

        // A new process on the same data directory, with no admin token configured.
        const server = yield* startServer({ dataDir })
        const listed = yield* getJson(server, repositories, token)
        expect(listed.status).toBe(200)
        expect(namesOf(listed.body)).toEqual(["widgets"])
        expect((yield* getJson(server, repositories, admin)).status).toBe(200)
        expect(yield* server.stdout).not.toContain("Generated admin token")
      }), slow)

    it.scoped("two processes on one PostgreSQL database serve what either wrote", () =>
      Effect.gen(function*() {
        yield* requireBuild
        const directory = yield* scratch
        const repository = yield* gitRepository(directory, "widgets")
        const databaseUrl = yield* ScratchDatabase.migratedDatabase
        const env = { DATABASE_URL: databaseUrl }
        const admin = "tma_shared-admin"
        // Both start at once: migrations and the admin token must survive the race.
        const [a, b] = yield* Effect.all([
          startServer({ dataDir: `${directory}/a`, adminToken: admin, env }),
          startServer({ dataDir: `${directory}/b`, adminToken: admin, env })
        ], { concurrency: 2 })

        // Written through A ...
        expect((yield* runCli(["repo", "add", "gh/acme/widgets", "--git", repository], {
          TIDEMARK_URL: a.url,
          TIDEMARK_ADMIN_TOKEN: admin
        })).exitCode).toBe(0)
        expect(yield* patch(a.url, `${repositories}/widgets/tools/${eslint9}`, admin, { enabled: false })).toBe(204)
        // ... read through B.
        const listed = yield* getJson(b, repositories, admin)
        expect(namesOf(listed.body)).toEqual(["widgets"])
        const tools = yield* getJson(b, `${repositories}/widgets/tools`, admin)
        expect(JSON.stringify(tools.body)).toContain(`"uuid":"${eslint9}","name":"ESLint9","isClientSide":false,"settings":{"name":"ESLint9","isEnabled":false`)
        // A token issued by B works on A.
        const created = yield* runCli(["token", "create", "gh/acme", "--permission", "read"], {
          TIDEMARK_URL: b.url,
          TIDEMARK_ADMIN_TOKEN: admin
        })
        expect((yield* getJson(a, repositories, lastLine(created.stdout))).status).toBe(200)
      }), slow)

    it.scoped("a token revoked through one process is refused by the other as soon as it hears the revocation", () =>
      Effect.gen(function*() {
        yield* requireBuild
        const directory = yield* scratch
        const repository = yield* gitRepository(directory, "widgets")
        const env = { DATABASE_URL: yield* ScratchDatabase.migratedDatabase }
        const admin = "tma_revoking-admin"
        const a = yield* startServer({ dataDir: `${directory}/a`, adminToken: admin, env })
        const b = yield* startServer({ dataDir: `${directory}/b`, adminToken: admin, env })
        const throughA = { TIDEMARK_URL: a.url, TIDEMARK_ADMIN_TOKEN: admin }
        expect((yield* runCli(["repo", "add", "gh/acme/widgets", "--git", repository], throughA)).exitCode).toBe(0)
        const token = lastLine((yield* runCli(["token", "create", "gh/acme", "--permission", "read"], throughA)).stdout)
        // B verifies it, and would remember it for 30 seconds.
        expect((yield* getJson(b, repositories, token)).status).toBe(200)

        // Revoked over HTTP rather than by the command, whose start could outlast those 30 seconds.
        const revoked = yield* Effect.promise(() =>
          fetch(`${a.url}/api/v3/admin/organizations/gh/acme/tokens/${token.split(".")[1] ?? ""}`, {
            method: "DELETE",
            headers: { "api-token": admin }
          }).then((response) => response.status)
        )
        expect(revoked).toBe(204)
        // The revocation returns once its announcement came back to A; B hears the same NOTIFY at
        // about the same time, and on a loaded machine a few milliseconds later: refused within 2 s,
        // never after the 30 seconds it would otherwise remember the token.
        const statusOnB = getJson(b, repositories, token).pipe(Effect.map((reply) => reply.status))
        const refused = yield* statusOnB.pipe(
          Effect.filterOrFail((status) => status === 401),
          Effect.retry(Schedule.spaced("50 millis")),
          Effect.timeoutOption("2 seconds")
        )
        expect(refused).toEqual(Option.some(401))
      }), slow)
  })
})

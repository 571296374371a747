import * as NodeContext from "@effect/platform-node/NodeContext"
import { describe, expect, layer } from "@effect/vitest"
import { Context, Effect, Layer, Schedule, Schema } from "effect"
import { createHmac } from "node:crypto"
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import {
  type CliResult,
  freePort,
  getJson,
  git,
  gitRepository,
  lastLine,
  loadDashboard,
  servedDashboard,
  postJson,
  requireBuild,
  runCli,
  type RunningServer,
  scratch,
  startServer,
  waitForOutput
} from "./CliFixture.js"

const adminToken = "tma_test-admin-token"

/** Each command is a fresh Node process (about a second on a busy machine); a test runs several. */
const slow = 60_000

/** One server for the suite, a git repository to add, and the command pointed at both. */
class Fixture extends Context.Tag("Fixture")<Fixture, {
  readonly server: RunningServer
  /** A git repository, `widgets` in the scratch directory. */
  readonly repository: string
  readonly directory: string
  /** Runs the command with TIDEMARK_URL and TIDEMARK_ADMIN_TOKEN set; `env` overrides them. */
  readonly cli: (args: ReadonlyArray<string>, env?: Record<string, string>, cwd?: string) => Effect.Effect<CliResult>
}>() {
  static readonly layer = Layer.scoped(
    Fixture,
    Effect.gen(function*() {
      yield* requireBuild
      const directory = yield* scratch
      const server = yield* startServer({ dataDir: `${directory}/data`, adminToken })
      const repository = yield* gitRepository(directory, "widgets")
      return {
        server,
        repository,
        directory,
        cli: (args, env = {}, cwd) => runCli(args, { TIDEMARK_URL: server.url, TIDEMARK_ADMIN_TOKEN: adminToken, ...env }, cwd)
      }
    })
  ).pipe(Layer.provide(NodeContext.layer))
}

const RepositoryPage = Schema.Struct({
  data: Schema.Array(Schema.Struct({ repository: Schema.Struct({ name: Schema.String }) }))
})
const RepositoryStandards = Schema.Struct({
  data: Schema.Struct({
    repository: Schema.Struct({ standards: Schema.Array(Schema.Struct({ id: Schema.Number, name: Schema.String })) })
  })
})
const StandardJson = Schema.Struct({ id: Schema.Number, name: Schema.String })

const pushEvent = (server: RunningServer, key: string, event: unknown) =>
  Effect.map(postJson(server, `/v1/ingestion/cli?${new URLSearchParams({ api_key: key, system: "web" })}`, event), (r) => r.status)

const MetricsValues = Schema.Struct({
  data: Schema.Struct({
    leadTimeForChanges: Schema.Struct({ value: Schema.NullOr(Schema.Number) }),
    timeToRecover: Schema.Struct({ value: Schema.NullOr(Schema.Number) })
  })
})

/** A command that must succeed; its output is shown when it does not. */
const succeeds = (result: CliResult) => {
  expect(result, result.stderr).toMatchObject({ exitCode: 0, stderr: "" })
  return result
}

/** A command that must fail with one `error: ...` line and no stack trace. */
const failsWith = (result: CliResult, message: RegExp) => {
  expect(result.exitCode).not.toBe(0)
  expect(result.stderr).toMatch(/^error: [^\n]+\n?$/)
  expect(result.stderr).toMatch(message)
}

describe("tidemark (client commands against a running server)", () => {
  layer(Fixture.layer, { excludeTestServices: true, timeout: "60 seconds" })((it) => {
    it.effect("repo add reads the repository with git; it then appears through the API", () =>
      Effect.gen(function*() {
        const { cli, repository, server } = yield* Fixture
        const added = succeeds(yield* cli(["repo", "add", "gh/acme/widgets", "--git", repository, "--visibility", "Private"]))
        expect(added.stdout).toContain("gh/acme/widgets (Private)")
        expect(added.stdout).toContain("default branch: main")
        expect(added.stdout).toMatch(/languages: .*TypeScript/)
        expect(added.stdout).not.toContain(adminToken)

        const listed = yield* getJson(server, "/api/v3/analysis/organizations/gh/acme/repositories", adminToken)
        expect(listed.status).toBe(200)
        const page = Schema.decodeUnknownSync(RepositoryPage)(listed.body)
        expect(page.data.map((item) => item.repository.name)).toContain("widgets")
      }), slow)

    it.effect("analyze queues an analysis, follows it and prints the measured numbers; coverage upload; --no-wait only queues", () =>
      Effect.gen(function*() {
        const { cli, repository, server } = yield* Fixture
        succeeds(yield* cli(["repo", "add", "gh/analysed/widgets", "--git", repository]))
        const analysed = succeeds(yield* cli(["analyze", "gh/analysed/widgets"]))
        expect(analysed.stdout).toMatch(/^Queued an analysis of gh\/analysed\/widgets main at [0-9a-f]{12}$/m)
        expect(analysed.stdout).toMatch(/^Analysed [0-9a-f]{12} in \d+ s$/m)
        // One line of TypeScript and one of Markdown (equal: by name), no issue of the default patterns.
        expect(analysed.stdout).toMatch(/^lines of code +2$/m)
        expect(analysed.stdout).toMatch(/^issues +0 \(0 %\)$/m)
        expect(analysed.stdout).toMatch(/^grade +100 \(A\)$/m)
        expect(analysed.stdout).toMatch(/^languages +Markdown, TypeScript$/m)

        // A report made where the repository is checked out: its absolute paths start with the current directory.
        const sha = (yield* git(repository, ["rev-parse", "HEAD"])).trim()
        yield* Effect.sync(() =>
          writeFileSync(join(repository, "lcov.info"), `SF:${join(repository, "src", "index.ts")}\nDA:1,1\nend_of_record\n`)
        )
        const uploaded = succeeds(yield* cli(["coverage", "upload", "gh/analysed/widgets", "--commit", sha, "--file", "lcov.info"], {}, repository))
        expect(uploaded.stdout).toMatch(/^lines +100 % \(1 of 1\)$/m)
        expect(uploaded.stdout).toMatch(/^files uncovered +0$/m)
        const shown = yield* getJson(server, "/api/v3/analysis/organizations/gh/analysed/repositories/widgets", adminToken)
        expect(shown.body).toMatchObject({ data: { coverage: { coveragePercentage: 100, lastCommitWithCoverage: sha } } })

        const queued = succeeds(yield* cli(["analyze", "gh/analysed/widgets", "--no-wait"]))
        expect(queued.stdout.trim().split("\n")).toHaveLength(1)
        failsWith(yield* cli(["analyze", "gh/analysed/widgets", "--branch", "nope"]), /Branch .nope. not found/)
        // The server's first analysis (its analysis threads start with it) and five commands: 37 s in
        // one clean run of the suite, past 60 s in the next (a load of 8 on the two cores).
      }), 2 * slow)

    it.effect("repo add resolves a relative --git path against the command's working directory, not the server's", () =>
      Effect.gen(function*() {
        const { cli, directory } = yield* Fixture
        const added = succeeds(yield* cli(["repo", "add", "gh/relative-org/copy", "--git", "widgets"], {}, directory))
        expect(added.stdout).toContain("gh/relative-org/copy")
      }), slow)

    it.effect("repo add reports a repository git cannot read, and a malformed name, on stderr", () =>
      Effect.gen(function*() {
        const { cli, repository } = yield* Fixture
        failsWith(yield* cli(["repo", "add", "gh/acme/ghost", "--git", `${repository}-missing`]), /ghost|missing|git/)

        const malformed = yield* cli(["repo", "add", "xx/acme/widgets", "--git", repository])
        expect(malformed.exitCode).not.toBe(0)
        expect(malformed.stderr).toContain("<provider>/<organization>/<name>")
      }), slow)

    it.effect("token create prints a secret alone on the last line; it authenticates against the analysis API", () =>
      Effect.gen(function*() {
        const { cli, repository, server } = yield* Fixture
        succeeds(yield* cli(["repo", "add", "gh/tokens-org/widgets", "--git", repository]))

        const created = succeeds(yield* cli(["token", "create", "gh/tokens-org", "--permission", "read"]))
        const lines = created.stdout.trimEnd().split("\n")
        expect(lines.length).toBeGreaterThan(1)
        expect(lines[0]).toContain("gh/tokens-org (id ")
        expect(lines[0]).toContain("permission read")
        const secret = lastLine(created.stdout)
        expect(secret).toMatch(/^\S{20,}$/)

        const path = "/api/v3/analysis/organizations/gh/tokens-org/repositories"
        const withSecret = yield* getJson(server, path, secret)
        expect(withSecret.status).toBe(200)
        expect(Schema.decodeUnknownSync(RepositoryPage)(withSecret.body).data.map((item) => item.repository.name))
          .toEqual(["widgets"])
        expect((yield* getJson(server, path, `${secret}x`)).status).toBe(401)
      }), slow)

    it.effect("repo webhook-secret prints where the hosts deliver and the secret alone on the last line; a delivery signed with it is accepted", () =>
      Effect.gen(function*() {
        const { cli, repository, server } = yield* Fixture
        succeeds(yield* cli(["repo", "add", "gh/hooks-org/widgets", "--git", repository]))
        const issued = succeeds(yield* cli(["repo", "webhook-secret", "gh/hooks-org/widgets"]))
        const hookUrl = `${server.url}/api/v3/hooks/gh/hooks-org/repositories/widgets/github`
        expect(issued.stdout).toContain(`GitHub (content type application/json, signed): ${hookUrl}`)
        expect(issued.stdout).toContain(`GitLab (secret token): ${server.url}/api/v3/hooks/gh/hooks-org/repositories/widgets/gitlab`)
        const secret = lastLine(issued.stdout)
        expect(secret).toMatch(/^tmw_\S{20,}$/)

        const body = JSON.stringify({ zen: "Keep it logically awesome.", hook_id: 1 })
        const deliver = (key: string) =>
          Effect.promise(() =>
            fetch(hookUrl, {
              method: "POST",
              body,
              headers: {
                "content-type": "application/json",
                "x-github-event": "ping",
                "x-hub-signature-256": `sha256=${createHmac("sha256", key).update(body).digest("hex")}`
              }
            }).then((response) => response.status)
          )
        expect(yield* deliver(secret)).toBe(200)
        expect(yield* deliver(`${secret}x`)).toBe(401)
      }), slow)

    it.effect("org settings shows an organization's settings and, for the installation admin, changes them", () =>
      Effect.gen(function*() {
        const { cli, repository } = yield* Fixture
        succeeds(yield* cli(["repo", "add", "gh/settings-org/widgets", "--git", repository]))
        const shown = succeeds(yield* cli(["org", "settings", "gh/settings-org"]))
        expect(shown.stdout.trim()).toBe("gh/settings-org: configuration files not allowed")
        const allowed = succeeds(yield* cli(["org", "settings", "gh/settings-org", "--configuration-files", "allow", "--json"]))
        expect(JSON.parse(allowed.stdout)).toEqual({ data: { allowConfigurationFiles: true } })
        const refused = succeeds(yield* cli(["org", "settings", "gh/settings-org", "--configuration-files", "refuse"]))
        expect(refused.stdout.trim()).toBe("gh/settings-org: configuration files not allowed")
        // An organization's own admin token may read them, not change them.
        const token = lastLine(succeeds(yield* cli(["token", "create", "gh/settings-org", "--permission", "admin"])).stdout)
        failsWith(
          yield* cli(["org", "settings", "gh/settings-org", "--configuration-files", "allow"], { TIDEMARK_ADMIN_TOKEN: token }),
          /installation admin/
        )
      }), slow)

    it.effect("key create prints an ingestion key on the last line; the ingestion API accepts it", () =>
      Effect.gen(function*() {
        const { cli, repository, server } = yield* Fixture
        succeeds(yield* cli(["repo", "add", "gh/keys-org/widgets", "--git", repository]))

        const created = succeeds(yield* cli(["key", "create", "gh/keys-org"]))
        expect(created.stdout).toContain("Ingestion key for gh/keys-org")
        const key = lastLine(created.stdout)
        expect(key).toMatch(/^\S{20,}$/)

        // Authentication comes first: a wrong key is refused with 401, a good one gets past it.
        expect((yield* postJson(server, `/v1/ingestion/github?api_key=${encodeURIComponent(`${key}x`)}`, {})).status).toBe(401)
        expect((yield* postJson(server, `/v1/ingestion/github?api_key=${encodeURIComponent(key)}`, {})).status).not.toBe(401)
      }), slow)

    it.effect("metrics prints an organization's four keys and their series; --json prints the API's answer", () =>
      Effect.gen(function*() {
        const { cli, server } = yield* Fixture
        const key = lastLine(succeeds(yield* cli(["key", "create", "gh/metrics-org"])).stdout)
        for (
          const event of [
            { $type: "change", change_id: "c1", time_created: "2024-05-01T10:00:00Z" },
            { $type: "deployment", deploy_id: "d1", time_created: "2024-05-01T12:00:00Z", changes: ["c1"] },
            { $type: "change", change_id: "c2", time_created: "2024-05-03T00:00:00Z" },
            { $type: "deployment", deploy_id: "d2", time_created: "2024-05-03T06:00:00Z", changes: ["c2"] },
            { $type: "incident", incident_id: "i1", time_created: "2024-05-03T07:00:00Z", time_resolved: "2024-05-03T07:45:00Z" }
          ]
        ) expect(yield* pushEvent(server, key, event)).toBe(204)
        const window = { system: "web", from: "2024-05-01T00:00:00Z", to: "2024-05-08T00:00:00Z", bucket: "day" }
        // The worker stores the events in the background: read until they all count.
        const api = yield* getJson(server, `/v1/metrics?${new URLSearchParams({ api_key: key, ...window })}`, "").pipe(
          Effect.filterOrFail((reply) => {
            const { data } = Schema.decodeUnknownSync(MetricsValues)(reply.body)
            return data.leadTimeForChanges.value === 14_400 && data.timeToRecover.value === 2_700
          }),
          Effect.retry(Schedule.spaced("100 millis").pipe(Schedule.upTo("20 seconds")))
        )

        const args = ["metrics", "gh/metrics-org", ...Object.entries(window).flatMap(([name, value]) => [`--${name}`, value])]
        const table = succeeds(yield* cli(args)).stdout
        expect(table).toContain(
          "Delivery metrics of gh/metrics-org, system web from 2024-05-01T00:00:00.000Z to 2024-05-08T00:00:00.000Z"
        )
        // 2 deployments in 7 days; lead times 2 h and 6 h; one incident of 45 min after d2.
        expect(table).toMatch(/^deployment frequency\s+0\.29\/day\s+Low$/m)
        expect(table).toMatch(/^lead time for changes\s+4h \(p90 5h 36m\)\s+Elite$/m)
        expect(table).toMatch(/^time to recover\s+45m\s+Elite$/m)
        expect(table).toMatch(/^change failure rate\s+50\.0 %\s+Low$/m)
        expect(table).toMatch(/^2024-05-01\s+1\.00\/day\s+2h\s+–\s+0\.0 %$/m)
        expect(table).toMatch(/^2024-05-03\s+1\.00\/day\s+6h\s+45m\s+100\.0 %$/m)
        expect(table).toMatch(/^2024-05-07\s+0\.00\/day\s+–\s+–\s+–$/m)

        const json: unknown = JSON.parse(succeeds(yield* cli([...args, "--json"])).stdout)
        expect(json).toEqual(api.body)
        failsWith(yield* cli(["metrics", "gh/never-seen"]), /not found/i)
      }), slow)

    it.effect("a standard created from a repository and applied shows in the repository's standards", () =>
      Effect.gen(function*() {
        const { cli, repository, server } = yield* Fixture
        succeeds(yield* cli(["repo", "add", "gh/standards-org/widgets", "--git", repository]))

        const created = succeeds(
          yield* cli(["standard", "create", "gh/standards-org", "--name", "Team rules", "--from-repository", "widgets", "--json"])
        )
        const standard = Schema.decodeUnknownSync(Schema.parseJson(StandardJson))(created.stdout)
        expect(standard.name).toBe("Team rules")

        const listed = succeeds(yield* cli(["standard", "list", "gh/standards-org"]))
        expect(listed.stdout).toMatch(new RegExp(`^${standard.id}\\s+Team rules\\s`, "m"))

        succeeds(yield* cli(["standard", "apply", "gh/standards-org", String(standard.id), "widgets"]))
        const standardsOf = Effect.map(
          getJson(server, "/api/v3/analysis/organizations/gh/standards-org/repositories/widgets", adminToken),
          (response) => Schema.decodeUnknownSync(RepositoryStandards)(response.body).data.repository.standards
        )
        expect(yield* standardsOf).toEqual([{ id: standard.id, name: "Team rules" }])

        succeeds(yield* cli(["standard", "unapply", "gh/standards-org", String(standard.id), "widgets"]))
        expect(yield* standardsOf).toEqual([])

        failsWith(yield* cli(["standard", "apply", "gh/standards-org", "999", "widgets"]), /not found/i)
      }), slow)

    it.effect("serve serves the workspace's dashboard build at / and its assets", () =>
      Effect.gen(function*() {
        const { server } = yield* Fixture
        expect(yield* loadDashboard(server)).toEqual(servedDashboard)
      }), slow)

    it.effect("a wrong admin token fails with `error:` on stderr and a non-zero exit", () =>
      Effect.gen(function*() {
        const { cli } = yield* Fixture
        failsWith(yield* cli(["token", "create", "gh/acme"], { TIDEMARK_ADMIN_TOKEN: "tma_wrong" }), /credentials|token/i)
        failsWith(yield* cli(["standard", "list", "gh/acme", "--token", "tma_wrong"]), /credentials|token/i)
      }), slow)

    it.effect("no token at all is a usage error naming the variables", () =>
      Effect.gen(function*() {
        const { server } = yield* Fixture
        const result = yield* runCli(["key", "create", "gh/acme"], { TIDEMARK_URL: server.url })
        expect(result.exitCode).not.toBe(0)
        expect(result.stderr).toContain("TIDEMARK_TOKEN (or TIDEMARK_ADMIN_TOKEN)")
      }), slow)
  })
})

describe("tidemark (server not reachable)", () => {
  layer(NodeContext.layer, { excludeTestServices: true })((it) => {
    it.effect("an unreachable --url fails with a clear message and a non-zero exit", () =>
      Effect.gen(function*() {
        yield* requireBuild
        const closed = `http://127.0.0.1:${yield* freePort}`
        const result = yield* runCli(["token", "create", "gh/acme", "--url", closed], { TIDEMARK_ADMIN_TOKEN: adminToken })
        failsWith(result, /cannot reach the Tidemark server at http:\/\/127\.0\.0\.1:\d+/)
        expect(result.stdout).toBe("")

        // A URL's credentials are not repeated on stderr.
        const withCredentials = closed.replace("//", "//proxy:hunter2-secret@")
        const quoted = yield* runCli(["token", "create", "gh/acme", "--url", withCredentials], { TIDEMARK_ADMIN_TOKEN: adminToken })
        failsWith(quoted, /proxy:REDACTED@127\.0\.0\.1/)
        expect(quoted.stderr).not.toContain("hunter2-secret")
      }), slow)
  })
})

describe("tidemark serve (admin token)", () => {
  layer(NodeContext.layer, { excludeTestServices: true })((it) => {
    it.scoped("without TIDEMARK_ADMIN_TOKEN, prints a generated token once; it works, and works again when set after a restart", () =>
      Effect.gen(function*() {
        yield* requireBuild
        const directory = yield* scratch
        const dataDir = `${directory}/data`

        const generated = yield* Effect.scoped(Effect.gen(function*() {
          const server = yield* startServer({ dataDir })
          const announcement = /Generated admin token[^\n]*\n(\S+)/
          const output = yield* waitForOutput(server, announcement)
          expect(output.match(/Generated admin token/g)).toHaveLength(1)
          const token = announcement.exec(output)?.[1] ?? ""
          expect(token).not.toBe("")
          const used = succeeds(yield* runCli(["token", "create", "gh/acme"], { TIDEMARK_URL: server.url, TIDEMARK_ADMIN_TOKEN: token }))
          expect(lastLine(used.stdout)).not.toBe(token)
          return token
        }))

        // Restarted with the printed token configured: nothing new is generated, the token still works.
        const server = yield* startServer({ dataDir, adminToken: generated })
        const used = yield* runCli(["token", "create", "gh/acme"], { TIDEMARK_URL: server.url, TIDEMARK_ADMIN_TOKEN: generated })
        succeeds(used)
        expect(yield* server.stdout).not.toContain("Generated admin token")
      }), 2 * slow)
  })
})

describe("tidemark serve (analysers)", () => {
  layer(NodeContext.layer, { excludeTestServices: true })((it) => {
    it.scoped("logs at start-up the analysers it runs with their versions, and how to install those it cannot find", () =>
      Effect.gen(function*() {
        yield* requireBuild
        const directory = yield* scratch
        // A PATH with git and ShellCheck only: Cppcheck, installed on this machine, is not on it.
        const bin = join(directory, "bin")
        mkdirSync(bin)
        for (const program of ["git", "shellcheck"]) symlinkSync(which(program), join(bin, program))
        const server = yield* startServer({ dataDir: `${directory}/data`, adminToken, env: { PATH: bin } })
        const output = yield* waitForOutput(server, /analysers not installed: [^\n]*\n/)
        const installed = /analysers: ([^\n]*)\n/.exec(output)?.[1] ?? ""
        expect(installed).toMatch(/ESLint \d+\.\d+/)
        expect(installed).toMatch(/ShellCheck 0\.\d+/)
        expect(installed).not.toContain("Cppcheck")
        expect(/analysers not installed: ([^\n]*)\n/.exec(output)?.[1]).toMatch(/(^|; )Cppcheck: install cppcheck \(apt-get install cppcheck/)
      }), slow)
  })
})

const which = (program: string): string => {
  const found = (process.env["PATH"] ?? "").split(":").map((directory) => join(directory, program)).find((file) => existsSync(file))
  if (found === undefined) throw new Error(`${program} is not on PATH`)
  return found
}

/**
 * Issue 14: `tidemark gate` waits for a pull request's or a commit's analysis on a real server
 * reading a real git repository, prints the new issues and the gate's rules, and answers with its
 * exit code: 0 up to standards, 1 not, 2 cannot tell. One server and one repository for the file.
 */
import * as NodeContext from "@effect/platform-node/NodeContext"
import { describe, expect, layer } from "@effect/vitest"
import { Context, Effect, Layer } from "effect"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { type CliResult, git, lastLine, type RunningServer, serverWithRepository } from "./CliFixture.js"

const adminToken = "tma_gate-admin-token"
const repositoryName = "gh/gate-org/app"
const api = "/api/v3"
const repositoryApi = `${api}/analysis/organizations/gh/gate-org/repositories/app`

/** Each command is a fresh Node process; a test runs several and waits for analyses. */
const slow = 120_000

const send = (server: RunningServer, method: "PUT", path: string, body: unknown) =>
  Effect.promise(async () => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { "content-type": "application/json", "api-token": adminToken },
      body: JSON.stringify(body)
    })
    const text = await response.text()
    if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text}`)
  })

/** Commits `files` on `branch` (made from main when new) and answers the commit's sha; main stays checked out. */
const commitOn = (repository: string, branch: string, files: Readonly<Record<string, string>>) =>
  Effect.gen(function*() {
    const exists = (yield* git(repository, ["branch", "--list", branch])).trim() !== ""
    yield* git(repository, ["checkout", "--quiet", ...(exists ? [branch] : ["-b", branch, "main"])])
    yield* Effect.sync(() => Object.entries(files).forEach(([file, content]) => writeFileSync(join(repository, file), content)))
    yield* git(repository, ["add", "--all"])
    yield* git(repository, ["commit", "--quiet", "-m", `Change ${branch}`])
    const sha = (yield* git(repository, ["rev-parse", "HEAD"])).trim()
    yield* git(repository, ["checkout", "--quiet", "main"])
    return sha
  })

/** The CLI's fixture server and repository, the repository added (which queues the analysis of main). */
class Fixture extends Context.Tag("GateFixture")<Fixture, Effect.Effect.Success<ReturnType<typeof serverWithRepository>>>() {
  static readonly layer = Layer.scoped(
    Fixture,
    Effect.tap(serverWithRepository(adminToken), ({ cli, repository }) =>
      Effect.map(cli(["repo", "add", repositoryName, "--git", repository]), (added) => expect(added, added.stderr).toMatchObject({ exitCode: 0 })))
  ).pipe(Layer.provide(NodeContext.layer))
}

const exits = (result: CliResult, code: number) => {
  expect(result.exitCode, `${result.stdout}\n${result.stderr}`).toBe(code)
  return result
}

layer(Fixture.layer, { timeout: "120 seconds", excludeTestServices: true })("tidemark gate", (it) => {
  describe("--pr", () => {
    it.effect("a pull request adding an issue is not up to standards (1), and is once the gate allows five (0)", () =>
      Effect.gen(function*() {
        const { cli, repository, server } = yield* Fixture
        yield* commitOn(repository, "topic", { "src/b.js": "export const f = () => missing\n" })
        yield* send(server, "PUT", `${repositoryApi}/pull-requests/1`, { title: "Feature", originBranch: "topic", targetBranch: "main" })

        const failed = exits(yield* cli(["gate", repositoryName, "--pr", "1"]), 1)
        expect(failed.stdout).toMatch(/Pull request #1 "Feature" \(topic → main\) at [0-9a-f]{12}: 1 new issue, 0 fixed/)
        expect(failed.stdout).toMatch(/^src\/b\.js:1 +ESLint9_no-undef +\w+ +'missing' is not defined\.$/m)
        expect(failed.stdout).toMatch(/^issueThreshold +quality +0 \(Info or worse\) +no$/m)
        expect(failed.stdout).toContain("coverage: no coverage report for the head")
        expect(lastLine(failed.stdout)).toBe("verdict: not up to standards (issueThreshold)")
        expect(failed.stderr).toBe("")

        yield* send(server, "PUT", `${api}/organizations/gh/gate-org/repositories/app/settings/quality/pull-requests`, {
          issueThreshold: { threshold: 5 }
        })
        const passed = exits(yield* cli(["gate", repositoryName, "--pr", "1"]), 0)
        expect(passed.stdout).toMatch(/^src\/b\.js:1 +ESLint9_no-undef/m)
        expect(passed.stdout).toMatch(/^issueThreshold +quality +5( \(\w+ or worse\))? +yes$/m)
        expect(lastLine(passed.stdout)).toBe("verdict: up to standards")
      }), slow)

    it.effect("coverage uploaded for the head is part of the verdict at once: diff coverage below the gate's is 1", () =>
      Effect.gen(function*() {
        const { cli, directory, repository, server } = yield* Fixture
        const head = (yield* git(repository, ["rev-parse", "topic"])).trim()
        yield* send(server, "PUT", `${api}/organizations/gh/gate-org/repositories/app/settings/quality/pull-requests`, {
          issueThreshold: { threshold: 5 },
          diffCoverageThreshold: 70
        })
        const report = join(directory, "gate.lcov")
        writeFileSync(report, `SF:${join(repository, "src/b.js")}\nDA:1,0\nend_of_record\n`)
        exits(yield* cli(["coverage", "upload", repositoryName, "--commit", head, "--file", report, "--root", repository]), 0)

        const failed = exits(yield* cli(["gate", repositoryName, "--pr", "1"]), 1)
        expect(failed.stdout).toContain("coverage: diff coverage 0 % (0 of 1 lines)")
        expect(failed.stdout).toMatch(/^diffCoverageThreshold +coverage +70 +no$/m)
        expect(lastLine(failed.stdout)).toBe("verdict: not up to standards (diffCoverageThreshold)")
      }), slow)

    it.effect("an unknown pull request is 2 once --timeout has passed, with what it waited for", () =>
      Effect.gen(function*() {
        const { cli } = yield* Fixture
        const unknown = exits(yield* cli(["gate", repositoryName, "--pr", "99", "--timeout", "1"]), 2)
        expect(unknown.stderr).toMatch(/^error: cannot tell: after 1 s: .*99/m)
      }), slow)
  })

  describe("--commit", () => {
    it.effect("a read token of the organization in TIDEMARK_TOKEN is enough, and is used before TIDEMARK_ADMIN_TOKEN", () =>
      Effect.gen(function*() {
        const { cli, repository } = yield* Fixture
        const created = exits(yield* cli(["token", "create", "gh/gate-org", "--permission", "read"]), 0)
        const readToken = lastLine(created.stdout)
        const main = (yield* git(repository, ["rev-parse", "main"])).trim()
        const judged = exits(yield* cli(["gate", repositoryName, "--commit", main], { TIDEMARK_TOKEN: readToken, TIDEMARK_ADMIN_TOKEN: "tmt.wrong" }), 0)
        expect(lastLine(judged.stdout)).toBe("verdict: up to standards")
        // The same token may not change anything: opening a pull request takes a write token.
        const refused = yield* cli(["pr", "open", repositoryName, "2", "--title", "T", "--from", "topic", "--to", "main"], {
          TIDEMARK_TOKEN: readToken
        })
        expect(refused.exitCode).toBe(1)
        expect(refused.stderr).toMatch(/^error: .*(permission|forbidden|not allowed)/im)
      }), slow)

    it.effect("a branch's commits: the first analysis changes nothing (0), a commit adding an issue is not up to standards (1)", () =>
      Effect.gen(function*() {
        const { cli, repository } = yield* Fixture
        const first = (yield* git(repository, ["rev-parse", "main"])).trim()
        const clean = exits(yield* cli(["gate", repositoryName, "--commit", first]), 0)
        expect(clean.stdout).toContain("No new issues.")
        expect(lastLine(clean.stdout)).toBe("verdict: up to standards")

        // The server learns of the commit when the repository is added again; gate waits for its analysis meanwhile.
        const second = yield* commitOn(repository, "main", { "src/c.js": "export const g = () => nothing\n" })
        exits(yield* cli(["repo", "add", repositoryName, "--git", repository]), 0)
        const failed = exits(yield* cli(["gate", repositoryName, "--commit", second]), 1)
        expect(failed.stdout).toMatch(/^src\/c\.js:1 +ESLint9_no-undef/m)
        expect(lastLine(failed.stdout)).toBe("verdict: not up to standards (issueThreshold)")
      }), slow)
  })

  describe("cannot tell (2)", () => {
    it.effect("a wrong token, a server that does not answer, no pull request or commit named", () =>
      Effect.gen(function*() {
        const { cli } = yield* Fixture
        const refused = exits(yield* cli(["gate", repositoryName, "--pr", "1"], { TIDEMARK_ADMIN_TOKEN: "tmt.wrong" }), 2)
        expect(refused.stderr).toMatch(/^error: cannot tell: /m)
        const unreachable = exits(yield* cli(["gate", repositoryName, "--pr", "1"], { TIDEMARK_URL: "http://127.0.0.1:1" }), 2)
        expect(unreachable.stderr).toMatch(/cannot reach the Tidemark server/)
        exits(yield* cli(["gate", repositoryName]), 2)
      }), slow)
  })
})

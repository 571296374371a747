/**
 * What the dashboard's pull-request and commit end-to-end suite runs against, seeded through the
 * public APIs only: gh/acme's `app`, a real git repository with two analysed commits on `main`, a
 * pull request from `topic/x` (an issue added, one fixed, a clone, a coverage report of its head),
 * and one from a branch that does not exist.
 */
import type * as FileSystem from "@effect/platform/FileSystem"
import * as Path from "@effect/platform/Path"
import { Effect, Schedule } from "effect"
import { writeFileSync } from "node:fs"
import { expect } from "vitest"
import { adminSecret, getJson, git, gitRepository, postOk as post, type RunningServer } from "./CliFixture.js"
import type * as DashboardServer from "./DashboardServer.js"
import { block } from "./DashboardSeed.js"

export const adminToken = "tma_dashboard-changes-e2e-admin"
export const organization = "gh/acme"
export const repositoryPath = `/api/v3/analysis/organizations/${organization}/repositories/app`

/** Two issues: a.js's unused constant, b.js's undefined name. */
const firstFiles = {
  "src/a.js": "const unused = 1\nexport const answer = () => 42\n",
  "src/b.js": "export const f = () => missing\n"
}

/**
 * b.js's issue fixed; c.js brings two (an unused name, an undefined one); 12 000 clean lines in
 * table.js make the issues a far smaller share of the code, so the grade rises (D to B).
 */
const secondFiles = {
  "src/b.js": "export const f = () => 1\n",
  "src/c.js": "let other = 2\nexport const g = () => nope\n",
  "src/table.js": Array.from({ length: 12_000 }, (_, i) => `export const value${i} = ${i * 7}`).join("\n") + "\n"
}

/** widgets' function, duplicated by the pull request. */
const clonedFunction = `${block.join("\n")}\n`

/** The pull request: a.js's unused constant removed (fixed), an undefined name added (new), a clone between two new files. */
const featureFiles = {
  "src/a.js": "export const answer = () => 42\nexport const h = () => nope\n",
  "src/copy1.js": clonedFunction,
  "src/copy2.js": `// the same again\n${clonedFunction}`
}

/** The head's report: a.js's two lines, one of them run; copy1.js partly run. */
const featureCoverage = "SF:src/a.js\nDA:1,1\nDA:2,0\nend_of_record\nSF:src/copy1.js\nDA:2,1\nDA:3,1\nDA:4,1\nDA:5,0\nend_of_record\n"

/** The pull requests' gate: no new issue, no new clone, little complexity, half the changed lines covered. */
const pullRequestGate = {
  issueThreshold: { threshold: 0, minimumSeverity: "Info" },
  duplicationThreshold: 0,
  complexityThreshold: 10,
  diffCoverageThreshold: 50
}

const send = (server: RunningServer, method: "PUT", path: string, body: unknown, token: string) =>
  Effect.promise(async () => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { "content-type": "application/json", "api-token": token },
      body: JSON.stringify(body)
    })
    const text = await response.text()
    if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${text}`)
    return JSON.parse(text) as unknown
  })

const commitAll = (repository: string, files: Readonly<Record<string, string>>, message: string) =>
  Effect.gen(function*() {
    for (const [file, content] of Object.entries(files)) writeFileSync((yield* Path.Path).join(repository, file), content)
    yield* git(repository, ["add", "--all"])
    yield* git(repository, ["commit", "--quiet", "-m", message])
    return (yield* git(repository, ["rev-parse", "HEAD"])).trim()
  })

const retried = Schedule.spaced("100 millis").pipe(Schedule.upTo("90 seconds"))

const untilAnalysed = (server: RunningServer, token: string, sha: string) =>
  getJson(server, repositoryPath, token).pipe(
    Effect.filterOrFail((reply) => (reply.body as { data?: { lastAnalysedCommit?: { sha: string } } }).data?.lastAnalysedCommit?.sha === sha),
    Effect.retry(retried)
  )

const addApp = (server: RunningServer, repository: string) =>
  post(server, "/api/v3/repositories", { provider: "gh", repositoryFullPath: "acme/app", gitUrl: repository }, adminToken)

export const seed: DashboardServer.Seed = (server, directory) =>
  Effect.gen(function*() {
    const repository = yield* gitRepository(directory, "app", firstFiles)
    const token = yield* adminSecret(server, adminToken, `/api/v3/admin/organizations/${organization}/tokens`, { permission: "read" })
    const writer = yield* adminSecret(server, adminToken, `/api/v3/admin/organizations/${organization}/tokens`, { permission: "write" })
    yield* addApp(server, repository)
    const firstSha = (yield* git(repository, ["rev-parse", "HEAD"])).trim()
    yield* untilAnalysed(server, token, firstSha)
    const secondSha = yield* commitAll(repository, secondFiles, "Fix b, add c")
    // Adding the repository again refreshes it and analyses its default branch's new head.
    yield* addApp(server, repository)
    yield* untilAnalysed(server, token, secondSha)

    yield* git(repository, ["checkout", "--quiet", "-b", "topic/x"])
    const featureSha = yield* commitAll(repository, featureFiles, "Feature X")
    yield* git(repository, ["checkout", "--quiet", "main"])
    yield* post(server, `${repositoryPath}/coverage`, { commitSha: featureSha, format: "lcov", report: featureCoverage }, writer)
    yield* send(server, "PUT", `/api/v3/organizations/${organization}/repositories/app/settings/quality/pull-requests`, pullRequestGate, writer)
    yield* send(server, "PUT", `${repositoryPath}/pull-requests/7`, { title: "Feature X", originBranch: "topic/x", targetBranch: "main" }, writer)
    yield* send(server, "PUT", `${repositoryPath}/pull-requests/8`, { title: "Ghost", originBranch: "nope", targetBranch: "main" }, writer)
    yield* getJson(server, `${repositoryPath}/pull-requests/7`, token).pipe(
      Effect.filterOrFail((reply) => reply.status === 200 && (reply.body as { isAnalysing: boolean }).isAnalysing === false),
      Effect.retry(retried)
    )
    expect((yield* getJson(server, `${repositoryPath}/pull-requests/8`, token)).status).toBe(200)
    return token
  }) satisfies Effect.Effect<string, unknown, FileSystem.FileSystem | Path.Path>

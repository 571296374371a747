/**
 * Issue 15: the original service's coverage reporters upload to our API 2.0 unchanged. The npm
 * reporter `codacy-coverage` 3.4.0 itself runs against the server with a repository token and with
 * an organization's API token; the official reporter's request sequence (partial reports of
 * several languages, then the final call) is replayed as it sends it. The repository then shows
 * the coverage as it shows a report uploaded with `tidemark coverage upload`.
 */
import { execFile } from "node:child_process"
import { createRequire } from "node:module"
import { describe, expect, layer } from "@effect/vitest"
import { CoverageReports } from "@tidemark/core"
import { Effect, Schema } from "effect"
import { FilePage, LineCoverageBody, RepositoryData, SecretBody } from "./fixtures/Bodies.js"
import * as Http from "./fixtures/Http.js"
import { addRepository, issueToken, newOrganization, once, type Organization, paths, untilAnalysed } from "./fixtures/Scenario.js"
import { analysingTestLayer } from "./fixtures/TestLayer.js"
import { adminToken, TestServer } from "./fixtures/TestServer.js"

const files = {
  "src/a.js": "export const a = (x) => {\n  if (x) return 1\n  return 2\n}\n",
  "src/b.js": "export const b = () => 3\n",
  "lib/c.ts": "export const c = (): number => 4\n"
}

const repositoryTokenPath = (org: Organization, name: string) =>
  `/api/v3/admin/organizations/${org.provider}/${encodeURIComponent(org.name)}/repositories/${encodeURIComponent(name)}/tokens`

const issueRepositoryToken = (org: Organization, name: string) =>
  Effect.map(Http.post(repositoryTokenPath(org, name), { token: adminToken }), (reply) => Http.expectBody(reply, 201, SecretBody).data)

/** Where the repository's files and coverage reports are read. */
const filesBase = (org: Organization) => `/api/v3/organizations/${org.provider}/${encodeURIComponent(org.name)}/repositories/covered`

const analysedRepository = (prefix: string) =>
  Effect.gen(function*() {
    const org = newOrganization(prefix)
    const token = yield* issueToken(org)
    const added = yield* addRepository(org, "covered", { files })
    yield* untilAnalysed(org, "covered", token, added.git.mainSha)
    const repositoryToken = yield* issueRepositoryToken(org, "covered")
    return { org, token, sha: added.git.mainSha, repositoryToken: repositoryToken.secret, base: filesBase(org) }
  })

/** Each file's `[path, coverage with decimals]` as listFiles shows them, by path. */
const fileCoverage = (base: string, token: string) =>
  Effect.map(
    Http.get(`${base}/files`, { token }),
    (reply) => Http.expectBody(reply, 200, FilePage).data.map((f) => [f.path, f.coverageWithDecimals] as const)
  )

const lineHits = (base: string, token: string, path: string) =>
  Effect.gen(function*() {
    const listed = Http.expectBody(yield* Http.get(`${base}/files`, { token }), 200, FilePage).data
    const id = listed.find((f) => f.path === path)?.fileId ?? -1
    return Http.expectBody(yield* Http.get(`${base}/files/${id}/coverage`, { token }), 200, LineCoverageBody).data
  })

const repositoryCoverage = (org: Organization, token: string) =>
  Effect.map(Http.get(paths.repository(org, "covered"), { token }), (reply) => Http.expectBody(reply, 200, RepositoryData).data.coverage)

const coverageReports = (base: string, token: string) =>
  Effect.map(Http.get(`${base}/coverage/status`, { token }), (reply) => Http.expectBody(reply, 200, CoverageReports.CoverageReportResponse).data)

// ---- the npm reporter itself ----

const reporterBin = createRequire(import.meta.url).resolve("codacy-coverage/bin/codacy-coverage.js")

interface ReporterRun {
  readonly code: number
  readonly output: string
}

/** Runs `codacy-coverage` with an LCOV report on its stdin, as a CI job pipes it. */
const runNpmReporter = (args: ReadonlyArray<string>, lcov: string) =>
  Effect.flatMap(TestServer, ({ baseUrl }) =>
    Effect.async<ReporterRun>((resume) => {
      const child = execFile(
        process.execPath,
        [reporterBin, "--endpoint", baseUrl, ...args],
        { env: { PATH: process.env["PATH"] ?? "" }, timeout: 30_000 },
        (error, stdout, stderr) => resume(Effect.succeed({ code: error === null ? 0 : (child.exitCode ?? 1), output: `${stdout}${stderr}` }))
      )
      child.stdin?.end(lcov)
    }))

const lcovOf = (records: Readonly<Record<string, ReadonlyArray<readonly [number, number]>>>) =>
  Object.entries(records)
    .flatMap(([path, lines]) => [`SF:${path}`, ...lines.map(([line, hits]) => `DA:${line},${hits}`), "end_of_record"])
    .join("\n") + "\n"

// ---- the official reporter's requests, as it sends them ----

interface FileReport {
  readonly filename: string
  readonly coverage: Readonly<Record<string, number>>
}

/** The official reporter's body: `{fileReports: [{filename, coverage}]}`, line numbers as keys. */
const officialBody = (reports: ReadonlyArray<FileReport>) => ({ fileReports: reports })

const official = (path: string, header: Readonly<Record<string, string>>, json: unknown, partial?: boolean) =>
  Http.post(path, { headers: header, json, ...(partial === undefined ? {} : { query: { partial: String(partial) } }) })

const setup = once(analysedRepository("reporters"))

layer(analysingTestLayer, { excludeTestServices: true, timeout: "120 seconds" })("coverage reporters (API 2.0)", (it) => {
  describe("the npm reporter codacy-coverage 3.4.0", () => {
    it.effect("uploads with a repository token, then with the organization's API token; the repository shows each", () =>
      Effect.gen(function*() {
        const { base, org, repositoryToken, sha, token } = yield* setup
        const first = yield* runNpmReporter(
          ["--token", repositoryToken, "--commit", sha],
          lcovOf({ "src/a.js": [[1, 3], [2, 0], [3, 1]], "src/b.js": [[1, 0]] })
        )
        expect(first.code, first.output).toBe(0)
        expect(yield* fileCoverage(base, token)).toEqual([["lib/c.ts", undefined], ["src/a.js", 66.67], ["src/b.js", 0]])
        expect(yield* lineHits(base, token, "src/a.js")).toEqual([{ line: 1, hits: 3 }, { line: 2, hits: 0 }, { line: 3, hits: 1 }])
        expect(yield* repositoryCoverage(org, token)).toMatchObject({
          numberTotalFiles: 2,
          numberCoveredLines: 2,
          numberCoverableLines: 4,
          coveragePercentageWithDecimals: 50
        })

        // Account mode: `--accountToken`, the organization as `--username`, the repository as `--projectName`.
        const second = yield* runNpmReporter(
          ["--accountToken", token, "--username", org.name, "--projectName", "covered", "--commit", sha],
          lcovOf({ "src/b.js": [[1, 2]] })
        )
        expect(second.code, second.output).toBe(0)
        // A whole report replaces the files it names and keeps the others.
        expect(yield* fileCoverage(base, token)).toEqual([["lib/c.ts", undefined], ["src/a.js", 66.67], ["src/b.js", 100]])
        expect(yield* repositoryCoverage(org, token)).toMatchObject({ numberCoveredLines: 3, numberCoverableLines: 4 })
      }))

    it.effect("fails (exit code 1) with a token the server does not know, and nothing is stored", () =>
      Effect.gen(function*() {
        const { base, sha, token } = yield* setup
        const before = yield* coverageReports(base, token)
        const run = yield* runNpmReporter(["--token", "tmr.nope.nope", "--commit", sha], lcovOf({ "src/a.js": [[1, 0]] }))
        expect(run.code).toBe(1)
        expect(run.output).toMatch(/401/)
        expect(yield* coverageReports(base, token)).toEqual(before)
      }))
  })

  describe("the official reporter's sequence", () => {
    it.effect("partial reports of two languages (one in two shards) add up; the final call completes them", () =>
      Effect.gen(function*() {
        const { base, org, repositoryToken, token } = yield* setup
        const commit = "1111111111111111111111111111111111111111"
        const project = { "project-token": repositoryToken }
        const success = (reply: Http.Reply) => Http.expectBody(reply, 200, Schema.Struct({ success: Schema.String })).success

        success(yield* official(`/2.0/coverage/${commit}/javascript`, project, officialBody([
          { filename: "src/a.js", coverage: { "1": 1, "2": 0 } }
        ]), true))
        success(yield* official(`/2.0/coverage/${commit}/javascript`, project, officialBody([
          { filename: "src/a.js", coverage: { "2": 4, "3": 0 } },
          { filename: "src/b.js", coverage: { "1": 0 } }
        ]), true))
        // The account form the official reporter uses names the provider.
        success(yield* official(`/2.0/gh/${org.name}/covered/commit/${commit}/coverage/typescript`, { "api-token": token }, officialBody([
          { filename: "lib/c.ts", coverage: { "1": 2 } }
        ]), true))
        expect(success(yield* Http.post(`/2.0/commit/${commit}/coverageFinal`, { headers: project, json: {} }))).toMatch(/3 file/)

        // Not analysed yet: kept, and listed as waiting for its commit.
        const listed = yield* coverageReports(base, token)
        expect(listed.lastReports?.find((r) => r.targetCommitSha === commit)?.status).toBe("CommitNotAnalysed")
      }))

    it.effect("on the analysed commit, the added-up reports are what the files and the repository show", () =>
      Effect.gen(function*() {
        const { base, org, repositoryToken, sha, token } = yield* analysedRepository("reporters-final")
        const account = { api_token: token }
        const at = `/2.0/gh/${org.name}/covered/commit/${sha}`
        yield* official(`/2.0/coverage/${sha}/javascript`, { project_token: repositoryToken }, officialBody([
          { filename: "./src/a.js", coverage: { "1": 1, "2": 0 } }
        ]), true)
        yield* official(`${at}/coverage/javascript`, account, officialBody([{ filename: "src/a.js", coverage: { "2": 1, "3": 0 } }]), true)
        // Built and installed files the analysis leaves out (the default ignored paths) do not count.
        yield* official(`${at}/coverage/typescript`, account, officialBody([
          { filename: "lib/c.ts", coverage: { "1": 0 } },
          { filename: "dist/c.js", coverage: { "1": 1, "2": 1 } },
          { filename: "node_modules/left-pad/index.js", coverage: { "1": 1 } }
        ]), true)
        Http.expectBody(yield* Http.post(`${at}/coverageFinal`, { headers: account, json: {} }), 200, Schema.Struct({ success: Schema.String }))

        expect(yield* fileCoverage(base, token)).toEqual([["lib/c.ts", 0], ["src/a.js", 66.67], ["src/b.js", undefined]])
        expect(yield* lineHits(base, token, "src/a.js")).toEqual([{ line: 1, hits: 1 }, { line: 2, hits: 1 }, { line: 3, hits: 0 }])
        expect(yield* repositoryCoverage(org, token)).toMatchObject({ numberTotalFiles: 2, numberCoveredLines: 2, numberCoverableLines: 4 })
      }))
  })

  describe("refusals", () => {
    it.effect("an invalid or foreign token is 401 or 403 and stores nothing", () =>
      Effect.gen(function*() {
        const { base, org, repositoryToken, sha, token } = yield* setup
        const before = yield* coverageReports(base, token)
        const body = officialBody([{ filename: "src/a.js", coverage: { "1": 0 } }])
        const other = yield* analysedRepository("reporters-other")
        const refused = [
          [yield* official(`/2.0/coverage/${sha}/javascript`, {}, body), 401],
          [yield* official(`/2.0/coverage/${sha}/javascript`, { "project-token": "tmr.nope.nope" }, body), 401],
          // An API token is not a repository token, nor the reverse.
          [yield* official(`/2.0/coverage/${sha}/javascript`, { "project-token": token }, body), 401],
          [yield* official(`/2.0/gh/${org.name}/covered/commit/${sha}/coverage/javascript`, { "api-token": repositoryToken }, body), 401],
          // Another organization's token.
          [yield* official(`/2.0/gh/${org.name}/covered/commit/${sha}/coverage/javascript`, { "api-token": other.token }, body), 401],
          [yield* official(`/2.0/${org.name}/covered/commit/${sha}/coverage/javascript`, { "api_token": other.token }, body), 401],
          // A token that may only read.
          [yield* official(`/2.0/gh/${org.name}/covered/commit/${sha}/coverage/javascript`, { "api-token": yield* issueToken(org, "read") }, body), 403],
          [yield* Http.post(`/2.0/commit/${sha}/coverageFinal`, { headers: { "project-token": "tmr.nope.nope" }, json: {} }), 401]
        ] as const
        for (const [reply, status] of refused) {
          expect(reply.status, reply.text).toBe(status)
          expect(reply.body).toEqual({ error: expect.any(String), code: status === 401 ? "Unauthorized" : "Forbidden" })
        }
        expect(yield* coverageReports(base, token)).toEqual(before)
        // Another repository's token uploads to that repository only.
        const elsewhere = yield* official(`/2.0/coverage/${sha}/javascript`, { "project-token": other.repositoryToken }, body)
        expect(elsewhere.status).toBe(200)
        expect(yield* coverageReports(base, token)).toEqual(before)
      }))

    it.effect("a malformed body or commit id is 400, a commit without coverage or an unknown repository 404; never 500", () =>
      Effect.gen(function*() {
        const { base, org, repositoryToken, sha, token } = yield* setup
        const before = yield* coverageReports(base, token)
        const project = { "project-token": repositoryToken }
        const upload = `/2.0/coverage/${sha}/javascript`
        const answers = [
          [yield* Http.post(upload, { headers: project, body: "{not json" }), 400],
          [yield* Http.post(upload, { headers: project, json: { total: 50 } }), 400],
          [yield* Http.post(upload, { headers: project, json: { fileReports: [{ filename: "src/a.js", coverage: { x: 1 } }] } }), 400],
          [yield* Http.post(upload, { headers: project, json: { fileReports: [{ filename: "src/a.js", coverage: { "1": -1 } }] } }), 400],
          [yield* Http.post(upload, { headers: project, json: { fileReports: [{ filename: "", coverage: {} }] } }), 400],
          [yield* Http.post(upload, { headers: project, json: { fileReports: [] }, query: { partial: "maybe" } }), 400],
          [yield* Http.post("/2.0/coverage/not-a-sha/javascript", { headers: project, json: { fileReports: [] } }), 400],
          [yield* Http.post("/2.0/commit/2222222222222222222222222222222222222222/coverageFinal", { headers: project, json: {} }), 404],
          [yield* Http.post(`/2.0/gh/${org.name}/ghost/commit/${sha}/coverage/javascript`, { headers: { "api-token": token }, json: { fileReports: [] } }), 404],
          [yield* Http.post(`/2.0/${org.name}/ghost/commit/${sha}/coverageFinal`, { headers: { "api-token": token }, json: {} }), 404]
        ] as const
        for (const [reply, status] of answers) {
          expect(reply.status, `${reply.url} ${reply.text}`).toBe(status)
          expect(reply.body).toEqual({ error: expect.any(String), code: status === 400 ? "BadRequest" : "NotFound" })
        }
        expect(yield* coverageReports(base, token)).toEqual(before)
      }))

    it.effect("a repository token reaches nothing but the coverage uploads", () =>
      Effect.gen(function*() {
        const { org, repositoryToken } = yield* setup
        yield* Http.expectError(yield* Http.get(paths.repository(org, "covered"), { token: repositoryToken }), "Unauthorized")
        yield* Http.expectError(yield* Http.post(paths.tokens(org), { token: repositoryToken, json: {} }), "Unauthorized")
        // Only the admin or the organization's admin tokens issue one.
        yield* Http.expectError(yield* Http.post(repositoryTokenPath(org, "covered"), { token: yield* issueToken(org, "write") }), "Forbidden")
        const byOrgAdmin = yield* Http.post(repositoryTokenPath(org, "covered"), { token: yield* issueToken(org, "admin") })
        expect(Http.expectBody(byOrgAdmin, 201, SecretBody).data).toMatchObject({ kind: "repository", permission: "write" })
        yield* Http.expectError(yield* Http.post(repositoryTokenPath(org, "ghost"), { token: adminToken }), "NotFound")
      }))
  })
})

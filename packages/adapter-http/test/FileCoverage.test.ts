/**
 * Issue 13: coverage line by line. A report uploaded for the analysed commit shows in listFiles
 * (and its coverage sort), getFileWithAnalysis and getFileCoverage; listCoverageReports tells which
 * reports an analysis took in. A real git repository, the real analyzer and LCOV parser.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Schedule } from "effect"
import { CoverageReports } from "@tidemark/core"
import { FileData, FilePage, LineCoverageBody, RepositoryData } from "./fixtures/Bodies.js"
import * as Http from "./fixtures/Http.js"
import { addRepository, issueToken, newOrganization, once, type Organization, paths } from "./fixtures/Scenario.js"
import { analysingTestLayer } from "./fixtures/TestLayer.js"

const files = {
  "src/a.js": "export const a = (x) => {\n  if (x) return 1\n  return 2\n}\n",
  "src/b.js": "export const b = () => 3\n",
  "src/c.js": "export const c = () => 4\n"
}

/** a.js: 2 of 3 lines ran (66.67 %); b.js: its one line never ran; c.js is not in the report. */
const lcov = [
  "SF:/ci/src/a.js",
  "DA:1,3",
  "DA:2,0",
  "DA:3,1",
  "end_of_record",
  "SF:/ci/src/b.js",
  "DA:1,0",
  "end_of_record",
  ""
].join("\n")

const repositoryBase = (org: Organization, name: string) => `/api/v3/organizations/gh/${org.name}/repositories/${name}`

const upload = (org: Organization, name: string, token: string, commitSha: string) =>
  Effect.map(
    Http.post(paths.coverage(org, name), { token, json: { commitSha, format: "lcov", report: lcov, root: "/ci" } }),
    (reply) => expect(reply.status).toBe(201)
  )

const analysedRepository = (prefix: string, visibility?: "Public", extraFiles: Readonly<Record<string, string>> = {}) =>
  Effect.gen(function*() {
    const org = newOrganization(prefix)
    const token = yield* issueToken(org)
    const added = yield* addRepository(org, "covered", { files: { ...files, ...extraFiles }, ...(visibility === undefined ? {} : { visibility }) })
    yield* Http.get(paths.repository(org, "covered"), { token }).pipe(
      Effect.map((reply) => Http.expectBody(reply, 200, RepositoryData).data),
      Effect.filterOrFail((r) => r.lastAnalysedCommit?.sha === added.git.mainSha, () => "not analysed yet"),
      Effect.retry(Schedule.spaced("100 millis").pipe(Schedule.upTo("60 seconds")))
    )
    return { org, token, sha: added.git.mainSha, base: repositoryBase(org, "covered") }
  })

const setup = once(Effect.gen(function*() {
  const analysed = yield* analysedRepository("coverage")
  const before = yield* listed(analysed.base, analysed.token)
  const reportsBefore = yield* reports(analysed.base, analysed.token)
  yield* upload(analysed.org, "covered", analysed.token, analysed.sha)
  return { ...analysed, before, reportsBefore }
}))

const listed = (base: string, token: string | undefined, query: Readonly<Record<string, string>> = {}) =>
  Effect.map(Http.get(`${base}/files`, { ...(token === undefined ? {} : { token }), query }), (reply) => Http.expectBody(reply, 200, FilePage))

const reports = (base: string, token: string, query: Readonly<Record<string, string>> = {}) =>
  Effect.map(Http.get(`${base}/coverage/status`, { token, query }), (reply) => Http.expectBody(reply, 200, CoverageReports.CoverageReportResponse).data)

layer(analysingTestLayer, { excludeTestServices: true, timeout: "120 seconds" })("file coverage", (it) => {
  describe("listFiles and getFileWithAnalysis", () => {
    it.effect("show each file's coverage in the analysed commit's report; a file it does not name has none", () =>
      Effect.gen(function*() {
        const { base, before, token } = yield* setup
        expect(before.data.map((f) => f.coverageWithDecimals)).toEqual([undefined, undefined, undefined])
        const after = (yield* listed(base, token)).data
        expect(after.map((f) => [f.path, f.coverage, f.coverageWithDecimals])).toEqual([
          ["src/a.js", 66, 66.67],
          ["src/b.js", 0, 0],
          ["src/c.js", undefined, undefined]
        ])
        const a = after.find((f) => f.path === "src/a.js")
        const one = Http.expectBody(yield* Http.get(`${base}/files/${a?.fileId}`, { token }), 200, FileData)
        expect(one.coverage).toEqual({ coverage: 66.67, coverableLines: 3, coveredLines: 2 })
        const c = after.find((f) => f.path === "src/c.js")
        expect(Http.expectBody(yield* Http.get(`${base}/files/${c?.fileId}`, { token }), 200, FileData).coverage).toBeUndefined()
      }))

    it.effect("sort by coverage either way, files without coverage lowest, and page in that order", () =>
      Effect.gen(function*() {
        const { base, token } = yield* setup
        const pathsOf = (query: Readonly<Record<string, string>>) => Effect.map(listed(base, token, query), (page) => page.data.map((f) => f.path))
        expect(yield* pathsOf({ sort: "coverage", direction: "desc" })).toEqual(["src/a.js", "src/b.js", "src/c.js"])
        expect(yield* pathsOf({ sort: "coverage", direction: "asc" })).toEqual(["src/c.js", "src/b.js", "src/a.js"])
        const first = yield* listed(base, token, { sort: "coverage", direction: "asc", limit: "2" })
        const rest = yield* listed(base, token, { sort: "coverage", direction: "asc", limit: "2", cursor: first.pagination.cursor ?? "" })
        expect(rest.data.map((f) => f.path)).toEqual(["src/a.js"])
      }))
  })

  describe("getFileCoverage", () => {
    it.effect("answers the hits of each coverable line of the file; none for a file the report leaves out", () =>
      Effect.gen(function*() {
        const { base, token } = yield* setup
        const all = (yield* listed(base, token)).data
        const idOf = (path: string) => all.find((f) => f.path === path)?.fileId ?? -1
        const coverageOf = (fileId: number) =>
          Effect.map(Http.get(`${base}/files/${fileId}/coverage`, { token }), (reply) => Http.expectBody(reply, 200, LineCoverageBody).data)
        expect(yield* coverageOf(idOf("src/a.js"))).toEqual([{ line: 1, hits: 3 }, { line: 2, hits: 0 }, { line: 3, hits: 1 }])
        expect(yield* coverageOf(idOf("src/b.js"))).toEqual([{ line: 1, hits: 0 }])
        expect(yield* coverageOf(idOf("src/c.js"))).toEqual([])

        yield* Http.expectError(yield* Http.get(`${base}/files/987654321/coverage`, { token }), "NotFound")
        yield* Http.expectError(yield* Http.get(`${base}/files/abc/coverage`, { token }), "BadRequest")
        yield* Http.expectError(yield* Http.get(`${base}/files/${idOf("src/a.js")}/coverage`), "Unauthorized")
      }))
  })

  describe("listCoverageReports", () => {
    it.effect("lists the latest reports first: processed once the commit is analysed, waiting before", () =>
      Effect.gen(function*() {
        const { base, org, reportsBefore, sha, token } = yield* setup
        expect(reportsBefore).toEqual({ hasCoverageOverview: false, lastReports: [] })
        const processed = yield* reports(base, token)
        expect(processed.hasCoverageOverview).toBe(true)
        expect(processed.lastReports?.map((r) => [r.targetCommitSha, r.status, r.commit?.sha, r.commit?.branches?.map((b) => b.name)]))
          .toEqual([[sha, "Processed", sha, ["main"]]])

        const later = "0123456789abcdef0123456789abcdef01234567"
        yield* upload(org, "covered", token, later)
        const both = yield* reports(base, token)
        expect(both.lastReports?.map((r) => [r.targetCommitSha, r.status, r.commit])).toEqual([
          [later, "CommitNotAnalysed", undefined],
          [sha, "Processed", processed.lastReports?.[0]?.commit]
        ])
        expect((yield* reports(base, token, { limit: "1" })).lastReports?.map((r) => r.targetCommitSha)).toEqual([later])
        // The file views keep showing the analysed commit's report.
        expect((yield* listed(base, token)).data.map((f) => f.coverage)).toEqual([66, 0, undefined])

        yield* Http.expectError(yield* Http.get(`${base}/coverage/status`, { token, query: { limit: "0" } }), "BadRequest")
        yield* Http.expectError(yield* Http.get(`${base}/coverage/status`), "Unauthorized")
        yield* Http.expectError(yield* Http.get(`${repositoryBase(org, "ghost")}/coverage/status`, { token }), "NotFound")
      }))
  })

  describe("public repositories", () => {
    it.effect("are listed with their files and coverage without a token", () =>
      Effect.gen(function*() {
        const { base, org, sha, token } = yield* analysedRepository("coverage-public", "Public")
        yield* upload(org, "covered", token, sha)
        const open = yield* listed(base, undefined)
        expect(open.data.map((f) => f.coverage)).toEqual([66, 0, undefined])
        const a = open.data[0]
        const lines = Http.expectBody(yield* Http.get(`${base}/files/${a?.fileId}/coverage`), 200, LineCoverageBody).data
        expect(lines).toHaveLength(3)
      }))
  })

  describe("the analysed configuration's exclude_paths", () => {
    it.effect("answer an upload promptly, even with a glob a backtracking matcher takes ages over on a long name", () =>
      Effect.gen(function*() {
        const glob = "**a**a**a**a**a**a**a**a**a**a**a**a**a**a**b"
        const { org, sha, token } = yield* analysedRepository("coverage-glob", undefined, { ".codacy.yml": `exclude_paths: ["${glob}"]\n` })
        const report = [`SF:/ci/${"a".repeat(200)}`, "DA:1,1", "end_of_record", ""].join("\n")
        const started = performance.now()
        const reply = yield* Http.post(paths.coverage(org, "covered"), { token, json: { commitSha: sha, format: "lcov", report, root: "/ci" } })
        expect([reply.status, performance.now() - started < 5_000]).toEqual([201, true])
      }))
  })
})

/**
 * Issue 13: the original API's issue operations against a real git repository analysed by the
 * real analyzer. The counts shown with the repository equal the list behind them; the defaults
 * (ignored paths, test-framework globals) hold end to end.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Schedule } from "effect"
import { ClonePage, FileData, FilePage, IssueData, IssuePage, OverviewBody, QueuedAnalysisBody, RepositoryData, SourceData } from "./fixtures/Bodies.js"
import { commitOnMain, createGitRepository } from "./fixtures/GitRepositories.js"
import { clonedBlock } from "./fixtures/GitRepositories.js"
import * as Http from "./fixtures/Http.js"
import { addRepository, issueToken, newOrganization, once, type Organization, paths } from "./fixtures/Scenario.js"
import { analysingTestLayer } from "./fixtures/TestLayer.js"

const files = {
  "src/copy1.js": clonedBlock,
  "src/copy2.js": `// the same again\n${clonedBlock}`,
  "package.json": JSON.stringify({ name: "sample", devDependencies: { mocha: "^10.0.0" } }),
  "src/index.js": "const unused = 1\nlet other = 2\nexport const answer = () => 42\n",
  "src/undef.js": "export const f = () => missing\n",
  // Mocha's globals in its test files are defined; a minified build is not analysed.
  "test/index.test.js": "describe('answer', () => {\n  it('is 42', () => {})\n})\n",
  "dist/app.min.js": "var a=b;var c=d;\n"
}

const issuesPath = (org: Organization, name: string) => `${paths.repository(org, name)}/issues`

const setup = once(Effect.gen(function*() {
  const org = newOrganization("issues")
  const token = yield* issueToken(org)
  const added = yield* addRepository(org, "app", { files })
  const repository = yield* Http.get(paths.repository(org, "app"), { token }).pipe(
    Effect.map((reply) => Http.expectBody(reply, 200, RepositoryData).data),
    Effect.filterOrFail((r) => r.lastAnalysedCommit?.sha === added.git.mainSha, () => "not analysed yet"),
    Effect.retry(Schedule.spaced("100 millis").pipe(Schedule.upTo("60 seconds")))
  )
  return { org, token, repository, sha: added.git.mainSha, featureSha: added.git.featureSha }
}))

/** Waits until the branch's latest analysis is of `sha`. */
const analysedAt = (org: Organization, token: string, branch: string, sha: string) =>
  Http.get(paths.repository(org, "app"), { token, query: { branch } }).pipe(
    Effect.map((reply) => Http.expectBody(reply, 200, RepositoryData).data),
    Effect.filterOrFail((r) => r.lastAnalysedCommit?.sha === sha, () => "not analysed yet"),
    Effect.retry(Schedule.spaced("100 millis").pipe(Schedule.upTo("60 seconds")))
  )

const search = (org: Organization, token: string, json: unknown, query?: Readonly<Record<string, string>>) =>
  Http.post(`${issuesPath(org, "app")}/search`, { token, json, ...(query === undefined ? {} : { query }) })

layer(analysingTestLayer, { excludeTestServices: true, timeout: "120 seconds" })("issues", (it) => {
  describe("searchRepositoryIssues", () => {
    it.effect("lists every issue of the default branch's latest analysis, as many as the repository counts", () =>
      Effect.gen(function*() {
        const { org, repository, sha, token } = yield* setup
        const page = Http.expectBody(yield* search(org, token, {}), 200, IssuePage)
        expect(page.pagination.total).toBe(repository.issuesCount)
        expect(page.data.map((i) => [i.filePath, i.lineNumber, i.patternInfo.id, i.lineText, i.language])).toEqual([
          ["src/index.js", 1, "ESLint9_no-unused-vars", "const unused = 1", "JavaScript"],
          ["src/index.js", 2, "ESLint9_no-unused-vars", "let other = 2", "JavaScript"],
          ["src/undef.js", 1, "ESLint9_no-undef", "export const f = () => missing", "JavaScript"]
        ])
        for (const issue of page.data) {
          expect(issue.toolInfo.name).toBe("ESLint9")
          expect(issue.commitInfo?.sha).toBe(sha)
          expect(issue.message.length).toBeGreaterThan(0)
        }
        expect(new Set(page.data.map((i) => i.fileId)).size).toBe(2)
        // The body is optional: without one, nothing is filtered.
        const bare = Http.expectBody(yield* Http.post(`${issuesPath(org, "app")}/search`, { token }), 200, IssuePage)
        expect(bare.pagination.total).toBe(page.pagination.total)
      }))

    it.effect("filters by pattern, category, level and language; pages with a cursor", () =>
      Effect.gen(function*() {
        const { org, token } = yield* setup
        const all = Http.expectBody(yield* search(org, token, {}), 200, IssuePage).data
        const undef = all.find((i) => i.patternInfo.id === "ESLint9_no-undef")
        const lines = (json: unknown) =>
          Effect.map(search(org, token, json), (reply) => Http.expectBody(reply, 200, IssuePage).data.map((i) => `${i.filePath}:${i.lineNumber}`))
        expect(yield* lines({ patternIds: ["ESLint9_no-undef"] })).toEqual(["src/undef.js:1"])
        expect(yield* lines({ categories: [undef?.patternInfo.category] })).toContain("src/undef.js:1")
        expect(yield* lines({ levels: [undef?.patternInfo.severityLevel], patternIds: ["ESLint9_no-undef"] })).toEqual(["src/undef.js:1"])
        expect(yield* lines({ languages: ["Python"] })).toEqual([])
        expect(yield* lines({ authorEmails: ["nobody@example.com"] })).toEqual([])

        const first = Http.expectBody(yield* search(org, token, {}, { limit: "2" }), 200, IssuePage)
        expect(first.data).toHaveLength(2)
        expect(first.pagination).toMatchObject({ limit: 2, total: 3 })
        const rest = Http.expectBody(yield* search(org, token, {}, { limit: "2", cursor: first.pagination.cursor ?? "" }), 200, IssuePage)
        expect(rest.data.map((i) => i.filePath)).toEqual(["src/undef.js"])
        expect(rest.pagination.cursor).toBeUndefined()
      }))

    it.effect("refuses bad filters (400), an unknown branch (404), and a private repository without a token (401)", () =>
      Effect.gen(function*() {
        const { org, token } = yield* setup
        yield* Http.expectError(yield* search(org, token, { levels: ["Severe"] }), "BadRequest")
        yield* Http.expectError(yield* search(org, token, { patternIds: "ESLint9_no-undef" }), "BadRequest")
        yield* Http.expectError(yield* search(org, token, {}, { limit: "0" }), "BadRequest")
        yield* Http.expectError(yield* search(org, token, {}, { cursor: "%%%" }), "BadRequest")
        yield* Http.expectError(yield* search(org, token, { branchName: "nope" }), "NotFound")
        yield* Http.expectError(yield* Http.post(`${issuesPath(org, "app")}/search`, { json: {} }), "Unauthorized")
        yield* Http.expectError(yield* Http.post(`${paths.repository(org, "ghost")}/issues/search`, { token, json: {} }), "NotFound")
      }))
  })

  describe("issuesOverview", () => {
    it.effect("counts the issues a filter keeps by category, level, language and pattern, as the list has them", () =>
      Effect.gen(function*() {
        const { org, token } = yield* setup
        const overview = Http.expectBody(yield* Http.post(`${issuesPath(org, "app")}/overview`, { token, json: {} }), 200, OverviewBody).data
        expect(overview.counts.patterns.map((p) => [p.id, p.total])).toEqual([["ESLint9_no-unused-vars", 2], ["ESLint9_no-undef", 1]])
        expect(overview.counts.languages).toEqual([{ name: "JavaScript", total: 3 }])
        expect(overview.counts.categories.reduce((sum, c) => sum + c.total, 0)).toBe(3)
        expect(overview.counts.levels.reduce((sum, c) => sum + c.total, 0)).toBe(3)
        expect(overview.counts.tags).toEqual([])

        const filtered = Http.expectBody(
          yield* Http.post(`${issuesPath(org, "app")}/overview`, { token, json: { patternIds: ["ESLint9_no-undef"] } }),
          200,
          OverviewBody
        ).data
        expect(filtered.counts.patterns.map((p) => [p.id, p.total])).toEqual([["ESLint9_no-undef", 1]])
      }))
  })

  describe("getIssue", () => {
    it.effect("answers one issue by its resultDataId; an unknown one is 404, a malformed one 400", () =>
      Effect.gen(function*() {
        const { org, token } = yield* setup
        const listed = Http.expectBody(yield* search(org, token, {}), 200, IssuePage).data
        const wanted = listed[2]
        const one = Http.expectBody(yield* Http.get(`${issuesPath(org, "app")}/${wanted?.resultDataId}`, { token }), 200, IssueData).data
        expect(one).toStrictEqual(wanted)
        yield* Http.expectError(yield* Http.get(`${issuesPath(org, "app")}/12345`, { token }), "NotFound")
        yield* Http.expectError(yield* Http.get(`${issuesPath(org, "app")}/abc`, { token }), "BadRequest")
      }))
  })

  describe("files", () => {
    const filesPath = (org: Organization) => `/api/v3/organizations/gh/${org.name}/repositories/app/files`
    const listed = (org: Organization, token: string, query: Readonly<Record<string, string>> = {}) =>
      Effect.map(Http.get(filesPath(org), { token, query }), (reply) => Http.expectBody(reply, 200, FilePage))

    it.effect("listFiles: the analysed files (no ignored one), sorted and searched, by page", () =>
      Effect.gen(function*() {
        const { org, token } = yield* setup
        const all = yield* listed(org, token)
        const paths = all.data.map((f) => f.path)
        expect(paths).toEqual([...paths].sort())
        expect(paths).toEqual(expect.arrayContaining(["src/copy1.js", "src/copy2.js", "src/index.js", "src/undef.js", "test/index.test.js"]))
        expect(paths.filter((path) => path.startsWith("dist/"))).toEqual([])
        expect(all.pagination.total).toBe(paths.length)
        expect(all.data.reduce((sum, f) => sum + f.totalIssues, 0)).toBe(3)

        const byIssues = yield* listed(org, token, { sort: "issues", direction: "desc" })
        expect(byIssues.data.slice(0, 2).map((f) => [f.path, f.totalIssues])).toEqual([["src/index.js", 2], ["src/undef.js", 1]])
        expect((yield* listed(org, token, { search: "UNDEF" })).data.map((f) => f.path)).toEqual(["src/undef.js"])

        const first = yield* listed(org, token, { limit: "2" })
        const second = yield* listed(org, token, { limit: "2", cursor: first.pagination.cursor ?? "" })
        expect([...first.data, ...second.data].map((f) => f.path)).toEqual(paths.slice(0, 4))

        yield* Http.expectError(yield* Http.get(filesPath(org), { token, query: { sort: "size" } }), "BadRequest")
        yield* Http.expectError(yield* Http.get(filesPath(org), { token, query: { branch: "nope" } }), "NotFound")
      }))

    it.effect("getFileWithAnalysis, getFileIssues and getFileClones: one file, its issues and its clones", () =>
      Effect.gen(function*() {
        const { org, sha, token } = yield* setup
        const all = (yield* listed(org, token)).data
        const idOf = (path: string) => all.find((f) => f.path === path)?.fileId ?? -1

        const index = Http.expectBody(yield* Http.get(`${filesPath(org)}/${idOf("src/index.js")}`, { token }), 200, FileData)
        expect(index.file).toMatchObject({ path: "src/index.js", commitSha: sha, language: "JavaScript", ignored: false })
        expect(index.file.gitProviderUrl).toBe(`https://github.com/${org.name}/app/blob/${sha}/src/index.js`)
        expect(index.quality?.totalIssues).toBe(2)
        expect(index.metrics?.linesOfCode).toBe(3)

        const issues = Http.expectBody(yield* Http.get(`${filesPath(org)}/${idOf("src/index.js")}/issues`, { token }), 200, IssuePage)
        expect(issues.data.map((i) => [i.lineNumber, i.fileId])).toEqual([[1, idOf("src/index.js")], [2, idOf("src/index.js")]])
        expect(issues.pagination.total).toBe(2)

        const clones = Http.expectBody(yield* Http.get(`${filesPath(org)}/${idOf("src/copy1.js")}/duplication`, { token }), 200, ClonePage)
        expect(clones.data.map((c) => c.occurrences.map((o) => [o.path, o.fileId, o.fromLine]))).toEqual([
          [["src/copy1.js", idOf("src/copy1.js"), 1], ["src/copy2.js", idOf("src/copy2.js"), 2]]
        ])
        expect((Http.expectBody(yield* Http.get(`${filesPath(org)}/${idOf("src/undef.js")}/duplication`, { token }), 200, ClonePage)).data)
          .toEqual([])

        yield* Http.expectError(yield* Http.get(`${filesPath(org)}/987654321`, { token }), "NotFound")
        yield* Http.expectError(yield* Http.get(`${filesPath(org)}/987654321/issues`, { token }), "NotFound")
        yield* Http.expectError(yield* Http.get(`${filesPath(org)}/abc`, { token }), "BadRequest")
        yield* Http.expectError(yield* Http.get(`${filesPath(org)}/${idOf("src/index.js")}`), "Unauthorized")
      }))

    it.effect("getFileSource (our extension): the file's lines at the analysed commit, each with its author", () =>
      Effect.gen(function*() {
        const { featureSha, org, sha, token } = yield* setup
        const all = (yield* listed(org, token)).data
        const idOf = (path: string) => all.find((f) => f.path === path)?.fileId ?? -1
        const sourcePath = (fileId: number) => `${paths.repository(org, "app")}/files/${fileId}/source`

        const index = Http.expectBody(yield* Http.get(sourcePath(idOf("src/index.js")), { token }), 200, SourceData).data
        expect(index).toEqual({
          commitSha: sha,
          path: "src/index.js",
          lines: [
            { number: 1, text: "const unused = 1", authorEmail: "ada@example.org" },
            { number: 2, text: "let other = 2", authorEmail: "ada@example.org" },
            { number: 3, text: "export const answer = () => 42", authorEmail: "ada@example.org" }
          ]
        })

        // Another branch's file: once that branch is analysed, by its own id there.
        const queued = yield* Http.post(paths.reanalyze(org, "app"), { token, query: { branch: "feature" } })
        expect(Http.expectBody(queued, 202, QueuedAnalysisBody).data.commitSha).toBe(featureSha)
        yield* analysedAt(org, token, "feature", featureSha)
        const featureFiles = Http.expectBody(yield* Http.get(filesPath(org), { token, query: { branch: "feature" } }), 200, FilePage).data
        const featureId = featureFiles.find((f) => f.path === "src/feature.ts")?.fileId ?? -1
        const feature = Http.expectBody(
          yield* Http.get(sourcePath(featureId), { token, query: { branch: "feature" } }),
          200,
          SourceData
        ).data
        expect(feature).toEqual({
          commitSha: featureSha,
          path: "src/feature.ts",
          lines: [{ number: 1, text: "export const feature = true", authorEmail: "ada@example.org" }]
        })

        yield* Http.expectError(yield* Http.get(sourcePath(featureId), { token }), "NotFound")
        yield* Http.expectError(yield* Http.get(sourcePath(987654321), { token }), "NotFound")
        yield* Http.expectError(yield* Http.get(sourcePath(idOf("src/index.js")), { token, query: { branch: "nope" } }), "NotFound")
        yield* Http.expectError(yield* Http.get(`${paths.repository(org, "app")}/files/abc/source`, { token }), "BadRequest")
        yield* Http.expectError(yield* Http.get(sourcePath(idOf("src/index.js"))), "Unauthorized")
        yield* Http.expectError(yield* Http.get(sourcePath(idOf("src/index.js")), { token: yield* issueToken(newOrganization("other")) }), "Unauthorized")
      }))
  })

  describe("authors", () => {
    const ada = "ada@example.org"
    const bob = "bob@example.org"

    /**
     * Ada writes two files with an issue on lines 1 and 2 of one and line 1 of the other; Bob then
     * rewrites line 2 of the first (still an issue) and adds a file with two issues: Ada's lines
     * hold 2 issues, Bob's 3.
     */
    const authored = once(Effect.gen(function*() {
      const org = newOrganization("authors")
      const token = yield* issueToken(org)
      const git = yield* createGitRepository("authors", {
        files: {
          "package.json": JSON.stringify({ name: "authors" }),
          "src/index.js": "const unused = 1\nlet other = 2\nexport const answer = () => 42\n",
          "src/undef.js": "export const f = () => missing\n"
        }
      })
      const sha = yield* commitOnMain(git, {
        "src/index.js": "const unused = 1\nlet changed = 3\nexport const answer = () => 42\n",
        "src/bob.js": "export const g = () => nowhere\nexport const h = () => elsewhere\n"
      }, bob)
      yield* addRepository(org, "app", { reuse: git })
      yield* analysedAt(org, token, "main", sha)
      return { org, token, sha }
    }))

    const lines = (org: Organization, token: string, json: unknown) =>
      Effect.map(search(org, token, json), (reply) => Http.expectBody(reply, 200, IssuePage).data.map((i) => `${i.filePath}:${i.lineNumber}`))

    it.effect("searchRepositoryIssues with authorEmails lists exactly the issues on that author's lines", () =>
      Effect.gen(function*() {
        const { org, token } = yield* authored
        expect(yield* lines(org, token, {})).toEqual(["src/bob.js:1", "src/bob.js:2", "src/index.js:1", "src/index.js:2", "src/undef.js:1"])
        expect(yield* lines(org, token, { authorEmails: [bob] })).toEqual(["src/bob.js:1", "src/bob.js:2", "src/index.js:2"])
        expect(yield* lines(org, token, { authorEmails: [ada] })).toEqual(["src/index.js:1", "src/undef.js:1"])
        expect(yield* lines(org, token, { authorEmails: [ada, bob] })).toHaveLength(5)
        expect(yield* lines(org, token, { authorEmails: ["carol@example.org"] })).toEqual([])
      }))

    it.effect("issuesOverview counts the issues of each author, most first, as the filtered lists hold them", () =>
      Effect.gen(function*() {
        const { org, token } = yield* authored
        const overview = Http.expectBody(yield* Http.post(`${issuesPath(org, "app")}/overview`, { token, json: {} }), 200, OverviewBody).data
        expect(overview.counts.authors).toEqual([{ name: bob, total: 3 }, { name: ada, total: 2 }])
        const filtered = Http.expectBody(
          yield* Http.post(`${issuesPath(org, "app")}/overview`, { token, json: { authorEmails: [ada] } }),
          200,
          OverviewBody
        ).data
        expect(filtered.counts.authors).toEqual([{ name: ada, total: 2 }])
        expect(filtered.counts.patterns.map((p) => `${p.id} ${p.total}`).sort()).toEqual(["ESLint9_no-undef 1", "ESLint9_no-unused-vars 1"])
      }))

    it.effect("getFileSource shows who last changed each line", () =>
      Effect.gen(function*() {
        const { org, sha, token } = yield* authored
        const files = Http.expectBody(yield* Http.get(`/api/v3/organizations/gh/${org.name}/repositories/app/files`, { token }), 200, FilePage).data
        const fileId = files.find((f) => f.path === "src/index.js")?.fileId ?? -1
        const source = Http.expectBody(yield* Http.get(`${paths.repository(org, "app")}/files/${fileId}/source`, { token }), 200, SourceData).data
        expect(source.commitSha).toBe(sha)
        expect(source.lines.map((l) => [l.number, l.authorEmail])).toEqual([[1, ada], [2, bob], [3, ada]])
      }))
  })
})

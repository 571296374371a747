/**
 * Issue 13's acceptance: a client generated from the original API's definition of the issue and
 * file operations (docs/spec/codacy-v3-issues-files.interface.yaml, its interface without prose;
 * types by openapi-typescript, calls by openapi-fetch) calls every operation of it against a running
 * server, on each storage. Every answer is checked against the schema that definition gives for its
 * operation and status.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Schedule } from "effect"
import { readFileSync } from "node:fs"
import createClient from "openapi-fetch"
import { interfacePath, typesOf, typesPath } from "../scripts/acceptance-client.mjs"
import { acceptanceDefinition } from "./fixtures/AcceptanceDefinition.js"
import type { paths } from "./fixtures/CodacyIssuesFilesApi.js"
import { RepositoryData } from "./fixtures/Bodies.js"
import { clonedBlock } from "./fixtures/GitRepositories.js"
import * as Http from "./fixtures/Http.js"
import { addRepository, eslint9, issueToken, newOrganization, once, paths as routes } from "./fixtures/Scenario.js"
import { analysingTestLayer } from "./fixtures/TestLayer.js"
import { TestServer } from "./fixtures/TestServer.js"

const interfaceText = readFileSync(interfacePath, "utf8")
const { called, checked, operations } = acceptanceDefinition(interfaceText)

const files = {
  "src/copy1.js": clonedBlock,
  "src/copy2.js": `// again\n${clonedBlock}`,
  "src/index.js": "const unused = 1\nexport const answer = () => missing\n"
}

const setup = once(Effect.gen(function*() {
  const org = newOrganization("acceptance")
  const token = yield* issueToken(org)
  const added = yield* addRepository(org, "app", { files })
  yield* Http.get(routes.repository(org, "app"), { token }).pipe(
    Effect.map((reply) => Http.expectBody(reply, 200, RepositoryData).data),
    Effect.filterOrFail((r) => r.lastAnalysedCommit?.sha === added.git.mainSha, () => "not analysed yet"),
    Effect.retry(Schedule.spaced("100 millis").pipe(Schedule.upTo("60 seconds")))
  )
  const report = "SF:/ci/src/index.js\nDA:1,1\nDA:2,0\nend_of_record\n"
  const uploaded = yield* Http.post(routes.coverage(org, "app"), {
    token,
    json: { commitSha: added.git.mainSha, format: "lcov", report, root: "/ci" }
  })
  expect(uploaded.status).toBe(201)
  const { baseUrl } = yield* TestServer
  const client = createClient<paths>({ baseUrl: `${baseUrl}/api/v3`, headers: { "api-token": token } })
  return { org, client, sha: added.git.mainSha }
}))

layer(analysingTestLayer, { excludeTestServices: true, timeout: "120 seconds" })("acceptance client", (it) => {
  it("is what openapi-typescript generates from the committed interface", async () => {
    expect(readFileSync(typesPath, "utf8")).toBe(await typesOf(interfaceText))
  })

  describe("every operation of the definition", () => {
    it.effect("answers as the definition says, with the numbers of the analysis", () =>
      Effect.gen(function*() {
        const { client, org, sha } = yield* setup
        const call = <T>(run: () => Promise<T>) => Effect.promise(run)
        const at = { provider: org.provider, remoteOrganizationName: org.name }
        const repository = { ...at, repositoryName: "app" }

        const organizations = checked("listOrganizations", 200, yield* call(() =>
          client.GET("/user/organizations/{provider}", { params: { path: { provider: "gh" } } })))
        expect(organizations.data.map((o) => o.name)).toEqual([org.name])
        const organization = checked("getOrganization", 200, yield* call(() =>
          client.GET("/organizations/{provider}/{remoteOrganizationName}", { params: { path: at } })))
        expect(organization.data.organization.name).toBe(org.name)
        const repositories = checked("listOrganizationRepositories", 200, yield* call(() =>
          client.GET("/organizations/{provider}/{remoteOrganizationName}/repositories", { params: { path: at, query: { limit: 10 } } })))
        expect(repositories.data.map((r) => r.name)).toEqual(["app"])

        const issuesPath = "/analysis/organizations/{provider}/{remoteOrganizationName}/repositories/{repositoryName}/issues/search"
        const issues = checked("searchRepositoryIssues", 200, yield* call(() =>
          client.POST(issuesPath, { params: { path: repository }, body: { branchName: "main" } })))
        expect(issues.data.map((i) => [i.filePath, i.lineNumber, i.patternInfo.id])).toEqual([
          ["src/index.js", 1, "ESLint9_no-unused-vars"],
          ["src/index.js", 2, "ESLint9_no-undef"]
        ])
        const overview = checked("issuesOverview", 200, yield* call(() =>
          client.POST("/analysis/organizations/{provider}/{remoteOrganizationName}/repositories/{repositoryName}/issues/overview", {
            params: { path: repository },
            body: { levels: [issues.data[1]?.patternInfo.severityLevel ?? "Error"] }
          })))
        expect(overview.data.counts.patterns.map((p) => p.id)).toContain("ESLint9_no-undef")
        const issueId = issues.data[1]?.resultDataId ?? 0
        const issue = checked("getIssue", 200, yield* call(() =>
          client.GET("/analysis/organizations/{provider}/{remoteOrganizationName}/repositories/{repositoryName}/issues/{issueId}", {
            params: { path: { ...repository, issueId } }
          })))
        expect(issue.data).toEqual(issues.data[1])

        const filesPath = "/organizations/{provider}/{remoteOrganizationName}/repositories/{repositoryName}/files"
        const listed = checked("listFiles", 200, yield* call(() =>
          client.GET(filesPath, { params: { path: repository, query: { sort: "issues", direction: "desc" } } })))
        // Ties by path, in the same direction.
        expect(listed.data.map((f) => [f.path, f.totalIssues])).toEqual([["src/index.js", 2], ["src/copy2.js", 0], ["src/copy1.js", 0]])
        const idOf = (path: string) => listed.data.find((f) => f.path === path)?.fileId ?? 0
        const file = { ...repository, fileId: idOf("src/index.js") }
        const one = checked("getFileWithAnalysis", 200, yield* call(() =>
          client.GET(`${filesPath}/{fileId}`, { params: { path: file } })))
        expect([one.file.path, one.file.commitSha, one.coverage?.coveredLines]).toEqual(["src/index.js", sha, 1])
        const fileIssues = checked("getFileIssues", 200, yield* call(() =>
          client.GET(`${filesPath}/{fileId}/issues`, { params: { path: file } })))
        expect(fileIssues.data).toEqual(issues.data)
        const clones = checked("getFileClones", 200, yield* call(() =>
          client.GET(`${filesPath}/{fileId}/duplication`, { params: { path: { ...repository, fileId: idOf("src/copy1.js") } } })))
        expect(clones.data.map((c) => c.occurrences.map((o) => o.path))).toEqual([["src/copy1.js", "src/copy2.js"]])
        const coverage = checked("getFileCoverage", 200, yield* call(() =>
          client.GET(`${filesPath}/{fileId}/coverage`, { params: { path: file } })))
        expect(coverage.data).toEqual([{ line: 1, hits: 1 }, { line: 2, hits: 0 }])
        const reports = checked("listCoverageReports", 200, yield* call(() =>
          client.GET("/organizations/{provider}/{remoteOrganizationName}/repositories/{repositoryName}/coverage/status", {
            params: { path: repository }
          })))
        expect(reports.data.lastReports?.map((r) => [r.targetCommitSha, r.status])).toEqual([[sha, "Processed"]])

        const tools = checked("listTools", 200, yield* call(() => client.GET("/tools")))
        expect(tools.data.map((t) => t.uuid)).toContain(eslint9)
        const pattern = checked("getPattern", 200, yield* call(() =>
          client.GET("/tools/{toolUuid}/patterns/{patternId}", { params: { path: { toolUuid: eslint9, patternId: "ESLint9_no-undef" } } })))
        expect(pattern.data.id).toBe("ESLint9_no-undef")

        // Errors with the bodies the definition gives.
        checked("getIssue", 404, yield* call(() =>
          client.GET("/analysis/organizations/{provider}/{remoteOrganizationName}/repositories/{repositoryName}/issues/{issueId}", {
            params: { path: { ...repository, issueId: 987_654_321 } }
          })))
        checked("getFileCoverage", 404, yield* call(() => client.GET(`${filesPath}/{fileId}/coverage`, { params: { path: { ...repository, fileId: 987_654_321 } } })))
        checked("listFiles", 400, yield* call(() =>
          client.GET(filesPath, { params: { path: repository, query: { limit: 0 } } })))

        expect([...called].sort()).toEqual([...operations.keys()].sort())
      }))
  })
})

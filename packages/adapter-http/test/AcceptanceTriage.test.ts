/**
 * Issue 27's triage, accepted: a client generated from the original API's definition of the triage
 * and setup operations (docs/spec/codacy-v3-triage-setup.interface.yaml, its interface without
 * prose; types by openapi-typescript, calls by openapi-fetch) ignores and un-ignores issues and
 * files of a repository analysed by the real analyzer, and every answer is checked against the
 * schema that definition gives for its operation and status. An ignored issue stays ignored on the
 * next commit, where its line moved, and in a pull request; it leaves the counts, the grade and
 * the gates.
 */
import { describe, expect, layer } from "@effect/vitest"
import { ChangeViews } from "@tidemark/core"
import { Effect, Schedule } from "effect"
import { readFileSync } from "node:fs"
import createClient from "openapi-fetch"
import { definitions, typesOf } from "../scripts/acceptance-client.mjs"
import { acceptanceDefinition } from "./fixtures/AcceptanceDefinition.js"
import { DeltaIssuePage, IssuePage, RepositoryData } from "./fixtures/Bodies.js"
import type { paths } from "./fixtures/CodacyTriageSetupApi.js"
import { commitOn } from "./fixtures/GitRepositories.js"
import * as Http from "./fixtures/Http.js"
import { addRepository, issueToken, newOrganization, once, type Organization, paths as routes, untilAnalysed } from "./fixtures/Scenario.js"
import { analysingTestLayer } from "./fixtures/TestLayer.js"
import { adminToken, TestServer } from "./fixtures/TestServer.js"

const { interfacePath, typesPath } = definitions["triage-setup"]
const interfaceText = readFileSync(interfacePath, "utf8")
const { called, checked, operations } = acceptanceDefinition(interfaceText)

const triageOperations = ["updateIssueState", "bulkIgnoreIssues", "ignoreFalsePositive", "searchRepositoryIgnoredIssues", "updateFileState"]

const analysis = "/analysis/organizations/{provider}/{remoteOrganizationName}/repositories/{repositoryName}"
const issuePath = `${analysis}/issues/{issueId}` as const
const ignoredPath = `${analysis}/ignoredIssues/search` as const
const filePath = "/organizations/{provider}/{remoteOrganizationName}/repositories/{repositoryName}/file" as const

/** Enough clean code that the issues weigh below the cap: the grade moves with what is ignored. */
const cleanCode = Array.from({ length: 4000 }, (_, i) => `export const c${i} = ${i}\n`).join("")

const firstFiles = {
  "src/clean.js": cleanCode,
  "src/index.js": "const unused = 1\nlet other = 2\nexport const answer = () => 42\n",
  "src/undef.js": "export const f = () => missing\n",
  "src/legacy.js": "export const g = () => alsoMissing\n"
}

/** The next commit: the ignored line moves down two lines; the ignored file gains an issue. */
const secondFiles = {
  "src/index.js": "// the answer\n// and more\nconst unused = 1\nlet other = 2\nexport const answer = () => 42\n",
  "src/legacy.js": "export const g = () => alsoMissing\nexport const h = () => stillMissing\n"
}

const search = (org: Organization, token: string, branch?: string) =>
  Effect.map(
    Http.post(`${routes.repository(org, "app")}/issues/search`, { token, json: branch === undefined ? {} : { branchName: branch } }),
    (reply) => Http.expectBody(reply, 200, IssuePage).data.map((i) => `${i.filePath}:${i.lineNumber}:${i.lineText}`)
  )

const repositoryOf = (org: Organization, token: string) =>
  Effect.map(Http.get(routes.repository(org, "app"), { token }), (reply) => Http.expectBody(reply, 200, RepositoryData).data)

const setup = once(Effect.gen(function*() {
  const org = newOrganization("triage")
  const token = yield* issueToken(org, "write")
  const readToken = yield* issueToken(org, "read")
  const added = yield* addRepository(org, "app", { files: firstFiles })
  yield* untilAnalysed(org, "app", token, added.git.mainSha)
  const { baseUrl } = yield* TestServer
  const client = createClient<paths>({ baseUrl: `${baseUrl}/api/v3`, headers: { "api-token": token } })
  return { org, token, readToken, git: added.git, firstSha: added.git.mainSha, baseUrl, client }
}))

const call = <T>(run: () => Promise<T>) => Effect.promise(run)

layer(analysingTestLayer, { excludeTestServices: true, timeout: "180 seconds" })("acceptance client of triage", (it) => {
  it("is what openapi-typescript generates from the committed interface", async () => {
    expect(readFileSync(typesPath, "utf8")).toBe(await typesOf(interfaceText))
  })

  it("the definition has the five triage operations", () => {
    for (const name of triageOperations) expect(operations.has(name), name).toBe(true)
  })

  describe("every triage operation of the definition", () => {
    it.effect("ignores issues and files for good: later commits and pull requests, counts, grade and gates leave them out", () =>
      Effect.gen(function*() {
        const { client, firstSha, git, org, readToken, token } = yield* setup
        const repository = { provider: org.provider, remoteOrganizationName: org.name, repositoryName: "app" }
        const before = yield* repositoryOf(org, token)
        expect(yield* search(org, token)).toEqual([
          "src/index.js:1:const unused = 1",
          "src/index.js:2:let other = 2",
          "src/legacy.js:1:export const g = () => alsoMissing",
          "src/undef.js:1:export const f = () => missing"
        ])
        const listed = Http.expectBody(yield* Http.post(`${routes.repository(org, "app")}/issues/search`, { token, json: {} }), 200, IssuePage).data
        const idAt = (path: string, line: number) => listed.find((i) => i.filePath === path && i.lineNumber === line)?.issueId ?? "absent"

        checked("updateIssueState", 204, yield* call(() =>
          client.PATCH(issuePath, {
            params: { path: { ...repository, issueId: idAt("src/index.js", 1) } },
            body: { ignored: true, reason: "TestCode", comment: "a fixture on purpose" }
          })))
        checked("updateFileState", 204, yield* call(() =>
          client.PATCH(filePath, { params: { path: repository }, body: { ignored: true, filepath: "src/legacy.js" } })))
        expect(yield* search(org, token)).toEqual(["src/index.js:2:let other = 2", "src/undef.js:1:export const f = () => missing"])
        const after = yield* repositoryOf(org, token)
        expect([before.issuesCount, after.issuesCount]).toEqual([4, 2])
        expect(before.issuesPercentage ?? 100).toBeLessThan(100)
        expect(after.issuesPercentage ?? 100).toBeLessThan(before.issuesPercentage ?? 0)
        expect(after.grade ?? 0).toBeGreaterThan(before.grade ?? 0)

        // The next commit: the ignored issue's line moved, the ignored file has one more issue.
        const secondSha = yield* commitOn(git, "main", secondFiles)
        yield* addRepository(org, "app", { reuse: git })
        yield* untilAnalysed(org, "app", token, secondSha)
        expect(yield* search(org, token)).toEqual(["src/index.js:4:let other = 2", "src/undef.js:1:export const f = () => missing"])
        expect((yield* repositoryOf(org, token)).issuesCount).toBe(2)
        const ignored = checked("searchRepositoryIgnoredIssues", 200, yield* call(() =>
          client.POST(ignoredPath, { params: { path: repository }, body: {} })))
        expect(ignored.pagination?.total).toBe(3)
        expect(ignored.data.map((i) => [i.filePath, i.lineNumber, i.lineText, i.reason ?? null, i.comment ?? null])).toEqual([
          ["src/index.js", 3, "const unused = 1", "TestCode", "a fixture on purpose"],
          ["src/legacy.js", 1, "export const g = () => alsoMissing", null, null],
          ["src/legacy.js", 2, "export const h = () => stillMissing", null, null]
        ])
        // Who (the token's id, never its secret), when, and the commit it was ignored on.
        const tokenId = token.split(".")[1]
        expect(ignored.data.map((i) => i.ignoredByName)).toEqual([tokenId, tokenId, tokenId])
        expect(ignored.data[0]?.commitInfo?.sha).toBe(firstSha)
        for (const i of ignored.data) expect(Date.parse(i.ignoredTimestamp)).not.toBeNaN()
        // The commit's gate: the ignored file's new issue is not new.
        const stats = Http.expectBody(
          yield* Http.get(`${routes.repository(org, "app")}/commits/${secondSha}/deltaStatistics`, { token }),
          200,
          ChangeViews.CommitDeltaStatistics
        )
        expect([stats.newIssues, stats.fixedIssues]).toEqual([0, 0])

        // A pull request adding an issue in the ignored file and one elsewhere: only the second is new.
        yield* commitOn(git, "topic/t", { "src/legacy.js": `${secondFiles["src/legacy.js"]}export const i = () => more\n`, "src/new.js": "export const n = () => fresh\n" }, "main")
        yield* Http.put(`${routes.repository(org, "app")}/pull-requests/3`, { token, json: { title: "T", originBranch: "topic/t", targetBranch: "main" } })
        const pullRequest = yield* Http.get(`${routes.repository(org, "app")}/pull-requests/3`, { token }).pipe(
          Effect.map((reply) => Http.expectBody(reply, 200, ChangeViews.PullRequestWithAnalysis)),
          Effect.filterOrFail((pr) => !pr.isAnalysing && pr.newIssues !== undefined, () => "still analysing"),
          Effect.retry(Schedule.spaced("100 millis").pipe(Schedule.upTo("90 seconds")))
        )
        expect(pullRequest.newIssues).toBe(1)
        const prIssues = Http.expectBody(yield* Http.get(`${routes.repository(org, "app")}/pull-requests/3/issues`, { token }), 200, DeltaIssuePage)
        expect(prIssues.data.map((d) => [d.deltaType, d.commitIssue.filePath])).toEqual([["Added", "src/new.js"]])

        // Bulk, false positive, un-ignore: the issue ids a search lists.
        const current = Http.expectBody(yield* Http.post(`${routes.repository(org, "app")}/issues/search`, { token, json: {} }), 200, IssuePage).data
        const [other, undef] = current
        checked("bulkIgnoreIssues", 204, yield* call(() =>
          client.POST(`${analysis}/issues/bulk-ignore`, {
            params: { path: repository },
            body: { issueIds: [other?.issueId ?? ""], reason: "AcceptedUse", comment: "bulk" }
          })))
        checked("ignoreFalsePositive", 204, yield* call(() =>
          client.PATCH(`${analysis}/issues/{issueId}/false-positive/ignore`, { params: { path: { ...repository, issueId: undef?.issueId ?? "" } } })))
        checked("ignoreFalsePositive", 409, yield* call(() =>
          client.PATCH(`${analysis}/issues/{issueId}/false-positive/ignore`, { params: { path: { ...repository, issueId: undef?.issueId ?? "" } } })))
        expect(yield* search(org, token)).toEqual([])
        expect((yield* repositoryOf(org, token)).issuesCount).toBe(0)
        const filtered = checked("searchRepositoryIgnoredIssues", 200, yield* call(() =>
          client.POST(ignoredPath, { params: { path: repository, query: { limit: 1 } }, body: { levels: ["Error"] } })))
        // The no-undef issues (Error): the ignored file's two and the false positive, a page of one at a time.
        expect(filtered.data.map((i) => [i.lineText, i.reason])).toEqual([["export const g = () => alsoMissing", undefined]])
        expect(filtered.pagination?.total).toBe(3)
        const last = checked("searchRepositoryIgnoredIssues", 200, yield* call(() =>
          client.POST(ignoredPath, { params: { path: repository, query: { limit: 2, cursor: filtered.pagination?.cursor ?? "" } }, body: { levels: ["Error"] } })))
        expect(last.data.map((i) => [i.lineText, i.reason])).toEqual([
          ["export const h = () => stillMissing", undefined],
          ["export const f = () => missing", "FalsePositive"]
        ])
        expect(last.pagination?.cursor).toBeUndefined()

        checked("updateIssueState", 204, yield* call(() =>
          client.PATCH(issuePath, { params: { path: { ...repository, issueId: undef?.issueId ?? "" } }, body: { ignored: false } })))
        checked("updateFileState", 204, yield* call(() =>
          client.PATCH(filePath, { params: { path: repository }, body: { ignored: false, filepath: "src/legacy.js" } })))
        expect(yield* search(org, token)).toEqual([
          "src/legacy.js:1:export const g = () => alsoMissing",
          "src/legacy.js:2:export const h = () => stillMissing",
          "src/undef.js:1:export const f = () => missing"
        ])

        // Errors with the bodies the definition gives.
        const unknownIssue = { params: { path: { ...repository, issueId: "0123456789abcdef" } } }
        checked("updateIssueState", 404, yield* call(() => client.PATCH(issuePath, { ...unknownIssue, body: { ignored: true } })))
        checked("ignoreFalsePositive", 404, yield* call(() => client.PATCH(`${analysis}/issues/{issueId}/false-positive/ignore`, unknownIssue)))
        checked("bulkIgnoreIssues", 404, yield* call(() =>
          client.POST(`${analysis}/issues/bulk-ignore`, { params: { path: repository }, body: { issueIds: [undef?.issueId ?? "", "fedcba9876543210"] } })))
        checked("updateFileState", 404, yield* call(() =>
          client.PATCH(filePath, { params: { path: repository }, body: { ignored: true, filepath: "src/none.js" } })))
        checked("searchRepositoryIgnoredIssues", 404, yield* call(() =>
          client.POST(ignoredPath, { params: { path: { ...repository, repositoryName: "missing" } }, body: {} })))
        checked("updateIssueState", 400, yield* call(() =>
          client.PATCH(issuePath, { ...unknownIssue, body: { ignored: true, reason: "Because" } as never })))
        checked("bulkIgnoreIssues", 400, yield* call(() =>
          client.POST(`${analysis}/issues/bulk-ignore`, {
            params: { path: repository },
            body: { issueIds: Array.from({ length: 51 }, (_, i) => i.toString(16).padStart(16, "0")) }
          })))
        checked("updateFileState", 400, yield* call(() => client.PATCH(filePath, { params: { path: repository }, body: { ignored: true } as never })))
        checked("searchRepositoryIgnoredIssues", 400, yield* call(() =>
          client.POST(ignoredPath, { params: { path: repository, query: { limit: 0 } }, body: {} })))
        const anonymous = createClient<paths>({ baseUrl: (yield* setup).baseUrl + "/api/v3" })
        checked("updateIssueState", 401, yield* call(() => anonymous.PATCH(issuePath, { ...unknownIssue, body: { ignored: true } })))
        checked("updateFileState", 401, yield* call(() =>
          anonymous.PATCH(filePath, { params: { path: repository }, body: { ignored: true, filepath: "src/legacy.js" } })))
        // A read token may not change triage: 403, as every write operation answers it.
        const refused = yield* Http.patch(`${routes.repository(org, "app")}/issues/${undef?.issueId ?? ""}`, { token: readToken, json: { ignored: true } })
        yield* Http.expectError(refused, "Forbidden")

        expect([...called].sort()).toEqual([...triageOperations].sort())
      }), 150_000)
  })

  describe("getRepository (setup)", () => {
    it.effect("answers a repository without its analysis: to its organization's token, to anyone when Public; 401 and 404 otherwise", () =>
      Effect.gen(function*() {
        const { baseUrl, client, org } = yield* setup
        yield* addRepository(org, "open", { files: { "a.js": "export const a = 1\n" }, visibility: "Public" })
        const at = (repositoryName: string) => ({ params: { path: { provider: org.provider, remoteOrganizationName: org.name, repositoryName } } })
        const path = "/organizations/{provider}/{remoteOrganizationName}/repositories/{repositoryName}" as const
        const app = checked("getRepository", 200, yield* call(() => client.GET(path, at("app"))))
        expect([app.data.name, app.data.owner, app.data.visibility, app.data.defaultBranch?.name]).toEqual(["app", org.name, "Private", "main"])
        const anonymous = createClient<paths>({ baseUrl: `${baseUrl}/api/v3` })
        const open = checked("getRepository", 200, yield* call(() => anonymous.GET(path, at("open"))))
        expect([open.data.name, open.data.visibility]).toEqual(["open", "Public"])
        // Without a token, a Private repository and one that does not exist answer alike.
        checked("getRepository", 401, yield* call(() => anonymous.GET(path, at("app"))))
        checked("getRepository", 401, yield* call(() => anonymous.GET(path, at("nowhere"))))
        checked("getRepository", 404, yield* call(() => client.GET(path, at("nowhere"))))
      }), 120_000)

    it.effect("getUser answers the calling token as its user: its id as name, no e-mail, admin only for the admin token; 401 without one", () =>
      Effect.gen(function*() {
        const { baseUrl, client, token } = yield* setup
        const member = checked("getUser", 200, yield* call(() => client.GET("/user")))
        const tokenId = token.split(".")[1]
        expect([member.data.name, member.data.isAdmin, member.data.isActive, member.data.mainEmail, member.data.otherEmails]).toEqual([tokenId, false, true, "", []])
        expect(Date.parse(member.data.created)).not.toBeNaN()
        // The same token is the same user at every call; another token is another.
        expect(checked("getUser", 200, yield* call(() => client.GET("/user"))).data.id).toBe(member.data.id)
        const admin = createClient<paths>({ baseUrl: `${baseUrl}/api/v3`, headers: { "api-token": adminToken } })
        const installationAdmin = checked("getUser", 200, yield* call(() => admin.GET("/user")))
        expect([installationAdmin.data.name, installationAdmin.data.isAdmin]).toEqual(["admin", true])
        expect(installationAdmin.data.id).not.toBe(member.data.id)
        checked("getUser", 401, yield* call(() => createClient<paths>({ baseUrl: `${baseUrl}/api/v3` }).GET("/user")))
      }), 60_000)

    it.effect("listCategoryOverviews counts the latest analysis's issues by category, every category of the catalogue listed, ignored issues left out", () =>
      Effect.gen(function*() {
        const { client, org, token } = yield* setup
        const path = `${analysis}/category-overviews` as const
        const repository = { path: { provider: org.provider, remoteOrganizationName: org.name, repositoryName: "app" } }
        const listed = yield* search(org, token)
        const overviews = checked("listCategoryOverviews", 200, yield* call(() => client.GET(path, { params: repository })))
        const shown = overviews.data.filter((o) => o.totalResults > 0)
        expect(overviews.data.map((o) => o.category.categoryType)).toEqual(expect.arrayContaining(["Security", "ErrorProne", "UnusedCode", "CodeStyle"]))
        expect(overviews.data.reduce((sum, o) => sum + o.totalResults, 0)).toBe(listed.length)
        expect(shown.reduce((sum, o) => sum + o.percentage, 0)).toBeCloseTo(100, 1)
        expect(new Set(overviews.data.map((o) => o.commitId)).size).toBe(1)
        // The default branch by name answers the same; a branch the repository does not have is 404.
        const main = checked("listCategoryOverviews", 200, yield* call(() => client.GET(path, { params: { ...repository, query: { branch: "main" } } })))
        expect(main.data).toEqual(overviews.data)
        checked("listCategoryOverviews", 404, yield* call(() => client.GET(path, { params: { ...repository, query: { branch: "never" } } })))
        checked("listCategoryOverviews", 404, yield* call(() =>
          client.GET(path, { params: { path: { ...repository.path, repositoryName: "missing" } } })))
      }), 60_000)
  })
})

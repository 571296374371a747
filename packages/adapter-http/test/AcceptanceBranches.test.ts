/**
 * Issue 27's branches and reanalysis, accepted as an agent calling the original service would do
 * it: with a client generated from the original API's definition
 * (docs/spec/codacy-v3-triage-setup.interface.yaml), a repository's branches are listed (by anyone,
 * the repository being Public), one is disabled and enabled again (its head then analysed), made
 * the default (the views without `branch` follow it, through a refresh from git too), a commit is
 * analysed again, and a pull request's failing gate is bypassed. Every answer is checked against
 * the schema the definition gives for its operation and status; the statuses the definition does
 * not list for an operation (403 of the branch settings) are checked with the plain HTTP helper.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Branch, ChangeViews } from "@tidemark/core"
import { Effect, Schema } from "effect"
import { readFileSync } from "node:fs"
import createClient from "openapi-fetch"
import { definitions } from "../scripts/acceptance-client.mjs"
import { acceptanceDefinition } from "./fixtures/AcceptanceDefinition.js"
import { RepositoryData } from "./fixtures/Bodies.js"
import type { paths } from "./fixtures/CodacyTriageSetupApi.js"
import { commitOn } from "./fixtures/GitRepositories.js"
import * as Http from "./fixtures/Http.js"
import { addRepository, issueToken, newOrganization, paths as routes, until, untilAnalysed } from "./fixtures/Scenario.js"
import { analysingTestLayer } from "./fixtures/TestLayer.js"
import { TestServer } from "./fixtures/TestServer.js"

const { interfacePath } = definitions["triage-setup"]
const { called, checked, operations } = acceptanceDefinition(readFileSync(interfacePath, "utf8"))

const branchOperations = [
  "listRepositoryBranches",
  "updateRepositoryBranchConfiguration",
  "setRepositoryBranchAsDefault",
  "reanalyzeCommitById",
  "bypassPullRequestAnalysis"
]

const repositoryPath = "/organizations/{provider}/{remoteOrganizationName}/repositories/{repositoryName}" as const
const branchesPath = `${repositoryPath}/branches` as const
const branchPath = `${branchesPath}/{branchName}` as const
const defaultPath = `${branchPath}/setDefault` as const
const reanalyzePath = `${repositoryPath}/reanalyzeCommit` as const
const bypassPath =
  "/analysis/organizations/{provider}/{remoteOrganizationName}/repositories/{repositoryName}/pull-requests/{pullRequestNumber}/bypass" as const

const call = <T>(run: () => Promise<T>) => Effect.promise(run)

/** Our extension's latest analysis of a listed branch, which the original's Branch does not name. */
const ofBranch = (page: { readonly data: ReadonlyArray<unknown> }, name: string) =>
  Schema.decodeUnknownSync(Schema.Array(Branch.BranchListItem))(page.data).find((b) => b.name === name)

layer(analysingTestLayer, { excludeTestServices: true, timeout: "240 seconds" })("acceptance client of branches", (it) => {
  it("the definition has the five operations of branches and reanalysis", () => {
    for (const name of branchOperations) expect(operations.has(name), name).toBe(true)
  })

  describe("every branch and reanalysis operation of the definition", () => {
    it.effect("lists, disables, enables and makes default a branch; reanalyses a commit; bypasses a pull request's gate", () =>
      Effect.gen(function*() {
        const { baseUrl } = yield* TestServer
        const org = newOrganization("branches")
        const token = yield* issueToken(org, "write")
        const readOnly = yield* issueToken(org, "read")
        const client = createClient<paths>({ baseUrl: `${baseUrl}/api/v3`, headers: { "api-token": token } })
        const reader = createClient<paths>({ baseUrl: `${baseUrl}/api/v3`, headers: { "api-token": readOnly } })
        const anonymous = createClient<paths>({ baseUrl: `${baseUrl}/api/v3` })
        const repository = { provider: org.provider, remoteOrganizationName: org.name, repositoryName: "app" }
        const branch = (branchName: string) => ({ ...repository, branchName })

        // `main` and `feature` (one commit ahead), the repository Public: its list is anyone's to read.
        const { git } = yield* addRepository(org, "app", { visibility: "Public" })
        yield* untilAnalysed(org, "app", token, git.mainSha)
        const list = (query: NonNullable<paths[typeof branchesPath]["get"]["parameters"]["query"]> = {}) =>
          Effect.map(call(() => client.GET(branchesPath, { params: { path: repository, query } })), (reply) => checked("listRepositoryBranches", 200, reply))

        const all = yield* list()
        expect(all.data.map((b) => [b.name, b.isDefault, b.isEnabled, b.branchType, b.lastCommit])).toEqual([
          ["feature", false, true, "Branch", git.featureSha],
          ["main", true, true, "Branch", git.mainSha]
        ])
        expect(all.pagination).toEqual({ limit: 100, total: 2 })
        expect([ofBranch(all, "main")?.lastAnalysedCommit, ofBranch(all, "feature")?.lastAnalysedCommit]).toEqual([git.mainSha, undefined])
        const open = checked("listRepositoryBranches", 200, yield* call(() => anonymous.GET(branchesPath, { params: { path: repository } })))
        expect(open.data.map((b) => b.name)).toEqual(["feature", "main"])
        checked("listRepositoryBranches", 404, yield* call(() => client.GET(branchesPath, { params: { path: { ...repository, repositoryName: "nope" } } })))
        checked("listRepositoryBranches", 400, yield* call(() => client.GET(branchesPath, { params: { path: repository, query: { limit: 0 } } })))

        // Search, order and pages.
        expect((yield* list({ search: "FEAT" })).data.map((b) => b.name)).toEqual(["feature"])
        expect((yield* list({ sort: "name", direction: "desc" })).data.map((b) => b.name)).toEqual(["main", "feature"])
        const first = yield* list({ limit: 1 })
        expect([first.data.map((b) => b.name), first.pagination?.total]).toEqual([["feature"], 2])
        const cursor = first.pagination?.cursor
        const second = yield* list({ limit: 1, ...(cursor === undefined ? {} : { cursor }) })
        expect([cursor === undefined, second.data.map((b) => b.name), second.pagination?.cursor]).toEqual([false, ["main"], undefined])

        // Disabled: listed as such, no longer analysed (a commit of it is refused); the default cannot be.
        checked("updateRepositoryBranchConfiguration", 204, yield* call(() =>
          client.PATCH(branchPath, { params: { path: branch("feature") }, body: { isEnabled: false } })))
        expect((yield* list({ enabled: false })).data.map((b) => [b.name, b.isEnabled])).toEqual([["feature", false]])
        expect((yield* list({ enabled: true })).data.map((b) => b.name)).toEqual(["main"])
        checked("reanalyzeCommitById", 422, yield* call(() => client.POST(reanalyzePath, { params: { path: repository }, body: { commitUuid: git.featureSha } })))
        yield* Http.expectError(yield* Http.post(routes.reanalyze(org, "app"), { token, query: { branch: "feature" } }), "NotFound")
        checked("updateRepositoryBranchConfiguration", 422, yield* call(() =>
          client.PATCH(branchPath, { params: { path: branch("main") }, body: { isEnabled: false } })))
        checked("updateRepositoryBranchConfiguration", 404, yield* call(() =>
          client.PATCH(branchPath, { params: { path: branch("nope") }, body: { isEnabled: true } })))
        checked("updateRepositoryBranchConfiguration", 401, yield* call(() =>
          anonymous.PATCH(branchPath, { params: { path: branch("feature") }, body: { isEnabled: true } })))
        checked("updateRepositoryBranchConfiguration", 400, yield* call(() =>
          client.PATCH(branchPath, { params: { path: branch("feature") }, body: { isEnabled: "yes" } as never })))
        const settings = `/api/v3${branchesPath.replace("{provider}", org.provider).replace("{remoteOrganizationName}", org.name).replace("{repositoryName}", "app")}`
        yield* Http.expectError(yield* Http.patch(`${settings}/feature`, { token: readOnly, json: { isEnabled: true } }), "Forbidden")
        // Not a default yet: enabled first.
        checked("setRepositoryBranchAsDefault", 422, yield* call(() => client.POST(defaultPath, { params: { path: branch("feature") } })))

        // Enabled again: its head is analysed.
        checked("updateRepositoryBranchConfiguration", 204, yield* call(() =>
          client.PATCH(branchPath, { params: { path: branch("feature") }, body: { isEnabled: true } })))
        yield* until(list(), (page) => ofBranch(page, "feature")?.lastAnalysedCommit === git.featureSha)

        // The default: the views without `branch` show it, also after a refresh from git.
        checked("setRepositoryBranchAsDefault", 204, yield* call(() => client.POST(defaultPath, { params: { path: branch("feature") } })))
        const shown = Http.expectBody(yield* Http.get(routes.repository(org, "app"), { token }), 200, RepositoryData).data
        expect([shown.branch?.name, shown.lastAnalysedCommit?.sha]).toEqual(["feature", git.featureSha])
        expect(checked("getRepository", 200, yield* call(() => client.GET(repositoryPath, { params: { path: repository } }))).data.defaultBranch?.name)
          .toBe("feature")
        yield* addRepository(org, "app", { reuse: git })
        expect((yield* list()).data.map((b) => [b.name, b.isDefault])).toEqual([["feature", true], ["main", false]])
        checked("setRepositoryBranchAsDefault", 404, yield* call(() => client.POST(defaultPath, { params: { path: branch("nope") } })))
        checked("setRepositoryBranchAsDefault", 401, yield* call(() => anonymous.POST(defaultPath, { params: { path: branch("main") } })))
        yield* Http.expectError(yield* Http.post(`${settings}/main/setDefault`, { token: readOnly }), "Forbidden")
        checked("setRepositoryBranchAsDefault", 204, yield* call(() => client.POST(defaultPath, { params: { path: branch("main") } })))

        // A commit analysed again: a new analysis of it ends, shown as its branch's latest.
        const before = ofBranch(yield* list(), "main")?.lastAnalysed ?? ""
        checked("reanalyzeCommitById", 204, yield* call(() =>
          client.POST(reanalyzePath, { params: { path: repository }, body: { commitUuid: git.mainSha, cleanCache: true } })))
        yield* until(list(), (page) => (ofBranch(page, "main")?.lastAnalysed ?? "") > before)
        checked("reanalyzeCommitById", 404, yield* call(() =>
          client.POST(reanalyzePath, { params: { path: repository }, body: { commitUuid: "0123456789abcdef0123456789abcdef01234567" } })))
        checked("reanalyzeCommitById", 403, yield* call(() => reader.POST(reanalyzePath, { params: { path: repository }, body: { commitUuid: git.mainSha } })))
        checked("reanalyzeCommitById", 401, yield* call(() => anonymous.POST(reanalyzePath, { params: { path: repository }, body: { commitUuid: git.mainSha } })))
        checked("reanalyzeCommitById", 400, yield* call(() => client.POST(reanalyzePath, { params: { path: repository }, body: {} as never })))

        // A pull request that adds an issue fails the default gate (no new issue); bypassed, it passes.
        yield* commitOn(git, "topic/x", { "src/bad.js": "export const f = () => nope\n" }, "main")
        const pullRequestPath = `${routes.repository(org, "app")}/pull-requests/1`
        yield* Http.put(pullRequestPath, { token, json: { title: "Topic X", originBranch: "topic/x", targetBranch: "main" } })
        const readPullRequest = Effect.map(Http.get(pullRequestPath, { token }), (reply) => Http.expectBody(reply, 200, ChangeViews.PullRequestWithAnalysis))
        const judged = yield* until(readPullRequest, (pr) => !pr.isAnalysing)
        expect([judged.isUpToStandards, judged.quality?.isUpToStandards, judged.newIssues]).toEqual([false, false, 1])
        const pullRequest = { ...repository, pullRequestNumber: 1 }
        checked("bypassPullRequestAnalysis", 403, yield* call(() => reader.POST(bypassPath, { params: { path: pullRequest } })))
        checked("bypassPullRequestAnalysis", 401, yield* call(() => anonymous.POST(bypassPath, { params: { path: pullRequest } })))
        checked("bypassPullRequestAnalysis", 404, yield* call(() => client.POST(bypassPath, { params: { path: { ...pullRequest, pullRequestNumber: 2 } } })))
        checked("bypassPullRequestAnalysis", 204, yield* call(() => client.POST(bypassPath, { params: { path: pullRequest } })))
        const bypassed = yield* readPullRequest
        expect([bypassed.isUpToStandards, bypassed.quality?.isUpToStandards, bypassed.newIssues, bypassed.bypass?.bypassedBy]).toEqual([
          true,
          true,
          1,
          expect.stringMatching(/.+/)
        ])
        // The gate's findings stay readable: the rule it failed, set aside.
        expect(bypassed.quality?.resultReasons?.map((r) => [r.gate, r.isUpToStandards])).toEqual([["issueThreshold", false]])

        expect([...called].filter((name) => branchOperations.includes(name)).sort()).toEqual([...branchOperations].sort())
      }), 230_000)
  })
})

/**
 * Issue 27's setup, accepted as an agent calling the original service would do it: with a client
 * generated from the original API's definition of the setup operations
 * (docs/spec/codacy-v3-triage-setup.interface.yaml), an organization is added and joined, a
 * repository added (our admin extension) and followed, then analysed; unfollowed, its new commit is
 * not analysed; deleted, it answers 404 and its git mirror is gone from disk. Every answer is checked
 * against the schema the definition gives for its operation and status.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { execFileSync } from "node:child_process"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import createClient from "openapi-fetch"
import { definitions } from "../scripts/acceptance-client.mjs"
import { acceptanceDefinition } from "./fixtures/AcceptanceDefinition.js"
import { RepositoryData } from "./fixtures/Bodies.js"
import type { paths } from "./fixtures/CodacyTriageSetupApi.js"
import { commitOnMain } from "./fixtures/GitRepositories.js"
import * as Http from "./fixtures/Http.js"
import { addRepository, issueToken, newOrganization, paths as routes, untilAnalysed } from "./fixtures/Scenario.js"
import { analysingTestLayer } from "./fixtures/TestLayer.js"
import { adminToken, TestServer } from "./fixtures/TestServer.js"

const { interfacePath } = definitions["triage-setup"]
const { called, checked, operations } = acceptanceDefinition(readFileSync(interfacePath, "utf8"))

const setupOperations = ["addOrganization", "joinOrganization", "followAddedRepository", "unfollowRepository", "deleteRepository"]

const repositoryPath = "/organizations/{provider}/{remoteOrganizationName}/repositories/{repositoryName}" as const
const followPath = `${repositoryPath}/follow` as const

const call = <T>(run: () => Promise<T>) => Effect.promise(run)

/** The mirrors in the server's git cache whose source is `source`. */
const mirrorsOf = (workDirectory: string, source: string) => {
  const cache = join(workDirectory, "git-cache")
  if (!existsSync(cache)) return []
  return readdirSync(cache).filter((entry) => entry.endsWith(".git")).filter((entry) => {
    const url = execFileSync("git", ["--git-dir", join(cache, entry), "config", "--get", "remote.origin.url"], { encoding: "utf8" })
    return url.trim() === source
  })
}

layer(analysingTestLayer, { excludeTestServices: true, timeout: "180 seconds" })("acceptance client of setup", (it) => {
  it("the definition has the five setup operations", () => {
    for (const name of setupOperations) expect(operations.has(name), name).toBe(true)
  })

  describe("every setup operation of the definition", () => {
    it.effect("adds and joins an organization, adds and follows a repository, unfollows it, deletes it", () =>
      Effect.gen(function*() {
        const { baseUrl, workDirectory } = yield* TestServer
        const admin = createClient<paths>({ baseUrl: `${baseUrl}/api/v3`, headers: { "api-token": adminToken } })
        const anonymous = createClient<paths>({ baseUrl: `${baseUrl}/api/v3` })
        const org = newOrganization("setup")
        const organization = { provider: org.provider, remoteOrganizationName: org.name }
        const repository = { ...organization, repositoryName: "app" }

        const added = checked("addOrganization", 200, yield* call(() =>
          admin.POST("/organizations", { body: { provider: org.provider, remoteIdentifier: "4242", name: org.name, type: "Organization" } })))
        expect([added.organization.name, added.organization.provider, added.warnings]).toEqual([org.name, org.provider, undefined])
        const again = checked("addOrganization", 200, yield* call(() =>
          admin.POST("/organizations", { body: { provider: org.provider, remoteIdentifier: "4242", name: org.name, type: "Organization" } })))
        expect([again.organization.identifier, again.warnings?.length]).toEqual([added.organization.identifier, 1])
        checked("addOrganization", 401, yield* call(() =>
          anonymous.POST("/organizations", { body: { provider: org.provider, remoteIdentifier: "1", name: "other", type: "Organization" } })))
        checked("addOrganization", 400, yield* call(() =>
          admin.POST("/organizations", { body: { provider: org.provider, name: org.name } as never })))

        const token = yield* issueToken(org, "write")
        const client = createClient<paths>({ baseUrl: `${baseUrl}/api/v3`, headers: { "api-token": token } })
        const joined = checked("joinOrganization", 200, yield* call(() =>
          client.POST("/organizations/{provider}/{remoteOrganizationName}/join", { params: { path: organization } })))
        expect(joined).toEqual({ organizationIdentifier: added.organization.identifier, joinStatus: "member" })
        checked("joinOrganization", 404, yield* call(() =>
          admin.POST("/organizations/{provider}/{remoteOrganizationName}/join", { params: { path: { ...organization, remoteOrganizationName: "nowhere-at-all" } } })))

        // Added (our admin extension): followed and analysed at once.
        const { git } = yield* addRepository(org, "app", { files: { "src/index.js": "const unused = 1\nexport const answer = () => 42\n" } })
        yield* untilAnalysed(org, "app", token, git.mainSha)
        const followed = checked("followAddedRepository", 200, yield* call(() => client.POST(followPath, { params: { path: repository } })))
        expect(followed).toEqual({ data: "Following" })
        expect(checked("getRepository", 200, yield* call(() => client.GET(repositoryPath, { params: { path: repository } }))).data.addedState)
          .toBe("Following")

        // Unfollowed: still there, Added; a new commit read from git is not analysed, a reanalysis is refused.
        checked("unfollowRepository", 204, yield* call(() => client.DELETE(followPath, { params: { path: repository } })))
        expect(checked("getRepository", 200, yield* call(() => client.GET(repositoryPath, { params: { path: repository } }))).data.addedState)
          .toBe("Added")
        const newer = yield* commitOnMain(git, { "src/more.js": "export const more = () => missing\n" })
        yield* addRepository(org, "app", { reuse: git })
        yield* Http.expectError(yield* Http.post(routes.reanalyze(org, "app"), { token }), "Conflict")
        yield* Effect.sleep("3 seconds")
        const paused = Http.expectBody(yield* Http.get(routes.repository(org, "app"), { token }), 200, RepositoryData).data
        expect(paused.lastAnalysedCommit?.sha).toBe(git.mainSha)

        // Followed again: the commit pushed meanwhile is analysed.
        expect(checked("followAddedRepository", 200, yield* call(() => client.POST(followPath, { params: { path: repository } })))).toEqual({
          data: "Following"
        })
        yield* untilAnalysed(org, "app", token, newer)

        // Deleting needs admin: the write token is refused; the admin deletes, and everything goes.
        checked("deleteRepository", 403, yield* call(() => client.DELETE(repositoryPath, { params: { path: repository } })))
        checked("unfollowRepository", 401, yield* call(() => anonymous.DELETE(followPath, { params: { path: repository } })))
        expect(mirrorsOf(workDirectory, git.path)).toHaveLength(1)
        checked("deleteRepository", 204, yield* call(() => admin.DELETE(repositoryPath, { params: { path: repository } })))
        checked("getRepository", 404, yield* call(() => client.GET(repositoryPath, { params: { path: repository } })))
        checked("deleteRepository", 404, yield* call(() => admin.DELETE(repositoryPath, { params: { path: repository } })))
        checked("followAddedRepository", 404, yield* call(() => client.POST(followPath, { params: { path: repository } })))
        expect(mirrorsOf(workDirectory, git.path)).toEqual([])

        // Added again, it starts from nothing: a new id, followed, analysed afresh.
        const fresh = yield* addRepository(org, "app", { reuse: git })
        expect(fresh.repository.addedState).toBe("Following")
        yield* untilAnalysed(org, "app", token, newer)

        expect([...called].filter((name) => setupOperations.includes(name)).sort()).toEqual([...setupOperations].sort())
      }), 170_000)
  })
})

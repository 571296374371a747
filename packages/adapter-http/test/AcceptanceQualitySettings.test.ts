/**
 * Issue 14's acceptance of the quality settings: a client generated from the original API's
 * definition of the commits, pull requests and quality settings
 * (docs/spec/codacy-v3-commits-pulls.interface.yaml, its interface without prose; types by
 * openapi-typescript, calls by openapi-fetch) calls the nine quality settings operations against a
 * running server, on each storage, and checks every answer against that definition's schema. The
 * definition's commit and pull request operations are not served yet.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { readFileSync } from "node:fs"
import createClient from "openapi-fetch"
import { definitions, typesOf } from "../scripts/acceptance-client.mjs"
import { acceptanceDefinition } from "./fixtures/AcceptanceDefinition.js"
import type { paths } from "./fixtures/CodacyCommitsPullsApi.js"
import { defaultGoals, world } from "./fixtures/Scenario.js"
import { testLayer } from "./fixtures/TestLayer.js"
import { TestServer } from "./fixtures/TestServer.js"

const { interfacePath, typesPath } = definitions["commits-pulls"]
const interfaceText = readFileSync(interfacePath, "utf8")
const { called, checked, operations } = acceptanceDefinition(interfaceText)

const qualityOperations = [
  "getQualitySettingsForRepository",
  "updateRepositoryQualitySettings",
  "resetRepositoryQualitySettings",
  "getCommitQualitySettings",
  "updateCommitQualitySettings",
  "resetCommitsQualitySettings",
  "getPullRequestQualitySettings",
  "updatePullRequestQualitySettings",
  "resetPullRequestsQualitySettings"
]

const settings = "/organizations/{provider}/{remoteOrganizationName}/repositories/{repositoryName}/settings/quality"
const defaultGate = { qualityGate: { issueThreshold: { threshold: 0, minimumSeverity: "Info" } } }

layer(testLayer, { excludeTestServices: true })("acceptance client of the quality settings", (it) => {
  it("is what openapi-typescript generates from the committed interface", async () => {
    expect(readFileSync(typesPath, "utf8")).toBe(await typesOf(interfaceText))
  })

  it("the definition has the nine operations", () => {
    for (const name of qualityOperations) expect(operations.has(name), name).toBe(true)
  })

  describe("every quality settings operation of the definition", () => {
    it.effect("answers as the definition says", () =>
      Effect.gen(function*() {
        const w = yield* world({ prefix: "acceptance" })
        const { baseUrl } = yield* TestServer
        const client = createClient<paths>({ baseUrl: `${baseUrl}/api/v3`, headers: { "api-token": w.token } })
        const call = <T>(run: () => Promise<T>) => Effect.promise(run)
        const path = { provider: w.org.provider, remoteOrganizationName: w.org.name, repositoryName: w.repo }
        const params = { params: { path } }

        const goals = checked("getQualitySettingsForRepository", 200, yield* call(() => client.GET(`${settings}/repository`, params)))
        expect(goals.data).toEqual(defaultGoals)
        const changed = checked("updateRepositoryQualitySettings", 200, yield* call(() =>
          client.PUT(`${settings}/repository`, { ...params, body: { maxIssuePercentage: 30, fileComplexityValueThreshold: 12 } })))
        expect(changed.data).toEqual({ ...defaultGoals, maxIssuePercentage: 30, fileComplexityValueThreshold: 12 })
        const reset = checked("resetRepositoryQualitySettings", 200, yield* call(() => client.POST(`${settings}/repository/reset`, params)))
        expect(reset.data).toEqual(defaultGoals)

        const commits = checked("getCommitQualitySettings", 200, yield* call(() => client.GET(`${settings}/commits`, params)))
        expect(commits.data).toEqual(defaultGate)
        const commitGate = checked("updateCommitQualitySettings", 200, yield* call(() =>
          client.PUT(`${settings}/commits`, {
            ...params,
            body: { issueThreshold: { threshold: 2, minimumSeverity: "Error" }, securityIssueThreshold: 0, coverageThresholdWithDecimals: -0.02 }
          })))
        expect(commitGate.data.qualityGate).toEqual({
          issueThreshold: { threshold: 2, minimumSeverity: "Error" },
          securityIssueThreshold: 0,
          coverageThreshold: 0,
          coverageThresholdWithDecimals: -0.02
        })
        const commitsReset = checked("resetCommitsQualitySettings", 200, yield* call(() => client.POST(`${settings}/commits/reset`, params)))
        expect(commitsReset.data).toEqual(defaultGate)

        const pulls = checked("getPullRequestQualitySettings", 200, yield* call(() => client.GET(`${settings}/pull-requests`, params)))
        expect(pulls.data).toEqual(defaultGate)
        const pullGate = checked("updatePullRequestQualitySettings", 200, yield* call(() =>
          client.PUT(`${settings}/pull-requests`, {
            ...params,
            body: { diffCoverageThreshold: 70, complexityThreshold: 4, duplicationThreshold: 1, securityIssueMinimumSeverity: "High" }
          })))
        expect(pullGate.data.qualityGate).toEqual({
          diffCoverageThreshold: 70,
          complexityThreshold: 4,
          duplicationThreshold: 1,
          securityIssueMinimumSeverity: "High"
        })
        const pullsReset = checked("resetPullRequestsQualitySettings", 200, yield* call(() =>
          client.POST(`${settings}/pull-requests/reset`, params)))
        expect(pullsReset.data).toEqual(defaultGate)

        // Errors with the bodies the definition gives.
        checked("updatePullRequestQualitySettings", 400, yield* call(() =>
          client.PUT(`${settings}/pull-requests`, { ...params, body: { complexityThreshold: -1 } })))
        checked("updateRepositoryQualitySettings", 400, yield* call(() =>
          client.PUT(`${settings}/repository`, { ...params, body: { fileDuplicationBlockThreshold: -1 } })))
        checked("getCommitQualitySettings", 404, yield* call(() =>
          client.GET(`${settings}/commits`, { params: { path: { ...path, repositoryName: "missing" } } })))
        const anonymous = createClient<paths>({ baseUrl: `${baseUrl}/api/v3` })
        checked("getPullRequestQualitySettings", 401, yield* call(() => anonymous.GET(`${settings}/pull-requests`, params)))

        expect([...called].sort()).toEqual([...qualityOperations].sort())
      }))
  })
})

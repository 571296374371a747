/**
 * Issue 28's security and risk management, accepted as the original service's clients call it: with
 * a client generated from the original API's definition (docs/spec/codacy-v3-security.interface.yaml),
 * and as the original MCP server's two tools call it (codacy_search_organization_srm_items sends
 * searchSecurityItems its options as the body, or none; codacy_search_repository_srm_items adds
 * `repositories: [repository]`). A repository with a vulnerable lockfile and a security-pattern
 * issue is analysed after the admin imported real OSV records; its items carry priorities and due
 * dates as the organization's SLA says. Every answer is checked against the definition's schema.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { readFileSync } from "node:fs"
import createClient from "openapi-fetch"
import { definitions } from "../scripts/acceptance-client.mjs"
import { acceptanceDefinition } from "./fixtures/AcceptanceDefinition.js"
import type { paths } from "./fixtures/CodacySecurityApi.js"
import * as Http from "./fixtures/Http.js"
import { addRepository, issueToken, newOrganization, until, untilAnalysed } from "./fixtures/Scenario.js"
import { analysingTestLayer } from "./fixtures/TestLayer.js"
import { adminToken, TestServer } from "./fixtures/TestServer.js"

const { interfacePath } = definitions.security
const { called, checked, operations } = acceptanceDefinition(readFileSync(interfacePath, "utf8"))

const osv = (id: string): unknown => JSON.parse(readFileSync(new URL(`../../core/test/fixtures/osv/${id}.json`, import.meta.url), "utf8"))

const call = <T>(run: () => Promise<T>) => Effect.promise(run)

const organizationPath = "/organizations/{provider}/{remoteOrganizationName}" as const
const security = `${organizationPath}/security` as const

const dayMillis = 86_400_000

// lodash 4.17.11 (GHSA-jf85-cpcp-j695, critical) pinned by npm; cryptography 3.2 by pip (GHSA-rhm9-p9w5-fwm7 and PYSEC-2021-63).
const packageJson = JSON.stringify({ name: "shop", dependencies: { lodash: "^4.17.11" } })
const packageLock = JSON.stringify({
  name: "shop",
  lockfileVersion: 3,
  packages: {
    "": { name: "shop", dependencies: { lodash: "^4.17.11" } },
    "node_modules/lodash": { version: "4.17.11", license: "MIT" }
  }
})
// Ruff's S102 (exec builtin), a security pattern on by default.
const runner = 'source = "print(1)"\nexec(source)\n'
// A GitHub token committed in a settings file; made up here so that this file holds none.
const fakeToken = ["gh", "p_", Array.from({ length: 36 }, (_, i) => "aB3dE5gH7jK9"[i % 12]).join("")].join("")
const settings = `import os\n\nGITHUB_TOKEN = "${fakeToken}"\nDEBUG = os.environ.get("DEBUG")\n`

layer(analysingTestLayer, { excludeTestServices: true, timeout: "240 seconds" })("acceptance client of security and risk management", (it) => {
  it("the definition has the seventeen security and SBOM operations", () => {
    for (const name of [
      "listSecurityItems",
      "searchSecurityItems",
      "getSecurityItem",
      "ignoreSecurityItem",
      "unignoreSecurityItem",
      "getSecurityDashboard",
      "searchSecurityDashboard",
      "searchSecurityDashboardRepositories",
      "searchSecurityDashboardHistory",
      "searchSecurityDashboardCategories",
      "listSecurityRepositories",
      "listSecurityCategories",
      "getSLAConfig",
      "updateSLAConfig",
      "searchSbomDependencies",
      "searchRepositoriesOfSbomDependency",
      "searchSbomRepositories"
    ]) expect(operations.has(name), name).toBe(true)
  })

  describe("an organization's security items", () => {
    it.effect("holds the vulnerable dependency and the SAST finding with the SLA's due dates, as the MCP tools and the client read them", () =>
      Effect.gen(function*() {
        const { baseUrl } = yield* TestServer
        const org = newOrganization("security")
        const token = yield* issueToken(org, "admin")
        const reader = yield* issueToken(org, "read")
        const client = createClient<paths>({ baseUrl: `${baseUrl}/api/v3`, headers: { "api-token": token } })
        const readOnly = createClient<paths>({ baseUrl: `${baseUrl}/api/v3`, headers: { "api-token": reader } })
        const anonymous = createClient<paths>({ baseUrl: `${baseUrl}/api/v3` })
        const at = { provider: org.provider, remoteOrganizationName: org.name }

        // The SLA first: criticals in 20 days, mediums in 45 (within 15 days of its deadline an item is due soon).
        const sla = { criticalSla: 20, highSla: 14, mediumSla: 45, lowSla: 120 }
        expect(checked("getSLAConfig", 200, yield* call(() => client.GET(`${security}/sla`, { params: { path: at } }))))
          .toEqual({ slaConfig: { criticalSla: 15, highSla: 30, mediumSla: 90, lowSla: 180 } })
        checked("updateSLAConfig", 401, yield* call(() => readOnly.PUT(`${security}/sla`, { params: { path: at }, body: { slaConfig: sla } })))
        checked("updateSLAConfig", 400, yield* call(() => client.PUT(`${security}/sla`, { params: { path: at }, body: { slaConfig: { ...sla, lowSla: 0 } } })))
        expect(checked("updateSLAConfig", 201, yield* call(() => client.PUT(`${security}/sla`, { params: { path: at }, body: { slaConfig: sla } }))))
          .toEqual({ slaConfig: sla })

        // The installation admin imports lodash's advisory (and a withdrawn one, which removes nothing, and one that is not OSV).
        const imported = yield* Http.post("/api/v3/admin/advisories", {
          token: adminToken,
          json: { records: [osv("GHSA-jf85-cpcp-j695"), osv("GHSA-2jx3-fx5f-r2c6"), { id: 42 }] }
        })
        expect(imported.status, imported.text).toBe(200)
        expect(imported.body).toMatchObject({ data: { saved: 1, unchanged: 0, removed: 0, skipped: 0, invalidRecords: 1, invalid: [{ index: 2 }] } })

        const { git } = yield* addRepository(org, "shop", {
          files: { "package.json": packageJson, "package-lock.json": packageLock, "requirements.txt": "cryptography==3.2\n", "tools/run.py": runner, "deploy/settings.py": settings }
        })
        yield* untilAnalysed(org, "shop", token, git.mainSha)

        // codacy_search_organization_srm_items with no options: no body at all.
        const organizationItems = yield* until(
          call(() => client.POST(`${security}/items/search`, { params: { path: at } })),
          (reply) => (reply.data?.data.length ?? 0) >= 3
        )
        const items = checked("searchSecurityItems", 200, organizationItems).data
        const byScan = Object.fromEntries(items.map((item) => [item.scanType, item]))
        expect(Object.keys(byScan).sort()).toEqual(["SAST", "SCA", "Secrets"])
        // The secret: where it is, masked; the token itself is in no field of any answer.
        const secret = byScan["Secrets"]!
        expect(secret).toMatchObject({ priority: "High", scanType: "Secrets", securityCategory: "Secrets", cwe: "CWE-798" })
        expect(secret.additionalInfo).toBe(`deploy/settings.py:3 GITHUB_TOKEN = "${fakeToken.slice(0, 4)}${"*".repeat(fakeToken.length - 4)}"`)
        expect(JSON.stringify(organizationItems.data)).not.toContain(fakeToken.slice(4))
        expect(Date.parse(secret.dueAt) - Date.parse(secret.openedAt)).toBe(14 * dayMillis)
        const dependency = byScan["SCA"]!
        expect(dependency).toMatchObject({
          itemSource: "Codacy",
          itemSourceId: "GHSA-jf85-cpcp-j695",
          title: "lodash 4.17.11: Prototype Pollution in lodash",
          repository: "shop",
          priority: "Critical",
          status: "OnTrack",
          securityCategory: "OutdatedDependencies",
          scanType: "SCA",
          cvssScore: 9.1,
          cve: "CVE-2019-10744",
          cwe: "CWE-1321",
          affectedVersion: "4.17.11",
          fixedVersion: ["4.17.12"]
        })
        expect(Date.parse(dependency.dueAt) - Date.parse(dependency.openedAt)).toBe(20 * dayMillis)
        const sast = byScan["SAST"]!
        // Bandit's weakness of its exec test (B102), through the Ruff pattern's tag and sub-category.
        expect(sast).toMatchObject({
          priority: "Medium",
          status: "OnTrack",
          scanType: "SAST",
          title: "Use of `exec` detected",
          securityCategory: "CommandInjection",
          cwe: "CWE-78"
        })
        expect(sast.additionalInfo).toBe("tools/run.py:2 Ruff Ruff_S102: Exec builtin")
        expect(Date.parse(sast.dueAt) - Date.parse(sast.openedAt)).toBe(45 * dayMillis)
        // Sorted by due date: the high (14 days), the critical (20), the medium (45).
        expect(items.map((item) => item.scanType)).toEqual(["Secrets", "SCA", "SAST"])

        // codacy_search_repository_srm_items: its options with `repositories: [repository]`.
        const repositoryItems = checked("searchSecurityItems", 200, yield* call(() =>
          client.POST(`${security}/items/search`, { params: { path: at, query: { limit: 1 } }, body: { repositories: ["shop"], scanTypes: ["SCA"] } })))
        expect(repositoryItems.data.map((item) => item.id)).toEqual([dependency.id])
        expect(repositoryItems.pagination).toMatchObject({ limit: 1, total: 1 })
        expect(checked("searchSecurityItems", 200, yield* call(() =>
          client.POST(`${security}/items/search`, { params: { path: at }, body: { repositories: ["elsewhere"] } }))).data).toEqual([])
        // Paging: one at a time, each cursor gives the next, the last page has none.
        const paged: Array<string> = []
        let cursor: string | undefined
        do {
          const page = checked("searchSecurityItems", 200, yield* call(() =>
            client.POST(`${security}/items/search`, {
              params: { path: at, query: { limit: 1, sort: "DetectedAt", direction: "desc", ...(cursor === undefined ? {} : { cursor }) } },
              body: {}
            })))
          paged.push(...page.data.map((item) => item.id))
          cursor = page.pagination.cursor
        } while (cursor !== undefined)
        expect(paged.sort()).toEqual(items.map((item) => item.id).sort())
        checked("searchSecurityItems", 401, yield* call(() => anonymous.POST(`${security}/items/search`, { params: { path: at } })))
        checked("searchSecurityItems", 400, yield* call(() =>
          client.POST(`${security}/items/search`, { params: { path: at, query: { direction: "sideways" } }, body: {} })))

        // The deprecated GET list, its filters in the query.
        expect(checked("listSecurityItems", 200, yield* call(() =>
          client.GET(`${security}/items`, { params: { path: at, query: { priority: ["Critical"], status: ["OnTrack", "DueSoon"] } } }))).data.map((item) => item.id))
          .toEqual([dependency.id])
        expect(checked("getSecurityItem", 200, yield* call(() =>
          client.GET(`${security}/items/{srmItemId}`, { params: { path: { ...at, srmItemId: sast.id } } }))).data).toEqual(sast)
        checked("getSecurityItem", 404, yield* call(() =>
          client.GET(`${security}/items/{srmItemId}`, { params: { path: { ...at, srmItemId: "80f64371-e6bc-4d9b-b022-7c873cc5e39f" } } })))

        // Ignoring needs write; an ignored item says who and why, and is brought back once.
        checked("ignoreSecurityItem", 403, yield* call(() =>
          readOnly.POST(`${security}/items/{srmItemId}/ignore`, { params: { path: { ...at, srmItemId: sast.id } }, body: { reason: "TestCode" } })))
        checked("unignoreSecurityItem", 400, yield* call(() =>
          client.POST(`${security}/items/{srmItemId}/unignore`, { params: { path: { ...at, srmItemId: sast.id } } })))
        const ignored = checked("ignoreSecurityItem", 200, yield* call(() =>
          client.POST(`${security}/items/{srmItemId}/ignore`, { params: { path: { ...at, srmItemId: sast.id } }, body: { reason: "TestCode", comment: "a tool script" } }))).data
        expect([ignored.status, ignored.ignored?.reason]).toEqual(["Ignored", "TestCode: a tool script"])
        const back = checked("unignoreSecurityItem", 200, yield* call(() =>
          client.POST(`${security}/items/{srmItemId}/unignore`, { params: { path: { ...at, srmItemId: sast.id } } }))).data
        expect([back.status, back.ignored]).toEqual(["OnTrack", undefined])

        // The dashboards.
        const dashboard = checked("searchSecurityDashboard", 200, yield* call(() => client.POST(`${security}/dashboard`, { params: { path: at } }))).data
        expect(dashboard).toMatchObject({ totalOpen: 3, totalNewThisWeek: 3, totalClosed: 0, onTrack: 2, dueSoon: 1, openCritical: 1, openHigh: 1, openMedium: 1, openSAST: 1, openSCA: 1, openSecrets: 1, openDAST: 0 })
        expect(checked("getSecurityDashboard", 200, yield* call(() =>
          client.GET(`${security}/dashboard`, { params: { path: at, query: { scanType: ["SCA"] } } }))).data.totalOpen).toBe(1)
        expect(checked("searchSecurityDashboardRepositories", 200, yield* call(() =>
          client.POST(`${security}/dashboard/repositories/search`, { params: { path: at }, body: {} }))).data)
          .toEqual([{ id: expect.any(Number), name: "shop", critical: 1, high: 1, medium: 1, low: 0 }])
        expect(checked("searchSecurityDashboardCategories", 200, yield* call(() =>
          client.POST(`${security}/dashboard/categories/search`, { params: { path: at } }))).data)
          .toEqual([{ name: "CommandInjection", total: 1 }, { name: "OutdatedDependencies", total: 1 }, { name: "Secrets", total: 1 }])
        const history = checked("searchSecurityDashboardHistory", 200, yield* call(() =>
          client.POST(`${security}/dashboard/history/search`, { params: { path: at }, body: { repositories: ["shop"] } }))).data
        expect(history).toHaveLength(12)
        expect(history.at(-1)).toMatchObject({ newCritical: 1, newHigh: 1, newMedium: 1, openCritical: 0, unignoredMedium: 1 })
        expect(checked("listSecurityRepositories", 200, yield* call(() => client.GET(`${security}/repositories`, { params: { path: at } }))).data)
          .toEqual([{ repositoryId: expect.any(Number), provider: org.provider, owner: org.name, name: "shop" }])
        expect(checked("listSecurityCategories", 200, yield* call(() => client.GET(`${security}/categories`, { params: { path: at } }))))
          .toEqual({ pagination: { limit: 100, total: 3 }, data: ["CommandInjection", "OutdatedDependencies", "Secrets"] })

        // cryptography's advisories come later: matched without analysing again, one item for the two records of one CVE.
        const later = yield* Http.post("/api/v3/admin/advisories", { token: adminToken, json: { records: [osv("GHSA-rhm9-p9w5-fwm7"), osv("PYSEC-2021-63")] } })
        expect(later.body).toMatchObject({ data: { saved: 2 } })
        const matched = yield* Http.post("/api/v3/admin/advisories/match", { token: adminToken })
        expect(matched.body).toEqual({ data: { repositories: 1 } })
        const python = checked("searchSecurityItems", 200, yield* call(() =>
          client.POST(`${security}/items/search`, { params: { path: at }, body: { priorities: ["High"], scanTypes: ["SCA"] } }))).data
        expect(python.map((item) => [item.itemSourceId, item.cve, item.affectedVersion, item.fixedVersion])).toEqual([
          ["GHSA-rhm9-p9w5-fwm7", "CVE-2020-36242", "3.2", ["3.3.2"]]
        ])
        const status = yield* Http.get("/api/v3/admin/advisories", { token: adminToken })
        expect(status.body).toMatchObject({ data: { advisories: expect.any(Number), lastImportedAt: expect.any(String) } })
        expect((yield* Http.post("/api/v3/admin/advisories", { token, json: { records: [] } })).status).toBe(403)

        // The SBOM: every package pinned, the most critical first, with its open findings and licence.
        const sbom = `${organizationPath}/sbom` as const
        const dependencies = checked("searchSbomDependencies", 200, yield* call(() => client.POST(`${sbom}/dependencies/search`, { params: { path: at } })))
        expect(dependencies.data.map((d) => [d.fullName, d.repositoriesCount, d.versionsCount, d.findings.filter((f) => f.open > 0), d.licensesDetails])).toEqual([
          ["npm/lodash", 1, 1, [{ severity: "Critical", open: 1 }], [{ name: "MIT" }]],
          ["pypi/cryptography", 1, 1, [{ severity: "High", open: 1 }], []]
        ])
        expect(dependencies.overview).toEqual({ totalRepositoriesCount: 1, filteredRepositoriesCount: 1, totalDependenciesCount: 2, filteredDependenciesCount: 2 })
        checked("searchSbomDependencies", 400, yield* call(() =>
          client.POST(`${sbom}/dependencies/search`, { params: { path: at, query: { columnOrder: "sideways" as "asc" } } })))
        const users = yield* call(() => client.POST(`${sbom}/dependencies/repositories/search`, { params: { path: at }, body: { dependencyFullName: "npm/lodash" } }))
        expect(users.response.headers.get("x-maturity")).toBe("experimental")
        expect(checked("searchRepositoriesOfSbomDependency", 200, users)).toMatchObject({
          data: [{ name: "shop", dependencyVersion: "4.17.11", highestFindingSeverity: "Critical", licenses: ["MIT"] }],
          overview: { fullName: "npm/lodash", purl: "pkg:npm/lodash", latestVersion: "4.17.11", oldestVersion: "4.17.11", totalRepositoriesCount: 1 }
        })
        checked("searchRepositoriesOfSbomDependency", 404, yield* call(() =>
          client.POST(`${sbom}/dependencies/repositories/search`, { params: { path: at }, body: { dependencyFullName: "npm/left-pad" } })))
        expect(checked("searchSbomRepositories", 200, yield* call(() => client.POST(`${sbom}/repositories/search`, { params: { path: at }, body: {} }))).data)
          .toEqual([{ id: expect.any(Number), name: "shop", dependenciesCount: 2, dependenciesFindings: [
            { severity: "Critical", open: 1 },
            { severity: "High", open: 1 },
            { severity: "Medium", open: 0 },
            { severity: "Low", open: 0 }
          ] }])
        // Our extension: the repository's SBOM as a CycloneDX document.
        const cyclone = yield* Http.get(`/api/v3/organizations/${org.provider}/${org.name}/repositories/shop/sbom`, { token })
        expect([cyclone.status, cyclone.headers["content-type"]]).toEqual([200, "application/vnd.cyclonedx+json"])
        expect(cyclone.body).toMatchObject({
          bomFormat: "CycloneDX",
          specVersion: "1.5",
          metadata: { component: { name: `${org.name}/shop`, version: git.mainSha } },
          components: [
            { name: "lodash", version: "4.17.11", purl: "pkg:npm/lodash@4.17.11", licenses: [{ expression: "MIT" }] },
            { name: "cryptography", version: "3.2", purl: "pkg:pypi/cryptography@3.2" }
          ]
        })
      }))
  })

  it("every security operation of the definition was called", () => {
    for (const name of operations.keys()) expect(called.has(name), name).toBe(true)
  })
})

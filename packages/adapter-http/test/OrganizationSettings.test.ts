import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { existsSync, rmSync } from "node:fs"
import { SettingsBody, ToolList } from "./fixtures/Bodies.js"
import { analysedAfter, nowIso, reanalyze, useConfigurationFile } from "./fixtures/Analyses.js"
import * as Http from "./fixtures/Http.js"
import { addRepository, allowConfigurationFiles, eslint9, issueToken, newOrganization, type Organization, paths, world } from "./fixtures/Scenario.js"
import { analysingTestLayer } from "./fixtures/TestLayer.js"
import { adminToken } from "./fixtures/TestServer.js"

/**
 * An organization's settings (our admin extension): whether its repositories may lint with their
 * own ESLint configuration file, which is the repository's code. Off until the installation admin
 * allows it; the analysis then runs the config in the sandbox and reports what the sandbox stopped.
 */

const settingsOf = (org: Organization, token: string) =>
  Effect.map(Http.get(paths.settings(org), { token }), (reply) => Http.expectBody(reply, 200, SettingsBody).data)

const usesConfigurationFile = (org: Organization, repository: string, token: string) =>
  Effect.map(
    Http.get(paths.tools(org, repository), { token }),
    (reply) => Http.expectBody(reply, 200, ToolList).data.find((tool) => tool.uuid === eslint9)?.settings.usesConfigurationFile
  )


layer(analysingTestLayer, { excludeTestServices: true, timeout: "120 seconds" })("organization settings", (it) => {
  describe("GET and PATCH …/admin/organizations/{provider}/{org}/settings", () => {
    it.effect("start with configuration files not allowed; any token of the organization reads them", () =>
      Effect.gen(function*() {
        const w = yield* world({ permission: "read" })
        expect(yield* settingsOf(w.org, w.token)).toEqual({ allowConfigurationFiles: false })
        expect(yield* settingsOf(w.org, adminToken)).toEqual({ allowConfigurationFiles: false })
      }))

    it.effect("only the installation admin changes them: 403 for the organization's own admin token, 401 for others", () =>
      Effect.gen(function*() {
        const w = yield* world()
        const organizationAdmin = yield* issueToken(w.org, "admin")
        const body = { allowConfigurationFiles: true }
        const refused = yield* Http.patch(paths.settings(w.org), { token: organizationAdmin, json: body })
        expect(yield* Http.expectError(refused, "Forbidden")).toContain("installation admin")
        const other = yield* world()
        yield* Http.expectError(yield* Http.patch(paths.settings(w.org), { token: other.token, json: body }), "Unauthorized")
        yield* Http.expectError(yield* Http.patch(paths.settings(w.org), { json: body }), "Unauthorized")
        expect(yield* settingsOf(w.org, w.token)).toEqual({ allowConfigurationFiles: false })

        expect(yield* allowConfigurationFiles(w.org)).toEqual({ allowConfigurationFiles: true })
        expect(yield* settingsOf(w.org, w.token)).toEqual({ allowConfigurationFiles: true })
        // A field left out keeps its value.
        const kept = yield* Http.patch(paths.settings(w.org), { token: adminToken, json: {} })
        expect(Http.expectBody(kept, 200, SettingsBody).data).toEqual({ allowConfigurationFiles: true })
      }))

    it.effect("answers 404 for an unknown organization and 400 for a body that does not decode", () =>
      Effect.gen(function*() {
        yield* Http.expectError(yield* Http.get(paths.settings(newOrganization()), { token: adminToken }), "NotFound")
        const w = yield* world()
        const bad = yield* Http.patch(paths.settings(w.org), { token: adminToken, json: { allowConfigurationFiles: "yes" } })
        expect(yield* Http.expectError(bad, "BadRequest")).toContain("allowConfigurationFiles")
      }))
  })

  describe("configureTool's useConfigurationFile", () => {
    it.effect("is refused (403) until the admin allows configuration files, and changes nothing", () =>
      Effect.gen(function*() {
        const w = yield* world({ eslintConfig: true })
        const refused = yield* useConfigurationFile(w.org, w.repo, w.token)
        expect(yield* Http.expectError(refused, "Forbidden")).toContain("allowConfigurationFiles")
        expect(yield* usesConfigurationFile(w.org, w.repo, w.token)).toBe(false)
        // Turning it off needs no permission of the admin.
        Http.expectNoContent(yield* useConfigurationFile(w.org, w.repo, w.token, false))

        yield* allowConfigurationFiles(w.org)
        Http.expectNoContent(yield* useConfigurationFile(w.org, w.repo, w.token))
        expect(yield* usesConfigurationFile(w.org, w.repo, w.token)).toBe(true)
      }))
  })

  describe("the analysis of a repository using its configuration file", () => {
    it.effect("runs the config in the sandbox: a hostile one is reported as the analysis' problem, and the service goes on", () =>
      Effect.gen(function*() {
        const planted = "/tmp/tidemark-owned"
        rmSync(planted, { force: true })
        const org = newOrganization()
        const token = yield* issueToken(org)
        yield* allowConfigurationFiles(org)
        const hostile = yield* addRepository(org, "hostile", {
          files: {
            "index.js": "export const answer = 42\n",
            "eslint.config.js": `import fs from "node:fs"\nfs.writeFileSync("${planted}", JSON.stringify(process.env))\nexport default []\n`
          }
        })
        // Adding queued an analysis with the patterns: waited for, so that the one below is the reanalysis.
        yield* analysedAfter(org, "hostile", token, hostile.git.mainSha, "")
        Http.expectNoContent(yield* useConfigurationFile(org, "hostile", token))
        const since = yield* nowIso
        yield* reanalyze(org, "hostile", token)
        const analysed = yield* analysedAfter(org, "hostile", token, hostile.git.mainSha, since)
        expect(analysed.repository.problems).toEqual([
          expect.objectContaining({ code: "analysis_failed", message: expect.stringMatching(/eslint\.config\.js: the sandbox refused FileSystemWrite/) })
        ])
        expect(existsSync(planted)).toBe(false)

        // The service keeps working: another repository of the organization is analysed after it.
        const plain = yield* addRepository(org, "plain", { files: { "index.js": "const unused = 1\n" } })
        const next = yield* analysedAfter(org, "plain", token, plain.git.mainSha, since)
        expect(next.repository.problems).toEqual([])
        expect(next.issuesCount).toBe(1)
      }), 90_000)

    it.effect("uses the patterns, and says so, when the admin has withdrawn configuration files since", () =>
      Effect.gen(function*() {
        const org = newOrganization()
        const token = yield* issueToken(org)
        yield* allowConfigurationFiles(org)
        const added = yield* addRepository(org, "app", {
          files: { "index.js": "const unused = 1\n", "eslint.config.js": 'export default [{ rules: { semi: "error" } }]\n' }
        })
        yield* analysedAfter(org, "app", token, added.git.mainSha, "")
        Http.expectNoContent(yield* useConfigurationFile(org, "app", token))
        const withdrawn = yield* Http.patch(paths.settings(org), { token: adminToken, json: { allowConfigurationFiles: false } })
        Http.expectBody(withdrawn, 200, SettingsBody)
        const since = yield* nowIso
        yield* reanalyze(org, "app", token)
        const analysed = yield* analysedAfter(org, "app", token, added.git.mainSha, since)
        // The organization's refusal, and the analysis's own word on the flat config it did not run.
        expect(analysed.repository.problems.map((p) => p.code)).toEqual(["configuration_partly_followed", "configuration_file_not_allowed"])
        expect(analysed.repository.problems[0]?.message).toContain("eslint.config.js is code")
        // ESLint9's recommended no-unused-vars, not the config's semi: the patterns decided.
        expect(analysed.issuesCount).toBe(1)
      }))
  })
})

/**
 * Issue 13: the original API's account, organization and catalogue operations (listOrganizations,
 * getOrganization, listOrganizationRepositories, listTools, listPatterns, getPattern), and our
 * extension telling a signed-in caller which catalogue tools this server can run.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Schedule, Schema } from "effect"
import { OrganizationViews, Pattern } from "@tidemark/core"
import {
  CatalogueToolList,
  OrganizationData,
  PatternDefinitionData,
  PatternDefinitionList,
  RepositoryData,
  RepositoryList,
  ToolInstallationList
} from "./fixtures/Bodies.js"
import * as Http from "./fixtures/Http.js"
import {
  addRepository,
  checkstyle,
  cppcheck,
  eslint8,
  eslint9,
  govet,
  issueToken,
  markdownlint,
  newOrganization,
  once,
  type Organization,
  paths,
  phpcs,
  rubocop,
  ruff,
  shellCheck,
  staticcheck,
  spectral,
  stylelint,
  yamllint,
  pylint
} from "./fixtures/Scenario.js"
import { analysingTestLayer } from "./fixtures/TestLayer.js"
import { adminToken } from "./fixtures/TestServer.js"

const base = "/api/v3"
const organizationPath = (org: Organization) => `${base}/organizations/${org.provider}/${encodeURIComponent(org.name)}`

/** An organization with a JavaScript repository (Private), a Python one (Public), and an empty one. */
const setup = once(Effect.gen(function*() {
  const org = newOrganization("account")
  const token = yield* issueToken(org)
  const reader = yield* issueToken(org, "read")
  const administrator = yield* issueToken(org, "admin")
  const js = yield* addRepository(org, "js-app", { files: { "src/a.js": "export const a = 1\n" } })
  const py = yield* addRepository(org, "py-lib", { files: { "lib/b.py": "def b():\n    return 2\n" }, visibility: "Public" })
  yield* addRepository(org, "empty-repo", { files: { "README.md": "# nothing\n" } })
  for (const [name, sha] of [["js-app", js.git.mainSha], ["py-lib", py.git.mainSha]] as const) {
    yield* Http.get(paths.repository(org, name), { token }).pipe(
      Effect.map((reply) => Http.expectBody(reply, 200, RepositoryData).data),
      Effect.filterOrFail((r) => r.lastAnalysedCommit?.sha === sha, () => "not analysed yet"),
      Effect.retry(Schedule.spaced("100 millis").pipe(Schedule.upTo("60 seconds")))
    )
  }
  const other = newOrganization("account-other")
  const otherToken = yield* issueToken(other)
  return { org, token, reader, administrator, other, otherToken }
}))

const organizationsOf = (token: string | undefined, query: Readonly<Record<string, string>> = {}) =>
  Effect.map(
    Http.get(`${base}/user/organizations/gh`, { ...(token === undefined ? {} : { token }), query }),
    (reply) => Http.expectBody(reply, 200, OrganizationViews.OrganizationListResponse)
  )

const repositoriesOf = (org: Organization, token: string | undefined, query: Readonly<Record<string, string>> = {}) =>
  Effect.map(
    Http.get(`${organizationPath(org)}/repositories`, { ...(token === undefined ? {} : { token }), query }),
    (reply) => Http.expectBody(reply, 200, RepositoryList)
  )

layer(analysingTestLayer, { excludeTestServices: true, timeout: "120 seconds" })("account", (it) => {
  describe("listOrganizations", () => {
    it.effect("an organization's token sees its organization; the installation admin sees every one, by name", () =>
      Effect.gen(function*() {
        const { org, other, token } = yield* setup
        const own = yield* organizationsOf(token)
        expect(own.data).toEqual([{
          identifier: own.data[0]?.identifier,
          remoteIdentifier: org.name,
          name: org.name,
          provider: "gh",
          type: "Organization",
          joinStatus: "member",
          singleProviderLogin: false,
          hasDastAccess: false,
          hasScaEnabled: false
        }])
        const all = yield* organizationsOf(adminToken)
        const names = all.data.map((o) => o.name)
        expect(names).toEqual(expect.arrayContaining([org.name, other.name]))
        expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
        expect(all.data.every((o) => o.joinStatus === undefined)).toBe(true)

        const first = yield* organizationsOf(adminToken, { limit: "1" })
        const second = yield* organizationsOf(adminToken, { limit: "1", cursor: first.pagination?.cursor ?? "" })
        expect([...first.data, ...second.data].map((o) => o.name)).toEqual(names.slice(0, 2))
        expect((yield* organizationsOf(token, { })).data.map((o) => o.name)).not.toContain(other.name)
        expect((Http.expectBody(yield* Http.get(`${base}/user/organizations/gl`, { token }), 200, OrganizationViews.OrganizationListResponse)).data).toEqual([])
      }))

    it.effect("needs a token (401); a bad limit is 400", () =>
      Effect.gen(function*() {
        const { token } = yield* setup
        yield* Http.expectError(yield* Http.get(`${base}/user/organizations/gh`), "Unauthorized")
        yield* Http.expectError(yield* Http.get(`${base}/user/organizations/gh`, { token, query: { limit: "0" } }), "BadRequest")
      }))
  })

  describe("getOrganization", () => {
    it.effect("answers the organization with the caller's role; another organization's token gets 401, an unknown one 404", () =>
      Effect.gen(function*() {
        const { administrator, org, otherToken, reader, token } = yield* setup
        const asAdmin = Http.expectBody(yield* Http.get(organizationPath(org), { token: administrator }), 200, OrganizationData).data
        expect(asAdmin.organization.name).toBe(org.name)
        expect(asAdmin.membership.userRole).toBe("admin")
        expect(asAdmin.analysisConfigurationMinimumPermission).toBe("write")
        expect(asAdmin.subscriptions.map((s) => s.product)).toEqual(["quality", "coverage"])
        const asReader = Http.expectBody(yield* Http.get(organizationPath(org), { token: reader }), 200, OrganizationData).data
        expect(asReader.membership.userRole).toBe("member")
        expect(asReader.organization).toEqual(asAdmin.organization)
        const asWriter = Http.expectBody(yield* Http.get(organizationPath(org), { token }), 200, OrganizationData).data
        expect(asWriter.membership.userRole).toBe("member")
        const asInstallationAdmin = Http.expectBody(yield* Http.get(organizationPath(org), { token: adminToken }), 200, OrganizationData).data
        expect([asInstallationAdmin.membership.userRole, asInstallationAdmin.organization.joinStatus]).toEqual(["admin", undefined])

        yield* Http.expectError(yield* Http.get(organizationPath(org), { token: otherToken }), "Unauthorized")
        yield* Http.expectError(yield* Http.get(organizationPath(org)), "Unauthorized")
        yield* Http.expectError(yield* Http.get(organizationPath(newOrganization("ghost")), { token: adminToken }), "NotFound")
      }))
  })

  describe("listOrganizationRepositories", () => {
    it.effect("lists the repositories without their analysis, by name, searched and paged", () =>
      Effect.gen(function*() {
        const { org, token } = yield* setup
        const all = yield* repositoriesOf(org, token)
        expect(all.data.map((r) => r.name)).toEqual(["empty-repo", "js-app", "py-lib"])
        expect(all.data.find((r) => r.name === "js-app")).toMatchObject({
          fullPath: `${org.name}/js-app`,
          visibility: "Private",
          languages: ["JavaScript"]
        })
        expect(all.pagination.total).toBe(3)
        expect((yield* repositoriesOf(org, token, { search: "app" })).data.map((r) => r.name)).toEqual(["js-app"])
        const first = yield* repositoriesOf(org, token, { limit: "2" })
        const rest = yield* repositoriesOf(org, token, { limit: "2", cursor: first.pagination.cursor ?? "" })
        expect(rest.data.map((r) => r.name)).toEqual(["py-lib"])
      }))

    it.effect("filters by language (any case), answers nothing for NotSynced or a segment", () =>
      Effect.gen(function*() {
        const { org, token } = yield* setup
        expect((yield* repositoriesOf(org, token, { languages: "python,Scala" })).data.map((r) => r.name)).toEqual(["py-lib"])
        const paged = yield* repositoriesOf(org, token, { languages: "JavaScript,Python", limit: "1" })
        expect(paged.data.map((r) => r.name)).toEqual(["js-app"])
        expect(paged.pagination.total).toBe(2)
        const next = yield* repositoriesOf(org, token, { languages: "JavaScript,Python", limit: "1", cursor: paged.pagination.cursor ?? "" })
        expect(next.data.map((r) => r.name)).toEqual(["py-lib"])
        expect((yield* repositoriesOf(org, token, { filter: "NotSynced" })).data).toEqual([])
        expect((yield* repositoriesOf(org, token, { filter: "AllSynced" })).data).toHaveLength(3)
        expect((yield* repositoriesOf(org, token, { segments: "1" })).data).toEqual([])
        yield* Http.expectError(yield* Http.get(`${organizationPath(org)}/repositories`, { token, query: { filter: "Mine" } }), "BadRequest")
      }))

    it.effect("without a token lists the Public repositories only; a foreign token gets 401, an unknown organization 404", () =>
      Effect.gen(function*() {
        const { org, otherToken } = yield* setup
        expect((yield* repositoriesOf(org, undefined)).data.map((r) => r.name)).toEqual(["py-lib"])
        yield* Http.expectError(yield* Http.get(`${organizationPath(org)}/repositories`, { token: otherToken }), "Unauthorized")
        yield* Http.expectError(yield* Http.get(`${organizationPath(newOrganization("ghost"))}/repositories`), "NotFound")
      }))
  })

  describe("listTools and getPattern", () => {
    it.effect("list the catalogue without a token: each tool with its linter's version, by uuid", () =>
      Effect.gen(function*() {
        const tools = Http.expectBody(yield* Http.get(`${base}/tools`), 200, CatalogueToolList)
        expect(tools.data.map((t) => [t.uuid, t.name, t.shortName, t.prefix])).toEqual([
          [staticcheck, "Staticcheck", "staticcheck", "Staticcheck_"],
          [govet, "govet", "govet", "govet_"],
          [shellCheck, "ShellCheck", "shellcheck", "ShellCheck_"],
          [eslint9, "ESLint9", "eslint9", "ESLint9_"],
          [spectral, "Spectral", "spectral", "Spectral_"],
          [stylelint, "Stylelint", "stylelint", "Stylelint_"],
          [markdownlint, "markdownlint", "markdownlint", "markdownlint_"],
          [rubocop, "RuboCop", "rubocop", "RuboCop_"],
          [cppcheck, "Cppcheck", "cppcheck", "Cppcheck_"],
          [ruff, "Ruff", "ruff", "Ruff_"],
          [phpcs, "PHP_CodeSniffer", "phpcodesniffer", "PHPCS_"],
          [pylint, "PyLint", "pylint", "PyLint_"],
          [checkstyle, "Checkstyle", "checkstyle", "Checkstyle_"],
          [yamllint, "yamllint", "yamllint", "yamllint_"],
          [eslint8, "ESLint", "eslint", "ESLint8_"]
        ])
        expect(tools.data.map((t) => t.version)).toEqual([
          "2023.1",
          "1.19",
          expect.stringMatching(/^0\.\d+\.\d+$/),
          expect.stringMatching(/^9\.\d+\.\d+$/),
          expect.stringMatching(/^1\.\d+\.\d+$/),
          expect.stringMatching(/^17\.\d+\.\d+$/),
          expect.stringMatching(/^0\.\d+\.\d+$/),
          expect.stringMatching(/^1\.\d+\.\d+$/),
          expect.stringMatching(/^2\.\d+$/),
          expect.stringMatching(/^0\.\d+\.\d+$/),
          expect.stringMatching(/^3\.\d+\.\d+$/),
          "2.16.2",
          expect.stringMatching(/^8\.\d+\.\d+$/),
          expect.stringMatching(/^1\.\d+\.\d+$/),
          expect.stringMatching(/^8\.\d+\.\d+$/)
        ])
        expect(tools.data[2]?.configurationFilenames).toEqual([".shellcheckrc"])
        expect(tools.data[3]?.configurationFilenames).toContain("eslint.config.js")
        // Pages of two, each asked with the cursor of the one before, until one has no cursor.
        const pages: Array<typeof CatalogueToolList.Type> = []
        let cursor: string | undefined
        do {
          const page = Http.expectBody(yield* Http.get(`${base}/tools`, { query: { limit: "2", ...(cursor === undefined ? {} : { cursor }) } }), 200, CatalogueToolList)
          pages.push(page)
          cursor = page.pagination.cursor
        } while (cursor !== undefined && pages.length < 20)
        expect(pages.map((page) => page.data.length)).toEqual([2, 2, 2, 2, 2, 2, 2, 1])
        expect(pages.flatMap((page) => page.data)).toEqual(tools.data)
      }))

    it.effect("listPatterns pages a tool's patterns by id without a token, those on by default when asked; unknown tool 404, bad page 400", () =>
      Effect.gen(function*() {
        const all = Http.expectBody(yield* Http.get(`${base}/tools/${shellCheck}/patterns`), 200, PatternDefinitionList)
        const ids = all.data.map((p) => p.id)
        expect(ids).toEqual([...ids].sort())
        expect(all.pagination.total).toBeGreaterThan(100)
        expect(all.data).toHaveLength(100)
        const next = Http.expectBody(
          yield* Http.get(`${base}/tools/${shellCheck}/patterns`, { query: { cursor: all.pagination.cursor ?? "" } }),
          200,
          PatternDefinitionList
        )
        const nextIds = next.data.map((p) => p.id)
        expect(nextIds).toHaveLength(Math.min(all.pagination.total - 100, 100))
        expect([...ids, ...nextIds]).toEqual([...ids, ...nextIds].sort())
        const onByDefault = Http.expectBody(
          yield* Http.get(`${base}/tools/${shellCheck}/patterns`, { query: { enabled: "true", limit: "100" } }),
          200,
          PatternDefinitionList
        )
        expect(onByDefault.data.every((p) => p.enabled)).toBe(true)
        const offByDefault = Http.expectBody(
          yield* Http.get(`${base}/tools/${shellCheck}/patterns`, { query: { enabled: "false", limit: "1" } }),
          200,
          PatternDefinitionList
        )
        expect(onByDefault.pagination.total + offByDefault.pagination.total).toBe(all.pagination.total)
        const one = Http.expectBody(yield* Http.get(`${base}/tools/${shellCheck}/patterns/${ids[0] ?? ""}`), 200, PatternDefinitionData)
        expect(all.data[0]).toEqual(one.data)
        yield* Http.expectError(yield* Http.get(`${base}/tools/00000000-0000-0000-0000-000000000000/patterns`), "NotFound")
        yield* Http.expectError(yield* Http.get(`${base}/tools/${shellCheck}/patterns`, { query: { limit: "0" } }), "BadRequest")
      }))

    it.effect("getPattern answers a pattern's definition, as a repository's pattern shows it; unknown tool or pattern 404", () =>
      Effect.gen(function*() {
        const { org, token } = yield* setup
        const { data } = Http.expectBody(yield* Http.get(`${base}/tools/${eslint9}/patterns/ESLint9_no-undef`), 200, PatternDefinitionData)
        expect(data).toMatchObject({ id: "ESLint9_no-undef", category: "ErrorProne" })
        const configured = yield* Http.get(`${paths.repository(org, "js-app")}/tools/${eslint9}/patterns/ESLint9_no-undef`, { token })
        expect((configured.body as { data: { patternDefinition: unknown } }).data.patternDefinition).toEqual(Schema.encodeSync(Pattern.PatternDefinition)(data))
        yield* Http.expectError(yield* Http.get(`${base}/tools/${eslint9}/patterns/ESLint9_nope`), "NotFound")
        yield* Http.expectError(yield* Http.get(`${base}/tools/00000000-0000-0000-0000-000000000000/patterns/x`), "NotFound")
      }))
  })

  describe("listToolInstallations", () => {
    it.effect("tells a signed-in caller each catalogue tool this server runs, by uuid, at the version that runs; no token 401", () =>
      Effect.gen(function*() {
        const { reader } = yield* setup
        const catalogueTools = Http.expectBody(yield* Http.get(`${base}/tools`), 200, CatalogueToolList).data
        const { data } = Http.expectBody(yield* Http.get(`${base}/installation/tools`, { token: reader }), 200, ToolInstallationList)
        expect(data.map((i) => [i.toolUuid, i.name])).toEqual(catalogueTools.map((t) => [t.uuid, t.name]))
        // In-process tools at the catalogue's (their library's) version; ShellCheck installed by the test command, at its own.
        expect(data.find((i) => i.toolUuid === eslint9)).toEqual({ toolUuid: eslint9, name: "ESLint9", installed: true, version: catalogueTools.find((t) => t.uuid === eslint9)?.version })
        expect(data.find((i) => i.toolUuid === shellCheck)).toMatchObject({ installed: true, version: expect.stringMatching(/^\d+\.\d+\.\d+$/) })
        yield* Http.expectError(yield* Http.get(`${base}/installation/tools`), "Unauthorized")
      }))
  })
})

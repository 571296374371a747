import { describe, expect, layer } from "@effect/vitest"
import { catalogue } from "@tidemark/catalogue"
import { Effect } from "effect"
import {
  PatternData,
  PatternPage,
  RepositoryBody,
  RepositoryData,
  RepositoryPage,
  SecretBody,
  StandardBody,
  StandardList,
  ToolList
} from "./fixtures/Bodies.js"
import { commitOnMain, createGitRepository } from "./fixtures/GitRepositories.js"
import * as Http from "./fixtures/Http.js"
import {
  addRepository,
  applyStandard,
  createStandard,
  eslint8,
  eslint9,
  issueToken,
  markdownlint,
  newOrganization,
  paths,
  unapplyStandard,
  type World,
  world
} from "./fixtures/Scenario.js"
import { testLayer } from "./fixtures/TestLayer.js"
import { adminToken } from "./fixtures/TestServer.js"

const eslint9Enabled = (catalogue.find((t) => t.uuid === eslint9)?.patterns ?? [])
  .filter((p) => p.definition.enabled)
  .map((p) => p.definition.id)
  .sort()

const toolsOf = (w: World) =>
  Effect.map(Http.get(paths.tools(w.org, w.repo), { token: w.token }), (reply) => Http.expectBody(reply, 200, ToolList).data)

const patternOf = (w: World, tool: string, id: string) =>
  Effect.map(
    Http.get(paths.pattern(w.org, w.repo, tool, id), { token: w.token }),
    (reply) => Http.expectBody(reply, 200, PatternData).data
  )

layer(testLayer, { excludeTestServices: true })("admin", (it) => {
  describe("addRepository", () => {
    it.effect("creates the organization on first use and answers the repository", () =>
      Effect.gen(function*() {
        const org = newOrganization()
        const missing = yield* Http.get(paths.repositories(org), { token: adminToken })
        expect(yield* Http.expectError(missing, "NotFound")).toContain(org.name)
        const git = yield* createGitRepository("service")
        const reply = yield* Http.post(paths.addRepository, {
          token: adminToken,
          json: { provider: "gh", repositoryFullPath: `${org.name}/service`, gitUrl: git.path, visibility: "Public" }
        })
        const { data } = Http.expectBody(reply, 200, RepositoryBody)
        expect(data).toMatchObject({
          provider: "gh",
          owner: org.name,
          name: "service",
          fullPath: `${org.name}/service`,
          visibility: "Public",
          permission: "admin",
          problems: [],
          languages: ["TypeScript", "JavaScript", "Markdown"],
          standards: [],
          addedState: "Following"
        })
        expect(data.repositoryId).toEqual(expect.any(Number))
        expect(data.defaultBranch).toMatchObject({ name: "main", isDefault: true, lastCommit: git.mainSha })
        const listed = Http.expectBody(yield* Http.get(paths.repositories(org), { token: adminToken }), 200, RepositoryPage)
        expect(listed.data.map((r) => r.repository.name)).toEqual(["service"])
      }))

    it.effect("refreshes a repository added again: same repositoryId, new head, visibility kept", () =>
      Effect.gen(function*() {
        const org = newOrganization()
        const added = yield* addRepository(org, "svc", { visibility: "Public" })
        const head = yield* commitOnMain(added.git, { "src/more.py": "print('hi')\n" })
        const again = yield* Http.post(paths.addRepository, {
          token: adminToken,
          json: { provider: "gh", repositoryFullPath: `${org.name}/svc`, gitUrl: added.git.path }
        })
        const { data } = Http.expectBody(again, 200, RepositoryBody)
        expect(data.repositoryId).toBe(added.repository.repositoryId)
        expect(data.defaultBranch?.id).toBe(added.repository.defaultBranch?.id)
        expect(data.defaultBranch?.lastCommit).toBe(head)
        expect(data.visibility).toBe("Public")
        expect(data.languages).toContain("Python")
      }))

    it.effect("answers 422 for a git path that does not exist, and 400 for a malformed body", () =>
      Effect.gen(function*() {
        const org = newOrganization()
        const body = { provider: "gh", repositoryFullPath: `${org.name}/ghost` }
        const missing = yield* Http.post(paths.addRepository, {
          token: adminToken,
          json: { ...body, gitUrl: `/nonexistent/${org.name}/ghost` }
        })
        yield* Http.expectError(missing, "UnprocessableEntity")
        for (
          const bad of [
            { ...body, gitUrl: "/tmp/x", provider: "svn" },
            { provider: "gh", repositoryFullPath: "no-slash", gitUrl: "/tmp/x" },
            { provider: "gh", repositoryFullPath: `${org.name}/x`, gitUrl: "" },
            { provider: "gh", repositoryFullPath: `${org.name}/x`, gitUrl: "/tmp/x", visibility: "Secret" },
            { provider: "gh" },
            []
          ]
        ) {
          yield* Http.expectError(yield* Http.post(paths.addRepository, { token: adminToken, json: bad }), "BadRequest")
        }
        // A refused add creates nothing.
        yield* Http.expectError(yield* Http.get(paths.repository(org, "ghost"), { token: adminToken }), "NotFound")
      }))

    // Tenant isolation: a path on the server's disk can be another organization's repository (or its
    // mirror in the git cache, whose name is the hash of a public URL). Only the installation's
    // admin may add from the server's own disk.
    it.effect("refuses an organization's admin token a gitUrl on the server's disk (403)", () =>
      Effect.gen(function*() {
        const victim = newOrganization("victim")
        const secret = yield* addRepository(victim, "secret")
        const attacker = newOrganization("attacker")
        const token = yield* issueToken(attacker, "admin")
        for (const [name, gitUrl] of [["stolen", secret.git.path], ["stolen-url", `file://${secret.git.path}`]] as const) {
          const reply = yield* Http.post(paths.addRepository, {
            token,
            json: { provider: "gh", repositoryFullPath: `${attacker.name}/${name}`, gitUrl }
          })
          yield* Http.expectError(reply, "Forbidden")
          yield* Http.expectError(yield* Http.get(paths.repository(attacker, name), { token }), "NotFound")
        }
      }))

    it.effect("needs a token (401)", () =>
      Effect.gen(function*() {
        const reply = yield* Http.post(paths.addRepository, {
          json: { provider: "gh", repositoryFullPath: "someone/thing", gitUrl: "/nonexistent" }
        })
        yield* Http.expectError(reply, "Unauthorized")
      }))
  })

  describe("tokens and ingestion keys", () => {
    it.effect("issues an API token once (201): write by default, and it works at once", () =>
      Effect.gen(function*() {
        const w = yield* world()
        const first = Http.expectBody(yield* Http.post(paths.tokens(w.org), { token: adminToken, json: {} }), 201, SecretBody).data
        expect(first).toMatchObject({ kind: "api", permission: "write" })
        expect(first.secret).toMatch(/^tmt\./)
        expect(first.secret).toContain(first.id)
        const second = Http.expectBody(
          yield* Http.post(paths.tokens(w.org), { token: adminToken, json: { permission: "read" } }),
          201,
          SecretBody
        ).data
        expect(second.permission).toBe("read")
        expect(second.id).not.toBe(first.id)
        expect(second.secret).not.toBe(first.secret)
        const page = yield* Http.get(paths.repositories(w.org), { token: first.secret })
        expect(page.status).toBe(200)
        Http.expectNoContent(yield* Http.patch(paths.tool(w.org, w.repo, eslint9), { token: first.secret, json: { enabled: false } }))
        yield* Http.expectError(
          yield* Http.patch(paths.tool(w.org, w.repo, eslint9), { token: second.secret, json: { enabled: true } }),
          "Forbidden"
        )
      }))

    it.effect("issues an ingestion key (201) that is not an API token", () =>
      Effect.gen(function*() {
        const w = yield* world()
        const key = Http.expectBody(yield* Http.post(paths.ingestionKeys(w.org), { token: adminToken, json: {} }), 201, SecretBody).data
        expect(key).toMatchObject({ kind: "ingestion", permission: "write" })
        expect(key.secret).toMatch(/^tmk\./)
        yield* Http.expectError(yield* Http.get(paths.repositories(w.org), { token: key.secret }), "Unauthorized")
      }))

    it.effect("creates the organization when the admin issues its first secret", () =>
      Effect.gen(function*() {
        const org = newOrganization()
        const { data } = Http.expectBody(yield* Http.post(paths.tokens(org), { token: adminToken, json: {} }), 201, SecretBody)
        const page = yield* Http.get(paths.repositories(org), { token: data.secret })
        expect(page.status).toBe(200)
        expect(page.body).toEqual({ pagination: { limit: 100, total: 0 }, data: [] })
      }))

    it.effect("answers 400 for a permission outside admin, write, read", () =>
      Effect.gen(function*() {
        const w = yield* world()
        const reply = yield* Http.post(paths.tokens(w.org), { token: adminToken, json: { permission: "owner" } })
        yield* Http.expectError(reply, "BadRequest")
      }))
  })

  describe("coding standards", () => {
    it.effect("creates a standard from a list (201), lists it and gets it", () =>
      Effect.gen(function*() {
        const w = yield* world()
        const reply = yield* Http.post(paths.standards(w.org), {
          token: adminToken,
          json: {
            name: "house style",
            tools: [{
              uuid: eslint9,
              patterns: [
                { id: "ESLint9_complexity", parameters: [{ name: "max", value: "10" }] },
                { id: "ESLint9_no-unused-vars", enabled: false }
              ]
            }]
          }
        })
        const { data } = Http.expectBody(reply, 201, StandardBody)
        expect(data).toMatchObject({
          name: "house style",
          tools: [{
            uuid: eslint9,
            enabled: true,
            patterns: [
              { id: "ESLint9_complexity", enabled: true, parameters: [{ name: "max", value: "10" }] },
              { id: "ESLint9_no-unused-vars", enabled: false, parameters: [] }
            ]
          }]
        })
        const listed = Http.expectBody(yield* Http.get(paths.standards(w.org), { token: w.token }), 200, StandardList)
        expect(listed.data).toEqual([data])
        const got = Http.expectBody(yield* Http.get(paths.standard(w.org, data.id), { token: w.token }), 200, StandardBody)
        expect(got.data).toEqual(data)
      }))

    it.effect("creates a standard from a repository's current configuration", () =>
      Effect.gen(function*() {
        const w = yield* world()
        Http.expectNoContent(
          yield* Http.patch(paths.tool(w.org, w.repo, eslint9), {
            token: w.token,
            json: { patterns: [{ id: "ESLint9_complexity", enabled: true, parameters: [{ name: "max", value: "7" }] }] }
          })
        )
        const standard = yield* createStandard(w.org, "from app", { fromRepository: w.repo })
        // The tools the repository has enabled: ESLint9 for its code, markdownlint for its README.
        expect(standard.tools.map((t) => t.uuid)).toEqual([eslint9, markdownlint])
        const [tool] = standard.tools
        expect(tool?.patterns.map((p) => p.id).sort()).toEqual([...eslint9Enabled, "ESLint9_complexity"].sort())
        expect(tool?.patterns.find((p) => p.id === "ESLint9_complexity")?.parameters).toContainEqual({ name: "max", value: "7" })
      }))

    it.effect("answers 400, 404 and 422 for standards that cannot be made", () =>
      Effect.gen(function*() {
        const w = yield* world()
        const create = (json: unknown) => Http.post(paths.standards(w.org), { token: adminToken, json })
        yield* Http.expectError(yield* create({ name: "both", tools: [], fromRepository: w.repo }), "BadRequest")
        yield* Http.expectError(yield* create({ name: "neither" }), "BadRequest")
        yield* Http.expectError(yield* create({ name: "", tools: [] }), "BadRequest")
        yield* Http.expectError(yield* create({ name: "ghost", fromRepository: "ghost" }), "NotFound")
        yield* Http.expectError(yield* create({ name: "bad tool", tools: [{ uuid: "nope" }] }), "UnprocessableEntity")
        yield* Http.expectError(
          yield* create({ name: "bad pattern", tools: [{ uuid: eslint9, patterns: [{ id: "ESLint8_eqeqeq" }] }] }),
          "UnprocessableEntity"
        )
        yield* Http.expectError(
          yield* create({
            name: "bad parameter",
            tools: [{ uuid: eslint9, patterns: [{ id: "ESLint9_complexity", parameters: [{ name: "depth", value: "1" }] }] }]
          }),
          "UnprocessableEntity"
        )
        expect(Http.expectBody(yield* Http.get(paths.standards(w.org), { token: w.token }), 200, StandardList).data).toEqual([])
        yield* Http.expectError(yield* Http.get(paths.standard(w.org, 999_999), { token: w.token }), "NotFound")
        yield* Http.expectError(yield* Http.get(paths.standard(w.org, "abc"), { token: w.token }), "BadRequest")
        yield* Http.expectError(yield* Http.get(paths.standards(newOrganization()), { token: adminToken }), "NotFound")
      }))

    it.effect("applying a standard (204) governs the tool; unapplying (204) gives the repository its own settings back", () =>
      Effect.gen(function*() {
        const w = yield* world()
        const standard = yield* createStandard(w.org, "strict", {
          tools: [{ uuid: eslint9, patterns: [{ id: "ESLint9_complexity", parameters: [{ name: "max", value: "4" }] }] }]
        })
        yield* applyStandard(w.org, standard.id, w.repo)
        const ref = { id: standard.id, name: "strict" }

        const repository = Http.expectBody(yield* Http.get(paths.repository(w.org, w.repo), { token: w.token }), 200, RepositoryData)
        expect(repository.data.repository).toMatchObject({ standards: [ref], codingStandardId: standard.id, codingStandardName: "strict" })

        const governed = (yield* toolsOf(w)).find((t) => t.uuid === eslint9)
        expect(governed?.settings).toMatchObject({ isEnabled: true, followsStandard: true, isCustom: false, enabledBy: [ref] })
        expect((yield* toolsOf(w)).find((t) => t.uuid === eslint8)?.settings).toMatchObject({ followsStandard: false, enabledBy: [] })

        const complexity = yield* patternOf(w, eslint9, "ESLint9_complexity")
        expect(complexity).toMatchObject({ enabled: true, isCustom: false, enabledBy: [ref] })
        expect(complexity.parameters).toContainEqual({ name: "max", value: "4" })
        // A pattern the standard does not list is off while the standard governs the tool.
        expect(yield* patternOf(w, eslint9, "ESLint9_no-unused-vars")).toMatchObject({ enabled: false, enabledBy: [] })
        const page = Http.expectBody(
          yield* Http.get(paths.patterns(w.org, w.repo, eslint9), { token: w.token, query: { enabled: "true" } }),
          200,
          PatternPage
        )
        expect(page.data.map((p) => p.patternDefinition.id)).toEqual(["ESLint9_complexity"])
        expect(page.meta.totalEnabled).toBe(1)

        yield* unapplyStandard(w.org, standard.id, w.repo)
        const after = Http.expectBody(yield* Http.get(paths.repository(w.org, w.repo), { token: w.token }), 200, RepositoryData)
        expect(after.data.repository.standards).toEqual([])
        expect(after.data.repository.codingStandardId).toBeUndefined()
        expect((yield* toolsOf(w)).find((t) => t.uuid === eslint9)?.settings).toMatchObject({ followsStandard: false, enabledBy: [] })
        expect(yield* patternOf(w, eslint9, "ESLint9_no-unused-vars")).toMatchObject({ enabled: true, isCustom: false })
      }))

    it.effect("a standard that disables a tool turns it off while applied", () =>
      Effect.gen(function*() {
        const w = yield* world()
        const standard = yield* createStandard(w.org, "no eslint", { tools: [{ uuid: eslint9, enabled: false }] })
        yield* applyStandard(w.org, standard.id, w.repo)
        expect((yield* toolsOf(w)).find((t) => t.uuid === eslint9)?.settings).toMatchObject({
          isEnabled: false,
          followsStandard: true,
          enabledBy: []
        })
      }))

    it.effect("answers 404 when applying to an unknown repository or an unknown standard", () =>
      Effect.gen(function*() {
        const w = yield* world()
        const standard = yield* createStandard(w.org, "s", { tools: [] })
        yield* Http.expectError(yield* Http.put(paths.application(w.org, standard.id, "ghost"), { token: adminToken }), "NotFound")
        yield* Http.expectError(yield* Http.put(paths.application(w.org, 424242, w.repo), { token: adminToken }), "NotFound")
        yield* Http.expectError(yield* Http.del(paths.application(w.org, 424242, w.repo), { token: adminToken }), "NotFound")
        // A standard of another organization is unknown here.
        const other = yield* world({ prefix: "other" })
        const foreign = yield* createStandard(other.org, "foreign", { tools: [] })
        yield* Http.expectError(yield* Http.put(paths.application(w.org, foreign.id, w.repo), { token: adminToken }), "NotFound")
      }))
  })
})

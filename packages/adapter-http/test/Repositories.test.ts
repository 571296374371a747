import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { RepositoryBody, RepositoryData, RepositoryPage, VersionBody } from "./fixtures/Bodies.js"
import { createGitRepository } from "./fixtures/GitRepositories.js"
import * as Http from "./fixtures/Http.js"
import { addRepository, defaultGoals, issueToken, newOrganization, once, type Organization, paths, world } from "./fixtures/Scenario.js"
import { testLayer } from "./fixtures/TestLayer.js"
import { adminToken, version } from "./fixtures/TestServer.js"

/** Read-only tests share one organization of five repositories. */
const names = ["alpha", "beta", "gamma", "web-app", "webhooks"]
const shared = once(world({ names }))

layer(testLayer, { excludeTestServices: true })("repositories", (it) => {
  describe("getVersion", () => {
    it.effect("answers the installation's version without a token", () =>
      Effect.gen(function*() {
        const reply = yield* Http.get(paths.version)
        expect(Http.expectBody(reply, 200, VersionBody)).toEqual({ data: version })
        expect(reply.body).toEqual({ data: version })
      }))

    it.effect("takes a valid token as it takes none; a token that fails is 401, as the spec lists", () =>
      Effect.gen(function*() {
        const w = yield* shared
        const reply = yield* Http.get(paths.version, { token: w.token })
        expect(reply.status).toBe(200)
        expect(reply.body).toEqual({ data: version })
        yield* Http.expectError(yield* Http.get(paths.version, { token: "not-a-token" }), "Unauthorized")
      }))
  })

  describe("listOrganizationRepositoriesWithAnalysis", () => {
    it.effect("lists the organization's repositories by name with what is known before any analysis", () =>
      Effect.gen(function*() {
        const w = yield* shared
        const page = Http.expectBody(yield* Http.get(paths.repositories(w.org), { token: w.token }), 200, RepositoryPage)
        expect(page.pagination).toEqual({ limit: 100, total: 5 })
        expect(page.data.map((r) => r.repository.name)).toEqual(names)
        const alpha = w.repositories[0]
        const [first] = page.data
        expect(first).toBeDefined()
        if (first === undefined || alpha === undefined) return
        expect(first.repository).toMatchObject({
          repositoryId: alpha.repository.repositoryId,
          provider: "gh",
          owner: w.org.name,
          name: "alpha",
          fullPath: `${w.org.name}/alpha`,
          visibility: "Private",
          permission: "write",
          problems: [],
          languages: ["TypeScript", "JavaScript", "Markdown"],
          standards: [],
          addedState: "Following"
        })
        expect(first.repository.stack?.stackTags).toEqual(["language:typescript", "language:javascript", "language:markdown"])
        expect(first.repository.defaultBranch).toMatchObject({
          name: "main",
          isDefault: true,
          isEnabled: true,
          branchType: "Branch",
          lastCommit: alpha.git.mainSha
        })
        expect(first.branch?.name).toBe("main")
        expect(first.goals).toEqual(defaultGoals)
        // Never analysed: none of the analysis figures is invented.
        for (const field of ["grade", "gradeLetter", "issuesCount", "loc", "lastAnalysedCommit", "coverage"] as const) {
          expect(first[field]).toBeUndefined()
        }
      }))

    it.effect("filters by `search` (part of the name, any case)", () =>
      Effect.gen(function*() {
        const w = yield* shared
        const page = Http.expectBody(
          yield* Http.get(paths.repositories(w.org), { token: w.token, query: { search: "WEB" } }),
          200,
          RepositoryPage
        )
        expect(page.data.map((r) => r.repository.name)).toEqual(["web-app", "webhooks"])
        expect(page.pagination.total).toBe(2)
      }))

    it.effect("filters by the deprecated comma-separated `repositories` names", () =>
      Effect.gen(function*() {
        const w = yield* shared
        const page = Http.expectBody(
          yield* Http.get(paths.repositories(w.org), { token: w.token, query: { repositories: "gamma, alpha,missing" } }),
          200,
          RepositoryPage
        )
        expect(page.data.map((r) => r.repository.name)).toEqual(["alpha", "gamma"])
      }))

    it.effect("matches no repository for a segment filter (no segments are defined)", () =>
      Effect.gen(function*() {
        const w = yield* shared
        const page = Http.expectBody(
          yield* Http.get(paths.repositories(w.org), { token: w.token, query: { segments: "1,2" } }),
          200,
          RepositoryPage
        )
        expect(page).toEqual({ pagination: { limit: 100, total: 0 }, data: [] })
      }))
  })

  describe("searchOrganizationRepositoriesWithAnalysis", () => {
    it.effect("returns the repositories named in the body", () =>
      Effect.gen(function*() {
        const w = yield* shared
        const page = Http.expectBody(
          yield* Http.post(paths.search(w.org), { token: w.token, json: { names: ["gamma", "alpha", "nope"] } }),
          200,
          RepositoryPage
        )
        expect(page.data.map((r) => r.repository.name)).toEqual(["alpha", "gamma"])
        expect(page.pagination).toEqual({ limit: 100, total: 2 })
      }))

    it.effect("requires `names`", () =>
      Effect.gen(function*() {
        const w = yield* shared
        yield* Http.expectError(yield* Http.post(paths.search(w.org), { token: w.token, json: {} }), "BadRequest")
        yield* Http.expectError(yield* Http.post(paths.search(w.org), { token: w.token }), "BadRequest")
      }))
  })

  describe("getRepositoryWithAnalysis", () => {
    it.effect("answers the repository on its default branch", () =>
      Effect.gen(function*() {
        const w = yield* shared
        const added = w.repositories[0]
        const { data } = Http.expectBody(yield* Http.get(paths.repository(w.org, w.repo), { token: w.token }), 200, RepositoryData)
        expect(data.repository.repositoryId).toBe(added?.repository.repositoryId)
        expect(data.repository.name).toBe(w.repo)
        expect(data.selectedBranch).toMatchObject({ name: "main", isDefault: true, lastCommit: added?.git.mainSha })
        expect(data.goals).toEqual(defaultGoals)
      }))

    it.effect("answers the branch asked for with `branch`", () =>
      Effect.gen(function*() {
        const w = yield* shared
        const added = w.repositories[0]
        const { data } = Http.expectBody(
          yield* Http.get(paths.repository(w.org, w.repo), { token: w.token, query: { branch: "feature" } }),
          200,
          RepositoryData
        )
        expect(data.selectedBranch).toMatchObject({
          name: "feature",
          isDefault: false,
          isEnabled: true,
          branchType: "Branch",
          lastCommit: added?.git.featureSha
        })
        expect(data.repository.defaultBranch?.name).toBe("main")
      }))

    it.effect("answers 404 for a branch the repository does not have", () =>
      Effect.gen(function*() {
        const w = yield* shared
        const reply = yield* Http.get(paths.repository(w.org, w.repo), { token: w.token, query: { branch: "nope" } })
        expect(yield* Http.expectError(reply, "NotFound")).toContain("nope")
      }))

    it.effect("answers 404 for a repository the organization does not have", () =>
      Effect.gen(function*() {
        const w = yield* shared
        const reply = yield* Http.get(paths.repository(w.org, "missing"), { token: w.token })
        expect(yield* Http.expectError(reply, "NotFound")).toContain("missing")
      }))
  })

  describe("names in paths", () => {
    it.effect("reaches repositories whose names need URL-encoding, and GitLab subgroups as %2F-encoded owners", () =>
      Effect.gen(function*() {
        const org = newOrganization()
        const special = ["my.repo", "my repo", "répo", "a+b", "50%"]
        for (const name of special) yield* addRepository(org, name)
        const token = yield* issueToken(org, "read")
        for (const name of special) {
          const { data } = Http.expectBody(yield* Http.get(paths.repository(org, name), { token }), 200, RepositoryData)
          expect(data.repository.name).toBe(name)
        }
        // Organization names are matched without regard to case, repository names exactly.
        const upper = { ...org, name: org.name.toUpperCase() }
        expect((yield* Http.get(paths.repository(upper, "my.repo"), { token })).status).toBe(200)
        yield* Http.expectError(yield* Http.get(paths.repository(org, "MY.REPO"), { token }), "NotFound")

        const group = newOrganization("group")
        const subgroup = { provider: "gl", name: `${group.name}/sub` } as const satisfies Organization
        const git = yield* createGitRepository("project")
        const added = yield* Http.post(paths.addRepository, {
          token: adminToken,
          json: { provider: "gl", repositoryFullPath: `${subgroup.name}/project`, gitUrl: git.path }
        })
        expect(Http.expectBody(added, 200, RepositoryBody).data).toMatchObject({ owner: subgroup.name, name: "project" })
        expect(paths.repositories(subgroup)).toContain(`/gl/${group.name}%2Fsub/`)
        const listed = Http.expectBody(yield* Http.get(paths.repositories(subgroup), { token: adminToken }), 200, RepositoryPage)
        expect(listed.data.map((r) => r.repository.fullPath)).toEqual([`${subgroup.name}/project`])
      }))
  })

  describe("a git URL an organization's token gives", () => {
    /** A loopback port that no one listens on. */
    const closedPort = Effect.async<number>((resume) => {
      const server = createServer()
      server.listen(0, "127.0.0.1", () => {
        const { port } = server.address() as AddressInfo
        server.close(() => resume(Effect.succeed(port)))
      })
    })
    const uniform = (gitUrl: string) =>
      `could not clone ${gitUrl}: it does not exist, cannot be reached from this server, or needs credentials`

    it.effect("leading to the server's own network is refused with the one message a repository that cannot be read gets", () =>
      Effect.gen(function*() {
        const org = newOrganization("ssrf")
        const token = yield* issueToken(org, "admin")
        const closed = yield* closedPort
        // NATS's port answers a banner, a closed port nothing, a public name that does not exist
        // never connects: the answer must not tell them apart.
        for (
          const gitUrl of [
            "http://127.0.0.1:4222/x.git",
            "git://127.0.0.1:4222/x",
            "git@localhost:team/x.git",
            `http://127.0.0.1:${closed}/x.git`,
            "ssh://git@[::1]:4222/x.git",
            "https://tidemark-test.invalid/team/x.git"
          ]
        ) {
          const reply = yield* Http.post(paths.addRepository, {
            token,
            json: { provider: "gh", repositoryFullPath: `${org.name}/x`, gitUrl }
          })
          expect(yield* Http.expectError(reply, "UnprocessableEntity")).toBe(uniform(gitUrl))
        }
      }))

    it.effect("the installation admin still adds a repository from a local path, and gets the same message for a closed port", () =>
      Effect.gen(function*() {
        const org = newOrganization("ssrf")
        const git = yield* createGitRepository("local")
        const added = yield* Http.post(paths.addRepository, {
          token: adminToken,
          json: { provider: "gh", repositoryFullPath: `${org.name}/local`, gitUrl: git.path }
        })
        expect(Http.expectBody(added, 200, RepositoryBody).data).toMatchObject({ name: "local" })
        const gitUrl = `git://127.0.0.1:${yield* closedPort}/x`
        const refused = yield* Http.post(paths.addRepository, {
          token: adminToken,
          json: { provider: "gh", repositoryFullPath: `${org.name}/closed`, gitUrl }
        })
        expect(yield* Http.expectError(refused, "UnprocessableEntity")).toBe(uniform(gitUrl))
      }))
  })

  describe("pagination", () => {
    const badLimits = ["0", "101", "-1", "1.5", "abc", "1e3"]

    it.effect("rejects a limit that is not an integer from 1 to 100 with 400", () =>
      Effect.gen(function*() {
        const w = yield* shared
        for (const limit of badLimits) {
          const listed = yield* Http.get(paths.repositories(w.org), { token: w.token, query: { limit } })
          expect(yield* Http.expectError(listed, "BadRequest")).toContain("limit")
          const searched = yield* Http.post(paths.search(w.org), { token: w.token, query: { limit }, json: { names: [w.repo] } })
          yield* Http.expectError(searched, "BadRequest")
        }
      }))

    it.effect("accepts the bounds 1 and 100", () =>
      Effect.gen(function*() {
        const w = yield* shared
        for (const limit of ["1", "100"]) {
          const page = Http.expectBody(
            yield* Http.get(paths.repositories(w.org), { token: w.token, query: { limit } }),
            200,
            RepositoryPage
          )
          expect(page.pagination.limit).toBe(Number(limit))
        }
      }))

    it.effect("pages with limit=1 through every repository, the last page without a cursor", () =>
      Effect.gen(function*() {
        const w = yield* shared
        const seen: Array<string> = []
        let cursor: string | undefined
        for (let page = 0; page < 10; page++) {
          const reply = yield* Http.get(paths.repositories(w.org), {
            token: w.token,
            query: { limit: "1", ...(cursor === undefined ? {} : { cursor }) }
          })
          const body = Http.expectBody(reply, 200, RepositoryPage)
          expect(body.pagination.limit).toBe(1)
          expect(body.pagination.total).toBe(names.length)
          expect(body.data).toHaveLength(1)
          seen.push(...body.data.map((r) => r.repository.name))
          cursor = body.pagination.cursor
          if (cursor === undefined) break
          expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/)
        }
        expect(seen).toEqual(names)
        expect(cursor).toBeUndefined()
      }))

    it.effect("pages the search operation the same way", () =>
      Effect.gen(function*() {
        const w = yield* shared
        const wanted = { names: ["gamma", "alpha", "beta"] }
        const first = Http.expectBody(
          yield* Http.post(paths.search(w.org), { token: w.token, query: { limit: "2" }, json: wanted }),
          200,
          RepositoryPage
        )
        expect(first.data.map((r) => r.repository.name)).toEqual(["alpha", "beta"])
        expect(first.pagination.total).toBe(3)
        const cursor = first.pagination.cursor ?? ""
        expect(cursor).not.toBe("")
        const second = Http.expectBody(
          yield* Http.post(paths.search(w.org), { token: w.token, query: { limit: "2", cursor }, json: wanted }),
          200,
          RepositoryPage
        )
        expect(second.data.map((r) => r.repository.name)).toEqual(["gamma"])
        expect(second.pagination).toEqual({ limit: 2, total: 3 })
      }))

    it.effect("accepts a cursor that the client URL-encoded once more (bb clients do)", () =>
      Effect.gen(function*() {
        const w = yield* shared
        const first = Http.expectBody(
          yield* Http.get(paths.repositories(w.org), { token: w.token, query: { limit: "1" } }),
          200,
          RepositoryPage
        )
        const cursor = first.pagination.cursor ?? ""
        // Every character percent-encoded, then URL-encoded again on the wire by URLSearchParams.
        const encoded = [...cursor].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`).join("")
        for (const variant of [cursor, encodeURIComponent(cursor), encoded]) {
          const next = Http.expectBody(
            yield* Http.get(paths.repositories(w.org), { token: w.token, query: { limit: "1", cursor: variant } }),
            200,
            RepositoryPage
          )
          expect(next.data.map((r) => r.repository.name)).toEqual(["beta"])
        }
      }))

    it.effect("rejects a cursor it did not issue with 400", () =>
      Effect.gen(function*() {
        const w = yield* shared
        for (const cursor of ["not a cursor", "!!!", "eyJhIjoxfQ", "%E0%A4%A", "W10x"]) {
          const reply = yield* Http.get(paths.repositories(w.org), { token: w.token, query: { cursor } })
          expect(yield* Http.expectError(reply, "BadRequest")).toContain("cursor")
        }
      }))
  })
})

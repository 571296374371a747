import { describe, expect, it } from "@effect/vitest"
import {
  Branch,
  Errors,
  GitReader,
  OrganizationStore,
  Records,
  Repositories,
  Repository,
  RepositoryStore
} from "@tidemark/core"
import { Effect, Option, TestClock } from "effect"
import { commit, FakeGitRemotes, fixedSnapshot, mainHead, pythonSnapshot } from "./fixtures/FakeGitReader.js"
import { addRepository, adminCaller, anonymous, callerWith, withServices } from "./fixtures/TestLayer.js"

const widgetsUrl = "https://github.com/acme/widgets.git"

describe("Repositories.add", () => {
  it.effect("creates the organization on first use when the admin adds a repository", () =>
    withServices(
      Effect.gen(function*() {
        const organizations = yield* OrganizationStore.OrganizationStore
        expect(yield* organizations.findOrganization("gh", "acme")).toEqual(Option.none())
        yield* addRepository("widgets")
        const organization = yield* organizations.findOrganization("gh", "acme")
        expect(organization).toEqual(Option.some(new Records.Organization({ id: 1, provider: "gh", name: "acme" })))
        yield* addRepository("gadgets")
        expect(yield* organizations.findOrganization("gh", "acme")).toEqual(organization)
      })
    ))

  it.effect("reads the repository from the provider's clone URL and answers its view", () =>
    withServices(
      Effect.gen(function*() {
        const view = yield* addRepository("widgets")
        expect(yield* Effect.flatMap(FakeGitRemotes, (r) => r.reads)).toEqual([widgetsUrl])
        expect(view).toMatchObject({
          provider: "gh",
          owner: "acme",
          name: "widgets",
          fullPath: "acme/widgets",
          visibility: "Private",
          remoteIdentifier: String(view.repositoryId),
          lastUpdated: "1970-01-01T00:00:00.000Z",
          permission: "admin",
          problems: [],
          languages: ["TypeScript", "JSON", "JavaScript", "Markdown"],
          stack: new Repository.Stack({
            stackTags: ["language:typescript", "language:json", "language:javascript", "language:markdown"]
          }),
          standards: [],
          addedState: "Following"
        })
        expect(view.codingStandardId).toBeUndefined()
        expect(view.defaultBranch).toEqual(
          new Branch.Branch({
            id: view.defaultBranch?.id ?? -1,
            name: "main",
            isDefault: true,
            isEnabled: true,
            lastUpdated: mainHead.commitTimestamp,
            branchType: "Branch",
            lastCommit: mainHead.sha
          })
        )
      })
    ))

  it.effect("stores languages, root files, branches and head commits from the snapshot", () =>
    withServices(
      Effect.gen(function*() {
        const store = yield* RepositoryStore.RepositoryStore
        const view = yield* addRepository("widgets")
        const record = Option.getOrThrow(yield* store.findRepository(1, "widgets"))
        expect(record.id).toBe(view.repositoryId)
        expect(record.gitUrl).toBe(widgetsUrl)
        expect(record.languages).toEqual(["TypeScript", "JSON", "JavaScript", "Markdown"])
        expect(record.rootFiles).toEqual(["README.md", ".linta.json", "package.json"])
        const branches = yield* store.listBranches(record.id)
        expect(branches.map((b) => [b.name, b.isDefault, b.isEnabled, b.lastCommitSha])).toEqual(
          fixedSnapshot.branches.map((b) => [b.name, b.name === "main", true, b.head.sha])
        )
        expect(new Set(branches.map((b) => b.id)).size).toBe(3)
        const head = Option.getOrThrow(yield* store.findCommit(record.id, mainHead.sha))
        expect(head).toMatchObject({
          sha: mainHead.sha,
          authorName: "Ada Lovelace",
          authorEmail: "ada@example.org",
          commitTimestamp: "2024-05-01T10:00:00+02:00",
          message: "Add the app",
          parents: [mainHead.parents[0]]
        })
      })
    ))

  it.effect("uses the given clone URL and visibility, and the default branch the snapshot names", () =>
    withServices(
      Effect.gen(function*() {
        const remotes = yield* FakeGitRemotes
        yield* remotes.serve("file:///srv/git/analytics", pythonSnapshot)
        const view = yield* addRepository("analytics", { gitUrl: "file:///srv/git/analytics", visibility: "Public" })
        expect(yield* remotes.reads).toEqual(["file:///srv/git/analytics"])
        expect(view.visibility).toBe("Public")
        expect(view.languages).toEqual(["Python", "Dockerfile"])
        expect(view.defaultBranch?.name).toBe("trunk")
        const record = Option.getOrThrow(yield* Effect.flatMap(RepositoryStore.RepositoryStore, (s) => s.findRepository(1, "analytics")))
        expect(record.rootFiles).toEqual(["setup.py", "Dockerfile"])
      })
    ))

  it.effect("splits owner and name at the last slash (GitLab subgroups) and fills the provider's template", () =>
    withServices(
      Effect.gen(function*() {
        const repositories = yield* Repositories.Repositories
        const view = yield* repositories.add(adminCaller, { provider: "gl", repositoryFullPath: "group/sub/tool" })
        expect([view.owner, view.name, view.fullPath]).toEqual(["group/sub", "tool", "group/sub/tool"])
        expect(yield* Effect.flatMap(FakeGitRemotes, (r) => r.reads)).toEqual(["https://gitlab.com/group/sub/tool.git"])
      })
    ))

  it.effect("uses the clone URL templates it is given", () =>
    withServices(
      Effect.gen(function*() {
        const repositories = yield* Repositories.Repositories
        yield* repositories.add(adminCaller, { provider: "gh", repositoryFullPath: "acme/widgets" })
        expect(yield* Effect.flatMap(FakeGitRemotes, (r) => r.reads)).toEqual(["ssh://git.internal/acme/widgets"])
        expect(yield* Effect.flip(repositories.add(adminCaller, { provider: "bb", repositoryFullPath: "acme/widgets" })))
          .toEqual(new Errors.InvalidInput({ field: "gitUrl", reason: "no clone URL template for provider 'bb'" }))
      }),
      { templates: { gh: "ssh://git.internal/{owner}/{name}" } }
    ))

  it.effect("refreshes a repository added before, keeping its ids", () =>
    withServices(
      Effect.gen(function*() {
        const store = yield* RepositoryStore.RepositoryStore
        const first = yield* addRepository("widgets", { visibility: "Public" })
        const before = yield* store.listBranches(first.repositoryId ?? -1)
        yield* TestClock.adjust("1 hour")
        const newHead = commit("e1", "Release 1.0", "2024-06-01T00:00:00Z", [mainHead.sha])
        yield* Effect.flatMap(FakeGitRemotes, (r) =>
          r.serve(
            widgetsUrl,
            new GitReader.GitSnapshot({
              defaultBranch: "main",
              branches: [new GitReader.GitBranch({ name: "main", head: newHead }), new GitReader.GitBranch({ name: "release", head: newHead })],
              files: ["main.py", "lib/util.py", "README.md"]
            })
          ))
        const second = yield* addRepository("widgets")
        expect(second.repositoryId).toBe(first.repositoryId)
        expect(second.visibility).toBe("Public")
        expect(second.lastUpdated).toBe("1970-01-01T01:00:00.000Z")
        expect(second.languages).toEqual(["Python", "Markdown"])
        expect(second.defaultBranch?.id).toBe(first.defaultBranch?.id)
        expect(second.defaultBranch?.lastCommit).toBe(newHead.sha)
        const after = yield* store.listBranches(second.repositoryId ?? -1)
        expect(after.map((b) => b.name)).toEqual(["main", "release"])
        const releaseId = after.find((b) => b.name === "release")?.id ?? -1
        expect(releaseId).toBeGreaterThan(Math.max(...before.map((b) => b.id)))
        expect(Option.isSome(yield* store.findCommit(second.repositoryId ?? -1, newHead.sha))).toBe(true)
        // Older commits stay known.
        expect(Option.isSome(yield* store.findCommit(second.repositoryId ?? -1, mainHead.sha))).toBe(true)
        const page = yield* store.pageRepositories({ organizationId: 1, limit: 10 })
        expect(page.total).toBe(1)
      })
    ))

  it.effect("refuses a repositoryFullPath that is not '<owner>/<name>'", () =>
    withServices(
      Effect.gen(function*() {
        const repositories = yield* Repositories.Repositories
        for (const repositoryFullPath of ["widgets", "/widgets", "acme/", "acme/  ", "  /widgets", ""]) {
          expect(yield* Effect.flip(repositories.add(adminCaller, { provider: "gh", repositoryFullPath })), repositoryFullPath)
            .toEqual(new Errors.InvalidInput({ field: "repositoryFullPath", reason: "expected '<owner>/<name>'" }))
        }
        expect(yield* Effect.flatMap(FakeGitRemotes, (r) => r.reads)).toEqual([])
      })
    ))

  it.effect("answers Unprocessable when git cannot read the repository, and stores no repository", () =>
    withServices(
      Effect.gen(function*() {
        yield* Effect.flatMap(FakeGitRemotes, (r) => r.refuse(widgetsUrl, "repository not found"))
        expect(yield* Effect.flip(addRepository("widgets"))).toEqual(
          new Errors.Unprocessable({ reason: Repositories.couldNotClone(widgetsUrl) })
        )
        const store = yield* RepositoryStore.RepositoryStore
        const organizations = yield* OrganizationStore.OrganizationStore
        expect(yield* store.findRepository(1, "widgets")).toEqual(Option.none())
        expect((yield* store.pageRepositories({ organizationId: 1, limit: 100 })).total).toBe(0)
        // Nor an organization: it is created only once a repository could be read.
        expect(yield* organizations.findOrganization("gh", "acme")).toEqual(Option.none())
      })
    ))

  describe("callers other than the admin", () => {
    it.effect("an organization token with the admin permission may add to its organization", () =>
      withServices(
        Effect.gen(function*() {
          const owner = yield* callerWith("admin")
          const view = yield* Effect.flatMap(Repositories.Repositories, (r) =>
            r.add(owner, { provider: "gh", repositoryFullPath: "acme/widgets" }))
          expect(view.name).toBe("widgets")
          expect(view.permission).toBe("admin")
        })
      ))

    it.effect("an organization's admin token may not name a host of the server's network; the installation admin may", () =>
      withServices(
        Effect.gen(function*() {
          const owner = yield* callerWith("admin")
          const repositories = yield* Repositories.Repositories
          const gitUrl = "https://git.internal/acme/widgets.git"
          expect(yield* Effect.flip(repositories.add(owner, { provider: "gh", repositoryFullPath: "acme/widgets", gitUrl })))
            .toEqual(new Errors.Unprocessable({ reason: Repositories.couldNotClone(gitUrl) }))
          expect(yield* Effect.flatMap(FakeGitRemotes, (r) => r.reads)).toEqual([])

          yield* repositories.add(adminCaller, { provider: "gh", repositoryFullPath: "acme/widgets", gitUrl })
          expect(yield* Effect.flatMap(FakeGitRemotes, (r) => r.reads)).toEqual([gitUrl])
        })
      ))

    it.effect("an organization token with write permission is refused", () =>
      withServices(
        Effect.gen(function*() {
          const writer = yield* callerWith("write")
          expect(
            yield* Effect.flip(
              Effect.flatMap(Repositories.Repositories, (r) => r.add(writer, { provider: "gh", repositoryFullPath: "acme/widgets" }))
            )
          ).toEqual(new Errors.PermissionDenied({ kind: "permission", needed: "admin", held: "write", reason: "This operation needs the 'admin' permission; the token has 'write'" }))
          expect(yield* Effect.flatMap(FakeGitRemotes, (r) => r.reads)).toEqual([])
        })
      ))

    it.effect("a token cannot create or add to another organization; nobody anonymous can add", () =>
      withServices(
        Effect.gen(function*() {
          const owner = yield* callerWith("admin")
          const repositories = yield* Repositories.Repositories
          expect(yield* Effect.flip(repositories.add(owner, { provider: "gh", repositoryFullPath: "globex/rockets" })))
            .toEqual(new Errors.Unauthenticated({ kind: "otherOrganization", reason: "The api-token is not valid for this organization" }))
          expect(yield* Effect.flip(repositories.add(anonymous, { provider: "gh", repositoryFullPath: "acme/widgets" })))
            .toEqual(new Errors.Unauthenticated({ kind: "missing", reason: "Missing api-token header" }))
          expect(yield* Effect.flatMap(OrganizationStore.OrganizationStore, (s) => s.findOrganization("gh", "globex"))).toEqual(Option.none())
        })
      ))
  })
})

import { describe, expect, layer } from "@effect/vitest"
import { Goals, OrganizationStore, RepositoryStore } from "@tidemark/core"
import { Effect, type Layer, Option } from "effect"
import { at, branch, commit, snapshot, uniqueName } from "./Fixtures.js"

export const repositoryStoreContract = (name: string, storeLayer: Layer.Layer<RepositoryStore.RepositoryStore | OrganizationStore.OrganizationStore, unknown>) =>
  layer(storeLayer, { timeout: "120 seconds", excludeTestServices: true })(`RepositoryStore contract (${name})`, (it) => {
    describe("saveSnapshot", () => {
      it.effect("creates a repository with default goals, found by its exact name in its organization", () =>
        Effect.gen(function*() {
          const store = yield* RepositoryStore.RepositoryStore
          const organizations = yield* OrganizationStore.OrganizationStore
          const organization = yield* organizations.ensureOrganization("gh", uniqueName("org"))
          const other = yield* organizations.ensureOrganization("gh", uniqueName("other"))
          const written = snapshot(organization.name, "App", {
            visibility: "Public",
            languages: ["TypeScript", "Go"],
            rootFiles: [".eslintrc.json", "go.mod"]
          })
          const record = yield* store.saveSnapshot(organization.id, written, at(1))

          expect(record).toMatchObject({
            organizationId: organization.id,
            provider: "gh",
            owner: organization.name,
            name: "App",
            visibility: "Public",
            gitUrl: written.gitUrl,
            languages: ["TypeScript", "Go"],
            rootFiles: [".eslintrc.json", "go.mod"],
            addedAt: at(1),
            lastUpdated: at(1)
          })
          expect(record.goals).toStrictEqual(Goals.Goals.defaults)
          expect(yield* store.findRepository(organization.id, "App")).toStrictEqual(Option.some(record))
          expect(yield* store.findRepository(organization.id, "app")).toEqual(Option.none())
          expect(yield* store.findRepository(other.id, "App")).toEqual(Option.none())
          expect(yield* store.findRepositoryById(record.id)).toStrictEqual(Option.some(record))
          expect(yield* store.findRepositoryById(record.id + 1_000_000)).toEqual(Option.none())
        }))

      it.effect("a refresh keeps the id, goals and addedAt and replaces what was read", () =>
        Effect.gen(function*() {
          const store = yield* RepositoryStore.RepositoryStore
          const organizations = yield* OrganizationStore.OrganizationStore
          const organization = yield* organizations.ensureOrganization("gh", uniqueName("org"))
          const first = yield* store.saveSnapshot(organization.id, snapshot(organization.name, "app"), at(1))
          const refreshed = yield* store.saveSnapshot(
            organization.id,
            snapshot(organization.name, "app", {
              visibility: "Public",
              gitUrl: "https://example.com/moved.git",
              languages: [],
              rootFiles: ["README.md"]
            }),
            at(2)
          )

          expect(refreshed).toMatchObject({
            id: first.id,
            addedAt: at(1),
            lastUpdated: at(2),
            visibility: "Public",
            gitUrl: "https://example.com/moved.git",
            languages: [],
            rootFiles: ["README.md"]
          })
          expect(refreshed.goals).toStrictEqual(first.goals)
          expect(yield* store.findRepository(organization.id, "app")).toStrictEqual(Option.some(refreshed))
          const page = yield* store.pageRepositories({ organizationId: organization.id, limit: 10 })
          expect(page.total).toBe(1)
        }))

      it.effect("saved goals are read back, on pages too, and a refresh from git keeps them", () =>
        Effect.gen(function*() {
          const store = yield* RepositoryStore.RepositoryStore
          const organizations = yield* OrganizationStore.OrganizationStore
          const organization = yield* organizations.ensureOrganization("gh", uniqueName("org"))
          const first = yield* store.saveSnapshot(organization.id, snapshot(organization.name, "app"), at(1))
          const other = yield* store.saveSnapshot(organization.id, snapshot(organization.name, "other"), at(1))
          const goals = new Goals.Goals({ ...Goals.Goals.defaults, maxIssuePercentage: 5, fileComplexityValueThreshold: 40 })
          yield* store.saveGoals(first.id, goals)
          expect(Option.map(yield* store.findRepository(organization.id, "app"), (r) => r.goals)).toStrictEqual(Option.some(goals))
          const page = yield* store.pageRepositories({ organizationId: organization.id, limit: 10 })
          expect(page.items.map((r) => [r.name, r.goals])).toStrictEqual([["app", goals], ["other", Goals.Goals.defaults]])
          const refreshed = yield* store.saveSnapshot(organization.id, snapshot(organization.name, "app"), at(2))
          expect(refreshed.goals).toStrictEqual(goals)
          expect(Option.map(yield* store.findRepository(organization.id, "other"), (r) => r.goals)).toStrictEqual(
            Option.some(other.goals)
          )
        }))

      it.effect("stores branches in the snapshot's order with the default flagged", () =>
        Effect.gen(function*() {
          const store = yield* RepositoryStore.RepositoryStore
          const organizations = yield* OrganizationStore.OrganizationStore
          const organization = yield* organizations.ensureOrganization("gh", uniqueName("org"))
          const record = yield* store.saveSnapshot(
            organization.id,
            snapshot(organization.name, "app", {
              defaultBranch: "develop",
              branches: [branch("main", "a1", at(3)), branch("develop", "b2", at(4)), branch("feature/x", "c3", at(5))]
            }),
            at(6)
          )

          const branches = yield* store.listBranches(record.id)
          expect(branches.map((b) => [b.name, b.isDefault, b.isEnabled, b.lastCommitSha, b.lastUpdated])).toEqual([
            ["main", false, true, "a1", at(3)],
            ["develop", true, true, "b2", at(4)],
            ["feature/x", false, true, "c3", at(5)]
          ])
          expect(new Set(branches.map((b) => b.id)).size).toBe(3)
        }))

      it.effect("a refresh keeps the ids of known branches, drops missing ones and moves the default flag", () =>
        Effect.gen(function*() {
          const store = yield* RepositoryStore.RepositoryStore
          const organizations = yield* OrganizationStore.OrganizationStore
          const organization = yield* organizations.ensureOrganization("gh", uniqueName("org"))
          const record = yield* store.saveSnapshot(
            organization.id,
            snapshot(organization.name, "app", { branches: [branch("main", "a1"), branch("old", "a1")] }),
            at(1)
          )
          const before = yield* store.listBranches(record.id)
          const main = before.find((b) => b.name === "main")

          yield* store.saveSnapshot(
            organization.id,
            snapshot(organization.name, "app", {
              defaultBranch: "next",
              branches: [branch("next", "b2", at(7)), branch("main", "b2", at(8))]
            }),
            at(2)
          )
          const after = yield* store.listBranches(record.id)

          expect(after.map((b) => [b.name, b.isDefault, b.lastCommitSha, b.lastUpdated])).toEqual([
            ["next", true, "b2", at(7)],
            ["main", false, "b2", at(8)]
          ])
          expect(after.find((b) => b.name === "main")?.id).toBe(main?.id)
          expect(before.map((b) => b.id)).not.toContain(after.find((b) => b.name === "next")?.id)
        }))

      it.effect("a repository without branches lists none", () =>
        Effect.gen(function*() {
          const store = yield* RepositoryStore.RepositoryStore
          const organizations = yield* OrganizationStore.OrganizationStore
          const organization = yield* organizations.ensureOrganization("gh", uniqueName("org"))
          const record = yield* store.saveSnapshot(organization.id, snapshot(organization.name, "app"), at(1))
          yield* store.saveSnapshot(organization.id, snapshot(organization.name, "app", { branches: [], commits: [] }), at(2))
          expect(yield* store.listBranches(record.id)).toEqual([])
          expect(yield* store.listBranches(record.id + 1_000_000)).toEqual([])
        }))

      it.effect("a page carries the branches of its repositories, as listBranches reads each", () =>
        Effect.gen(function*() {
          const store = yield* RepositoryStore.RepositoryStore
          const organizations = yield* OrganizationStore.OrganizationStore
          const organization = yield* organizations.ensureOrganization("gh", uniqueName("org"))
          const first = yield* store.saveSnapshot(
            organization.id,
            snapshot(organization.name, "first", { branches: [branch("main", "a1"), branch("dev", "b2")] }),
            at(1)
          )
          const second = yield* store.saveSnapshot(
            organization.id,
            snapshot(organization.name, "second", { branches: [branch("main", "c3")] }),
            at(1)
          )
          const bare = yield* store.saveSnapshot(
            organization.id,
            snapshot(organization.name, "third", { branches: [], commits: [] }),
            at(1)
          )
          const page = yield* store.pageRepositories({ organizationId: organization.id, limit: 2 })
          expect([...page.branches.keys()]).toEqual([first.id, second.id])
          expect(page.branches.get(first.id)).toStrictEqual(yield* store.listBranches(first.id))
          expect(page.branches.get(first.id)?.map((b) => b.name)).toEqual(["main", "dev"])
          expect(page.branches.get(second.id)).toStrictEqual(yield* store.listBranches(second.id))
          const last = yield* store.pageRepositories({ organizationId: organization.id, limit: 2, after: "second" })
          expect([...last.branches]).toEqual([[bare.id, []]])
        }))

      it.effect("stores commits by sha; a commit already stored is kept as it was", () =>
        Effect.gen(function*() {
          const store = yield* RepositoryStore.RepositoryStore
          const organizations = yield* OrganizationStore.OrganizationStore
          const organization = yield* organizations.ensureOrganization("gh", uniqueName("org"))
          const record = yield* store.saveSnapshot(
            organization.id,
            snapshot(organization.name, "app", {
              commits: [
                commit("a1", { message: "first\n\nwith a body", parents: [] }),
                commit("b2", { parents: ["a1"] }),
                commit("m3", { parents: ["a1", "b2"], authorName: "Grace Hopper", authorEmail: "grace@example.com" })
              ]
            }),
            at(1)
          )

          const merge = yield* store.findCommit(record.id, "m3")
          expect(Option.map(merge, (c) => ({ ...c }))).toEqual(
            Option.some({
              id: Option.getOrThrow(merge).id,
              sha: "m3",
              authorName: "Grace Hopper",
              authorEmail: "grace@example.com",
              commitTimestamp: "2024-01-01T10:00:00+02:00",
              message: "commit m3",
              parents: ["a1", "b2"]
            })
          )
          const first = Option.getOrThrow(yield* store.findCommit(record.id, "a1"))
          expect(first.message).toBe("first\n\nwith a body")
          expect(first.parents).toEqual([])

          yield* store.saveSnapshot(
            organization.id,
            snapshot(organization.name, "app", {
              commits: [commit("a1", { message: "rewritten" }), commit("c4", { parents: ["m3"] })]
            }),
            at(2)
          )
          expect(yield* store.findCommit(record.id, "a1")).toStrictEqual(Option.some(first))
          expect(Option.map(yield* store.findCommit(record.id, "c4"), (c) => c.parents)).toEqual(Option.some(["m3"]))
          // Commits are kept even when a refresh no longer lists them.
          expect(Option.isSome(yield* store.findCommit(record.id, "b2"))).toBe(true)
          expect(yield* store.findCommit(record.id, "zz")).toEqual(Option.none())
        }))

      it.effect("the same sha twice in one snapshot keeps the first", () =>
        Effect.gen(function*() {
          const store = yield* RepositoryStore.RepositoryStore
          const organizations = yield* OrganizationStore.OrganizationStore
          const organization = yield* organizations.ensureOrganization("gh", uniqueName("org"))
          const record = yield* store.saveSnapshot(
            organization.id,
            snapshot(organization.name, "app", { commits: [commit("a1", { message: "one" }), commit("a1", { message: "two" })] }),
            at(1)
          )
          expect(Option.map(yield* store.findCommit(record.id, "a1"), (c) => c.message)).toEqual(Option.some("one"))
        }))

      it.effect("commits belong to their repository", () =>
        Effect.gen(function*() {
          const store = yield* RepositoryStore.RepositoryStore
          const organizations = yield* OrganizationStore.OrganizationStore
          const organization = yield* organizations.ensureOrganization("gh", uniqueName("org"))
          const one = yield* store.saveSnapshot(organization.id, snapshot(organization.name, "one", { commits: [commit("s1")] }), at(1))
          const two = yield* store.saveSnapshot(organization.id, snapshot(organization.name, "two", { commits: [commit("s2")] }), at(1))
          expect(yield* store.findCommit(one.id, "s2")).toEqual(Option.none())
          expect(yield* store.findCommit(two.id, "s1")).toEqual(Option.none())
          expect(two.id).not.toBe(one.id)
        }))
    })

    describe("branch settings (issue 27)", () => {
      it.effect("a disabled branch stays disabled through refreshes; a new branch is analysed; others are untouched", () =>
        Effect.gen(function*() {
          const store = yield* RepositoryStore.RepositoryStore
          const organizations = yield* OrganizationStore.OrganizationStore
          const organization = yield* organizations.ensureOrganization("gh", uniqueName("org"))
          const written = snapshot(organization.name, "app", { branches: [branch("main", "a1"), branch("develop", "a1")] })
          const record = yield* store.saveSnapshot(organization.id, written, at(1))
          const other = yield* store.saveSnapshot(organization.id, snapshot(organization.name, "other", { branches: written.branches }), at(1))
          yield* store.setBranchEnabled(record.id, "develop", false)
          yield* store.setBranchEnabled(record.id, "missing", false)
          yield* store.saveSnapshot(
            organization.id,
            snapshot(organization.name, "app", { branches: [branch("main", "b2"), branch("develop", "b2"), branch("new", "b2")] }),
            at(2)
          )
          const enabled = (id: number) => Effect.map(store.listBranches(id), (bs) => bs.map((b) => [b.name, b.isEnabled]))
          expect(yield* enabled(record.id)).toStrictEqual([["main", true], ["develop", false], ["new", true]])
          expect(yield* enabled(other.id)).toStrictEqual([["main", true], ["develop", true]])
          yield* store.setBranchEnabled(record.id, "develop", true)
          expect(yield* enabled(record.id)).toStrictEqual([["main", true], ["develop", true], ["new", true]])
        }))

      it.effect("a chosen default is analysed, outlives refreshes while git has it, and gives way to git's when gone", () =>
        Effect.gen(function*() {
          const store = yield* RepositoryStore.RepositoryStore
          const organizations = yield* OrganizationStore.OrganizationStore
          const organization = yield* organizations.ensureOrganization("gh", uniqueName("org"))
          const both = [branch("main", "a1"), branch("develop", "a1")]
          const record = yield* store.saveSnapshot(organization.id, snapshot(organization.name, "app", { branches: both }), at(1))
          yield* store.setBranchEnabled(record.id, "develop", false)
          yield* store.setDefaultBranch(record.id, "develop")
          yield* store.setDefaultBranch(record.id, "missing")
          const flags = Effect.map(store.listBranches(record.id), (bs) => bs.map((b) => [b.name, b.isDefault, b.isEnabled]))
          expect(yield* flags).toStrictEqual([["main", false, true], ["develop", true, true]])

          yield* store.saveSnapshot(organization.id, snapshot(organization.name, "app", { branches: both }), at(2))
          expect(yield* flags).toStrictEqual([["main", false, true], ["develop", true, true]])
          const page = yield* store.pageRepositories({ organizationId: organization.id, limit: 10 })
          expect(page.branches.get(record.id)?.find((b) => b.isDefault)?.name).toBe("develop")

          yield* store.saveSnapshot(organization.id, snapshot(organization.name, "app", { branches: [branch("main", "a1")] }), at(3))
          expect(yield* flags).toStrictEqual([["main", true, true]])
        }))

      it.effect("git's default is analysed even when it was disabled before it became the default", () =>
        Effect.gen(function*() {
          const store = yield* RepositoryStore.RepositoryStore
          const organizations = yield* OrganizationStore.OrganizationStore
          const organization = yield* organizations.ensureOrganization("gh", uniqueName("org"))
          const both = [branch("main", "a1"), branch("next", "a1")]
          const record = yield* store.saveSnapshot(organization.id, snapshot(organization.name, "app", { branches: both }), at(1))
          yield* store.setBranchEnabled(record.id, "next", false)
          yield* store.saveSnapshot(organization.id, snapshot(organization.name, "app", { branches: both, defaultBranch: "next" }), at(2))
          const flags = yield* store.listBranches(record.id)
          expect(flags.map((b) => [b.name, b.isDefault, b.isEnabled])).toStrictEqual([["main", false, true], ["next", true, true]])
        }))
    })

    describe("following and deleting (issue 27)", () => {
      it.effect("a repository is followed when added; setFollowing is read back, on pages too, and a refresh keeps it", () =>
        Effect.gen(function*() {
          const store = yield* RepositoryStore.RepositoryStore
          const organizations = yield* OrganizationStore.OrganizationStore
          const organization = yield* organizations.ensureOrganization("gh", uniqueName("org"))
          const added = yield* store.saveSnapshot(organization.id, snapshot(organization.name, "app"), at(1))
          expect(added.following).toBe(true)
          yield* store.setFollowing(added.id, false)
          const refreshed = yield* store.saveSnapshot(organization.id, snapshot(organization.name, "app"), at(2))
          expect(refreshed.following).toBe(false)
          const page = yield* store.pageRepositories({ organizationId: organization.id, limit: 10 })
          expect(page.items.map((r) => r.following)).toStrictEqual([false])
          yield* store.setFollowing(added.id, true)
          expect(Option.map(yield* store.findRepositoryById(added.id), (r) => r.following)).toStrictEqual(Option.some(true))
        }))

      it.effect("deleting removes the repository, its branches and commits, and no other; the name added again is new", () =>
        Effect.gen(function*() {
          const store = yield* RepositoryStore.RepositoryStore
          const organizations = yield* OrganizationStore.OrganizationStore
          const organization = yield* organizations.ensureOrganization("gh", uniqueName("org"))
          const written = snapshot(organization.name, "app", { branches: [branch("main", "a1")], commits: [commit("a1")] })
          const doomed = yield* store.saveSnapshot(organization.id, written, at(1))
          const kept = yield* store.saveSnapshot(organization.id, snapshot(organization.name, "kept", { commits: [commit("a1")] }), at(1))
          yield* store.setFollowing(doomed.id, false)
          yield* store.deleteRepository(doomed.id)
          expect(yield* store.findRepository(organization.id, "app")).toEqual(Option.none())
          expect(yield* store.findRepositoryById(doomed.id)).toEqual(Option.none())
          expect(yield* store.listBranches(doomed.id)).toStrictEqual([])
          expect(yield* store.findCommit(doomed.id, "a1")).toEqual(Option.none())
          expect(Option.isSome(yield* store.findCommit(kept.id, "a1"))).toBe(true)
          expect(Option.isSome(yield* organizations.findOrganization("gh", organization.name))).toBe(true)

          const again = yield* store.saveSnapshot(organization.id, written, at(2))
          expect([again.id === doomed.id, again.following, again.addedAt]).toStrictEqual([false, true, at(2)])
          yield* store.deleteRepository(doomed.id)
        }))
    })
  })

import { describe, expect, it } from "@effect/vitest"
import {
  Errors,
  Goals,
  Pagination,
  type Principal,
  type Repository,
  RepositoryAnalysis,
  RepositoryWithAnalysis
} from "@tidemark/core"
import { Effect, type Option } from "effect"
import { developHead, featureHead, mainHead } from "./fixtures/FakeGitReader.js"
import { acme, addRepository, adminCaller, anonymous, callerWith, globex, repo, withServices } from "./fixtures/TestLayer.js"

const list = (query: RepositoryAnalysis.RepositoryListQuery, caller = adminCaller) =>
  Effect.flatMap(RepositoryAnalysis.RepositoryAnalysis, (analysis) => analysis.list(caller, acme, query))

const names = (page: { readonly items: ReadonlyArray<RepositoryWithAnalysis.RepositoryWithAnalysis> }) => page.items.map((r) => r.repository.name)

const addAll = (repositoryNames: ReadonlyArray<string>) => Effect.forEach(repositoryNames, (name) => addRepository(name))

describe("RepositoryAnalysis", () => {
  describe("list", () => {
    it.effect("lists the organization's repositories by name, never analysed ones without analysis fields", () =>
      withServices(
        Effect.gen(function*() {
          const [widgets, gadgets] = yield* addAll(["widgets", "gadgets"])
          const page = yield* list({})
          expect(names(page)).toEqual(["gadgets", "widgets"])
          expect(page.pagination).toEqual(new Pagination.Pagination({ limit: 100, total: 2 }))
          const [first] = page.items
          expect(first?.repository).toEqual(gadgets)
          expect(page.items[1]?.repository).toEqual(widgets)
          expect(first?.goals).toEqual(Goals.Goals.defaults)
          expect(first?.selectedBranch?.name).toBe("main")
          expect(first?.branch).toEqual(first?.selectedBranch)
          expect(Object.keys(first ?? {}).sort()).toEqual(["branch", "goals", "repository", "selectedBranch"])
        })
      ))

    it.effect("reports the caller's permission on each repository", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          const reader = yield* callerWith("read")
          const page = yield* list({}, reader)
          expect(page.items.map((r) => r.repository.permission)).toEqual(["read"])
        })
      ))

    it.effect("search keeps names containing the text, case-insensitive", () =>
      withServices(
        Effect.gen(function*() {
          yield* addAll(["widgets", "gadgets", "rockets", "Gizmo"])
          expect(names(yield* list({ search: "GET" }))).toEqual(["gadgets", "widgets"])
          const gi = yield* list({ search: "gi" })
          expect(names(gi)).toEqual(["Gizmo"])
          expect(gi.pagination.total).toBe(1)
          expect(names(yield* list({ search: "zzz" }))).toEqual([])
        })
      ))

    it.effect("names keeps exactly the repositories named (search operation, deprecated `repositories`)", () =>
      withServices(
        Effect.gen(function*() {
          yield* addAll(["widgets", "gadgets", "rockets"])
          const page = yield* list({ names: ["rockets", "widgets", "unknown", "Gadgets"] })
          expect(names(page)).toEqual(["rockets", "widgets"])
          expect(page.pagination).toEqual(new Pagination.Pagination({ limit: 100, total: 2 }))
          expect(names(yield* list({ names: ["widgets", "gadgets"], search: "wid" }))).toEqual(["widgets"])
        })
      ))

    it.effect("segments: no repository belongs to a segment yet, so a segment filter matches none", () =>
      withServices(
        Effect.gen(function*() {
          yield* addAll(["widgets", "gadgets"])
          const page = yield* list({ segments: ["17"], limit: 5 })
          expect(page.items).toEqual([])
          expect(page.pagination).toEqual(new Pagination.Pagination({ limit: 5, total: 0 }))
          expect(names(yield* list({ segments: [] }))).toEqual(["gadgets", "widgets"])
        })
      ))

    it.effect("pages through many repositories: total of all, cursor only while more remain", () =>
      withServices(
        Effect.gen(function*() {
          const all = Array.from({ length: 7 }, (_, i) => `repo-${String(i + 1).padStart(2, "0")}`)
          yield* addAll([...all].reverse())
          const first = yield* list({ limit: 3 })
          expect(names(first)).toEqual(["repo-01", "repo-02", "repo-03"])
          expect(first.pagination).toEqual(new Pagination.Pagination({ cursor: Pagination.encodeCursor(["repo-03"]), limit: 3, total: 7 }))
          const second = yield* list({ limit: 3, cursor: first.pagination.cursor })
          expect(names(second)).toEqual(["repo-04", "repo-05", "repo-06"])
          expect(second.pagination.total).toBe(7)
          // The bb provider's clients send the cursor URL-encoded.
          const third = yield* list({ limit: 3, cursor: encodeURIComponent(second.pagination.cursor ?? "") })
          expect(names(third)).toEqual(["repo-07"])
          expect(third.pagination).toEqual(new Pagination.Pagination({ limit: 3, total: 7 }))
          const exact = yield* list({ limit: 7 })
          expect(exact.items).toHaveLength(7)
          expect(exact.pagination.cursor).toBeUndefined()
        })
      ))

    it.effect("pages through a filtered list with the filter's total", () =>
      withServices(
        Effect.gen(function*() {
          yield* addAll(["alpha-1", "beta-1", "alpha-2", "beta-2", "alpha-3"])
          const first = yield* list({ search: "alpha", limit: 2 })
          expect(names(first)).toEqual(["alpha-1", "alpha-2"])
          expect(first.pagination.total).toBe(3)
          const rest = yield* list({ search: "alpha", limit: 2, cursor: first.pagination.cursor })
          expect(names(rest)).toEqual(["alpha-3"])
          expect(rest.pagination.cursor).toBeUndefined()
        })
      ))

    it.effect("refuses a malformed cursor", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          expect(yield* Effect.flip(list({ cursor: "not a cursor" }))).toEqual(
            new Errors.InvalidInput({ field: "cursor", reason: "invalid cursor" })
          )
        })
      ))

    it.effect("answers NotFound for an unknown organization, Unauthenticated for a foreign or missing token", () =>
      withServices(
        Effect.gen(function*() {
          const analysis = yield* RepositoryAnalysis.RepositoryAnalysis
          yield* addRepository("widgets")
          expect(yield* Effect.flip(analysis.list(adminCaller, globex, {}))).toEqual(
            new Errors.NotFound({ what: "organization", id: "gh/globex" })
          )
          const globexToken = yield* callerWith("admin", "globex")
          expect(yield* Effect.flip(analysis.list(globexToken, acme, {}))).toEqual(
            new Errors.Unauthenticated({ kind: "otherOrganization", reason: "The api-token is not valid for this organization" })
          )
          expect(yield* Effect.flip(analysis.list(anonymous, acme, {}))).toEqual(
            new Errors.Unauthenticated({ kind: "missing", reason: "Missing api-token header" })
          )
        })
      ))
  })

  describe("get", () => {
    const get = (name: string, branch?: string, caller: Option.Option<Principal.Principal> = adminCaller) =>
      Effect.flatMap(RepositoryAnalysis.RepositoryAnalysis, (analysis) => analysis.get(caller, repo(name), branch))

    it.effect("answers the repository on its default branch", () =>
      withServices(
        Effect.gen(function*() {
          const added: Repository.Repository = yield* addRepository("widgets")
          const found = yield* get("widgets")
          expect(found).toEqual(
            new RepositoryWithAnalysis.RepositoryWithAnalysis({
              repository: added,
              ...(added.defaultBranch === undefined ? {} : { branch: added.defaultBranch, selectedBranch: added.defaultBranch }),
              goals: Goals.Goals.defaults
            })
          )
          expect(found.selectedBranch?.lastCommit).toBe(mainHead.sha)
        })
      ))

    it.effect("selects an enabled branch by name", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          const develop = yield* get("widgets", "develop")
          expect(develop.selectedBranch).toMatchObject({ name: "develop", isDefault: false, isEnabled: true, lastCommit: developHead.sha })
          expect(develop.repository.defaultBranch?.name).toBe("main")
          const feature = yield* get("widgets", "feature/login")
          expect(feature.selectedBranch?.lastCommit).toBe(featureHead.sha)
          expect(feature.selectedBranch?.lastUpdated).toBe("2024-05-03T17:45:00Z")
        })
      ))

    it.effect("answers NotFound for an unknown branch or repository", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("widgets")
          expect(yield* Effect.flip(get("widgets", "nope"))).toEqual(new Errors.NotFound({ what: "branch", id: "nope" }))
          expect(yield* Effect.flip(get("widgets", "Main"))).toEqual(new Errors.NotFound({ what: "branch", id: "Main" }))
          expect(yield* Effect.flip(get("gadgets"))).toEqual(new Errors.NotFound({ what: "repository", id: "gadgets" }))
        })
      ))

    it.effect("needs a token even for a Public repository", () =>
      withServices(
        Effect.gen(function*() {
          yield* addRepository("open", { visibility: "Public" })
          expect(yield* Effect.flip(get("open", undefined, anonymous))).toEqual(
            new Errors.Unauthenticated({ kind: "missing", reason: "Missing api-token header" })
          )
          const reader = yield* callerWith("read")
          expect((yield* get("open", undefined, reader)).repository.permission).toBe("read")
        })
      ))
  })
})

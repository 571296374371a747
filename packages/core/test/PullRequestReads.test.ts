import { describe, expect, it } from "@effect/vitest"
import { PullRequestAuthor, PullRequestReads, PullRequestStore } from "@tidemark/core"
import { Effect } from "effect"
import { acme, addRepository, adminCaller, repo, withServices } from "./fixtures/TestLayer.js"

const updatedAt = (minute: number) => new Date(Date.UTC(2024, 0, 1, 12, minute)).toISOString()

const open = (repositoryId: number, number: number, minute: number) =>
  Effect.flatMap(PullRequestStore, (store) =>
    store.upsert({
      repositoryId,
      number,
      title: `Pull request ${number}`,
      author: PullRequestAuthor.make({ name: "Ada Lovelace" }),
      originBranch: `feature-${number}`,
      targetBranch: "main",
      state: "open",
      headSha: `sha-${number}`,
      updated: updatedAt(minute)
    }))

const added = (name: string, owner: string = acme.organization) =>
  Effect.flatMap(addRepository(name, { owner }), (repository) =>
    repository.repositoryId === undefined ? Effect.dieMessage(`${name} was added without an id`) : Effect.succeed(repository.repositoryId))

/** Three pull requests in two repositories of acme, one in globex's; none analysed yet. */
const setUp = Effect.gen(function*() {
  const widgets = yield* added("widgets")
  const gadgets = yield* added("gadgets")
  const rockets = yield* added("rockets", "globex")
  yield* open(widgets, 1, 3)
  yield* open(gadgets, 1, 7)
  yield* open(widgets, 2, 5)
  yield* open(rockets, 1, 9)
})

const shown = (page: { readonly data: ReadonlyArray<{ readonly pullRequest: { readonly repository: string; readonly number: number } }> }) =>
  page.data.map((p) => [p.pullRequest.repository, p.pullRequest.number])

describe("PullRequestReads.listForOrganization", () => {
  it.effect("every pull request of the organization's repositories, analysed or not, the most recently updated first, by page", () =>
    withServices(Effect.gen(function*() {
      yield* setUp
      const reads = yield* PullRequestReads
      const all = yield* reads.listForOrganization(adminCaller, acme, {})
      expect(shown({ data: all.items })).toEqual([["gadgets", 1], ["widgets", 2], ["widgets", 1]])
      expect(all.items.map((p) => p.meta)).toEqual(all.items.map(() => ({ analyzable: true })))
      expect(all.pagination.total).toBe(3)
      const first = yield* reads.listForOrganization(adminCaller, acme, { limit: 2 })
      expect(shown({ data: first.items })).toEqual([["gadgets", 1], ["widgets", 2]])
      const second = yield* reads.listForOrganization(adminCaller, acme, { limit: 2, cursor: first.pagination.cursor })
      expect(shown({ data: second.items })).toEqual([["widgets", 1]])
      expect(second.pagination).toMatchObject({ limit: 2, total: 3 })
      expect(second.pagination.cursor).toBeUndefined()
    })))

  it.effect("only those of the repositories named in `repositories` (comma-separated, exact names), and none when it names none", () =>
    withServices(Effect.gen(function*() {
      yield* setUp
      const reads = yield* PullRequestReads
      const listed = (repositories: string) =>
        Effect.map(reads.listForOrganization(adminCaller, acme, { repositories }), (page) => [shown({ data: page.items }), page.pagination.total])
      expect(yield* listed(" widgets , ")).toEqual([[["widgets", 2], ["widgets", 1]], 2])
      expect(yield* listed("gadgets,widgets,rockets")).toEqual([[["gadgets", 1], ["widgets", 2], ["widgets", 1]], 3])
      expect(yield* listed("Widgets")).toEqual([[], 0])
      expect(yield* listed(",")).toEqual([[], 0])
    })))

  it.effect("a repository's list shows only its analysed pull requests, and counts them all", () =>
    withServices(Effect.gen(function*() {
      yield* setUp
      const page = yield* Effect.flatMap(PullRequestReads, (reads) => reads.list(adminCaller, repo("widgets"), {}))
      expect(page.items).toEqual([])
      expect(page.pagination.total).toBe(2)
    })))
})

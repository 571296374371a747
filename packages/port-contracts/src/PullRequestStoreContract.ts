import { describe, expect, layer } from "@effect/vitest"
import { type OrganizationStore, PullRequest, PullRequestStore, RepositoryStore, Triage } from "@tidemark/core"
import { Effect, Option, type Layer } from "effect"
import { at, freshRepository, snapshot } from "./Fixtures.js"

const pullRequest = (repositoryId: number, number: number, overrides: Partial<PullRequest.PullRequestInput> = {}): PullRequest.PullRequestInput => ({
  repositoryId,
  number,
  title: `Pull request ${number}`,
  author: new PullRequest.PullRequestAuthor({ name: "Ada Lovelace", username: "ada", email: "ada@example.com", avatarUrl: "https://example.com/ada.png" }),
  originBranch: `feature-${number}`,
  targetBranch: "main",
  state: "open",
  headSha: `sha-${number}`,
  updated: at(number),
  ...overrides
})

const numbers = (items: ReadonlyArray<PullRequest.PullRequestRecord>) => items.map((pr) => pr.number)

/** Pull requests hang off repositories, which the store of repositories creates. */
export const pullRequestStoreContract = (
  name: string,
  storeLayer: Layer.Layer<PullRequestStore.PullRequestStore | RepositoryStore.RepositoryStore | OrganizationStore.OrganizationStore, unknown>
) =>
  layer(storeLayer, { timeout: "120 seconds", excludeTestServices: true })(`PullRequestStore contract (${name})`, (it) => {
    describe("upsert and find", () => {
      it.effect("a pull request read back equals the one written, with an id of its own", () =>
        Effect.gen(function*() {
          const store = yield* PullRequestStore.PullRequestStore
          const { repository } = yield* freshRepository
          const input = pullRequest(repository.id, 7)
          const saved = yield* store.upsert(input)
          expect({ ...saved, id: 0 }).toStrictEqual({ ...input, id: 0 })
          expect(yield* store.find(repository.id, 7)).toStrictEqual(Option.some(saved))
          expect(yield* store.find(repository.id, 8)).toEqual(Option.none())
        }))

      it.effect("an author without the optional fields reads back without them", () =>
        Effect.gen(function*() {
          const store = yield* PullRequestStore.PullRequestStore
          const { repository } = yield* freshRepository
          const saved = yield* store.upsert(pullRequest(repository.id, 1, { author: new PullRequest.PullRequestAuthor({ name: "bob" }) }))
          const found = yield* store.find(repository.id, 1)
          expect(found).toStrictEqual(Option.some(saved))
          expect(Option.map(found, (pr) => Object.keys(pr.author))).toEqual(Option.some(["name"]))
        }))

      it.effect("upserting the same number replaces every field and keeps the id", () =>
        Effect.gen(function*() {
          const store = yield* PullRequestStore.PullRequestStore
          const { repository } = yield* freshRepository
          const first = yield* store.upsert(pullRequest(repository.id, 3))
          const next = pullRequest(repository.id, 3, {
            title: "Renamed",
            state: "merged",
            headSha: "other",
            targetBranch: "release",
            updated: at(30)
          })
          const second = yield* store.upsert(next)
          expect({ ...second }).toStrictEqual({ ...next, id: first.id })
          expect(yield* store.find(repository.id, 3)).toStrictEqual(Option.some(second))
        }))

      it.effect("the same number in two repositories is two pull requests with different ids", () =>
        Effect.gen(function*() {
          const store = yield* PullRequestStore.PullRequestStore
          const one = yield* freshRepository
          const two = yield* freshRepository
          const a = yield* store.upsert(pullRequest(one.repository.id, 1))
          const b = yield* store.upsert(pullRequest(two.repository.id, 1, { title: "other" }))
          expect(a.id).not.toBe(b.id)
          expect(Option.map(yield* store.find(one.repository.id, 1), (pr) => pr.title)).toEqual(Option.some("Pull request 1"))
        }))
    })

    describe("list", () => {
      it.effect("most recently updated first, ties by id descending, only the repositories asked for", () =>
        Effect.gen(function*() {
          const store = yield* PullRequestStore.PullRequestStore
          const { repository } = yield* freshRepository
          const other = yield* freshRepository
          yield* store.upsert(pullRequest(repository.id, 1, { updated: at(5) }))
          yield* store.upsert(pullRequest(repository.id, 2, { updated: at(9) }))
          yield* store.upsert(pullRequest(repository.id, 3, { updated: at(5) }))
          // The same instant written with an offset sorts by the instant, not the text.
          yield* store.upsert(pullRequest(repository.id, 4, { updated: "2024-01-01T13:07:00+01:00" }))
          yield* store.upsert(pullRequest(other.repository.id, 1))
          const page = yield* store.list({ repositoryIds: [repository.id], limit: 10 })
          expect(numbers(page.items)).toEqual([2, 4, 3, 1])
          expect(page.total).toBe(4)
          const both = yield* store.list({ repositoryIds: [repository.id, other.repository.id], limit: 10 })
          expect(both.total).toBe(5)
        }))

      it.effect("keyset pages follow one another without gap or repeat; total ignores the position", () =>
        Effect.gen(function*() {
          const store = yield* PullRequestStore.PullRequestStore
          const { repository } = yield* freshRepository
          for (const n of [1, 2, 3, 4, 5]) yield* store.upsert(pullRequest(repository.id, n, { updated: at(n % 2) }))
          const seen: Array<number> = []
          let after: { updated: string; id: number } | undefined
          for (let i = 0; i < 3; i++) {
            const page = yield* store.list({ repositoryIds: [repository.id], limit: 2, after })
            expect(page.total).toBe(5)
            seen.push(...numbers(page.items))
            const last = page.items.at(-1)
            if (last === undefined) break
            after = { updated: last.updated, id: last.id }
          }
          expect(seen).toEqual([5, 3, 1, 4, 2])
        }))

      it.effect("states and a case-insensitive search of title, origin branch, author name and username", () =>
        Effect.gen(function*() {
          const store = yield* PullRequestStore.PullRequestStore
          const { repository } = yield* freshRepository
          yield* store.upsert(pullRequest(repository.id, 1, { title: "Fix the Parser", state: "open" }))
          yield* store.upsert(pullRequest(repository.id, 2, { originBranch: "parser-speed", state: "merged" }))
          yield* store.upsert(pullRequest(repository.id, 3, { author: new PullRequest.PullRequestAuthor({ name: "Grace", username: "gPARSEr" }), state: "closed" }))
          yield* store.upsert(pullRequest(repository.id, 4, { author: new PullRequest.PullRequestAuthor({ name: "The Parser Bot" }) }))
          yield* store.upsert(pullRequest(repository.id, 5, { title: "100% done_" }))
          const search = (text: string, states?: ReadonlyArray<"open" | "closed" | "merged">) =>
            Effect.map(store.list({ repositoryIds: [repository.id], search: text, states, limit: 10 }), (p) => [numbers(p.items), p.total])
          expect(yield* search("parser")).toEqual([[4, 3, 2, 1], 4])
          expect(yield* search("parser", ["open", "merged"])).toEqual([[4, 2, 1], 3])
          // Wildcards of SQL's LIKE are plain characters.
          expect(yield* search("%")).toEqual([[5], 1])
          expect(yield* search("_")).toEqual([[5], 1])
          expect(yield* store.list({ repositoryIds: [repository.id], states: ["closed"], limit: 10 })).toMatchObject({ total: 1 })
        }))

      it.effect("an organization's: those of its repositories, or of those it names exactly; pages and total as for repositories", () =>
        Effect.gen(function*() {
          const store = yield* PullRequestStore.PullRequestStore
          const repositories = yield* RepositoryStore.RepositoryStore
          const { organization, repository: app } = yield* freshRepository
          const lib = yield* repositories.saveSnapshot(organization.id, snapshot(organization.name, "lib"), at(0))
          const other = yield* freshRepository
          yield* store.upsert(pullRequest(app.id, 1, { updated: at(3) }))
          yield* store.upsert(pullRequest(lib.id, 1, { updated: at(7) }))
          yield* store.upsert(pullRequest(app.id, 2, { updated: at(5), state: "merged" }))
          yield* store.upsert(pullRequest(other.repository.id, 1, { updated: at(9) }))
          const listed = (query: Omit<Extract<PullRequestStore.PullRequestQuery, { readonly organizationId: number }>, "organizationId">) =>
            Effect.map(store.list({ organizationId: organization.id, ...query }), (page) =>
              [page.items.map((pr) => [pr.repositoryId, pr.number]), page.total])
          expect(yield* listed({ limit: 10 })).toEqual([[[lib.id, 1], [app.id, 2], [app.id, 1]], 3])
          const first = yield* store.list({ organizationId: organization.id, limit: 2 })
          const last = first.items.at(-1)
          const after = last === undefined ? undefined : { updated: last.updated, id: last.id }
          expect(yield* listed({ limit: 2, after })).toEqual([[[app.id, 1]], 3])
          expect(yield* listed({ repositoryNames: ["app"], limit: 10 })).toEqual([[[app.id, 2], [app.id, 1]], 2])
          expect(yield* listed({ repositoryNames: ["app", "lib"], states: ["open"], limit: 10 })).toEqual([[[lib.id, 1], [app.id, 1]], 2])
          expect(yield* listed({ repositoryNames: ["ap", "App"], limit: 10 })).toEqual([[], 0])
          expect(yield* listed({ repositoryNames: [], limit: 10 })).toEqual([[], 0])
        }))

      it.effect("no repositories, nothing listed", () =>
        Effect.gen(function*() {
          const store = yield* PullRequestStore.PullRequestStore
          const { repository } = yield* freshRepository
          yield* store.upsert(pullRequest(repository.id, 1))
          expect(yield* store.list({ repositoryIds: [], limit: 10 })).toEqual({ items: [], total: 0 })
        }))
    })

    describe("bypass (issue 27)", () => {
      it.effect("a bypass is read back, replaced by a later one, kept by upserts and listed; an unknown pull request gets none", () =>
        Effect.gen(function*() {
          const store = yield* PullRequestStore.PullRequestStore
          const { repository } = yield* freshRepository
          yield* store.upsert(pullRequest(repository.id, 1))
          const by = new Triage.IgnoredBy({ credentialId: "tok-1", name: "tok-1" })
          const first = new PullRequest.PullRequestBypass({ by, at: at(2), headSha: "sha-1" })
          yield* store.bypass(repository.id, 1, first)
          yield* store.bypass(repository.id, 9, first)
          expect(Option.map(yield* store.find(repository.id, 1), (pr) => pr.bypass)).toStrictEqual(Option.some(first))
          const later = new PullRequest.PullRequestBypass({ by: new Triage.IgnoredBy({ credentialId: "admin", name: "admin" }), at: at(3), headSha: "sha-1" })
          yield* store.bypass(repository.id, 1, later)
          const pushed = yield* store.upsert(pullRequest(repository.id, 1, { headSha: "sha-2", updated: at(4) }))
          expect([pushed.bypass, pushed.headSha]).toStrictEqual([later, "sha-2"])
          expect([PullRequest.bypassOf(pushed, "sha-2"), PullRequest.bypassOf(pushed, "sha-1")]).toStrictEqual([undefined, later])
          const listed = yield* store.list({ repositoryIds: [repository.id], limit: 10 })
          expect(listed.items.map((pr) => pr.bypass)).toStrictEqual([later])
          expect(yield* store.find(repository.id, 9)).toEqual(Option.none())
        }))
    })
  })

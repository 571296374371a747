import { describe, expect, layer } from "@effect/vitest"
import { OrganizationStore, RepositoryStore } from "@tidemark/core"
import { Effect, type Layer, Option } from "effect"
import { at, snapshot, uniqueName } from "./Fixtures.js"

/** Names in code unit order, which is the order every adapter must page in. */
const sortedNames = ["B", "Z", "_x", "a", "a-b", "aa", "b", "é"]

const organizationWith = (names: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const store = yield* RepositoryStore.RepositoryStore
    const organizations = yield* OrganizationStore.OrganizationStore
    const organization = yield* organizations.ensureOrganization("gh", uniqueName("org"))
    for (const name of names) yield* store.saveSnapshot(organization.id, snapshot(organization.name, name), at(0))
    return organization
  })

/** Every page of a query, following the keyset from `after` to `after`. */
const allPages = (organizationId: number, limit: number, filters: { names?: ReadonlyArray<string>; search?: string } = {}) =>
  Effect.gen(function*() {
    const store = yield* RepositoryStore.RepositoryStore
    const pages: Array<{ names: ReadonlyArray<string>; total: number; hasMore: boolean }> = []
    let after: string | undefined = undefined
    for (;;) {
      const page: RepositoryStore.RepositoryPage = yield* store.pageRepositories({ organizationId, limit, after, ...filters })
      pages.push({ names: page.items.map((r) => r.name), total: page.total, hasMore: page.hasMore })
      const last = page.items[page.items.length - 1]
      if (!page.hasMore || last === undefined || pages.length > 20) return pages
      after = last.name
    }
  })


/** `RepositoryStore.pageRepositories`: keyset pages by name, with the names and search filters. */
export const repositoryPagesContract = (name: string, storeLayer: Layer.Layer<RepositoryStore.RepositoryStore | OrganizationStore.OrganizationStore, unknown>) =>
  layer(storeLayer, { timeout: "120 seconds", excludeTestServices: true })(`RepositoryStore pages contract (${name})`, (it) => {
    describe("pageRepositories", () => {
      it.effect("pages by name in code unit order, counting every match on every page", () =>
        Effect.gen(function*() {
          const organization = yield* organizationWith([...sortedNames].reverse())
          const pages = yield* allPages(organization.id, 3)
          expect(pages).toEqual([
            { names: ["B", "Z", "_x"], total: 8, hasMore: true },
            { names: ["a", "a-b", "aa"], total: 8, hasMore: true },
            { names: ["b", "é"], total: 8, hasMore: false }
          ])
        }))

      it.effect("a page ending exactly at the last repository has no more after it", () =>
        Effect.gen(function*() {
          const store = yield* RepositoryStore.RepositoryStore
          const organization = yield* organizationWith(sortedNames)
          const pages = yield* allPages(organization.id, 4)
          expect(pages.map((p) => [p.names.length, p.hasMore])).toEqual([[4, true], [4, false]])

          const whole = yield* store.pageRepositories({ organizationId: organization.id, limit: 8 })
          expect([whole.items.length, whole.total, whole.hasMore]).toEqual([8, 8, false])
          const larger = yield* store.pageRepositories({ organizationId: organization.id, limit: 100 })
          expect(larger.items.map((r) => r.name)).toEqual(sortedNames)
          const single = yield* store.pageRepositories({ organizationId: organization.id, limit: 1, after: "b" })
          expect([single.items.map((r) => r.name), single.hasMore]).toEqual([["é"], false])
        }))

      it.effect("after a name beyond the last, or between names, pages from the next name", () =>
        Effect.gen(function*() {
          const store = yield* RepositoryStore.RepositoryStore
          const organization = yield* organizationWith(sortedNames)
          const beyond = yield* store.pageRepositories({ organizationId: organization.id, limit: 5, after: "ê" })
          expect(beyond).toEqual({ items: [], branches: new Map(), total: 8, hasMore: false })
          const between = yield* store.pageRepositories({ organizationId: organization.id, limit: 2, after: "a0" })
          expect([between.items.map((r) => r.name), between.hasMore]).toEqual([["aa", "b"], true])
          const absent = yield* store.pageRepositories({ organizationId: organization.id, limit: 2, after: "Y" })
          expect(absent.items.map((r) => r.name)).toEqual(["Z", "_x"])
        }))

      it.effect("an empty organization has an empty page", () =>
        Effect.gen(function*() {
          const store = yield* RepositoryStore.RepositoryStore
          const organization = yield* organizationWith([])
          expect(yield* store.pageRepositories({ organizationId: organization.id, limit: 10 })).toEqual({
            items: [],
            branches: new Map(),
            total: 0,
            hasMore: false
          })
        }))

      it.effect("lists only the organization's own repositories", () =>
        Effect.gen(function*() {
          const store = yield* RepositoryStore.RepositoryStore
          const one = yield* organizationWith(["shared", "only-one"])
          yield* organizationWith(["shared", "only-two"])
          const page = yield* store.pageRepositories({ organizationId: one.id, limit: 10 })
          expect(page.items.map((r) => r.name)).toEqual(["only-one", "shared"])
          expect(page.items.every((r) => r.organizationId === one.id)).toBe(true)
        }))

      it.effect("names keeps exact names only; absent names are ignored; an empty list matches nothing", () =>
        Effect.gen(function*() {
          const store = yield* RepositoryStore.RepositoryStore
          const organization = yield* organizationWith(sortedNames)
          const page = yield* store.pageRepositories({
            organizationId: organization.id,
            names: ["aa", "B", "missing", "A"],
            limit: 10
          })
          expect([page.items.map((r) => r.name), page.total, page.hasMore]).toEqual([["B", "aa"], 2, false])

          const paged = yield* allPages(organization.id, 1, { names: ["é", "a", "Z"] })
          expect(paged).toEqual([
            { names: ["Z"], total: 3, hasMore: true },
            { names: ["a"], total: 3, hasMore: true },
            { names: ["é"], total: 3, hasMore: false }
          ])

          const none = yield* store.pageRepositories({ organizationId: organization.id, names: [], limit: 10 })
          expect(none).toEqual({ items: [], branches: new Map(), total: 0, hasMore: false })
        }))

      it.effect("search keeps names containing the text, whatever the case", () =>
        Effect.gen(function*() {
          const store = yield* RepositoryStore.RepositoryStore
          const organization = yield* organizationWith(["Backend-API", "frontend", "api-docs", "tools", "rapid", "ÉCOLE"])
          const search = (text: string, limit = 10) =>
            Effect.map(
              store.pageRepositories({ organizationId: organization.id, search: text, limit }),
              (page) => [page.items.map((r) => r.name), page.total, page.hasMore]
            )
          expect(yield* search("API")).toEqual([["Backend-API", "api-docs", "rapid"], 3, false])
          expect(yield* search("end")).toEqual([["Backend-API", "frontend"], 2, false])
          expect(yield* search("école")).toEqual([["ÉCOLE"], 1, false])
          expect(yield* search("api", 1)).toEqual([["Backend-API"], 3, true])
          expect(yield* search("%")).toEqual([[], 0, false])
          expect(yield* search("_")).toEqual([[], 0, false])
          expect(yield* search("")).toEqual([["Backend-API", "api-docs", "frontend", "rapid", "tools", "ÉCOLE"], 6, false])
        }))

      it.effect("names and search together keep repositories matching both", () =>
        Effect.gen(function*() {
          const store = yield* RepositoryStore.RepositoryStore
          const organization = yield* organizationWith(["api", "api-docs", "web"])
          const page = yield* store.pageRepositories({
            organizationId: organization.id,
            names: ["api-docs", "web"],
            search: "API",
            limit: 10
          })
          expect([page.items.map((r) => r.name), page.total]).toEqual([["api-docs"], 1])
          const after = yield* store.pageRepositories({
            organizationId: organization.id,
            names: ["api", "api-docs"],
            search: "api",
            after: "api",
            limit: 10
          })
          expect([after.items.map((r) => r.name), after.total, after.hasMore]).toEqual([["api-docs"], 2, false])
        }))

      it.effect("pages return the full records", () =>
        Effect.gen(function*() {
          const store = yield* RepositoryStore.RepositoryStore
          const organization = yield* organizationWith(["one"])
          const found = yield* store.findRepository(organization.id, "one")
          const page = yield* store.pageRepositories({ organizationId: organization.id, limit: 1 })
          expect(page.items).toStrictEqual([Option.getOrThrow(found)])
        }))
    })
  })

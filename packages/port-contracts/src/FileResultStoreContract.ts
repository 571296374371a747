import { describe, expect, layer } from "@effect/vitest"
import {
  type AnalysisResultStore,
  AnalysisResults,
  FileResultStore,
  type OrganizationStore,
  type RepositoryStore,
  type StoredResults
} from "@tidemark/core"
import { Effect, type Layer, Option } from "effect"
import { all, file, savedWith } from "./AnalysisResultsFixtures.js"
import { freshRepository } from "./Fixtures.js"

/** The ports the cases read through, as one object: a case checks one port against what the others answer. */
const stores = Effect.gen(function*() {
  return { ...(yield* FileResultStore.FileResultStore) }
})

export const fileResultStoreContract = (name: string, storeLayer: Layer.Layer<AnalysisResultStore.AnalysisResultStore | FileResultStore.FileResultStore | RepositoryStore.RepositoryStore | OrganizationStore.OrganizationStore, unknown>) =>
  layer(storeLayer, { timeout: "120 seconds", excludeTestServices: true })(`FileResultStore contract (${name})`, (it) => {
    const saved = savedWith(stores)

    describe("files", () => {
      it.effect("sorts by name, issues, grade, complexity or clones, either way, ties by path; searches paths ignoring case", () =>
        Effect.gen(function*() {
          const { key, store } = yield* saved
          const paths = (sort: StoredResults.FileSort, direction: "asc" | "desc", search?: string) =>
            Effect.map(store.files(key, { sort, direction, search }, all), (page) => page.items.map((f) => f.file.path))
          expect(yield* paths("filename", "asc")).toEqual(["lib/c.ts", "src/a.js", "src/b.js"])
          expect(yield* paths("filename", "desc")).toEqual(["src/b.js", "src/a.js", "lib/c.ts"])
          expect(yield* paths("issues", "desc")).toEqual(["src/a.js", "src/b.js", "lib/c.ts"])
          expect(yield* paths("issues", "asc")).toEqual(["lib/c.ts", "src/b.js", "src/a.js"])
          expect(yield* paths("grade", "asc")).toEqual(["src/a.js", "lib/c.ts", "src/b.js"])
          // A file without a complexity measure sorts below every measured one.
          expect(yield* paths("complexity", "asc")).toEqual(["lib/c.ts", "src/b.js", "src/a.js"])
          expect(yield* paths("duplication", "desc")).toEqual(["src/b.js", "src/a.js", "lib/c.ts"])
          expect(yield* paths("filename", "asc", "SRC/")).toEqual(["src/a.js", "src/b.js"])
          expect(yield* paths("filename", "asc", "nothing")).toEqual([])
        }))

      it.effect("pages files in their sort order; the total counts every file the search keeps", () =>
        Effect.gen(function*() {
          const { key, store } = yield* saved
          const query = { sort: "grade", direction: "desc" } as const
          const first = yield* store.files(key, query, { after: undefined, limit: 2 })
          expect(first.items.map((f) => f.file.path)).toEqual(["src/b.js", "lib/c.ts"])
          expect(first.total).toBe(3)
          const second = yield* store.files(key, query, { after: first.next, limit: 2 })
          expect(second.items.map((f) => f.file.path)).toEqual(["src/a.js"])
          expect(second.next).toBeUndefined()
        }))

      it.effect("keeps a file's id for its path across analyses of the repository; another repository has its own", () =>
        Effect.gen(function*() {
          const { key, repositoryId, results, store } = yield* saved
          const later = { repositoryId, branch: "main", commitSha: "a2" }
          yield* store.save(later, AnalysisResults.AnalysisResults.make({ ...results, files: [file("src/new.js"), ...results.files] }))
          const before = yield* store.files(key, { sort: "filename", direction: "asc" }, all)
          const after = yield* store.files(later, { sort: "filename", direction: "asc" }, all)
          for (const stored of before.items) {
            expect(after.items.find((f) => f.file.path === stored.file.path)?.fileId).toBe(stored.fileId)
          }
          const found = yield* store.file(later, before.items[0]!.fileId)
          expect(Option.map(found, (f) => f.file)).toStrictEqual(Option.some(before.items[0]!.file))

          const other = (yield* freshRepository).repository
          const elsewhere = { repositoryId: other.id, branch: "main", commitSha: "a1" }
          yield* store.save(elsewhere, results)
          const theirs = yield* store.files(elsewhere, { sort: "filename", direction: "asc" }, all)
          const ours = new Set(before.items.map((f) => f.fileId))
          for (const stored of theirs.items) expect(ours.has(stored.fileId)).toBe(false)
          expect(yield* store.file(elsewhere, before.items[0]!.fileId)).toEqual(Option.none())
        }))

      it.effect("file ids: the ids the analysis's files have, and a new id for a new path, the same when asked again", () =>
        Effect.gen(function*() {
          const { key, repositoryId, store } = yield* saved
          const files = yield* store.files(key, { sort: "filename", direction: "asc" }, all)
          const ids = yield* store.fileIds(repositoryId, ["src/a.js", "new/file.ts"])
          expect(ids.get("src/a.js")).toBe(files.items.find((f) => f.file.path === "src/a.js")?.fileId)
          const fresh = ids.get("new/file.ts")
          expect(fresh).toBeTypeOf("number")
          expect(files.items.map((f) => f.fileId)).not.toContain(fresh)
          expect((yield* store.fileIds(repositoryId, ["new/file.ts"])).get("new/file.ts")).toBe(fresh)
        }))
    })
  })

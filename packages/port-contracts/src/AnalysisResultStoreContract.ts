import { describe, expect, layer } from "@effect/vitest"
import {
  AnalysisResultStore,
  AnalysisResults,
  FileResultStore,
  IssueResultStore,
  type OrganizationStore,
  type RepositoryStore
} from "@tidemark/core"
import { Effect, type Layer, Option } from "effect"
import { all, file, issue, savedWith } from "./AnalysisResultsFixtures.js"
import { freshRepository } from "./Fixtures.js"

/** The ports the cases read through, as one object: a case checks one port against what the others answer. */
const stores = Effect.gen(function*() {
  return { ...(yield* AnalysisResultStore.AnalysisResultStore), ...(yield* IssueResultStore.IssueResultStore), ...(yield* FileResultStore.FileResultStore) }
})

export const analysisResultStoreContract = (name: string, storeLayer: Layer.Layer<AnalysisResultStore.AnalysisResultStore | FileResultStore.FileResultStore | IssueResultStore.IssueResultStore | RepositoryStore.RepositoryStore | OrganizationStore.OrganizationStore, unknown>) =>
  layer(storeLayer, { timeout: "120 seconds", excludeTestServices: true })(`AnalysisResultStore contract (${name})`, (it) => {
    const saved = savedWith(stores)

    describe("whole analyses", () => {
      it.effect("loads every row of an analysis as saved; none for an analysis never saved", () =>
        Effect.gen(function*() {
          const { key, results, store } = yield* saved
          const loaded = Option.getOrThrow(yield* store.load(key))
          const byPath = <A extends { readonly path: string }>(list: ReadonlyArray<A>) => [...list].sort((a, b) => a.path.localeCompare(b.path))
          expect(byPath(loaded.files)).toStrictEqual(byPath(results.files))
          expect([...loaded.issues].sort((a, b) => a.issueId.localeCompare(b.issueId)))
            .toStrictEqual([...results.issues].sort((a, b) => a.issueId.localeCompare(b.issueId)))
          expect([...loaded.clones].sort((a, b) => a.id - b.id)).toStrictEqual([...results.clones].sort((a, b) => a.id - b.id))
          expect(yield* store.load({ ...key, commitSha: "never" })).toEqual(Option.none())
        }))
    })

    describe("saving again and pruning", () => {
      it.effect("a new analysis of the same commit replaces its results", () =>
        Effect.gen(function*() {
          const { key, store } = yield* saved
          yield* store.save(key, AnalysisResults.AnalysisResults.make({ files: [file("only.js")], issues: [issue({ path: "only.js", line: 1 })], clones: [] }))
          expect((yield* store.issues(key, {}, all)).items.map(({ issue }) => issue.filePath)).toEqual(["only.js"])
          // The unfiltered total and overview follow the new rows too.
          expect((yield* store.issues(key, {}, all)).total).toBe(1)
          expect(yield* store.issueCounts(key, {})).toEqual({
            categories: [{ name: "ErrorProne", total: 1 }],
            levels: [{ name: "Error", total: 1 }],
            languages: [{ name: "JavaScript", total: 1 }],
            patterns: [{ name: "no-undef", title: "Rule no-undef", total: 1 }],
            authors: []
          })
          expect((yield* store.files(key, { sort: "filename", direction: "asc" }, all)).items.map((f) => f.file.path)).toEqual(["only.js"])
        }))

      it.effect("prune forgets the repository's analyses but those kept, and no other repository's", () =>
        Effect.gen(function*() {
          const { key, repositoryId, results, store } = yield* saved
          const older = { repositoryId, branch: "main", commitSha: "a0" }
          const feature = { repositoryId, branch: "feature", commitSha: "f1" }
          yield* store.save(older, results)
          yield* store.save(feature, results)
          const other = (yield* freshRepository).repository
          const elsewhere = { repositoryId: other.id, branch: "main", commitSha: "a0" }
          yield* store.save(elsewhere, results)

          yield* store.prune(repositoryId, [key, feature])
          expect((yield* store.issues(older, {}, all)).total).toBe(0)
          expect((yield* store.files(older, { sort: "filename", direction: "asc" }, all)).total).toBe(0)
          expect((yield* store.issues(key, {}, all)).total).toBe(5)
          expect((yield* store.issues(feature, {}, all)).total).toBe(5)
          expect((yield* store.issues(elsewhere, {}, all)).total).toBe(5)
        }))

      it.effect("an analysis never saved has no results", () =>
        Effect.gen(function*() {
          const store = yield* stores
          const nowhere = { repositoryId: 987_654, branch: "main", commitSha: "none" }
          expect(yield* store.issues(nowhere, {}, all)).toEqual({ items: [], total: 0, next: undefined })
          expect((yield* store.issueCounts(nowhere, {})).categories).toEqual([])
          expect((yield* store.files(nowhere, { sort: "filename", direction: "asc" }, all)).total).toBe(0)
          expect(yield* store.file(nowhere, 1)).toEqual(Option.none())
        }))
    })
  })

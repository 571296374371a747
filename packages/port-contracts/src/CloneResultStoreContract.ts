import { describe, expect, layer } from "@effect/vitest"
import {
  type AnalysisResultStore,
  AnalysisResults,
  CloneResultStore,
  FileResultStore,
  type OrganizationStore,
  type RepositoryStore
} from "@tidemark/core"
import { Effect, type Layer } from "effect"
import { all, savedWith } from "./AnalysisResultsFixtures.js"

/** The ports the cases read through, as one object: a case checks one port against what the others answer. */
const stores = Effect.gen(function*() {
  return { ...(yield* CloneResultStore.CloneResultStore), ...(yield* FileResultStore.FileResultStore) }
})

export const cloneResultStoreContract = (name: string, storeLayer: Layer.Layer<AnalysisResultStore.AnalysisResultStore | CloneResultStore.CloneResultStore | FileResultStore.FileResultStore | RepositoryStore.RepositoryStore | OrganizationStore.OrganizationStore, unknown>) =>
  layer(storeLayer, { timeout: "120 seconds", excludeTestServices: true })(`CloneResultStore contract (${name})`, (it) => {
    const saved = savedWith(stores)

    describe("clones", () => {
      it.effect("lists the clones with an occurrence in a file, each with every occurrence and its file's id", () =>
        Effect.gen(function*() {
          const { key, store } = yield* saved
          const files = yield* store.files(key, { sort: "filename", direction: "asc" }, all)
          const idOf = (path: string) => files.items.find((f) => f.file.path === path)?.fileId ?? -1
          const ofA = yield* store.clones(key, idOf("src/a.js"), all)
          expect(ofA.total).toBe(1)
          expect(ofA.items).toEqual([{
            id: 2,
            occurrences: [
              { occurrence: AnalysisResults.CloneOccurrence.make({ path: "src/a.js", fromLine: 1, toLine: 20 }), fileId: idOf("src/a.js") },
              { occurrence: AnalysisResults.CloneOccurrence.make({ path: "src/b.js", fromLine: 5, toLine: 24 }), fileId: idOf("src/b.js") }
            ]
          }])
          const ofC = yield* store.clones(key, idOf("lib/c.ts"), all)
          expect(ofC.items.map((c) => [c.id, c.occurrences.map((o) => o.occurrence.fromLine)])).toEqual([[1, [1, 30]]])
          expect((yield* store.clones(key, 987_654_321, all)).items).toEqual([])
        }))
    })
  })

import { describe, expect, layer } from "@effect/vitest"
import {
  type AnalysisResultStore,
  FileResultStore,
  IssueResultStore,
  type OrganizationStore,
  type RepositoryStore
} from "@tidemark/core"
import { Effect, type Layer, Option } from "effect"
import { all, savedWith } from "./AnalysisResultsFixtures.js"

/** The ports the cases read through, as one object: a case checks one port against what the others answer. */
const stores = Effect.gen(function*() {
  return { ...(yield* IssueResultStore.IssueResultStore), ...(yield* FileResultStore.FileResultStore) }
})

export const issueResultStoreContract = (name: string, storeLayer: Layer.Layer<AnalysisResultStore.AnalysisResultStore | FileResultStore.FileResultStore | IssueResultStore.IssueResultStore | RepositoryStore.RepositoryStore | OrganizationStore.OrganizationStore, unknown>) =>
  layer(storeLayer, { timeout: "120 seconds", excludeTestServices: true })(`IssueResultStore contract (${name})`, (it) => {
    const saved = savedWith(stores)

    describe("issues", () => {
      it.effect("lists an analysis's issues by file path, line and id, each with its file's id, by page", () =>
        Effect.gen(function*() {
          const { key, results, store } = yield* saved
          const listed = yield* store.issues(key, {}, all)
          expect(listed.total).toBe(5)
          expect(listed.next).toBeUndefined()
          expect(listed.items.map(({ issue }) => `${issue.filePath}:${issue.line}:${issue.patternId}`)).toEqual([
            "lib/c.ts:7:no-undef",
            "src/a.js:2:eqeqeq",
            "src/a.js:10:no-undef",
            "src/a.js:10:no-unused-vars",
            "src/b.js:3:semi"
          ])
          // Stored as given, field for field.
          for (const stored of listed.items) {
            expect(stored.issue).toStrictEqual(results.issues.find((i) => i.issueId === stored.issue.issueId))
          }
          const files = yield* store.files(key, { sort: "filename", direction: "asc" }, all)
          const idOf = new Map(files.items.map((f) => [f.file.path, f.fileId]))
          for (const stored of listed.items) expect(stored.fileId).toBe(idOf.get(stored.issue.filePath))

          const first = yield* store.issues(key, {}, { after: undefined, limit: 2 })
          expect(first.items.map(({ issue }) => issue.line)).toEqual([7, 2])
          expect(first.total).toBe(5)
          const second = yield* store.issues(key, {}, { after: first.next, limit: 2 })
          expect(second.items.map(({ issue }) => issue.patternId)).toEqual(["no-undef", "no-unused-vars"])
          const third = yield* store.issues(key, {}, { after: second.next, limit: 2 })
          expect(third.items.map(({ issue }) => issue.filePath)).toEqual(["src/b.js"])
          expect(third.next).toBeUndefined()
        }))

      it.effect("filters: a value of each list given (an empty list is no filter), every list at once", () =>
        Effect.gen(function*() {
          const { key, store } = yield* saved
          const lines = (filter: Parameters<typeof store.issues>[1]) =>
            Effect.map(store.issues(key, filter, all), (page) => page.items.map(({ issue }) => `${issue.filePath}:${issue.line}:${issue.patternId}`))
          expect(yield* lines({ levels: ["Warning"] })).toEqual(["src/a.js:2:eqeqeq", "src/a.js:10:no-unused-vars"])
          expect(yield* lines({ levels: ["Warning", "High"] })).toEqual(["lib/c.ts:7:no-undef", "src/a.js:2:eqeqeq", "src/a.js:10:no-unused-vars"])
          expect(yield* lines({ categories: ["ErrorProne"], languages: ["JavaScript"] })).toEqual(["src/a.js:2:eqeqeq", "src/a.js:10:no-undef"])
          expect(yield* lines({ patternIds: ["semi", "eqeqeq"] })).toEqual(["src/a.js:2:eqeqeq", "src/b.js:3:semi"])
          expect(yield* lines({ authorEmails: ["bo@example.com"] })).toEqual(["src/a.js:10:no-unused-vars", "src/b.js:3:semi"])
          expect(yield* lines({ filePaths: ["src/a.js"], levels: ["Error"] })).toEqual(["src/a.js:10:no-undef"])
          expect(yield* lines({ patternIds: [], levels: [] })).toHaveLength(5)
          expect(yield* lines({ patternIds: ["nothing"] })).toEqual([])
          // Only the issues a tool offers a fix for; with `false` (or none), every issue.
          expect(yield* lines({ fixable: true })).toEqual(["src/b.js:3:semi"])
          expect(yield* lines({ fixable: true, levels: ["Warning"] })).toEqual([])
          expect(yield* lines({ fixable: false })).toHaveLength(5)
          expect((yield* store.issues(key, { levels: ["Warning"] }, { after: undefined, limit: 1 })).total).toBe(2)
        }))

      it.effect("counts the issues a filter keeps by category, level, language, pattern and author, most first", () =>
        Effect.gen(function*() {
          const { key, store } = yield* saved
          const counts = yield* store.issueCounts(key, {})
          expect(counts.categories).toEqual([
            { name: "ErrorProne", total: 2 },
            { name: "CodeStyle", total: 1 },
            { name: "Security", total: 1 },
            { name: "UnusedCode", total: 1 }
          ])
          expect(counts.levels).toEqual([{ name: "Warning", total: 2 }, { name: "Error", total: 1 }, { name: "High", total: 1 }, { name: "Info", total: 1 }])
          expect(counts.languages).toEqual([{ name: "JavaScript", total: 4 }, { name: "TypeScript", total: 1 }])
          expect(counts.patterns).toEqual([
            { name: "no-undef", title: "Rule no-undef", total: 2 },
            { name: "eqeqeq", title: "Rule eqeqeq", total: 1 },
            { name: "no-unused-vars", title: "Rule no-unused-vars", total: 1 },
            { name: "semi", title: "Rule semi", total: 1 }
          ])
          // Issues without a known author are not counted under one.
          expect(counts.authors).toEqual([{ name: "ada@example.com", total: 2 }, { name: "bo@example.com", total: 2 }])

          const filter = { levels: ["Warning", "Info"] as const }
          const filtered = yield* store.issueCounts(key, filter)
          expect(filtered.levels).toEqual([{ name: "Warning", total: 2 }, { name: "Info", total: 1 }])
          const total = (yield* store.issues(key, filter, all)).total
          expect(filtered.categories.reduce((sum, c) => sum + c.total, 0)).toBe(total)
        }))

      it.effect("keeps the issues ignored by id or by file, or all the others, with the other filters; counts them alike", () =>
        Effect.gen(function*() {
          const { key, results, store } = yield* saved
          const byId = results.issues.find((i) => i.patternId === "semi")?.issueId ?? "absent"
          const lines = (filter: Parameters<typeof store.issues>[1]) =>
            Effect.map(store.issues(key, filter, all), (page) => page.items.map(({ issue }) => `${issue.filePath}:${issue.line}:${issue.patternId}`))
          const ignored = { issueIds: [byId, "0000000000000000"], filePaths: ["lib/c.ts", "gone.js"] }
          expect(yield* lines({ ignored: { ...ignored, keep: "ignored" } })).toEqual(["lib/c.ts:7:no-undef", "src/b.js:3:semi"])
          expect(yield* lines({ ignored: { ...ignored, keep: "notIgnored" } })).toEqual([
            "src/a.js:2:eqeqeq",
            "src/a.js:10:no-undef",
            "src/a.js:10:no-unused-vars"
          ])
          expect(yield* lines({ ignored: { ...ignored, keep: "notIgnored" }, levels: ["Error"] })).toEqual(["src/a.js:10:no-undef"])
          expect(yield* lines({ ignored: { issueIds: [], filePaths: [], keep: "notIgnored" } })).toHaveLength(5)
          expect(yield* lines({ ignored: { issueIds: [], filePaths: [], keep: "ignored" } })).toEqual([])
          const page = yield* store.issues(key, { ignored: { ...ignored, keep: "notIgnored" } }, { after: undefined, limit: 1 })
          expect(page.total).toBe(3)
          const counts = yield* store.issueCounts(key, { ignored: { ...ignored, keep: "ignored" } })
          expect(counts.languages).toEqual([{ name: "JavaScript", total: 1 }, { name: "TypeScript", total: 1 }])
          const kept = yield* store.issueCounts(key, { ignored: { ...ignored, keep: "notIgnored" } })
          expect(kept.languages).toEqual([{ name: "JavaScript", total: 3 }])
        }))

      it.effect("finds one issue by its resultDataId within its analysis", () =>
        Effect.gen(function*() {
          const { key, results, store } = yield* saved
          const wanted = results.issues[3]!
          const found = yield* store.issue(key, wanted.resultDataId)
          expect(Option.map(found, (stored) => stored.issue)).toStrictEqual(Option.some(wanted))
          expect(yield* store.issue(key, 987_654_321)).toEqual(Option.none())
          expect(yield* store.issue({ ...key, commitSha: "other" }, wanted.resultDataId)).toEqual(Option.none())
        }))
    })
  })

import { describe, expect, layer } from "@effect/vitest"
import {
  AnalysisResults,
  AnalysisResultStore,
  CloneOccurrence,
  CloneResult,
  FileLineCoverage,
  FileResult,
  type FileSort,
  IssueResult,
  type PageRequest,
  RepositoryStore,
  type ResultsKey,
  type SeverityLevel
} from "@tidemark/core"
import { Deferred, Effect, Fiber, type Layer, Option, Ref } from "effect"
import { freshRepository } from "./Fixtures.js"

/** Results as the analysis worker stores them, small enough to check by hand. */

let resultDataIds = 1

export const issue = (fields: {
  readonly path: string
  readonly line: number
  readonly pattern?: string
  readonly category?: string
  readonly level?: SeverityLevel
  readonly language?: string
  readonly author?: string
  readonly id?: string
}) =>
  IssueResult.make({
    issueId: fields.id ?? `${fields.path}:${fields.line}:${fields.pattern ?? "no-undef"}`,
    resultDataId: resultDataIds++,
    toolUuid: "2a30ab97-477f-4769-8b88-af596ce7a94c",
    toolName: "ESLint9",
    patternId: fields.pattern ?? "no-undef",
    patternTitle: `Rule ${fields.pattern ?? "no-undef"}`,
    category: fields.category ?? "ErrorProne",
    level: fields.level ?? "Error",
    filePath: fields.path,
    language: fields.language ?? "JavaScript",
    line: fields.line,
    lineText: `  line ${fields.line} of ${fields.path}`,
    message: "'x' is not defined.",
    ...(fields.author === undefined ? {} : { authorEmail: fields.author })
  })

export const file = (path: string, fields: Partial<{ issues: number; grade: number; complexity: number; clones: number }> = {}) =>
  FileResult.make({
    path,
    language: path.endsWith(".ts") ? "TypeScript" : "JavaScript",
    totalLines: 120,
    codeLines: 100,
    commentLines: 10,
    numberOfMethods: 4,
    ...(fields.complexity === undefined ? {} : { complexity: fields.complexity }),
    numberOfClones: fields.clones ?? 0,
    duplicatedLines: (fields.clones ?? 0) * 10,
    totalIssues: fields.issues ?? 0,
    grade: fields.grade ?? 100,
    gradeLetter: "A"
  })

const clone = (id: number, ...occurrences: ReadonlyArray<readonly [string, number, number]>) =>
  CloneResult.make({
    id,
    occurrences: occurrences.map(([path, fromLine, toLine]) => CloneOccurrence.make({ path, fromLine, toLine }))
  })

/** Three files, five issues (two in one line), one clone between two files and one inside the third. */
export const sampleResults = () => {
  const issues = [
    issue({ path: "src/b.js", line: 3, category: "CodeStyle", level: "Info", pattern: "semi", author: "bo@example.com" }),
    issue({ path: "src/a.js", line: 10, author: "ada@example.com" }),
    issue({ path: "src/a.js", line: 2, pattern: "eqeqeq", level: "Warning", author: "ada@example.com" }),
    issue({ path: "lib/c.ts", line: 7, language: "TypeScript", category: "Security", level: "High" }),
    issue({ path: "src/a.js", line: 10, pattern: "no-unused-vars", category: "UnusedCode", level: "Warning", author: "bo@example.com" })
  ]
  return AnalysisResults.make({
    files: [
      file("src/a.js", { issues: 3, grade: 40, complexity: 12, clones: 1 }),
      file("src/b.js", { issues: 1, grade: 80, complexity: 3, clones: 1 }),
      file("lib/c.ts", { issues: 1, grade: 80, clones: 1 })
    ],
    issues,
    clones: [clone(2, ["src/a.js", 1, 20], ["src/b.js", 5, 24]), clone(1, ["lib/c.ts", 1, 8], ["lib/c.ts", 30, 37])]
  })
}

const all: PageRequest = { after: undefined, limit: 100 }

export const analysisResultStoreContract = (name: string, storeLayer: Layer.Layer<AnalysisResultStore | RepositoryStore, unknown>) =>
  layer(storeLayer, { timeout: "60 seconds", excludeTestServices: true })(`AnalysisResultStore contract (${name})`, (it) => {
    const saved = Effect.gen(function*() {
      const store = yield* AnalysisResultStore
      const { repository } = yield* freshRepository
      const key: ResultsKey = { repositoryId: repository.id, branch: "main", commitSha: "a1" }
      const results = sampleResults()
      yield* store.save(key, results)
      return { store, key, results, repositoryId: repository.id }
    })

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

    describe("files", () => {
      it.effect("sorts by name, issues, grade, complexity or clones, either way, ties by path; searches paths ignoring case", () =>
        Effect.gen(function*() {
          const { key, store } = yield* saved
          const paths = (sort: FileSort, direction: "asc" | "desc", search?: string) =>
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
          yield* store.save(later, AnalysisResults.make({ ...results, files: [file("src/new.js"), ...results.files] }))
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
    })

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
              { occurrence: CloneOccurrence.make({ path: "src/a.js", fromLine: 1, toLine: 20 }), fileId: idOf("src/a.js") },
              { occurrence: CloneOccurrence.make({ path: "src/b.js", fromLine: 5, toLine: 24 }), fileId: idOf("src/b.js") }
            ]
          }])
          const ofC = yield* store.clones(key, idOf("lib/c.ts"), all)
          expect(ofC.items.map((c) => [c.id, c.occurrences.map((o) => o.occurrence.fromLine)])).toEqual([[1, [1, 30]]])
          expect((yield* store.clones(key, 987_654_321, all)).items).toEqual([])
        }))
    })

    describe("line coverage", () => {
      const lines = (path: string, hits: ReadonlyArray<readonly [number, number]>) =>
        FileLineCoverage.make({
          path,
          coverableLines: hits.length,
          coveredLines: hits.filter(([, count]) => count > 0).length,
          hits
        })

      it.effect("keeps each file's hits per commit; a new upload replaces the commit's files", () =>
        Effect.gen(function*() {
          const { repositoryId, store } = yield* saved
          const commit = { repositoryId, commitSha: "a1" }
          const a = lines("src/a.js", [[1, 3], [2, 0], [5, 12]])
          yield* store.saveCoverage(commit, [a, lines("src/b.js", [[4, 1]])])
          expect(yield* store.fileCoverage(commit, "src/a.js")).toStrictEqual(Option.some(a))
          expect(yield* store.fileCoverage({ repositoryId, commitSha: "a2" }, "src/a.js")).toEqual(Option.none())
          expect(yield* store.commitCoverage(commit)).toStrictEqual([a, lines("src/b.js", [[4, 1]])])
          expect(yield* store.commitCoverage({ repositoryId, commitSha: "a2" })).toEqual([])

          const again = lines("src/b.js", [[4, 0], [6, 2]])
          yield* store.saveCoverage(commit, [again])
          expect(yield* store.fileCoverage(commit, "src/a.js")).toEqual(Option.none())
          expect(yield* store.fileCoverage(commit, "src/b.js")).toStrictEqual(Option.some(again))
          expect(yield* store.commitCoverage(commit)).toStrictEqual([again])
        }))

      it.effect("lists and sorts files counting up to 2^31 - 1 lines (totals a report may state) without overflowing", () =>
        Effect.gen(function*() {
          const { key, repositoryId, store } = yield* saved
          const most = 2_147_483_647
          const totals = (path: string, coveredLines: number) =>
            FileLineCoverage.make({ path, coverableLines: most, coveredLines, hits: [] })
          yield* store.saveCoverage({ repositoryId, commitSha: key.commitSha }, [totals("src/a.js", most), totals("lib/c.ts", most - 1)])
          const listed = yield* store.files(key, { sort: "coverage", direction: "desc" }, all)
          expect(listed.items.map((f) => [f.file.path, f.coverage?.coveredLines])).toEqual([
            ["src/a.js", most],
            ["lib/c.ts", most - 1],
            ["src/b.js", undefined]
          ])
          const first = yield* store.files(key, { sort: "coverage", direction: "desc" }, { after: undefined, limit: 1 })
          const rest = yield* store.files(key, { sort: "coverage", direction: "desc" }, { after: first.next, limit: 5 })
          expect(rest.items.map((f) => f.file.path)).toEqual(["lib/c.ts", "src/b.js"])
        }))

      it.effect("lists files with the coverage of the analysed commit and sorts by it, files without coverage lowest", () =>
        Effect.gen(function*() {
          const { key, repositoryId, store } = yield* saved
          // 1 of 3 lines (33.33…%) for a.js, 2 of 3 for c.ts; b.js has no coverable line, as if uncovered.
          yield* store.saveCoverage({ repositoryId, commitSha: key.commitSha }, [
            lines("src/a.js", [[1, 1], [2, 0], [3, 0]]),
            lines("lib/c.ts", [[1, 1], [2, 4], [3, 0]]),
            lines("src/b.js", [])
          ])
          yield* store.saveCoverage({ repositoryId, commitSha: "other" }, [lines("src/b.js", [[1, 1]])])
          const listed = yield* store.files(key, { sort: "coverage", direction: "desc" }, all)
          expect(listed.items.map((f) => [f.file.path, f.coverage])).toEqual([
            ["lib/c.ts", { coverableLines: 3, coveredLines: 2 }],
            ["src/a.js", { coverableLines: 3, coveredLines: 1 }],
            ["src/b.js", { coverableLines: 0, coveredLines: 0 }]
          ])
          const first = yield* store.files(key, { sort: "coverage", direction: "asc" }, { after: undefined, limit: 1 })
          expect(first.items.map((f) => f.file.path)).toEqual(["src/b.js"])
          const rest = yield* store.files(key, { sort: "coverage", direction: "asc" }, { after: first.next, limit: 5 })
          expect(rest.items.map((f) => f.file.path)).toEqual(["src/a.js", "lib/c.ts"])
          const one = yield* store.file(key, listed.items[0]!.fileId)
          expect(Option.map(one, (f) => f.coverage)).toEqual(Option.some({ coverableLines: 3, coveredLines: 2 }))
        }))

      it.effect("removeCoverage forgets those files of that commit only; the list no longer shows their coverage", () =>
        Effect.gen(function*() {
          const { key, repositoryId, store } = yield* saved
          const commit = { repositoryId, commitSha: key.commitSha }
          const kept = lines("src/a.js", [[1, 1], [2, 0]])
          yield* store.saveCoverage(commit, [kept, lines("lib/c.ts", [[1, 1]]), lines("src/b.js", [[3, 2]])])
          yield* store.saveCoverage({ repositoryId, commitSha: "other" }, [lines("lib/c.ts", [[1, 0]])])
          yield* store.removeCoverage(commit, ["lib/c.ts", "src/b.js", "not/reported.js"])
          expect(yield* store.fileCoverage(commit, "lib/c.ts")).toEqual(Option.none())
          expect(yield* store.fileCoverage(commit, "src/b.js")).toEqual(Option.none())
          expect(yield* store.fileCoverage(commit, "src/a.js")).toStrictEqual(Option.some(kept))
          expect(Option.isSome(yield* store.fileCoverage({ repositoryId, commitSha: "other" }, "lib/c.ts"))).toBe(true)
          const listed = yield* store.files(key, { sort: "filename", direction: "asc" }, all)
          expect(listed.items.map((f) => [f.file.path, f.coverage])).toEqual([
            ["lib/c.ts", undefined],
            ["src/a.js", { coverableLines: 2, coveredLines: 1 }],
            ["src/b.js", undefined]
          ])
        }))

      it.effect("exclusive runs the effects given one commit one after the other, each seeing the last one's write", () =>
        Effect.gen(function*() {
          const { repositoryId, store } = yield* saved
          const commit = { repositoryId, commitSha: "c1" }
          const entered = yield* Deferred.make<void>()
          const release = yield* Deferred.make<void>()
          const log = yield* Ref.make<ReadonlyArray<string>>([])
          // Each adds one line to what the other stored: a read, then a write.
          const addLine = (name: string, line: number) =>
            Effect.gen(function*() {
              yield* Ref.update(log, (all) => [...all, `${name} in`])
              const earlier = yield* store.commitCoverage(commit)
              const hits = [...(earlier[0]?.hits ?? []), [line, 1] as const]
              yield* store.saveCoverage(commit, [lines("src/a.js", hits)])
              yield* Ref.update(log, (all) => [...all, `${name} out`])
            })
          const first = yield* Effect.fork(store.exclusive(commit)(
            addLine("first", 1).pipe(Effect.zipLeft(Deferred.succeed(entered, undefined)), Effect.zipLeft(Deferred.await(release)))
          ))
          yield* Deferred.await(entered)
          const second = yield* Effect.fork(store.exclusive(commit)(addLine("second", 2)))
          // Time for the second to enter, were it not kept out.
          yield* Effect.sleep("300 millis")
          expect(yield* Ref.get(log)).toEqual(["first in", "first out"])
          yield* Deferred.succeed(release, undefined)
          yield* Fiber.join(first)
          yield* Fiber.join(second)
          expect(yield* Ref.get(log)).toEqual(["first in", "first out", "second in", "second out"])
          expect(Option.map(yield* store.fileCoverage(commit, "src/a.js"), (file) => file.hits)).toEqual(Option.some([[1, 1], [2, 1]]))
        }))

      it.effect("a file no report names has no coverage", () =>
        Effect.gen(function*() {
          const { key, store } = yield* saved
          const listed = yield* store.files(key, { sort: "coverage", direction: "desc" }, all)
          expect(listed.items.map((f) => f.coverage)).toEqual([undefined, undefined, undefined])
        }))
    })

    describe("saving again and pruning", () => {
      it.effect("a new analysis of the same commit replaces its results", () =>
        Effect.gen(function*() {
          const { key, store } = yield* saved
          yield* store.save(key, AnalysisResults.make({ files: [file("only.js")], issues: [issue({ path: "only.js", line: 1 })], clones: [] }))
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
          const store = yield* AnalysisResultStore
          const nowhere = { repositoryId: 987_654, branch: "main", commitSha: "none" }
          expect(yield* store.issues(nowhere, {}, all)).toEqual({ items: [], total: 0, next: undefined })
          expect((yield* store.issueCounts(nowhere, {})).categories).toEqual([])
          expect((yield* store.files(nowhere, { sort: "filename", direction: "asc" }, all)).total).toBe(0)
          expect(yield* store.file(nowhere, 1)).toEqual(Option.none())
        }))
    })
  })

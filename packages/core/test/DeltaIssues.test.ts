import { describe, expect, it } from "@effect/vitest"
import {
  ChangeAnalysis,
  ChangeStore,
  type ChangeViews,
  DeltaIssues,
  Errors,
  FileResultStore,
  Pagination,
  type Records
} from "@tidemark/core"
import { Effect, Layer } from "effect"
import { drain, workerLayer } from "./fixtures/FakeAnalysis.js"
import { developHead, mainHead } from "./fixtures/FakeGitReader.js"
import { undefinedNameAt } from "./fixtures/Issues.js"
import { storedRepository } from "./fixtures/AddedRepositoryRecords.js"
import { addRepository } from "./fixtures/TestLayer.js"

const withDeltaIssues = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.provide(effect, DeltaIssues.DeltaIssues.Default.pipe(Layer.provideMerge(workerLayer)))

const unknownSha = "e".repeat(40)
const ofDevelop: ChangeAnalysis.ChangeSubject = { kind: "commit", sha: developHead.sha }

const change = (repositoryId: number, headSha: string, baseSha: string | undefined) =>
  ChangeAnalysis.ChangeAnalysis.make({
    repositoryId,
    headSha,
    baseSha,
    startedAnalysis: "2024-06-01T00:00:00.000Z",
    endedAnalysis: "2024-06-01T00:01:00.000Z",
    newIssues: 2,
    fixedIssues: 1,
    deltaComplexity: 0,
    deltaClonesCount: 0,
    newIssueKinds: [],
    files: [],
    clones: [],
    problems: []
  })

const issue = (filePath: string, line: number) => undefinedNameAt(line, filePath, `${filePath}:${line}`)

const deltas = [
  ChangeAnalysis.DeltaIssue.make({ deltaType: "Fixed", issue: issue("src/app.ts", 2) }),
  ChangeAnalysis.DeltaIssue.make({ deltaType: "Added", issue: issue("src/b.ts", 1) }),
  ChangeAnalysis.DeltaIssue.make({ deltaType: "Added", issue: issue("src/app.ts", 4) })
]

/**
 * widgets analysed (its file src/app.ts has an id), and develop's head compared with main's: two
 * issues added, one fixed. Answers the stored repository.
 */
const setUp = Effect.gen(function*() {
  yield* addRepository("widgets")
  yield* drain
  const repository = yield* storedRepository("widgets")
  yield* Effect.flatMap(ChangeStore.ChangeStore, (changes) =>
    changes.save({ repositoryId: repository.id, subject: ofDevelop }, change(repository.id, developHead.sha, mainHead.sha), deltas))
  return repository
})

const rows = (page: { readonly items: ReadonlyArray<ChangeViews.CommitDeltaIssue> }) =>
  page.items.map((d) => [d.deltaType, d.commitIssue.filePath, d.commitIssue.lineNumber, d.commitIssue.commitInfo?.sha])

const comparedOf = (repository: Records.RepositoryRecord, baseSha: string | undefined) => ({ headSha: developHead.sha, baseSha, repository })

describe("DeltaIssues.page", () => {
  it.effect("added issues first, then fixed, by file and line; an added issue is in the head, a fixed one in the base", () =>
    withDeltaIssues(Effect.gen(function*() {
      const repository = yield* setUp
      const issues = yield* DeltaIssues.DeltaIssues
      const page = yield* issues.page(repository, ofDevelop, comparedOf(repository, mainHead.sha), {})
      expect(page.analyzed).toBe(true)
      expect(rows(page)).toEqual([
        ["Added", "src/app.ts", 4, developHead.sha],
        ["Added", "src/b.ts", 1, developHead.sha],
        ["Fixed", "src/app.ts", 2, mainHead.sha]
      ])
      expect(page.pagination).toEqual(new Pagination.Pagination({ limit: 100, total: 3 }))
      // Each issue names its file by the id the file results know it by.
      const ids = yield* Effect.flatMap(FileResultStore.FileResultStore, (files) => files.fileIds(repository.id, ["src/app.ts", "src/b.ts"]))
      expect(page.items.map((d) => d.commitIssue.fileId)).toEqual([ids.get("src/app.ts"), ids.get("src/b.ts"), ids.get("src/app.ts")])
      // The commits as the repository stored them: author and time.
      expect(page.items[0]?.commitIssue.commitInfo).toMatchObject({
        sha: developHead.sha,
        commiter: developHead.authorEmail,
        commiterName: developHead.authorName,
        timestamp: developHead.commitTimestamp
      })
      expect(page.items.map((d) => d.commitIssue.issueId)).toEqual(["src/app.ts:4", "src/b.ts:1", "src/app.ts:2"])
    })))

  it.effect("by status and by page; asking only for potential issues reads none, analysed all the same", () =>
    withDeltaIssues(Effect.gen(function*() {
      const repository = yield* setUp
      const issues = yield* DeltaIssues.DeltaIssues
      const compared = comparedOf(repository, mainHead.sha)
      const first = yield* issues.page(repository, ofDevelop, compared, { status: "new", limit: 1 })
      expect(rows(first)).toEqual([["Added", "src/app.ts", 4, developHead.sha]])
      expect([first.pagination.total, first.pagination.limit]).toEqual([2, 1])
      const second = yield* issues.page(repository, ofDevelop, compared, { status: "new", limit: 1, cursor: first.pagination.cursor })
      expect(rows(second)).toEqual([["Added", "src/b.ts", 1, developHead.sha]])
      expect(second.pagination.cursor).toBeUndefined()
      expect(rows(yield* issues.page(repository, ofDevelop, compared, { status: "fixed" }))).toEqual([
        ["Fixed", "src/app.ts", 2, mainHead.sha]
      ])
      expect(yield* issues.page(repository, ofDevelop, compared, { onlyPotential: true, limit: 5 })).toEqual({
        analyzed: true,
        items: [],
        pagination: new Pagination.Pagination({ limit: 5, total: 0 })
      })
    })))

  it.effect("a base the repository never stored is named by its sha alone; without a base, a fixed issue is placed in the head", () =>
    withDeltaIssues(Effect.gen(function*() {
      const repository = yield* setUp
      const issues = yield* DeltaIssues.DeltaIssues
      const unknownBase = yield* issues.page(repository, ofDevelop, comparedOf(repository, unknownSha), { status: "fixed" })
      expect(unknownBase.items.map((d) => d.commitIssue.commitInfo)).toEqual([{ sha: unknownSha }])
      const noBase = yield* issues.page(repository, ofDevelop, comparedOf(repository, undefined), { status: "fixed" })
      expect(noBase.items.map((d) => d.commitIssue.commitInfo?.sha)).toEqual([developHead.sha])
    })))

  it.effect("without a change to compare: none, not analysed; a bad cursor is InvalidInput all the same", () =>
    withDeltaIssues(Effect.gen(function*() {
      const repository = yield* setUp
      const issues = yield* DeltaIssues.DeltaIssues
      expect(yield* issues.page(repository, ofDevelop, undefined, { limit: 7 })).toEqual({
        analyzed: false,
        items: [],
        pagination: new Pagination.Pagination({ limit: 7, total: 0 })
      })
      expect(yield* Effect.flip(issues.page(repository, ofDevelop, undefined, { cursor: "not a cursor" }))).toBeInstanceOf(Errors.InvalidInput)
      // Another subject of the repository has no rows.
      const other = yield* issues.page(repository, { kind: "pullRequest", number: 1 }, comparedOf(repository, mainHead.sha), {})
      expect([other.analyzed, other.items, other.pagination.total]).toEqual([true, [], 0])
    })))
})

describe("DeltaIssues.rowsOf and shown", () => {
  it.effect("rowsOf reads the rows of a comparable change only; shown makes them the page", () =>
    withDeltaIssues(Effect.gen(function*() {
      const repository = yield* setUp
      const issues = yield* DeltaIssues.DeltaIssues
      const key = { repositoryId: repository.id, subject: ofDevelop }
      const read = yield* issues.rowsOf(key, { status: "fixed", limit: 2 })
      expect(read.request).toEqual({ after: undefined, limit: 2 })
      expect(read.rows?.items.map((row) => [row.deltaType, row.issue.line])).toEqual([["Fixed", 2]])
      expect((yield* issues.rowsOf(key, {}, false)).rows).toBeUndefined()
      const page = yield* issues.shown(repository, comparedOf(repository, mainHead.sha), read)
      expect(rows(page)).toEqual([["Fixed", "src/app.ts", 2, mainHead.sha]])
      // Rows not read for a change that is there: analysed, but nothing listed.
      const unread = yield* issues.shown(repository, comparedOf(repository, mainHead.sha), { request: read.request, rows: undefined })
      expect([unread.analyzed, unread.items.length]).toEqual([true, 0])
    })))
})

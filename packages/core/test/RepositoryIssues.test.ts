import { describe, expect, it } from "@effect/vitest"
import { AnalysisResultStore, AnalysisResults, Errors, IssueViews, RepositoryIssues } from "@tidemark/core"
import { Effect } from "effect"
import { drain, fileRow, withWorker } from "./fixtures/FakeAnalysis.js"
import { mainHead } from "./fixtures/FakeGitReader.js"
import { storedRepository } from "./fixtures/AddedRepositoryRecords.js"
import { addRepository, adminCaller, anonymous, callerWith, repo } from "./fixtures/TestLayer.js"

const widgets = repo("widgets")

interface IssueSpec {
  readonly id: number
  readonly file: string
  readonly line: number
  readonly pattern: string
  readonly category: string
  readonly level: AnalysisResults.IssueResult["level"]
  readonly author?: string
}

const issueOf = (spec: IssueSpec) =>
  AnalysisResults.IssueResult.make({
    issueId: `issue-${spec.id}`,
    resultDataId: spec.id,
    toolUuid: "eslint",
    toolName: "ESLint",
    patternId: spec.pattern,
    patternTitle: spec.pattern === "no-eval" ? "Disallow eval" : undefined,
    category: spec.category,
    level: spec.level,
    filePath: spec.file,
    language: spec.file.endsWith(".js") ? "JavaScript" : "TypeScript",
    line: spec.line,
    lineText: `line ${spec.line}`,
    message: `${spec.pattern} at ${spec.line}`,
    authorEmail: spec.author
  })

/** Four issues in two files, two languages, two patterns, three levels, two authors (one issue unblamed). */
const issues = [
  issueOf({ id: 101, file: "src/app.ts", line: 5, pattern: "no-eval", category: "Security", level: "Warning", author: "bob@example.org" }),
  issueOf({ id: 102, file: "src/app.ts", line: 1, pattern: "no-undef", category: "ErrorProne", level: "Error", author: "ada@example.org" }),
  issueOf({ id: 103, file: "scripts/build.js", line: 9, pattern: "no-eval", category: "Security", level: "Info" }),
  issueOf({ id: 104, file: "scripts/build.js", line: 2, pattern: "no-undef", category: "ErrorProne", level: "Error", author: "ada@example.org" })
]

/** widgets with main's head analysed, its rows replaced by `issues`. */
const analysed = Effect.gen(function*() {
  yield* addRepository("widgets")
  yield* drain
  const repository = yield* storedRepository("widgets")
  yield* Effect.flatMap(AnalysisResultStore.AnalysisResultStore, (store) =>
    store.save(
      { repositoryId: repository.id, branch: "main", commitSha: mainHead.sha },
      AnalysisResults.AnalysisResults.make({ files: [fileRow("src/app.ts", 2), fileRow("scripts/build.js", 2)], issues, clones: [] })
    ))
})

const body = (fields: ConstructorParameters<typeof IssueViews.SearchRepositoryIssuesBody>[0] = {}) => new IssueViews.SearchRepositoryIssuesBody(fields)

const search = (fields: ConstructorParameters<typeof IssueViews.SearchRepositoryIssuesBody>[0] = {}, cursor?: string, limit?: number) =>
  Effect.flatMap(RepositoryIssues.RepositoryIssues, (r) => r.search(adminCaller, widgets, body(fields), cursor, limit))

const ids = (page: { readonly items: ReadonlyArray<IssueViews.CommitIssue> }) => page.items.map((i) => i.resultDataId)

const searched = (fields: ConstructorParameters<typeof IssueViews.SearchRepositoryIssuesBody>[0]) => Effect.map(search(fields), ids)

describe("RepositoryIssues.search", () => {
  it.effect("lists the latest analysis's issues by file and line, a page at a time, each in the analysed commit", () =>
    withWorker(Effect.gen(function*() {
      yield* analysed
      const all = yield* search()
      expect(ids(all)).toEqual([104, 103, 102, 101])
      expect(all.pagination.total).toBe(4)
      expect(all.items[2]).toMatchObject({
        issueId: "issue-102",
        filePath: "src/app.ts",
        lineNumber: 1,
        language: "TypeScript",
        message: "no-undef at 1",
        patternInfo: { id: "no-undef", category: "ErrorProne", level: "Error", severityLevel: "Error" },
        toolInfo: { uuid: "eslint", name: "ESLint" },
        commitInfo: { sha: mainHead.sha, commiter: mainHead.authorEmail, commiterName: mainHead.authorName, timestamp: mainHead.commitTimestamp }
      })
      const first = yield* search({}, undefined, 3)
      expect(ids(first)).toEqual([104, 103, 102])
      const rest = yield* search({}, first.pagination.cursor, 3)
      expect(ids(rest)).toEqual([101])
      expect(rest.pagination.cursor).toBeUndefined()
      expect(yield* Effect.flip(search({}, "not a cursor"))).toBeInstanceOf(Errors.InvalidInput)
    })))

  it.effect("filters: any of the values given for each field, all the fields given together; any tag filters out everything", () =>
    withWorker(Effect.gen(function*() {
      yield* analysed
      expect(yield* searched({ patternIds: ["no-eval"] })).toEqual([103, 101])
      expect(yield* searched({ languages: ["JavaScript"] })).toEqual([104, 103])
      expect(yield* searched({ categories: ["ErrorProne", "Security"] })).toEqual([104, 103, 102, 101])
      expect(yield* searched({ levels: ["Warning", "Info"] })).toEqual([103, 101])
      expect(yield* searched({ authorEmails: ["ada@example.org"] })).toEqual([104, 102])
      expect(yield* searched({ patternIds: ["no-undef"], languages: ["TypeScript"] })).toEqual([102])
      expect(yield* searched({ levels: ["High"] })).toEqual([])
      // An empty list filters nothing.
      expect(yield* searched({ patternIds: [] })).toEqual([104, 103, 102, 101])
      // Tidemark's patterns have no tags: a tag filter keeps no issue.
      const tagged = yield* search({ tags: ["security"] })
      expect([ids(tagged), tagged.pagination.total]).toEqual([[], 0])
    })))

  it.effect("nothing before the branch's first analysis, nor for another branch not analysed; an unknown branch is NotFound", () =>
    withWorker(Effect.gen(function*() {
      yield* addRepository("widgets")
      const before = yield* search()
      expect([ids(before), before.pagination.total]).toEqual([[], 0])
      yield* drain
      expect((yield* search()).pagination.total).toBe(3)
      expect((yield* search({ branchName: "main" })).pagination.total).toBe(3)
      expect((yield* search({ branchName: "develop" })).pagination.total).toBe(0)
      expect(yield* Effect.flip(search({ branchName: "nope" }))).toEqual(new Errors.NotFound({ what: "branch", id: "nope" }))
    })))
})

describe("RepositoryIssues.overview", () => {
  it.effect("counts the issues the filters keep by category, level, language, pattern (with its title) and author, most first", () =>
    withWorker(Effect.gen(function*() {
      yield* analysed
      const overview = Effect.flatMap(RepositoryIssues.RepositoryIssues, (r) => r.overview(adminCaller, widgets, body({})))
      const { counts } = yield* overview
      const named = (list: ReadonlyArray<{ readonly name: string; readonly total: number }>) => list.map((c) => [c.name, c.total])
      expect(named(counts.categories)).toEqual([["ErrorProne", 2], ["Security", 2]])
      expect(named(counts.levels)).toEqual([["Error", 2], ["Info", 1], ["Warning", 1]])
      expect(named(counts.languages)).toEqual([["JavaScript", 2], ["TypeScript", 2]])
      expect(counts.patterns.map((p) => [p.id, p.title, p.total])).toEqual([["no-eval", "Disallow eval", 2], ["no-undef", "no-undef", 2]])
      // The unblamed issue counts for no author.
      expect(named(counts.authors)).toEqual([["ada@example.org", 2], ["bob@example.org", 1]])
      expect(counts.tags).toEqual([])
      const filtered = yield* Effect.flatMap(RepositoryIssues.RepositoryIssues, (r) => r.overview(adminCaller, widgets, body({ languages: ["TypeScript"] })))
      expect(named(filtered.counts.levels)).toEqual([["Error", 1], ["Warning", 1]])
      const none = { categories: [], levels: [], languages: [], tags: [], patterns: [], authors: [] }
      expect((yield* Effect.flatMap(RepositoryIssues.RepositoryIssues, (r) => r.overview(adminCaller, widgets, body({ tags: ["x"] })))).counts).toEqual(none)
      expect((yield* Effect.flatMap(RepositoryIssues.RepositoryIssues, (r) => r.overview(adminCaller, widgets, body({ branchName: "develop" })))).counts)
        .toEqual(none)
    })))
})

describe("RepositoryIssues.issue", () => {
  it.effect("one issue of the default branch's latest analysis by its resultDataId; another id, or no analysis, is NotFound", () =>
    withWorker(Effect.gen(function*() {
      yield* addRepository("widgets")
      const issue = (id: number) => Effect.flatMap(RepositoryIssues.RepositoryIssues, (r) => r.issue(adminCaller, widgets, id))
      expect(yield* Effect.flip(issue(101))).toEqual(new Errors.NotFound({ what: "issue", id: "101" }))
      yield* analysed
      const found = yield* issue(103)
      expect([found.filePath, found.lineNumber, found.patternInfo.title, found.commitInfo?.sha]).toEqual([
        "scripts/build.js",
        9,
        "Disallow eval",
        mainHead.sha
      ])
      expect(found).toEqual((yield* search()).items.find((i) => i.resultDataId === 103))
      expect(yield* Effect.flip(issue(42))).toEqual(new Errors.NotFound({ what: "issue", id: "42" }))
    })))
})

describe("RepositoryIssues and access", () => {
  it.effect("a Public repository's issues are open to anyone; a private one's need a token of its organization", () =>
    withWorker(Effect.gen(function*() {
      yield* addRepository("open", { visibility: "Public" })
      yield* analysed
      const reads = yield* RepositoryIssues.RepositoryIssues
      // open was analysed too: the fake analysis's three issues.
      expect((yield* reads.search(anonymous, repo("open"), body())).pagination.total).toBe(3)
      expect((yield* reads.overview(anonymous, repo("open"), body())).counts.levels.map((c) => [c.name, c.total])).toEqual([["Error", 3]])
      expect(yield* Effect.flip(reads.search(anonymous, widgets, body()))).toEqual(new Errors.Unauthenticated({ kind: "missing", reason: "Missing api-token header" }))
      expect(yield* Effect.flip(reads.overview(yield* callerWith("read", "globex"), widgets, body()))).toBeInstanceOf(Errors.Unauthenticated)
      expect((yield* reads.search(yield* callerWith("read"), widgets, body())).pagination.total).toBe(4)
      expect(yield* Effect.flip(reads.issue(adminCaller, repo("gadgets"), 101))).toEqual(new Errors.NotFound({ what: "repository", id: "gadgets" }))
    })))
})

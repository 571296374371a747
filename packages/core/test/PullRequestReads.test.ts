import { describe, expect, it } from "@effect/vitest"
import {
  ChangeAnalysis,
  ChangeStore,
  type ChangeViews,
  Pagination,
  PullRequest,
  PullRequestReads,
  PullRequestStore,
  Repository
} from "@tidemark/core"
import { Effect } from "effect"
import { undefinedNameAt } from "./fixtures/Issues.js"
import { acme, addRepository, adminCaller, repo, withServices } from "./fixtures/TestLayer.js"

const updatedAt = (minute: number) => new Date(Date.UTC(2024, 0, 1, 12, minute)).toISOString()

const open = (repositoryId: number, number: number, minute: number) =>
  Effect.flatMap(PullRequestStore.PullRequestStore, (store) =>
    store.upsert({
      repositoryId,
      number,
      title: `Pull request ${number}`,
      author: PullRequest.PullRequestAuthor.make({ name: "Ada Lovelace" }),
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
  return { widgets }
})

const shown = (page: { readonly data: ReadonlyArray<{ readonly pullRequest: { readonly repository: string; readonly number: number } }> }) =>
  page.data.map((p) => [p.pullRequest.repository, p.pullRequest.number])

describe("PullRequestReads.listForOrganization", () => {
  it.effect("every pull request of the organization's repositories, analysed or not, the most recently updated first, by page", () =>
    withServices(Effect.gen(function*() {
      yield* setUp
      const reads = yield* PullRequestReads.PullRequestReads
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
      const reads = yield* PullRequestReads.PullRequestReads
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
      const page = yield* Effect.flatMap(PullRequestReads.PullRequestReads, (reads) => reads.list(adminCaller, repo("widgets"), {}))
      expect(page.items).toEqual([])
      expect(page.pagination.total).toBe(2)
    })))
})

const issue = (filePath: string, line: number) => undefinedNameAt(line, filePath, `${filePath}:${line}`)

/** widgets' pull request 1 analysed: two issues added, one fixed; pull request 2 stopped by a problem (its issues never show). */
const analysed = Effect.gen(function*() {
  const { widgets } = yield* setUp
  const changes = yield* ChangeStore.ChangeStore
  const change = (problems: ReadonlyArray<Repository.Problem>) =>
    ChangeAnalysis.ChangeAnalysis.make({
      repositoryId: widgets,
      headSha: "head1",
      baseSha: "base1",
      startedAnalysis: updatedAt(1),
      endedAnalysis: updatedAt(2),
      newIssues: 2,
      fixedIssues: 1,
      deltaComplexity: 0,
      deltaClonesCount: 0,
      newIssueKinds: [],
      files: [],
      clones: [],
      problems
    })
  const deltas = [
    ChangeAnalysis.DeltaIssue.make({ deltaType: "Added", issue: issue("src/a.ts", 4) }),
    ChangeAnalysis.DeltaIssue.make({ deltaType: "Added", issue: issue("src/b.ts", 1) }),
    ChangeAnalysis.DeltaIssue.make({ deltaType: "Fixed", issue: issue("src/a.ts", 2) })
  ]
  yield* changes.save({ repositoryId: widgets, subject: { kind: "pullRequest", number: 1 } }, change([]), deltas)
  const problem = Repository.Problem.make({ code: "branch_not_found", severity: "all_analysis", message: "no branch", actions: [] })
  yield* changes.save({ repositoryId: widgets, subject: { kind: "pullRequest", number: 2 } }, change([problem]), deltas)
})

const lines = (page: { readonly items: ReadonlyArray<ChangeViews.CommitDeltaIssue> }) =>
  page.items.map((d) => [d.deltaType, d.commitIssue.filePath, d.commitIssue.lineNumber, d.commitIssue.commitInfo?.sha])

describe("PullRequestReads.issues", () => {
  it.effect("the change's issues by status and by page, each in the commit it is found in", () =>
    withServices(Effect.gen(function*() {
      yield* analysed
      const reads = yield* PullRequestReads.PullRequestReads
      const widgets = repo("widgets")
      const all = yield* reads.issues(adminCaller, widgets, 1, {})
      expect(all.analyzed).toBe(true)
      expect(lines(all)).toEqual([["Added", "src/a.ts", 4, "head1"], ["Added", "src/b.ts", 1, "head1"], ["Fixed", "src/a.ts", 2, "base1"]])
      const first = yield* reads.issues(adminCaller, widgets, 1, { status: "new", limit: 1 })
      expect(lines(first)).toEqual([["Added", "src/a.ts", 4, "head1"]])
      expect(first.pagination.total).toBe(2)
      const second = yield* reads.issues(adminCaller, widgets, 1, { status: "new", limit: 1, cursor: first.pagination.cursor })
      expect(lines(second)).toEqual([["Added", "src/b.ts", 1, "head1"]])
      expect(lines(yield* reads.issues(adminCaller, widgets, 1, { status: "fixed" }))).toEqual([["Fixed", "src/a.ts", 2, "base1"]])
      expect(yield* reads.issues(adminCaller, widgets, 1, { onlyPotential: true })).toEqual({
        analyzed: true,
        items: [],
        pagination: new Pagination.Pagination({ limit: 100, total: 0 })
      })
    })))

  it.effect("none, not analysed, for a pull request without a change or whose analysis met a problem; NotFound before a bad cursor", () =>
    withServices(Effect.gen(function*() {
      yield* analysed
      const reads = yield* PullRequestReads.PullRequestReads
      const none = { analyzed: false, items: [], pagination: new Pagination.Pagination({ limit: 100, total: 0 }) }
      expect(yield* reads.issues(adminCaller, repo("widgets"), 2, {})).toEqual(none)
      expect(yield* reads.issues(adminCaller, repo("gadgets"), 1, {})).toEqual(none)
      const failure = (number: number) =>
        Effect.map(Effect.flip(reads.issues(adminCaller, repo("widgets"), number, { cursor: "not a cursor" })), (e) => e._tag)
      expect(yield* failure(3)).toBe("NotFound")
      expect(yield* failure(2)).toBe("InvalidInput")
      expect(yield* failure(1)).toBe("InvalidInput")
    })))
})

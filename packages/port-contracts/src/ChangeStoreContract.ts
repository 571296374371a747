import { describe, expect, layer } from "@effect/vitest"
import {
  AnalysisResults,
  ChangeAnalysis,
  ChangeStore,
  Common,
  type OrganizationStore,
  Repository,
  type RepositoryStore,
  SecurityItems
} from "@tidemark/core"
import { Effect, type Layer, Option } from "effect"
import { issue } from "./AnalysisResultsFixtures.js"
import { freshRepository } from "./Fixtures.js"

const changeOf = (repositoryId: number, headSha: string, newIssues: number) =>
  ChangeAnalysis.ChangeAnalysis.make({
    repositoryId,
    headSha,
    baseSha: "base0001",
    startedAnalysis: "2024-01-01T10:00:00.000Z",
    endedAnalysis: "2024-01-01T10:01:00.000Z",
    newIssues,
    fixedIssues: 1,
    deltaComplexity: -3,
    deltaClonesCount: 1,
    newIssueKinds: [ChangeAnalysis.IssueKindCount.make({ level: "Warning", category: "Security", count: newIssues })],
    files: [ChangeAnalysis.FileDelta.make({
      path: "src/a.ts",
      language: "TypeScript",
      inHead: true,
      newIssues,
      fixedIssues: 1,
      deltaComplexity: -3,
      deltaClonesCount: 1,
      addedLines: [3, 4, 9]
    })],
    clones: [ChangeAnalysis.CloneDelta.make({
      id: 1,
      deltaType: "Added",
      occurrences: [AnalysisResults.CloneOccurrence.make({ path: "src/a.ts", fromLine: 1, toLine: 9 }), AnalysisResults.CloneOccurrence.make({ path: "src/b.ts", fromLine: 5, toLine: 13 })]
    })],
    problems: []
  })

const added = (path: string, line: number) => ChangeAnalysis.DeltaIssue.make({ deltaType: "Added", issue: issue({ path, line }) })
const fixed = (path: string, line: number) => ChangeAnalysis.DeltaIssue.make({ deltaType: "Fixed", issue: issue({ path, line }) })

/** Changes hang off repositories, which the store of repositories creates. */
export const changeStoreContract = (name: string, storeLayer: Layer.Layer<ChangeStore.ChangeStore | RepositoryStore.RepositoryStore | OrganizationStore.OrganizationStore, unknown>) =>
  layer(storeLayer, { timeout: "120 seconds", excludeTestServices: true })(`ChangeStore contract (${name})`, (it) => {
    describe("changes", () => {
      it.effect("a change read back equals the change written, its summary the same without files and clones; a subject never analysed has none", () =>
        Effect.gen(function*() {
          const store = yield* ChangeStore.ChangeStore
          const { repository } = yield* freshRepository
          const commit = { repositoryId: repository.id, subject: { kind: "commit", sha: "head0001" } } as const
          const pull = { repositoryId: repository.id, subject: { kind: "pullRequest", number: 7 } } as const
          const { baseSha: _, clones: __, files: ___, ...failedSummary } = changeOf(repository.id, "head0002", 0)
          const problem = Repository.Problem.make({
            code: "branch_not_found",
            severity: "all_analysis",
            message: "no branch",
            actions: [Common.Action.make({ name: "Add the branch", url: "https://example.org/branches" })]
          })
          const failed = ChangeAnalysis.ChangeAnalysis.make({ ...failedSummary, files: [], clones: [], problems: [problem] })
          yield* store.save(commit, changeOf(repository.id, "head0001", 2), [added("a.ts", 1)])
          yield* store.save(pull, failed, [])
          expect(yield* store.find(commit)).toStrictEqual(Option.some(changeOf(repository.id, "head0001", 2)))
          expect(yield* store.find(pull)).toStrictEqual(Option.some(failed))
          const never = { repositoryId: repository.id, subject: { kind: "pullRequest", number: 8 } } as const
          expect(yield* store.find(never)).toEqual(Option.none())
          const many = yield* store.findMany(repository.id, [commit.subject, pull.subject, { kind: "commit", sha: "other" }])
          expect([...many.keys()].sort()).toEqual(["commit:head0001", "pull:7"])
          expect(many.get("pull:7")).toStrictEqual(failed)
          expect(yield* store.findSummary(commit)).toStrictEqual(Option.some({
            repositoryId: repository.id,
            headSha: "head0001",
            baseSha: "base0001",
            startedAnalysis: "2024-01-01T10:00:00.000Z",
            endedAnalysis: "2024-01-01T10:01:00.000Z",
            newIssues: 2,
            fixedIssues: 1,
            deltaComplexity: -3,
            deltaClonesCount: 1,
            newIssueKinds: [ChangeAnalysis.IssueKindCount.make({ level: "Warning", category: "Security", count: 2 })],
            problems: []
          }))
          expect(yield* store.findSummary(pull)).toStrictEqual(Option.some({ ...failedSummary, problems: [problem] }))
          expect(yield* store.findSummary(never)).toEqual(Option.none())
        }))

      it.effect("a change's new security findings read back as written, in the change and in its summary", () =>
        Effect.gen(function*() {
          const store = yield* ChangeStore.ChangeStore
          const { repository } = yield* freshRepository
          const key = { repositoryId: repository.id, subject: { kind: "pullRequest", number: 3 } } as const
          const newSecurityFindings = [
            SecurityItems.SecurityFinding.make({
              key: "Secrets:abc",
              scanType: "Secrets",
              title: "found GitHub Token: ghp_****",
              securityCategory: "Secrets",
              priority: "High",
              itemSourceId: "github",
              filePath: "deploy.py",
              line: 3,
              cwe: "CWE-798"
            }),
            SecurityItems.SecurityFinding.make({
              key: "SCA:pkg:npm/lodash:CVE-2019-10744",
              scanType: "SCA",
              title: "lodash 4.17.11: Prototype Pollution",
              securityCategory: "OutdatedDependencies",
              priority: "Critical",
              itemSourceId: "GHSA-jf85-cpcp-j695",
              cvssScore: 9.1,
              fixedVersion: ["4.17.12"]
            })
          ]
          const change = ChangeAnalysis.ChangeAnalysis.make({ ...changeOf(repository.id, "h1", 0), newSecurityFindings })
          yield* store.save(key, change, [])
          expect(yield* store.find(key)).toStrictEqual(Option.some(change))
          expect(Option.map(yield* store.findSummary(key), (summary) => summary.newSecurityFindings)).toStrictEqual(Option.some(newSecurityFindings))
        }))

      it.effect("a new analysis of the subject replaces its change and its issues", () =>
        Effect.gen(function*() {
          const store = yield* ChangeStore.ChangeStore
          const { repository } = yield* freshRepository
          const key = { repositoryId: repository.id, subject: { kind: "pullRequest", number: 1 } } as const
          yield* store.save(key, changeOf(repository.id, "old", 2), [added("a.ts", 1), added("a.ts", 2)])
          yield* store.save(key, changeOf(repository.id, "new", 1), [added("b.ts", 1)])
          expect(Option.map(yield* store.find(key), (c) => c.headSha)).toEqual(Option.some("new"))
          const page = yield* store.issues(key, undefined, { limit: 10, after: undefined })
          expect(page.items.map((d) => d.issue.filePath)).toEqual(["b.ts"])
          expect(page.total).toBe(1)
        }))

      it.effect("issues list added before fixed, by file, line and id, a page at a time, and by delta type", () =>
        Effect.gen(function*() {
          const store = yield* ChangeStore.ChangeStore
          const { repository } = yield* freshRepository
          const key = { repositoryId: repository.id, subject: { kind: "commit", sha: "c1" } } as const
          const issues = [fixed("a.ts", 1), added("b.ts", 10), added("b.ts", 2), added("a.ts", 5), fixed("0.ts", 7)]
          yield* store.save(key, changeOf(repository.id, "c1", 3), issues)
          const first = yield* store.issues(key, undefined, { limit: 2, after: undefined })
          expect(first.items.map((d) => [d.deltaType, d.issue.filePath, d.issue.line])).toEqual([["Added", "a.ts", 5], ["Added", "b.ts", 2]])
          expect(first.total).toBe(5)
          expect(first.next).toBeDefined()
          const second = yield* store.issues(key, undefined, { limit: 2, after: first.next })
          expect(second.items.map((d) => [d.deltaType, d.issue.filePath, d.issue.line])).toEqual([["Added", "b.ts", 10], ["Fixed", "0.ts", 7]])
          const last = yield* store.issues(key, undefined, { limit: 2, after: second.next })
          expect(last.items.map((d) => [d.deltaType, d.issue.filePath])).toEqual([["Fixed", "a.ts"]])
          expect(last.next).toBeUndefined()
          const fixedOnly = yield* store.issues(key, "Fixed", { limit: 10, after: undefined })
          expect(fixedOnly.items.map((d) => d.issue.filePath)).toEqual(["0.ts", "a.ts"])
          expect(fixedOnly.total).toBe(2)
          // The issue itself comes back whole.
          expect(fixedOnly.items[1]).toStrictEqual(issues[0])
        }))
    })
  })

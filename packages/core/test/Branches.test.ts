import { describe, expect, it } from "@effect/vitest"
import { Analyses, AnalysisQueue, Branches, CommitAnalysis, Errors, Repositories } from "@tidemark/core"
import { Effect, Schema } from "effect"
import { developHead, featureHead, mainHead } from "./fixtures/FakeGitReader.js"
import { addRepository, anonymous, callerWith, repo, withServices } from "./fixtures/TestLayer.js"

const app = repo("app")

/** What the analysis queue holds now, each acked: the branch and commit of each job. */
const queued = Effect.gen(function*() {
  const queue = yield* AnalysisQueue.AnalysisQueue
  const deliveries = yield* queue.pull(100, "0 millis")
  yield* Effect.forEach(deliveries, (d) => d.ack, { discard: true })
  return yield* Effect.forEach(deliveries, (d) => Effect.map(Schema.decode(CommitAnalysis.AnalysisJobJson)(d.payload), (job) => [job.branch, job.commitSha]))
})

const names = (page: { readonly items: ReadonlyArray<{ readonly name: string }> }) => page.items.map((b) => b.name)

describe("Branches", () => {
  it.effect("lists every branch by name, filtered by state and name, sorted and paged; a Public repository's without a token", () =>
    withServices(
      Effect.gen(function*() {
        const branches = yield* Branches.Branches
        yield* addRepository("app", { visibility: "Public" })
        const reader = yield* callerWith("read")
        const all = yield* branches.list(reader, app, {})
        expect(all.items.map((b) => [b.name, b.isDefault, b.isEnabled, b.lastCommit])).toStrictEqual([
          ["develop", false, true, developHead.sha],
          ["feature/login", false, true, featureHead.sha],
          ["main", true, true, mainHead.sha]
        ])
        expect([all.pagination.limit, all.pagination.total, all.pagination.cursor]).toStrictEqual([100, 3, undefined])
        expect(names(yield* branches.list(anonymous, app, { search: "LOG" }))).toStrictEqual(["feature/login"])
        expect(names(yield* branches.list(reader, app, { sort: "last-updated" }))).toStrictEqual(["feature/login", "develop", "main"])
        expect(names(yield* branches.list(reader, app, { sort: "last-updated", direction: "asc" }))).toStrictEqual(["main", "develop", "feature/login"])
        expect(names(yield* branches.list(reader, app, { direction: "desc" }))).toStrictEqual(["main", "feature/login", "develop"])
        const first = yield* branches.list(reader, app, { sort: "last-updated", limit: 2 })
        const rest = yield* branches.list(reader, app, { sort: "last-updated", limit: 2, cursor: first.pagination.cursor })
        expect([names(first), names(rest), rest.pagination.cursor]).toStrictEqual([["feature/login", "develop"], ["main"], undefined])
        expect(yield* Effect.flip(branches.list(reader, app, { cursor: "not a cursor" }))).toBeInstanceOf(Errors.InvalidInput)
      })
    ))

  it.effect("a disabled branch is listed as such and not analysed; enabled again, its head is queued; the default stays analysed", () =>
    withServices(
      Effect.gen(function*() {
        const branches = yield* Branches.Branches
        const analyses = yield* Analyses.Analyses
        yield* addRepository("app")
        yield* queued
        const writer = yield* callerWith("write")
        yield* branches.configure(writer, app, "develop", false)
        expect(names(yield* branches.list(writer, app, { enabled: false }))).toStrictEqual(["develop"])
        expect(yield* Effect.flip(analyses.request(writer, app, "develop"))).toBeInstanceOf(Errors.NotFound)
        expect(yield* Effect.flip(analyses.reanalyseCommit(writer, app, { commitUuid: developHead.sha }))).toBeInstanceOf(Errors.Unprocessable)
        // A refresh from git keeps it disabled.
        yield* addRepository("app")
        expect(names(yield* branches.list(writer, app, { enabled: false }))).toStrictEqual(["develop"])
        yield* queued
        yield* branches.configure(writer, app, "develop", undefined)
        expect(yield* queued).toStrictEqual([])
        yield* branches.configure(writer, app, "develop", true)
        expect(yield* queued).toStrictEqual([["develop", developHead.sha]])
        yield* branches.configure(writer, app, "develop", true)
        expect(yield* queued).toStrictEqual([])
        expect(yield* Effect.flip(branches.configure(writer, app, "main", false))).toBeInstanceOf(Errors.Unprocessable)
        expect(yield* Effect.flip(branches.configure(writer, app, "nope", true))).toStrictEqual(new Errors.NotFound({ what: "branch", id: "nope" }))
        expect(yield* Effect.flip(branches.configure(yield* callerWith("read"), app, "develop", false))).toBeInstanceOf(Errors.PermissionDenied)
      })
    ))

  it.effect("a new default must be analysed; it is queued when it has no analysis, and kept through a refresh", () =>
    withServices(
      Effect.gen(function*() {
        const branches = yield* Branches.Branches
        const repositories = yield* Repositories.Repositories
        yield* addRepository("app")
        yield* queued
        const writer = yield* callerWith("write")
        yield* branches.configure(writer, app, "develop", false)
        expect(yield* Effect.flip(branches.setDefault(writer, app, "develop"))).toBeInstanceOf(Errors.Unprocessable)
        yield* branches.setDefault(writer, app, "feature/login")
        expect(yield* queued).toStrictEqual([["feature/login", featureHead.sha]])
        yield* branches.setDefault(writer, app, "feature/login")
        expect(yield* queued).toStrictEqual([])
        // Added again (a refresh): the chosen default stays, and it is what adding analyses.
        const view = yield* repositories.add(yield* callerWith("admin"), { provider: "gh", repositoryFullPath: "acme/app" })
        expect(view.defaultBranch?.name).toBe("feature/login")
        expect(yield* queued).toStrictEqual([["feature/login", featureHead.sha]])
        expect(yield* Effect.flip(branches.setDefault(writer, app, "nope"))).toBeInstanceOf(Errors.NotFound)
        expect(yield* Effect.flip(branches.setDefault(yield* callerWith("read"), app, "main"))).toBeInstanceOf(Errors.PermissionDenied)
      })
    ))
})

describe("Analyses.reanalyseCommit", () => {
  it.effect("queues the commit on a branch it heads (the default first); an unknown commit is not found; unfollowed, refused", () =>
    withServices(
      Effect.gen(function*() {
        const analyses = yield* Analyses.Analyses
        const repositories = yield* Repositories.Repositories
        yield* addRepository("app")
        yield* queued
        const writer = yield* callerWith("write")
        yield* analyses.reanalyseCommit(writer, app, { commitUuid: featureHead.sha.toUpperCase() })
        yield* analyses.reanalyseCommit(writer, app, { commitUuid: mainHead.sha, cleanCache: true })
        expect(yield* queued).toStrictEqual([["feature/login", featureHead.sha], ["main", mainHead.sha]])
        expect(yield* Effect.flip(analyses.reanalyseCommit(writer, app, { commitUuid: "ffff" }))).toStrictEqual(
          new Errors.NotFound({ what: "commit", id: "ffff" })
        )
        expect(yield* Effect.flip(analyses.reanalyseCommit(yield* callerWith("read"), app, { commitUuid: mainHead.sha }))).toBeInstanceOf(
          Errors.PermissionDenied
        )
        yield* repositories.unfollow(writer, app)
        expect(yield* Effect.flip(analyses.reanalyseCommit(writer, app, { commitUuid: mainHead.sha }))).toBeInstanceOf(Errors.Unprocessable)
      })
    ))
})

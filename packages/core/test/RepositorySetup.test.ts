import { describe, expect, it } from "@effect/vitest"
import { Analyses, AnalysisQueue, CommitAnalysis, Errors, RepositoryAnalysis, Repositories, RepositoryStore } from "@tidemark/core"
import { Effect, Option, Schema } from "effect"
import { FakeGitRemotes, mainHead } from "./fixtures/FakeGitReader.js"
import { addRepository, adminCaller, callerWith, globex, repo, withServices } from "./fixtures/TestLayer.js"

const app = repo("app")
const appUrl = "https://github.com/acme/app.git"

/** The commits the analysis queue holds now, each acked. */
const queuedCommits = Effect.gen(function*() {
  const queue = yield* AnalysisQueue.AnalysisQueue
  const deliveries = yield* queue.pull(100, "0 millis")
  yield* Effect.forEach(deliveries, (d) => d.ack, { discard: true })
  return yield* Effect.forEach(deliveries, (d) => Effect.map(Schema.decode(CommitAnalysis.AnalysisJobJson)(d.payload), (job) => job.commitSha))
})

const addedState = (caller = adminCaller) =>
  Effect.flatMap(RepositoryAnalysis.RepositoryAnalysis, (analysis) => analysis.withoutAnalysis(caller, app)).pipe(
    Effect.map((repository) => repository.addedState)
  )

describe("Repositories: following, unfollowing and deleting (issue 27)", () => {
  it.effect("an added repository is followed; unfollowing keeps it listed as Added; following again analyses its head", () =>
    withServices(
      Effect.gen(function*() {
        const repositories = yield* Repositories.Repositories
        yield* addRepository("app")
        expect(yield* queuedCommits).toStrictEqual([mainHead.sha])
        expect(yield* addedState()).toBe("Following")

        const writer = yield* callerWith("write")
        yield* repositories.unfollow(writer, app)
        expect(yield* addedState()).toBe("Added")
        // Unfollowing twice changes nothing; an explicit reanalysis is refused rather than dropped.
        yield* repositories.unfollow(writer, app)
        const refused = yield* Effect.flip(Effect.flatMap(Analyses.Analyses, (analyses) => analyses.request(writer, app, undefined)))
        expect(refused).toBeInstanceOf(Errors.ConfigurationConflict)

        expect((yield* repositories.follow(writer, app)).data).toBe("Following")
        expect(yield* addedState()).toBe("Following")
        expect(yield* queuedCommits).toStrictEqual([mainHead.sha])
        // Following a followed repository queues nothing more.
        yield* repositories.follow(writer, app)
        expect(yield* queuedCommits).toStrictEqual([])
      })
    ))

  it.effect("following and unfollowing need write; another organization's token learns nothing", () =>
    withServices(
      Effect.gen(function*() {
        const repositories = yield* Repositories.Repositories
        yield* addRepository("app")
        const reader = yield* callerWith("read")
        expect(yield* Effect.flip(repositories.unfollow(reader, app))).toBeInstanceOf(Errors.PermissionDenied)
        expect(yield* Effect.flip(repositories.follow(reader, app))).toBeInstanceOf(Errors.PermissionDenied)
        const stranger = yield* callerWith("admin", globex.organization)
        expect(yield* Effect.flip(repositories.unfollow(stranger, app))).toBeInstanceOf(Errors.Unauthenticated)
        expect(yield* addedState()).toBe("Following")
      })
    ))

  it.effect("deleting removes the repository and forgets its mirror; the same name is added again from nothing", () =>
    withServices(
      Effect.gen(function*() {
        const repositories = yield* Repositories.Repositories
        const store = yield* RepositoryStore.RepositoryStore
        const first = yield* addRepository("app")
        const admin = yield* callerWith("admin")
        yield* repositories.unfollow(admin, app)
        yield* repositories.remove(admin, app)
        const gone = yield* Effect.flip(Effect.flatMap(RepositoryAnalysis.RepositoryAnalysis, (analysis) => analysis.withoutAnalysis(admin, app)))
        expect(gone).toStrictEqual(new Errors.NotFound({ what: "repository", id: "app" }))
        expect(yield* store.findRepositoryById(first.repositoryId ?? 0)).toStrictEqual(Option.none())
        expect(yield* Effect.flatMap(FakeGitRemotes, (remotes) => remotes.forgotten)).toStrictEqual([appUrl, appUrl])

        const again = yield* addRepository("app")
        expect(again.repositoryId).not.toBe(first.repositoryId)
        expect(again.addedState).toBe("Following")
        expect(yield* Effect.flip(repositories.remove(admin, repo("app", globex.organization)))).toBeInstanceOf(Errors.Unauthenticated)
      })
    ))

  it.effect("deleting needs the admin permission", () =>
    withServices(
      Effect.gen(function*() {
        const repositories = yield* Repositories.Repositories
        yield* addRepository("app")
        const writer = yield* callerWith("write")
        expect(yield* Effect.flip(repositories.remove(writer, app))).toBeInstanceOf(Errors.PermissionDenied)
        expect(yield* addedState()).toBe("Following")
      })
    ))
})

import { describe, expect, it } from "@effect/vitest"
import {
  AnalysisQueue,
  CommitAnalysis,
  Errors,
  GitReader,
  PullRequest,
  PullRequestStore,
  PullRequests,
  RepositoryStore
} from "@tidemark/core"
import { Effect, Option, Schema } from "effect"
import { commit, developHead, FakeGitRemotes, featureHead, fixedSnapshot, mainHead } from "./fixtures/FakeGitReader.js"
import { addRepository, callerWith, repo, withServices } from "./fixtures/TestLayer.js"

const widgetsUrl = "https://github.com/acme/widgets.git"
const widgets = repo("widgets")
const body = { title: "Login form", originBranch: "feature/login", targetBranch: "main" }

/** The jobs queued since the last call, acknowledged (adding a repository queues its default branch). */
const queuedJobs = Effect.gen(function*() {
  const queue = yield* AnalysisQueue.AnalysisQueue
  const deliveries = yield* queue.pull(100, "0 millis")
  yield* Effect.forEach(deliveries, (d) => d.ack)
  return yield* Effect.forEach(deliveries, (d) => Schema.decode(CommitAnalysis.AnalysisJobJson)(d.payload))
})

const setUp = Effect.gen(function*() {
  yield* addRepository("widgets")
  yield* queuedJobs
  const repository = Option.getOrThrow(yield* Effect.flatMap(RepositoryStore.RepositoryStore, (s) => s.findRepository(1, "widgets")))
  return { repository, writer: yield* callerWith("write") }
})

const stored = (repositoryId: number, number: number) => Effect.flatMap(PullRequestStore.PullRequestStore, (s) => s.find(repositoryId, number))

describe("PullRequests.open", () => {
  it.effect("stores an open pull request, its head the origin branch's, its author the head commit's, and queues its analysis", () =>
    withServices(Effect.gen(function*() {
      const { repository, writer } = yield* setUp
      const pullRequests = yield* PullRequests.PullRequests
      const opened = yield* pullRequests.open(writer, widgets, 12, body)
      expect(opened).toMatchObject({
        repositoryId: repository.id,
        number: 12,
        title: "Login form",
        originBranch: "feature/login",
        targetBranch: "main",
        state: "open",
        headSha: featureHead.sha,
        author: new PullRequest.PullRequestAuthor({ name: "Ada Lovelace", email: "ada@example.org" })
      })
      expect(yield* stored(repository.id, 12)).toStrictEqual(Option.some(opened))
      expect(yield* queuedJobs).toEqual([
        new CommitAnalysis.AnalysisJob({
          organizationId: repository.organizationId,
          repositoryName: "widgets",
          branch: "feature/login",
          commitSha: featureHead.sha,
          requestedAt: opened.updated,
          pullRequest: 12,
          targetBranch: "main"
        })
      ])
    })))

  it.effect("reads the branches from git again: a head pushed since is the pull request's head", () =>
    withServices(Effect.gen(function*() {
      const { writer } = yield* setUp
      const pushed = commit("c2", "Login form, second try", "2024-05-04T10:00:00Z", ["c1"])
      yield* Effect.flatMap(FakeGitRemotes, (remotes) =>
        remotes.serve(widgetsUrl, new GitReader.GitSnapshot({
          ...fixedSnapshot,
          branches: [new GitReader.GitBranch({ name: "main", head: mainHead }), new GitReader.GitBranch({ name: "feature/login", head: pushed })]
        })))
      const opened = yield* Effect.flatMap(PullRequests.PullRequests, (p) => p.open(writer, widgets, 1, body))
      expect(opened.headSha).toBe(pushed.sha)
      const branches = yield* Effect.flatMap(RepositoryStore.RepositoryStore, (s) => s.listBranches(opened.repositoryId))
      expect(branches.find((b) => b.name === "feature/login")?.lastCommitSha).toBe(pushed.sha)
      expect((yield* queuedJobs).map((job) => job.commitSha)).toEqual([pushed.sha])
    })))

  it.effect("opening the same number again updates it and keeps its id and author; a closed state queues nothing", () =>
    withServices(Effect.gen(function*() {
      const { writer } = yield* setUp
      const pullRequests = yield* PullRequests.PullRequests
      const first = yield* pullRequests.open(writer, widgets, 3, body)
      yield* queuedJobs
      const second = yield* pullRequests.open(writer, widgets, 3, {
        title: "Login form, renamed",
        originBranch: "develop",
        targetBranch: "main",
        state: "closed"
      })
      expect(second).toMatchObject({ id: first.id, title: "Login form, renamed", headSha: developHead.sha, state: "closed", author: first.author })
      expect(yield* queuedJobs).toEqual([])
      expect(yield* stored(first.repositoryId, 3)).toStrictEqual(Option.some(second))
    })))

  it.effect("a pull request whose origin branch does not exist is stored without a head and not queued; a missing target is the analysis's to report", () =>
    withServices(Effect.gen(function*() {
      const { repository, writer } = yield* setUp
      const pullRequests = yield* PullRequests.PullRequests
      const noOrigin = yield* pullRequests.open(writer, widgets, 4, { ...body, originBranch: "gone" })
      expect(noOrigin).toMatchObject({ state: "open", headSha: "", originBranch: "gone", author: new PullRequest.PullRequestAuthor({ name: "unknown" }) })
      const noTarget = yield* pullRequests.open(writer, widgets, 5, { ...body, targetBranch: "gone" })
      expect(noTarget).toMatchObject({ state: "open", headSha: featureHead.sha, targetBranch: "gone" })
      expect((yield* queuedJobs).map((job) => [job.pullRequest, job.targetBranch])).toEqual([[5, "gone"]])
      expect(Option.isSome(yield* stored(repository.id, 4))).toBe(true)
      expect(Option.isSome(yield* stored(repository.id, 5))).toBe(true)
    })))

  it.effect("a repository git cannot read now: the pull request is stored, nothing is queued", () =>
    withServices(Effect.gen(function*() {
      const { writer } = yield* setUp
      yield* Effect.flatMap(FakeGitRemotes, (remotes) => remotes.refuse(widgetsUrl, "host unreachable"))
      const opened = yield* Effect.flatMap(PullRequests.PullRequests, (p) => p.open(writer, widgets, 6, body))
      expect(opened).toMatchObject({ number: 6, headSha: "", state: "open" })
      expect(yield* queuedJobs).toEqual([])
    })))

  it.effect("a read-only token is refused and nothing is stored; an unknown repository is NotFound", () =>
    withServices(Effect.gen(function*() {
      const { repository } = yield* setUp
      const reader = yield* callerWith("read")
      const pullRequests = yield* PullRequests.PullRequests
      expect(yield* Effect.flip(pullRequests.open(reader, widgets, 7, body))).toBeInstanceOf(Errors.PermissionDenied)
      expect(yield* stored(repository.id, 7)).toEqual(Option.none())
      const writer = yield* callerWith("write")
      expect(yield* Effect.flip(pullRequests.open(writer, repo("missing"), 7, body))).toBeInstanceOf(Errors.NotFound)
      expect(yield* queuedJobs).toEqual([])
    })))
})

describe("PullRequests.delivered", () => {
  const delivery = (updated: string, title: string) => ({
    _tag: "PullRequestChange" as const,
    number: 20,
    title,
    author: new PullRequest.PullRequestAuthor({ name: "octocat", username: "octocat" }),
    originBranch: "feature/login",
    targetBranch: "main",
    state: "open" as const,
    headSha: featureHead.sha,
    updated
  })

  it.effect("a delivery older than the stored pull request changes nothing; a newer one (or as new) replaces it", () =>
    withServices(Effect.gen(function*() {
      const { repository } = yield* setUp
      const pullRequests = yield* PullRequests.PullRequests
      const edited = yield* pullRequests.delivered(repository, delivery("2024-05-02T10:00:00Z", "Edited title"))
      yield* queuedJobs
      const late = yield* pullRequests.delivered(repository, delivery("2024-05-02T09:00:00+00:00", "Opened title"))
      expect(late).toStrictEqual(edited)
      expect(yield* stored(repository.id, 20)).toStrictEqual(Option.some(edited))
      expect(yield* queuedJobs).toEqual([])
      const again = yield* pullRequests.delivered(repository, delivery("2024-05-02T12:00:00+02:00", "Same instant"))
      expect(again).toMatchObject({ id: edited.id, title: "Same instant", author: new PullRequest.PullRequestAuthor({ name: "octocat", username: "octocat" }) })
    })))
})

describe("PullRequests.close", () => {
  it.effect("closes or merges a known pull request, keeping everything else", () =>
    withServices(Effect.gen(function*() {
      const { writer } = yield* setUp
      const pullRequests = yield* PullRequests.PullRequests
      const opened = yield* pullRequests.open(writer, widgets, 8, body)
      const closed = yield* pullRequests.close(writer, widgets, 8, false)
      expect({ ...closed }).toStrictEqual({ ...opened, state: "closed", updated: closed.updated })
      const merged = yield* pullRequests.close(writer, widgets, 8, true)
      expect(merged).toMatchObject({ id: opened.id, state: "merged", headSha: opened.headSha })
      expect(yield* stored(opened.repositoryId, 8)).toStrictEqual(Option.some(merged))
    })))

  it.effect("an unknown pull request is NotFound; a read-only token is refused", () =>
    withServices(Effect.gen(function*() {
      const { repository, writer } = yield* setUp
      const pullRequests = yield* PullRequests.PullRequests
      const error = yield* Effect.flip(pullRequests.close(writer, widgets, 99, true))
      expect(error).toEqual(new Errors.NotFound({ what: "pullRequest", id: "99" }))
      yield* pullRequests.open(writer, widgets, 9, body)
      const reader = yield* callerWith("read")
      expect(yield* Effect.flip(pullRequests.close(reader, widgets, 9, true))).toBeInstanceOf(Errors.PermissionDenied)
      expect(Option.map(yield* stored(repository.id, 9), (pr) => pr.state)).toEqual(Option.some("open"))
    })))
})

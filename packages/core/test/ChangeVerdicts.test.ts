import { describe, expect, it } from "@effect/vitest"
import {
  AnalysisResults,
  ChangeAnalysis,
  ChangeStore,
  ChangeVerdicts,
  CommitStatuses,
  DashboardLinks,
  Errors,
  PullRequest,
  PullRequests,
  QualityGate,
  QualityGateStore
} from "@tidemark/core"
import { Effect, Layer, Logger, LogLevel } from "effect"
import { developHead, featureHead, mainHead } from "./fixtures/FakeGitReader.js"
import * as RecordedCommitStatuses from "./fixtures/RecordedCommitStatuses.js"
import * as Stored from "./fixtures/StoredCommitAnalyses.js"
import { adminCaller, repo, testLayer } from "./fixtures/TestLayer.js"

const dashboard = "https://tidemark.example.com/"

/** Every service over the test layer, sending verdicts to the recorder; with links to the dashboard unless told. */
const withVerdicts = <A, E, R>(effect: Effect.Effect<A, E, R>, options: { readonly links: boolean } = { links: true }) =>
  Effect.provide(
    effect,
    testLayer().pipe(Layer.provideMerge(options.links ? Layer.merge(RecordedCommitStatuses.layer, DashboardLinks.DashboardLinks.at(dashboard)) : RecordedCommitStatuses.layer))
  )

/** Opens (or updates) pull request `number` of app from `originBranch` into main: its head is the branch's in git. */
const openPullRequest = (number: number, originBranch: string, state: PullRequest.PullRequestState = "open") =>
  Effect.flatMap(PullRequests.PullRequests, (pullRequests) =>
    pullRequests.open(adminCaller, repo("app"), number, new PullRequest.PullRequestBody({ title: `Pull request ${number}`, originBranch, targetBranch: "main", state })))

/** The commit each verdict went to (short sha), its state, description and check. */
const told = (sent: ReadonlyArray<RecordedCommitStatuses.SentVerdict>) =>
  sent.map(({ sha: commit, verdict }) => [commit.slice(0, 2), verdict.state, verdict.description, verdict.context])

const twoErrors = { newIssues: 2, newIssueKinds: [ChangeAnalysis.IssueKindCount.make({ level: "Error", category: "ErrorProne", count: 2 })] } as const

describe("ChangeVerdicts.publishChange", () => {
  it.effect("a change is told on its head: up to standards with its counts, or the rules it fails; a problem is an error", () =>
    withVerdicts(Effect.gen(function*() {
      const app = yield* Stored.addedRecord("app")
      const verdicts = yield* ChangeVerdicts.ChangeVerdicts
      const pull = { kind: "pullRequest", number: 3 } as const
      yield* verdicts.publishChange(app, yield* Stored.saveChange(app.id, pull, featureHead.sha, { fixedIssues: 2 }), pull)
      yield* verdicts.publishChange(app, yield* Stored.saveChange(app.id, pull, featureHead.sha, twoErrors), pull)
      const commit = { kind: "commit", sha: mainHead.sha } as const
      yield* verdicts.publishChange(app, yield* Stored.saveChange(app.id, commit, mainHead.sha, { ...twoErrors, problems: [Stored.checkoutFailed] }), commit)
      const sent = yield* RecordedCommitStatuses.takeSent
      expect(told(sent)).toStrictEqual([
        ["c1", "success", "Up to standards: 0 new issues, 2 fixed", "Tidemark / pull request"],
        ["c1", "failure", "Not up to standards: new issues over 0 (2 new issues, 0 fixed)", "Tidemark / pull request"],
        ["a1", "error", "Not analysed: the remote hung up", "Tidemark"]
      ])
      // Each links to its page of the dashboard: a pull request's own, a commit's repository history.
      expect(sent.map(({ verdict }) => verdict.targetUrl)).toStrictEqual([
        "https://tidemark.example.com/#/repositories/app/pull-requests/3",
        "https://tidemark.example.com/#/repositories/app/pull-requests/3",
        "https://tidemark.example.com/#/repositories/app/commits"
      ])
    })))

  it.effect("a failure names every rule the gate of the subject's kind fails, quality first, then coverage", () =>
    withVerdicts(Effect.gen(function*() {
      const app = yield* Stored.addedRecord("app")
      yield* Effect.flatMap(QualityGateStore.QualityGateStore, (gates) =>
        gates.save(app.id, "pullRequests", new QualityGate.QualityGate({
          issueThreshold: new QualityGate.IssueThreshold({ threshold: 1 }),
          securityIssueThreshold: 0,
          duplicationThreshold: 0,
          complexityThreshold: 1,
          coverageThresholdWithDecimals: 0,
          diffCoverageThreshold: 70
        })))
      // Half of the head's lines ran against all of the base's; the one line added did not run.
      yield* Stored.saveCoverage(app.id, featureHead.sha, [Stored.linesOf("src/a.ts", [[1, 1], [2, 0]])])
      yield* Stored.saveCoverage(app.id, mainHead.sha, [Stored.linesOf("src/a.ts", [[1, 1], [2, 1]])])
      const pull = { kind: "pullRequest", number: 3 } as const
      const change = yield* Stored.saveChange(app.id, pull, featureHead.sha, {
        baseSha: mainHead.sha,
        newIssues: 1,
        deltaComplexity: 2,
        newIssueKinds: [ChangeAnalysis.IssueKindCount.make({ level: "Warning", category: "Security", count: 1 })],
        clones: [ChangeAnalysis.CloneDelta.make({ id: 1, deltaType: "Added", occurrences: [AnalysisResults.CloneOccurrence.make({ path: "src/a.ts", fromLine: 1, toLine: 8 })] })],
        files: [Stored.touched("src/a.ts", [2])]
      })
      const verdicts = yield* ChangeVerdicts.ChangeVerdicts
      yield* verdicts.publishChange(app, change, pull)
      // The commits gate (the defaults) judges the same change as a commit's: only its issue counts.
      yield* verdicts.publishChange(app, change, { kind: "commit", sha: featureHead.sha })
      expect(told(yield* RecordedCommitStatuses.takeSent)).toStrictEqual([
        [
          "c1",
          "failure",
          "Not up to standards: new security issues over 0, new clones over 0, complexity added over 1, coverage variation under 0, diff coverage under 70 % (1 new issues, 0 fixed)",
          "Tidemark / pull request"
        ],
        ["c1", "failure", "Not up to standards: new issues over 0 (1 new issues, 0 fixed)", "Tidemark"]
      ])
    })))

  it.effect("without the dashboard's address, a verdict carries no link", () =>
    withVerdicts(Effect.gen(function*() {
      const app = yield* Stored.addedRecord("app")
      const commit = { kind: "commit", sha: mainHead.sha } as const
      yield* Effect.flatMap(ChangeVerdicts.ChangeVerdicts, (verdicts) =>
        Effect.flatMap(Stored.saveChange(app.id, commit, mainHead.sha), (change) => verdicts.publishChange(app, change, commit)))
      expect((yield* RecordedCommitStatuses.takeSent).map(({ verdict }) => verdict)).toStrictEqual([
        CommitStatuses.CommitVerdict.make({ state: "success", description: "Up to standards: 0 new issues, 0 fixed", context: "Tidemark" })
      ])
    }), { links: false }))
})

describe("ChangeVerdicts: stored verdicts told again", () => {
  it.effect("a pull request's stored change is told only while it is of the pull request's head; pending while it is analysed", () =>
    withVerdicts(Effect.gen(function*() {
      const app = yield* Stored.addedRecord("app")
      const verdicts = yield* ChangeVerdicts.ChangeVerdicts
      const analysed = yield* openPullRequest(3, "feature/login")
      yield* Stored.saveChange(app.id, { kind: "pullRequest", number: 3 }, featureHead.sha, twoErrors)
      // Pushed to since its analysis: the stored change is of an older head.
      const pushed = yield* openPullRequest(4, "develop")
      yield* Stored.saveChange(app.id, { kind: "pullRequest", number: 4 }, Stored.sha("0ld"))
      const never = yield* openPullRequest(5, "main")
      yield* Effect.forEach([analysed, pushed, never], (pullRequest) => verdicts.publishPullRequest(app, pullRequest), { discard: true })
      yield* verdicts.publishPending(app, developHead.sha, 4)
      expect(told(yield* RecordedCommitStatuses.takeSent)).toStrictEqual([
        ["c1", "failure", "Not up to standards: new issues over 0 (2 new issues, 0 fixed)", "Tidemark / pull request"],
        ["b1", "pending", "Analysing", "Tidemark / pull request"]
      ])
      yield* verdicts.publishCommit(app, mainHead.sha)
      yield* Stored.saveChange(app.id, { kind: "commit", sha: mainHead.sha }, mainHead.sha, { fixedIssues: 1 })
      yield* verdicts.publishCommit(app, mainHead.sha)
      expect(told(yield* RecordedCommitStatuses.takeSent)).toStrictEqual([["a1", "success", "Up to standards: 0 new issues, 1 fixed", "Tidemark"]])
    })))

  it.effect("a changed pull-request gate judges the open pull requests again; the commits gate, each branch's latest analysed commit once", () =>
    withVerdicts(Effect.gen(function*() {
      const app = yield* Stored.addedRecord("app")
      const verdicts = yield* ChangeVerdicts.ChangeVerdicts
      yield* openPullRequest(3, "feature/login")
      yield* openPullRequest(5, "develop", "closed")
      yield* Stored.saveChange(app.id, { kind: "pullRequest", number: 3 }, featureHead.sha, twoErrors)
      yield* Stored.saveChange(app.id, { kind: "pullRequest", number: 5 }, developHead.sha, twoErrors)
      yield* Effect.flatMap(QualityGateStore.QualityGateStore, (gates) =>
        gates.save(app.id, "pullRequests", new QualityGate.QualityGate({ issueThreshold: new QualityGate.IssueThreshold({ threshold: 2 }) })))
      yield* verdicts.gateChanged(app, "pullRequests")
      expect(told(yield* RecordedCommitStatuses.takeSent)).toStrictEqual([["c1", "success", "Up to standards: 2 new issues, 0 fixed", "Tidemark / pull request"]])
      // main's and develop's latest analyses are both of main's head; main analysed a0 before it;
      // feature/login's latest is its head, whose change met a problem.
      const head = yield* Stored.storedCommit(app.id, mainHead.sha)
      yield* Stored.saveAnalysis(app.id, "main", Stored.commitNamed("a0", 1), 10, { measures: Stored.measuresWith(0) })
      yield* Stored.saveAnalysis(app.id, "main", head, 20, { measures: Stored.measuresWith(2) })
      yield* Stored.saveAnalysis(app.id, "develop", head, 30, { measures: Stored.measuresWith(2) })
      yield* Stored.saveAnalysis(app.id, "feature/login", yield* Stored.storedCommit(app.id, featureHead.sha), 40, { problems: [Stored.checkoutFailed] })
      yield* Stored.saveChange(app.id, { kind: "commit", sha: Stored.sha("a0") }, Stored.sha("a0"), twoErrors)
      yield* Stored.saveChange(app.id, { kind: "commit", sha: mainHead.sha }, mainHead.sha, twoErrors)
      yield* Stored.saveChange(app.id, { kind: "commit", sha: featureHead.sha }, featureHead.sha, { problems: [Stored.checkoutFailed] })
      yield* verdicts.gateChanged(app, "commits")
      expect(told(yield* RecordedCommitStatuses.takeSent).sort()).toStrictEqual([
        ["a1", "failure", "Not up to standards: new issues over 0 (2 new issues, 0 fixed)", "Tidemark"],
        ["c1", "error", "Not analysed: the remote hung up", "Tidemark"]
      ])
    })))

  it.effect("coverage arriving for a commit tells its verdict and that of each open pull request it heads", () =>
    withVerdicts(Effect.gen(function*() {
      const app = yield* Stored.addedRecord("app")
      yield* Effect.flatMap(QualityGateStore.QualityGateStore, (gates) =>
        Effect.all([
          gates.save(app.id, "pullRequests", new QualityGate.QualityGate({ diffCoverageThreshold: 50 })),
          gates.save(app.id, "commits", new QualityGate.QualityGate({ coverageThresholdWithDecimals: 0 }))
        ]))
      yield* openPullRequest(3, "feature/login")
      yield* openPullRequest(4, "feature/login", "merged")
      yield* openPullRequest(6, "develop")
      const added = { baseSha: mainHead.sha, files: [Stored.touched("src/a.ts", [2])] }
      yield* Effect.forEach([3, 4, 6], (number) => Stored.saveChange(app.id, { kind: "pullRequest", number }, featureHead.sha, added), { discard: true })
      yield* Stored.saveChange(app.id, { kind: "commit", sha: featureHead.sha }, featureHead.sha, added)
      yield* Stored.saveCoverage(app.id, mainHead.sha, [Stored.linesOf("src/a.ts", [[1, 1], [2, 1]])])
      yield* Stored.saveCoverage(app.id, featureHead.sha, [Stored.linesOf("src/a.ts", [[1, 1], [2, 0]])])
      yield* Effect.flatMap(ChangeVerdicts.ChangeVerdicts, (verdicts) => verdicts.coverageArrived(app, featureHead.sha))
      expect(told(yield* RecordedCommitStatuses.takeSent)).toStrictEqual([
        ["c1", "failure", "Not up to standards: coverage variation under 0 (0 new issues, 0 fixed)", "Tidemark"],
        ["c1", "failure", "Not up to standards: diff coverage under 50 % (0 new issues, 0 fixed)", "Tidemark / pull request"]
      ])
    })))

  it.effect("a storage outage while reading a stored change is logged, not failed: nothing is told", () =>
    withVerdicts(Effect.gen(function*() {
      const app = yield* Stored.addedRecord("app")
      const pullRequest = yield* openPullRequest(3, "feature/login")
      yield* Stored.saveChange(app.id, { kind: "pullRequest", number: 3 }, featureHead.sha)
      yield* Stored.saveChange(app.id, { kind: "commit", sha: featureHead.sha }, featureHead.sha)
      const outage = new Errors.ServiceUnavailable({ reason: "the database is down" })
      const failing = Layer.effect(ChangeStore.ChangeStore, Effect.map(ChangeStore.ChangeStore, (store) => ({ ...store, find: () => Effect.fail(outage) })))
      const warnings: Array<string> = []
      const collected = Logger.add(Logger.make(({ logLevel, message }) => {
        if (logLevel === LogLevel.Warning) warnings.push(String(message))
      }))
      const verdicts = yield* Effect.provide(ChangeVerdicts.ChangeVerdicts, Layer.fresh(ChangeVerdicts.ChangeVerdicts.Default).pipe(Layer.provide(failing)))
      yield* Effect.all([
        verdicts.publishPullRequest(app, pullRequest),
        verdicts.coverageArrived(app, featureHead.sha),
        verdicts.gateChanged(app, "pullRequests")
      ]).pipe(Effect.provide(collected))
      expect(yield* RecordedCommitStatuses.takeSent).toStrictEqual([])
      // Coverage for the pull request's head tells the commit and the pull request: each is logged apart.
      const down = (what: string) => `no commit status for ${what}: ServiceUnavailable: the database is down`
      expect(warnings).toStrictEqual([down("pull request 3"), down(`commit ${featureHead.sha}`), down("pull request 3"), down("pull request 3")])
      // The same calls on the storage that works tell both verdicts.
      yield* Effect.flatMap(ChangeVerdicts.ChangeVerdicts, (working) => working.coverageArrived(app, featureHead.sha))
      expect(told(yield* RecordedCommitStatuses.takeSent).map(([, state, , context]) => [state, context])).toStrictEqual([
        ["success", "Tidemark"],
        ["success", "Tidemark / pull request"]
      ])
    })))
})

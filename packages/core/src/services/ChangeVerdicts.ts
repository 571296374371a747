import { Effect, Option, Predicate } from "effect"
import type { ChangeAnalysis, ChangeSubject } from "../domain/ChangeAnalysis.js"
import { type AnalysisResultReason, bypassedVerdict } from "../domain/GateVerdict.js"
import { bypassOf, type PullRequestBypass } from "../domain/PullRequest.js"
import type { GateKind } from "../domain/QualityGate.js"
import type { PullRequestRecord } from "../domain/PullRequest.js"
import type { RepositoryRecord } from "../domain/Records.js"
import { AnalysisStore } from "../ports/AnalysisStore.js"
import { ChangeStore } from "../ports/ChangeStore.js"
import { CommitStatuses, CommitVerdict } from "../ports/CommitStatuses.js"
import { DashboardLinks } from "../ports/DashboardLinks.js"
import { PullRequestStore } from "../ports/PullRequestStore.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"
import { ChangeCoverageReads } from "./ChangeCoverageReads.js"
import { PullRequestDecorator } from "./PullRequestDecorator.js"
import { withSpans } from "../runtime/Spans.js"

/** The check's name on the host: one per kind, so a commit that heads a pull request shows both. */
const contexts: Record<GateKind, string> = { pullRequests: "Tidemark / pull request", commits: "Tidemark" }

/** The gate that judges a subject. */
const kindOf = (subject: ChangeSubject): GateKind => subject.kind === "pullRequest" ? "pullRequests" : "commits"

const describeReason = (reason: AnalysisResultReason) => {
  const threshold = reason.expectedThreshold.threshold
  switch (reason.gate) {
    case "issueThreshold":
      return `new issues over ${threshold}`
    case "securityIssueThreshold":
      return `new security issues over ${threshold}`
    case "securityFindingThreshold":
      return `new security findings over ${threshold}`
    case "duplicationThreshold":
      return `new clones over ${threshold}`
    case "complexityThreshold":
      return `complexity added over ${threshold}`
    case "coverageThresholdWithDecimals":
      return `coverage variation under ${threshold}`
    case "diffCoverageThreshold":
      return `diff coverage under ${threshold} %`
    default:
      return reason.gate
  }
}

/**
 * Tells git hosts the verdicts of the gates on commits and pull requests (CommitStatuses), when an
 * analysis ends, coverage arrives for a head, or a gate changes. The verdict is read from storage
 * as the API shows it; sending it never fails the caller (a storage outage is logged: the verdict
 * stays readable in Tidemark).
 */
const make = Effect.gen(function*() {
  const statuses = yield* CommitStatuses
  const changes = yield* ChangeStore
  const pullRequests = yield* PullRequestStore
  const analyses = yield* AnalysisStore
  const repositories = yield* RepositoryStore
  const coverage = yield* ChangeCoverageReads
  const links = yield* DashboardLinks
  const decorator = yield* PullRequestDecorator

  /** The check's name and its link, for a commit or a pull request. */
  const checkOf = (repository: RepositoryRecord, subject: ChangeSubject) => {
    const targetUrl = links.of(repository, subject)
    return { context: contexts[kindOf(subject)], ...(targetUrl === undefined ? {} : { targetUrl }) }
  }

  /** The bypass of a pull request's gate given for the change's head, if any. */
  const bypassFor = (repository: RepositoryRecord, change: ChangeAnalysis, subject: ChangeSubject) =>
    subject.kind === "pullRequest"
      ? Effect.map(pullRequests.find(repository.id, subject.number), (found) =>
        Option.isSome(found) ? bypassOf(found.value, change.headSha) : undefined)
      : Effect.succeed(undefined)

  const bypassedBy = (bypass: PullRequestBypass) => `Bypassed by ${bypass.by.name}`

  const verdictOf = (repository: RepositoryRecord, change: ChangeAnalysis, subject: ChangeSubject) =>
    Effect.gen(function*() {
      const check = checkOf(repository, subject)
      const bypass = yield* bypassFor(repository, change, subject)
      const problem = change.problems[0]
      if (problem !== undefined) {
        return bypass === undefined
          ? CommitVerdict.make({ state: "error", description: `Not analysed: ${problem.message}`, ...check })
          : CommitVerdict.make({ state: "success", description: `${bypassedBy(bypass)} (not analysed: ${problem.message})`, ...check })
      }
      const judged = (yield* coverage.verdictOf(change, kindOf(subject))).verdict
      const verdict = bypass === undefined ? judged : bypassedVerdict(judged)
      const counts = `${change.newIssues} new issues, ${change.fixedIssues} fixed`
      const upToStandards = bypass === undefined ? "Up to standards" : bypassedBy(bypass)
      if (verdict.isUpToStandards) return CommitVerdict.make({ state: "success", description: `${upToStandards}: ${counts}`, ...check })
      // The reasons of the sections that failed: a bypassed gate's quality section passes whatever its reasons say.
      const failed = [verdict.quality, ...(verdict.coverage === undefined ? [] : [verdict.coverage])]
        .flatMap((section) => (section.isUpToStandards ? [] : section.resultReasons))
        .filter((r) => !r.isUpToStandards)
      return CommitVerdict.make({ state: "failure", description: `Not up to standards: ${failed.map(describeReason).join(", ")} (${counts})`, ...check })
    })

  const logged = <E>(what: string) => (effect: Effect.Effect<void, E>) =>
    Effect.catchAll(effect, (e) => Effect.logWarning(`no commit status for ${what}: ${String(e)}`))

  /** The verdict as a status of the head and, for a pull request whose repository opted in, in the pull request itself. */
  const send = (repository: RepositoryRecord, change: ChangeAnalysis, subject: ChangeSubject) =>
    Effect.flatMap(verdictOf(repository, change, subject), (verdict) =>
      Effect.zipRight(
        statuses.publish(repository, change.headSha, verdict),
        subject.kind === "pullRequest" ? decorator.decorate(repository, subject.number, change, verdict) : Effect.void
      ))

  /** A change just recorded: its verdict on its head. */
  const publishChange = (repository: RepositoryRecord, change: ChangeAnalysis, subject: ChangeSubject) =>
    send(repository, change, subject).pipe(logged(`${change.headSha}`))

  /** The subject's stored change, judged again, when it is still of `headSha` (a later push may have moved the head). */
  const publishStored = (repository: RepositoryRecord, subject: ChangeSubject, headSha: string) =>
    Effect.flatMap(changes.find({ repositoryId: repository.id, subject }), (change) =>
      Option.isSome(change) && change.value.headSha === headSha ? send(repository, change.value, subject) : Effect.void)

  /** The pull request's verdict on its head, once its head is analysed. */
  const publishPullRequest = (repository: RepositoryRecord, pullRequest: PullRequestRecord) =>
    publishStored(repository, { kind: "pullRequest", number: pullRequest.number }, pullRequest.headSha).pipe(
      logged(`pull request ${pullRequest.number}`)
    )

  const publishCommit = (repository: RepositoryRecord, sha: string) =>
    publishStored(repository, { kind: "commit", sha }, sha).pipe(logged(`commit ${sha}`))

  /** A pull request waiting for its analysis: the host shows it pending until the verdict replaces it. */
  const publishPending = (repository: RepositoryRecord, sha: string, pullRequest: number) =>
    statuses.publish(
      repository,
      sha,
      CommitVerdict.make({ state: "pending", description: "Analysing", ...checkOf(repository, { kind: "pullRequest", number: pullRequest }) })
    )

  const openPullRequests = (repository: RepositoryRecord) =>
    Effect.map(pullRequests.list({ repositoryIds: [repository.id], states: ["open"], limit: 1_000 }), (page) => page.items)

  /**
   * The commits each branch's latest analysis is of: the heads whose verdict the host shows beside
   * the branch. A commit that heads several branches is told once.
   */
  const analysedHeads = (repository: RepositoryRecord) =>
    Effect.gen(function*() {
      const branches = yield* repositories.listBranches(repository.id)
      const latest = yield* Effect.forEach(branches, (branch) => analyses.latest([{ repositoryId: repository.id, branch: branch.name }]))
      return [...new Set(latest.map((found) => found.get(repository.id)?.commit.sha).filter(Predicate.isNotUndefined))]
    })

  const judgeOpenPullRequests = (repository: RepositoryRecord) =>
    Effect.flatMap(openPullRequests(repository), (open) =>
      Effect.forEach(open, (pullRequest) => publishPullRequest(repository, pullRequest), { discard: true }))

  const judgeHeads = (repository: RepositoryRecord) =>
    Effect.flatMap(analysedHeads(repository), (heads) => Effect.forEach(heads, (sha) => publishCommit(repository, sha), { discard: true }))

  /**
   * A gate changed: what it judges is judged again, not analysed again (the verdict is computed from
   * the stored change and the gate as it is now). A pull-request gate judges the open pull requests;
   * the commits gate, the head of each branch (an older commit's status is history on the host).
   */
  const gateChanged = (repository: RepositoryRecord, kind: GateKind) =>
    (kind === "pullRequests" ? judgeOpenPullRequests(repository) : judgeHeads(repository)).pipe(
      logged(`the ${kind} gate of ${repository.name}`)
    )

  /** Coverage arrived for a commit: its verdict, and that of every open pull request it heads, may change. */
  const coverageArrived = (repository: RepositoryRecord, sha: string) =>
    Effect.gen(function*() {
      yield* publishCommit(repository, sha)
      const headed = (yield* openPullRequests(repository)).filter((pullRequest) => pullRequest.headSha === sha)
      yield* Effect.forEach(headed, (pullRequest) => publishPullRequest(repository, pullRequest), { discard: true })
    }).pipe(logged(`commit ${sha}`))

  return withSpans("ChangeVerdicts", { publishChange, publishPullRequest, publishCommit, publishPending, gateChanged, coverageArrived })
})

export class ChangeVerdicts extends Effect.Service<ChangeVerdicts>()("@tidemark/core/ChangeVerdicts", {
  effect: make,
  dependencies: [ChangeCoverageReads.Default, PullRequestDecorator.Default]
}) {}

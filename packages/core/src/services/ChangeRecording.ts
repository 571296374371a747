import { Effect, Either, Option } from "effect"
import { AnalysisResults, IssueResult } from "../domain/AnalysisResults.js"
import { ChangeAnalysis, type ChangeKey, DeltaIssue } from "../domain/ChangeAnalysis.js"
import { type ChangeDelta, changeBetween, noChange } from "../domain/ChangeDelta.js"
import type { AnalysisJob, CommitAnalysis } from "../domain/CommitAnalysis.js"
import * as LineMapping from "../domain/LineMapping.js"
import type { RepositoryRecord } from "../domain/Records.js"
import { Problem } from "../domain/Repository.js"
import type { ServiceUnavailable } from "../domain/Errors.js"
import type { SecurityFinding } from "../domain/SecurityItems.js"
import { hasIgnores, isIgnored } from "../domain/Triage.js"
import { trusted } from "../domain/Trusted.js"
import { AnalysisResultStore } from "../ports/AnalysisResultStore.js"
import { ChangeStore } from "../ports/ChangeStore.js"
import { GitChanges } from "../ports/GitChanges.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"
import { ChangeVerdicts } from "./ChangeVerdicts.js"
import { Ignores } from "./Ignores.js"
import { IssueAuthors } from "./IssueAuthors.js"
import { type ScannedTree, SecurityScans } from "./SecurityScans.js"
import { TreeAnalyses, type TreeAnalysis } from "./TreeAnalyses.js"
import { nowIso } from "../domain/Now.js"
import { withSpans } from "../runtime/Spans.js"

const problem = (code: string, message: string) => new Problem({ code, severity: "all_analysis", message, actions: [] })

const make = Effect.gen(function*() {
  const changes = yield* ChangeStore
  const resultStore = yield* AnalysisResultStore
  const repositories = yield* RepositoryStore
  const git = yield* GitChanges
  const verdicts = yield* ChangeVerdicts
  const trees = yield* TreeAnalyses
  const issueAuthors = yield* IssueAuthors
  const ignores = yield* Ignores
  const security = yield* SecurityScans

  /** A tree analysed again for what its stored rows lack: its packages and secrets. */
  const scannedAgain = (repository: RepositoryRecord, sha: string) =>
    Effect.map(trees.tree(repository, sha), (tree) => Option.fromNullable(Either.isRight(tree.results) ? tree.scanned : undefined))

  /** What the change brought in of security findings, from its added issues and both sides' scans. */
  const securityOf = (delta: ChangeDelta, head: ScannedTree, base: Effect.Effect<Option.Option<ScannedTree>, ServiceUnavailable>) =>
    security.changeFindings(delta.issues.filter((d) => d.deltaType === "Added").map((d) => d.issue), head, base)

  /** What git says the change touched; without it (git failed) only issues and clones list files. */
  const touched = (gitUrl: string, base: string, head: string) =>
    git.changedFiles(gitUrl, base, head).pipe(
      Effect.catchAll((e) => Effect.as(Effect.logWarning(`files changed from ${base} to ${head} unknown: ${e.message}`), []))
    )

  /**
   * Where the base's lines are in the head, from git's diff of the change (one diff per change,
   * as `touched`); none when git cannot tell it or its text cannot be read: issues are then
   * matched by their ids, and of two equal lines the wrong one can show as fixed.
   */
  const lineMapping = (gitUrl: string, base: string, head: string) =>
    git.diff(gitUrl, base, head).pipe(
      Effect.mapError((e) => e.message),
      Effect.flatMap((text) => Either.match(LineMapping.parse(text), { onLeft: Effect.fail, onRight: Effect.succeedSome })),
      Effect.catchAll((why) =>
        Effect.as(Effect.logWarning(`lines moved from ${base} to ${head} unknown, issues matched by id: ${why}`), Option.none<LineMapping.LineMapping>())
      )
    )

  /**
   * Both sides' rows without the issues the repository ignored (by identity or by file): an ignored
   * issue is neither added nor fixed, so the gates never count it.
   */
  const withoutIgnored = (repository: RepositoryRecord, sides: readonly [AnalysisResults, AnalysisResults]) =>
    Effect.map(ignores.ignoresOf(repository.id), (set) => {
      if (!hasIgnores(set)) return sides
      const ignored = isIgnored(set)
      const kept = (results: AnalysisResults) =>
        trusted(AnalysisResults, { ...results, issues: results.issues.filter((issue) => !ignored(issue)) })
      return [kept(sides[0]), kept(sides[1])] as const
    })

  /** The change from `base` to `head`: their rows compared through git's view of the change. */
  const changeOf = (repository: RepositoryRecord, baseSha: string, headSha: string, rows: readonly [AnalysisResults, AnalysisResults]) =>
    Effect.gen(function*() {
      const files = yield* touched(repository.gitUrl, baseSha, headSha)
      const [base, head] = yield* withoutIgnored(repository, rows)
      return changeBetween(base, head, files, yield* lineMapping(repository.gitUrl, baseSha, headSha))
    })

  const save = (key: ChangeKey, fields: {
    readonly headSha: string
    readonly baseSha?: string | undefined
    readonly startedAnalysis: string
    readonly delta: ChangeDelta
    readonly newSecurityFindings?: ReadonlyArray<SecurityFinding> | undefined
    readonly problems: ReadonlyArray<Problem>
  }) =>
    Effect.gen(function*() {
      const { delta } = fields
      const change = ChangeAnalysis.make({
        repositoryId: key.repositoryId,
        headSha: fields.headSha,
        ...(fields.baseSha === undefined ? {} : { baseSha: fields.baseSha }),
        startedAnalysis: fields.startedAnalysis,
        endedAnalysis: yield* nowIso,
        newIssues: delta.newIssues,
        fixedIssues: delta.fixedIssues,
        deltaComplexity: delta.deltaComplexity,
        deltaClonesCount: delta.deltaClonesCount,
        newIssueKinds: delta.newIssueKinds,
        files: delta.files,
        clones: delta.clones,
        ...(fields.newSecurityFindings === undefined ? {} : { newSecurityFindings: fields.newSecurityFindings }),
        problems: fields.problems
      })
      yield* changes.save(key, change, delta.issues)
      return change
    })

  /**
   * A branch's new analysis against the analysis the branch had before (`previous`), whose rows
   * are still stored: pruning runs after this. A commit analysed again keeps what it changed, and
   * so does a new branch's first commit when another branch analysed it: with nothing before it
   * on the new branch it would look unchanged, and its verdict on the host would turn with it.
   */
  const recordCommit = (
    repository: RepositoryRecord,
    analysis: CommitAnalysis,
    results: AnalysisResults,
    previous: CommitAnalysis | undefined,
    scanned: ScannedTree = {}
  ) =>
    Effect.gen(function*() {
      const sha = analysis.commit.sha
      const key: ChangeKey = { repositoryId: repository.id, subject: { kind: "commit", sha } }
      const comparable = previous !== undefined && previous.commit.sha !== sha
      if (!comparable && Option.isSome(yield* changes.find(key))) return
      // A failed analysis has no rows: compared with it, every issue would look new.
      const base = !comparable || previous.measures === undefined
        ? Option.none()
        : yield* resultStore.load({ repositoryId: repository.id, branch: previous.branch, commitSha: previous.commit.sha })
      const measured = analysis.measures !== undefined
      const delta = !measured || Option.isNone(base)
        ? noChange
        : yield* changeOf(repository, previous?.commit.sha ?? sha, sha, [base.value, results])
      const compared = measured && Option.isSome(base) && previous !== undefined
      const change = yield* save(key, {
        headSha: sha,
        baseSha: Option.isSome(base) ? previous?.commit.sha : undefined,
        startedAnalysis: analysis.startedAnalysis,
        delta,
        ...(compared ? { newSecurityFindings: yield* securityOf(delta, scanned, scannedAgain(repository, previous.commit.sha)) } : {}),
        problems: measured ? [] : analysis.problems
      })
      yield* verdicts.publishChange(repository, change, key.subject)
    })

  /** Who last changed each added issue's line: blamed for those alone, not for the whole head. */
  const withAddedAuthors = (gitUrl: string, headSha: string, delta: ChangeDelta) =>
    Effect.gen(function*() {
      const added = delta.issues.filter((d) => d.deltaType === "Added").map((d) => d.issue)
      const authored = yield* issueAuthors.withAuthors(gitUrl, headSha, added)
      const authors = new Map(added.map((issue, i) => [issue.issueId, authored[i]?.authorEmail]))
      const issues = delta.issues.map((d) => {
        const authorEmail = d.deltaType === "Added" ? authors.get(d.issue.issueId) : undefined
        return authorEmail === undefined
          ? d
          : DeltaIssue.make({ deltaType: d.deltaType, issue: trusted(IssueResult, { ...d.issue, authorEmail }) })
      })
      return { ...delta, issues }
    })

  /**
   * A pull request's head against the common ancestor with its target branch. The ancestor's rows
   * are the target's own analysis when it analysed that commit; else the ancestor is analysed
   * too (its files come from the analysis cache, so only what differs costs). A job whose head is
   * no longer the origin branch's is skipped: the push that moved it queued another.
   */
  const recordPullRequest = (repository: RepositoryRecord, job: AnalysisJob & { readonly pullRequest: number }) =>
    Effect.gen(function*() {
      const key: ChangeKey = { repositoryId: repository.id, subject: { kind: "pullRequest", number: job.pullRequest } }
      const branches = yield* repositories.listBranches(repository.id)
      const origin = branches.find((b) => b.name === job.branch)
      if (origin !== undefined && origin.lastCommitSha !== job.commitSha) return
      const startedAnalysis = yield* nowIso
      yield* verdicts.publishPending(repository, job.commitSha, job.pullRequest)
      const judged = (change: ChangeAnalysis) => verdicts.publishChange(repository, change, key.subject)
      const failed = (problems: ReadonlyArray<Problem>, baseSha?: string) =>
        Effect.flatMap(save(key, { headSha: job.commitSha, baseSha, startedAnalysis, delta: noChange, problems }), judged)
      const target = branches.find((b) => b.name === job.targetBranch)
      if (origin === undefined) return yield* failed([problem("branch_not_found", `The origin branch ${job.branch} does not exist`)])
      if (target === undefined) {
        return yield* failed([problem("branch_not_found", `The target branch ${job.targetBranch ?? ""} does not exist`)])
      }
      const ancestor = yield* Effect.either(git.mergeBase(repository.gitUrl, job.commitSha, target.lastCommitSha))
      if (Either.isLeft(ancestor) || Option.isNone(ancestor.right)) {
        const why = Either.isLeft(ancestor) ? ancestor.left.message : `${job.branch} and ${target.name} share no history`
        return yield* failed([problem("no_common_ancestor", why)])
      }
      const baseSha = ancestor.right.value
      const head = yield* trees.tree(repository, job.commitSha)
      if (Either.isLeft(head.results)) return yield* failed(head.results.left, baseSha)
      const stored = yield* resultStore.load({ repositoryId: repository.id, branch: target.name, commitSha: baseSha })
      // The target's stored rows lack the base's packages and secrets: read again only when the head has any.
      const baseTree: TreeAnalysis = Option.isSome(stored)
        ? { results: Either.right(stored.value), startedAnalysis }
        : yield* trees.tree(repository, baseSha)
      const base = baseTree.results
      if (Either.isLeft(base)) return yield* failed(base.left, baseSha)
      const delta = yield* changeOf(repository, baseSha, job.commitSha, [base.right, head.results.right])
      const baseScanned = baseTree.scanned === undefined ? scannedAgain(repository, baseSha) : Effect.succeedSome(baseTree.scanned)
      yield* judged(yield* save(key, {
        headSha: job.commitSha,
        baseSha,
        startedAnalysis,
        delta: yield* withAddedAuthors(repository.gitUrl, job.commitSha, delta),
        newSecurityFindings: yield* securityOf(delta, head.scanned ?? {}, baseScanned),
        problems: []
      }))
    })

  return withSpans("ChangeRecording", { recordCommit, recordPullRequest })
})

/**
 * Records what commits and pull requests change (ChangeStore): a branch's analysis against the one
 * the branch had before it, and a pull request's head against the common ancestor with its target.
 */
export class ChangeRecording extends Effect.Service<ChangeRecording>()("@tidemark/core/ChangeRecording", {
  effect: make,
  dependencies: [ChangeVerdicts.Default, TreeAnalyses.Default, IssueAuthors.Default, Ignores.Default, SecurityScans.Default]
}) {}

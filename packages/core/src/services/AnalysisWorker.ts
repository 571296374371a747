import { Cause, Duration, Effect, Either, Option, RcMap, Schema } from "effect"
import { AnalysisResults, emptyResults } from "../domain/AnalysisResults.js"
import { type AnalysisJob, AnalysisJobJson, CommitAnalysis } from "../domain/CommitAnalysis.js"
import { CommitCoverage } from "../domain/CommitCoverage.js"
import { nowIso } from "../domain/Now.js"
import type { CommitRecord, RepositoryRecord } from "../domain/Records.js"
import { AnalysisQueue } from "../ports/AnalysisQueue.js"
import { AnalysisResultStore, type ResultsKey } from "../ports/AnalysisResultStore.js"
import { AnalysisStore } from "../ports/AnalysisStore.js"
import { CoverageScope } from "../ports/CoverageScope.js"
import type { Delivery } from "../ports/EventQueue.js"
import { LineCoverageStore } from "../ports/LineCoverageStore.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"
import { defaultMaxDeliveries, defectMessage, isExhausted, retryOrDeadLetter, runForever, settle } from "../runtime/QueueConsumer.js"
import { withSpans } from "../runtime/Spans.js"
import { ChangeRecording } from "./ChangeRecording.js"
import { IssueAuthors } from "./IssueAuthors.js"
import { SecurityScans } from "./SecurityScans.js"
import { issueIdentity, stoppedDeliveries, TreeAnalyses } from "./TreeAnalyses.js"

export interface AnalysisWorkerOptions {
  /**
   * Deliveries of one job before the worker gives up on it (default 3): a job whose result could
   * not be stored that often goes to the dead letters; one handed out more often without being
   * settled (it stopped or froze the analyser each time) is recorded as a failed analysis.
   */
  readonly maxDeliveries?: number
  /** How long a pull waits for a job. */
  readonly pollWait?: Duration.DurationInput
  /**
   * How many jobs `run` processes at once (default 1): each is pulled and processed on its own, so
   * that a long analysis does not hold the others back. Two jobs of one repository still run one
   * after the other: each prunes the rows the other has not yet shown.
   */
  readonly concurrency?: number
}

const decodeJob = Schema.decodeEither(AnalysisJobJson)

const make = (options: AnalysisWorkerOptions) =>
  Effect.gen(function*() {
    const queue = yield* AnalysisQueue
    const store = yield* AnalysisStore
    const resultStore = yield* AnalysisResultStore
    const lineCoverage = yield* LineCoverageStore
    const repositories = yield* RepositoryStore
    const coverageScope = yield* CoverageScope
    const trees = yield* TreeAnalyses
    const authors = yield* IssueAuthors
    const changeRecording = yield* ChangeRecording
    const security = yield* SecurityScans
    const maxDeliveries = options.maxDeliveries ?? defaultMaxDeliveries
    const concurrency = Math.max(1, options.concurrency ?? 1)
    // A lock per repository with a job running, gone once none runs.
    const repositoryLocks = yield* RcMap.make({ lookup: (_repository: string) => Effect.makeSemaphore(1) })
    const oneAtATime = (job: AnalysisJob) => <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      Effect.scoped(Effect.flatMap(RcMap.get(repositoryLocks, `${job.organizationId}/${job.repositoryName}`), (lock) => lock.withPermits(1)(effect)))
    const pollWait = options.pollWait ?? Duration.seconds(1)

    const analyse = (repository: RepositoryRecord, job: AnalysisJob, commit: CommitRecord) =>
      Effect.gen(function*() {
        const { outcome, problems, startedAnalysis } = yield* trees.analyse(repository, job.commitSha)
        // Part of the analysis and its time: on a long history, blaming the files with issues adds a
        // quarter to a half of the analysis again (docs/benchmarks.md).
        const findings = Either.isRight(outcome)
          ? yield* authors.withAuthors(repository.gitUrl, job.commitSha, outcome.right.findings)
          : []
        const endedAnalysis = yield* nowIso
        const analysis = new CommitAnalysis({
          repositoryId: repository.id,
          branch: job.branch,
          commit,
          startedAnalysis,
          endedAnalysis,
          ...(Either.isRight(outcome) ? { measures: outcome.right.measures } : {}),
          problems,
          ...(Either.isRight(outcome) && outcome.right.configurationFile !== undefined
            ? { configurationFile: outcome.right.configurationFile }
            : {})
        })
        // A failed analysis has no rows: it shows why it has no numbers, and lists nothing.
        const results = Either.isLeft(outcome) ? emptyResults : AnalysisResults.make({
          files: outcome.right.files,
          issues: yield* issueIdentity(findings),
          clones: outcome.right.clones
        })
        const dependencies = Either.isRight(outcome) ? outcome.right.dependencies : undefined
        const secrets = Either.isRight(outcome) ? outcome.right.secrets : undefined
        return { analysis, results, succeeded: Either.isRight(outcome), dependencies, secrets }
      })

    /**
     * Keeps the rows of the latest analysis of each branch of the repository (the ones shown), and
     * forgets the older ones, so that storage does not grow with every push.
     */
    const prune = (repositoryId: number) =>
      Effect.gen(function*() {
        const branches = yield* repositories.listBranches(repositoryId)
        const latest = yield* Effect.forEach(branches, (branch) => store.latest([{ repositoryId, branch: branch.name }]))
        const keep = latest.flatMap((found): Array<ResultsKey> => {
          const analysis = found.get(repositoryId)
          return analysis === undefined ? [] : [{ repositoryId, branch: analysis.branch, commitSha: analysis.commit.sha }]
        })
        yield* resultStore.prune(repositoryId, keep)
      })

    /**
     * A report uploaded before its commit was analysed counted every file it named but the default
     * ignored paths: the analysed configuration file now says which of them it leaves out.
     */
    const scopeCoverage = (analysis: CommitAnalysis) =>
      Effect.gen(function*() {
        if (analysis.measures === undefined || analysis.configurationFile === undefined) return
        const commit = { repositoryId: analysis.repositoryId, commitSha: analysis.commit.sha }
        const coverage = (yield* store.coverage([commit])).get(analysis.repositoryId)
        if (coverage === undefined) return
        const isExcluded = coverageScope.excluded(analysis.configurationFile)
        const excluded = coverage.files.filter((file) => isExcluded(file.path))
        if (excluded.length === 0) return
        yield* lineCoverage.removeCoverage(
          new CommitCoverage({ ...coverage, files: coverage.files.filter((file) => !isExcluded(file.path)) }),
          excluded.map((file) => file.path)
        )
      })

    /** A job handed out too often is processed without analysing: its analysis records why. */
    const process = (delivery: Delivery) =>
      isExhausted(delivery, maxDeliveries)
        ? Effect.zipRight(
          Effect.logError(`analysis job ${delivery.id} stopped the analyser ${delivery.attempt - 1} times: recorded as failed`),
          Effect.locally(processJob(delivery), stoppedDeliveries, delivery.attempt - 1)
        )
        : processJob(delivery)

    const processJob = (delivery: Delivery) =>
      Effect.gen(function*() {
        const decoded = decodeJob(delivery.payload)
        if (Either.isLeft(decoded)) return yield* settle(delivery.deadLetter(`undecodable analysis job: ${decoded.left.message}`))
        return yield* oneAtATime(decoded.right)(processDecoded(delivery, decoded.right))
      }).pipe(
        Effect.catchTag("ServiceUnavailable", (e) => retryOrDeadLetter(delivery, maxDeliveries, "storing the analysis", e.message)),
        // The last fence: whatever else broke, this job goes aside and the worker takes the next.
        Effect.catchAllDefect((defect) =>
          Effect.zipRight(
            Effect.logError(`analysis job ${delivery.id} failed unexpectedly; it goes to the dead letters`, Cause.die(defect)),
            settle(delivery.deadLetter(`the worker failed on this job: ${defectMessage(defect)}`))
          )
        )
      )

    const processDecoded = (delivery: Delivery, job: AnalysisJob) =>
      Effect.gen(function*() {
        const found = yield* repositories.findRepository(job.organizationId, job.repositoryName)
        // Not followed (when queued or since): its analysis is paused, whoever asked for it.
        const repository = Option.filter(found, (record) => record.following)
        const pullRequest = job.pullRequest
        if (Option.isSome(repository) && pullRequest !== undefined) {
          yield* changeRecording.recordPullRequest(repository.value, { ...job, pullRequest })
          return yield* settle(delivery.ack)
        }
        const commit = Option.isNone(repository)
          ? Option.none()
          : yield* repositories.findCommit(repository.value.id, job.commitSha)
        // The repository was removed or unfollowed, or refreshed without that commit, since the job was queued.
        if (Option.isNone(repository) || Option.isNone(commit)) return yield* settle(delivery.ack)
        // Its branch no longer analysed (disabled since the job was queued): nothing to show it on.
        const branches = yield* repositories.listBranches(repository.value.id)
        if (branches.some((b) => b.name === job.branch && !b.isEnabled)) return yield* settle(delivery.ack)
        const { analysis, dependencies, results, secrets, succeeded } = yield* analyse(repository.value, job, commit.value)
        const previous = (yield* store.latest([{ repositoryId: analysis.repositoryId, branch: analysis.branch }])).get(analysis.repositoryId)
        // The rows first: once the analysis shows, the list behind each of its counts is there.
        yield* resultStore.save({ repositoryId: analysis.repositoryId, branch: analysis.branch, commitSha: analysis.commit.sha }, results)
        yield* changeRecording.recordCommit(repository.value, analysis, results, previous, { dependencies, secrets })
        yield* scopeCoverage(analysis)
        yield* store.save(analysis)
        yield* prune(analysis.repositoryId)
        // The default branch is what ships: its findings are the organization's security items.
        if (succeeded && branches.some((b) => b.name === job.branch && b.isDefault)) {
          yield* security.recordDefaultBranch(repository.value, job.commitSha, results, dependencies, secrets)
        }
        yield* settle(delivery.ack)
      })

    /** Pulls one job and analyses it; answers how many jobs it handled (0 or 1). */
    const processOne = Effect.gen(function*() {
      const deliveries = yield* queue.pull(1, pollWait)
      yield* Effect.forEach(deliveries, process, { discard: true })
      return deliveries.length
    })

    /** Runs until interrupted, `concurrency` pulls at once; a queue outage is logged and waited out. */
    const run = Effect.replicateEffect(runForever("analysis worker", processOne), concurrency, {
      concurrency: "unbounded",
      discard: true
    }).pipe(
      // The loops never end: typed `never`, as one loop is.
      Effect.zipRight(Effect.never)
    )

    // `run` lasts as long as the process: a span of its own would parent every job of its life.
    return { ...withSpans("AnalysisWorker", { processOne }), run }
  })

/**
 * The worker side of analysis: takes a queued job, checks out the commit, measures it with the
 * repository's enabled tools and goals, gives each issue the author of its line (blame), stores
 * the result (or the problem that stopped it) and acknowledges only after the store committed.
 */
export class AnalysisWorker extends Effect.Service<AnalysisWorker>()("@tidemark/core/AnalysisWorker", {
  scoped: (options: AnalysisWorkerOptions = {}) => make(options),
  dependencies: [TreeAnalyses.Default, IssueAuthors.Default, ChangeRecording.Default, SecurityScans.Default]
}) {}

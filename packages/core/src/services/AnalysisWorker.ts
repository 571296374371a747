import { Cause, Context, Duration, Effect, Either, FiberRef, Layer, Option, RcMap, Schema } from "effect"
import { AnalysisResults, emptyResults, issueIdentity } from "../domain/AnalysisResults.js"
import { type AnalysisJob, AnalysisJobJson, CommitAnalysis } from "../domain/CommitAnalysis.js"
import { CommitCoverage } from "../domain/CommitCoverage.js"
import type { CommitRecord, RepositoryRecord } from "../domain/Records.js"
import { Problem } from "../domain/Repository.js"
import { AnalysisQueue } from "../ports/AnalysisQueue.js"
import { AnalysisResultStore, type ResultsKey } from "../ports/AnalysisResultStore.js"
import { LineCoverageStore } from "../ports/LineCoverageStore.js"
import { AnalysisStore } from "../ports/AnalysisStore.js"
import { type AnalyzedTool, Analyzer } from "../ports/Analyzer.js"
import type { Delivery } from "../ports/EventQueue.js"
import { CoverageScope } from "../ports/CoverageScope.js"
import { FileLines } from "../ports/FileLines.js"
import { RepositoryStore } from "../ports/RepositoryStore.js"
import type { StandardStore } from "../ports/StandardStore.js"
import type { ToolCatalogue } from "../ports/ToolCatalogue.js"
import type { ToolConfigStore } from "../ports/ToolConfigStore.js"
import { SourceCheckout } from "../ports/SourceCheckout.js"
import { type AnalyseTree, makeChangeRecording } from "./ChangeRecording.js"
import { ChangeVerdicts } from "./ChangeVerdicts.js"
import { withAuthors } from "./IssueAuthors.js"
import { defaultMaxDeliveries, defectMessage, isExhausted, retryOrDeadLetter, runForever, settle } from "./QueueConsumer.js"
import { redactSecrets } from "./Redaction.js"
import { couldNotClone } from "./Repositories.js"
import { nowIso } from "./Now.js"
import { loadPatterns, loadTools } from "./RepositoryConfiguration.js"

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

const problem = (code: string, severity: string, message: string) => new Problem({ code, severity, message, actions: [] })

/** Set while a job handed out too often is processed: how many deliveries it stopped; none of its trees is analysed. */
const stoppedDeliveries = FiberRef.unsafeMake<number | undefined>(undefined)

const analyserStopped = (times: number) =>
  problem(
    "analysis_stopped",
    "all_analysis",
    `This commit stopped the analyser ${times} times (its process ended or froze before the analysis finished): it is not analysed again`
  )

/**
 * An analyzer's message with the checkout's directory taken out, so that the paths it names read
 * as the repository's own (`src/a.js`) and no problem shows where the server keeps its data.
 */
export const withoutCheckoutRoot = (message: string, root: string): string =>
  message.replaceAll(`${root}/`, "").replaceAll(root, ".")

const configurationFileRefused = problem(
  "configuration_file_not_allowed",
  "some_analysis",
  "The repository asks for its own ESLint configuration file, which its organization's settings do not allow: the enabled patterns were used"
)

/** The enabled tools that run on the server, each with its enabled patterns and their parameters. */
const analyzedTools = (repository: RepositoryRecord) =>
  Effect.gen(function*() {
    const tools = (yield* loadTools(repository)).filter((t) => t.view.settings.isEnabled && !t.definition.isClientSide)
    return yield* Effect.forEach(tools, (tool) =>
      Effect.map(loadPatterns(repository, tool), (patterns): AnalyzedTool => ({
        uuid: tool.definition.uuid,
        name: tool.definition.name,
        usesConfigurationFile: tool.view.settings.usesConfigurationFile,
        patterns: patterns.filter((p) => p.enabled).map((p) => ({
          id: p.pattern.definition.id,
          severityLevel: p.pattern.definition.severityLevel,
          category: p.pattern.definition.category,
          title: p.pattern.definition.title,
          parameters: p.configured.parameters
        })),
        knownPatterns: patterns.map((p) => ({
          id: p.pattern.definition.id,
          category: p.pattern.definition.category,
          title: p.pattern.definition.title
        }))
      })))
  })

const make = (options: AnalysisWorkerOptions) =>
  Effect.gen(function*() {
    const queue = yield* AnalysisQueue
    const store = yield* AnalysisStore
    const resultStore = yield* AnalysisResultStore
    const lineCoverage = yield* LineCoverageStore
    const repositories = yield* RepositoryStore
    const analyzer = yield* Analyzer
    const checkout = yield* SourceCheckout
    const fileLines = yield* FileLines
    const coverageScope = yield* CoverageScope
    const context = yield* Effect.context<ToolCatalogue | ToolConfigStore | StandardStore>()
    const changeRecording = yield* makeChangeRecording((repository, sha) => analyseTree(repository, sha))
    const maxDeliveries = options.maxDeliveries ?? defaultMaxDeliveries
    const concurrency = Math.max(1, options.concurrency ?? 1)
    // A lock per repository with a job running, gone once none runs.
    const repositoryLocks = yield* RcMap.make({ lookup: (_repository: string) => Effect.makeSemaphore(1) })
    const oneAtATime = (job: AnalysisJob) => <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      Effect.scoped(Effect.flatMap(RcMap.get(repositoryLocks, `${job.organizationId}/${job.repositoryName}`), (lock) => lock.withPermits(1)(effect)))
    const pollWait = options.pollWait ?? Duration.seconds(1)

    /** Measures, or the problem that stopped the analysis: a clone that failed, or the analysis itself. */
    const measure = (repository: RepositoryRecord, sha: string, tools: ReadonlyArray<AnalyzedTool>) =>
      Effect.scoped(Effect.gen(function*() {
        const root = yield* checkout.checkout(repository.gitUrl, sha).pipe(
          // What git said goes to the server's log; the problem, which the API shows, says no more
          // than adding the repository does (it could quote whatever answered at that address).
          Effect.tapError((e) => Effect.logWarning(redactSecrets(`the checkout of ${sha} failed: ${e.message}`))),
          Effect.mapError(() => problem("failed_to_clone", "all_analysis", couldNotClone(repository.gitUrl)))
        )
        return yield* analyzer.analyze(root, { goals: repository.goals, tools }).pipe(
          Effect.mapError((e) => problem("analysis_failed", "all_analysis", withoutCheckoutRoot(e.message, root)))
        )
      })).pipe(
        // A defect of the analyser (a throw it did not expect) fails this analysis, not the worker.
        Effect.catchAllDefect((defect) =>
          Effect.zipRight(
            Effect.logError(`analysing ${repository.name} at ${sha} failed unexpectedly`, Cause.die(defect)),
            Effect.fail(problem("analysis_failed", "all_analysis", `The analyser failed unexpectedly: ${defectMessage(defect)}`))
          )
        )
      )

    /**
     * One commit's tree with the repository's enabled tools: the analyser's output (or the problem
     * that stopped it) and the problems to tell although it went on.
     */
    const analyseWithSettings = (repository: RepositoryRecord, sha: string) =>
      Effect.gen(function*() {
        // Reading the settings fails only when storage does: the job is delivered again, no problem recorded.
        const configured = yield* Effect.provide(analyzedTools(repository), context)
        // Checked at every analysis, not only when the option was set: the admin may have withdrawn it.
        const allowed = (yield* repositories.organizationSettings(repository.organizationId)).allowConfigurationFiles
        const refused = !allowed && configured.some((tool) => tool.usesConfigurationFile)
        const tools = refused ? configured.map((tool) => ({ ...tool, usesConfigurationFile: false })) : configured
        const startedAnalysis = yield* nowIso
        const stopped = yield* FiberRef.get(stoppedDeliveries)
        const outcome = stopped === undefined
          ? yield* Effect.either(measure(repository, sha, tools))
          : Either.left(analyserStopped(stopped))
        const noTools = tools.length === 0
          ? [problem("no_enabled_tools", "some_analysis", "No analysis tool is enabled: issues are not measured")]
          : []
        const problems = [
          ...(Either.isLeft(outcome) ? [outcome.left] : [...noTools, ...outcome.right.problems]),
          ...(refused ? [configurationFileRefused] : [])
        ]
        return { outcome, problems, startedAnalysis }
      })

    /** A tree's rows without authors: a pull request's sides, whose added issues alone are blamed. */
    const analyseTree: AnalyseTree = (repository, sha) =>
      Effect.gen(function*() {
        const { outcome, problems, startedAnalysis } = yield* analyseWithSettings(repository, sha)
        if (Either.isLeft(outcome)) return { results: Either.left(problems), startedAnalysis }
        const results = AnalysisResults.make({
          files: outcome.right.files,
          issues: yield* issueIdentity(outcome.right.findings),
          clones: outcome.right.clones
        })
        return { results: Either.right(results), startedAnalysis }
      })

    const analyse = (repository: RepositoryRecord, job: AnalysisJob, commit: CommitRecord) =>
      Effect.gen(function*() {
        const { outcome, problems, startedAnalysis } = yield* analyseWithSettings(repository, job.commitSha)
        // Part of the analysis and its time: on a long history, blaming the files with issues adds a
        // quarter to a half of the analysis again (docs/benchmarks.md).
        const findings = Either.isRight(outcome)
          ? yield* withAuthors(fileLines, repository.gitUrl, job.commitSha, outcome.right.findings)
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
        return { analysis, results }
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
        const repository = yield* repositories.findRepository(job.organizationId, job.repositoryName)
        const pullRequest = job.pullRequest
        if (Option.isSome(repository) && pullRequest !== undefined) {
          yield* changeRecording.recordPullRequest(repository.value, { ...job, pullRequest })
          return yield* settle(delivery.ack)
        }
        const commit = Option.isNone(repository)
          ? Option.none()
          : yield* repositories.findCommit(repository.value.id, job.commitSha)
        // The repository was removed, or refreshed without that commit, since the job was queued.
        if (Option.isNone(repository) || Option.isNone(commit)) return yield* settle(delivery.ack)
        const { analysis, results } = yield* analyse(repository.value, job, commit.value)
        const previous = (yield* store.latest([{ repositoryId: analysis.repositoryId, branch: analysis.branch }])).get(analysis.repositoryId)
        // The rows first: once the analysis shows, the list behind each of its counts is there.
        yield* resultStore.save({ repositoryId: analysis.repositoryId, branch: analysis.branch, commitSha: analysis.commit.sha }, results)
        yield* changeRecording.recordCommit(repository.value, analysis, results, previous)
        yield* scopeCoverage(analysis)
        yield* store.save(analysis)
        yield* prune(analysis.repositoryId)
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

    return { processOne, run } as const
  })

/**
 * The worker side of analysis: takes a queued job, checks out the commit, measures it with the
 * repository's enabled tools and goals, gives each issue the author of its line (blame), stores
 * the result (or the problem that stopped it) and acknowledges only after the store committed.
 */
export class AnalysisWorker extends Context.Tag("@tidemark/core/AnalysisWorker")<
  AnalysisWorker,
  Effect.Effect.Success<ReturnType<typeof make>>
>() {
  // The verdicts it sends are built on the ports alone: a worker-only process has no domain services.
  static readonly layer = (options: AnalysisWorkerOptions = {}) =>
    Layer.scoped(AnalysisWorker, make(options)).pipe(Layer.provide(ChangeVerdicts.layer))
}

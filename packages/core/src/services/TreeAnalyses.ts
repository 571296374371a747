import { Cause, Effect, Either, FiberRef } from "effect"
import { AnalysisResults, type IssueFinding, IssueResult } from "../domain/AnalysisResults.js"
import { nowIso } from "../domain/Now.js"
import type { RepositoryRecord } from "../domain/Records.js"
import { Problem } from "../domain/Repository.js"
import type { ServiceUnavailable } from "../domain/Errors.js"
import { trusted } from "../domain/Trusted.js"
import { type AnalyzedTool, Analyzer } from "../ports/Analyzer.js"
import { Hasher } from "../ports/Hasher.js"
import { OrganizationStore } from "../ports/OrganizationStore.js"
import { RegisteredToolRules } from "../ports/RegisteredToolRules.js"
import { SourceCheckout } from "../ports/SourceCheckout.js"
import { defectMessage } from "../runtime/QueueConsumer.js"
import { redactSecrets } from "../runtime/Redaction.js"
import { withSpans } from "../runtime/Spans.js"
import { couldNotClone } from "./Repositories.js"
import { RepositoryTools } from "./RepositoryTools.js"
import type { ScannedTree } from "./SecurityScans.js"

const problem = (code: string, severity: string, message: string) => new Problem({ code, severity, message, actions: [] })

/** Set while a job handed out too often is processed: how many deliveries it stopped; none of its trees is analysed. */
export const stoppedDeliveries = FiberRef.unsafeMake<number | undefined>(undefined)

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
  "The repository asks for its own ESLint configuration file, which its organization's settings do not allow: a configuration Tidemark reads as data (eslintrc) was followed, the enabled patterns otherwise"
)

/**
 * The identity of each finding: SHA-256 of its tool, pattern, file, the text of its line (trimmed)
 * and its occurrence among findings with the same four, so that moving a line does not make its
 * issue new and two equal lines keep two ids. `issueId` is the first 16 hex digits; `resultDataId`
 * the first 13 as a number (52 bits: a JavaScript client reads it exactly). What a change added or
 * fixed is not told by these ids (`matchIssues` reads git's diff): when the first of two equal
 * lines goes, the second takes the first's id.
 *
 * Hashed through the Hasher port (synchronous `node:crypto` in a Node process: a Web Crypto job per
 * finding took about 10 s of the worker per 100 000 findings), and built with `trusted`: the
 * findings are the analyser's typed values, and validating each one again cost as much as hashing.
 */
export const issueIdentity = (findings: ReadonlyArray<IssueFinding>): Effect.Effect<ReadonlyArray<IssueResult>> =>
  Effect.flatMap(Hasher, (hasher) => {
    const seen = new Map<string, number>()
    return Effect.forEach(findings, (finding) => {
      const key = [finding.toolUuid, finding.patternId, finding.filePath, finding.lineText.trim()].join("\u0000")
      const occurrence = seen.get(key) ?? 0
      seen.set(key, occurrence + 1)
      return Effect.map(hasher.sha256Hex(`${key}\u0000${occurrence}`), (hash) =>
        trusted(IssueResult, { ...finding, issueId: hash.slice(0, 16), resultDataId: Number.parseInt(hash.slice(0, 13), 16) }))
    })
  })

/** A commit's tree analysed with the repository's settings: its rows, or the problems that stopped it. */
export interface TreeAnalysis {
  readonly results: Either.Either<AnalysisResults, ReadonlyArray<Problem>>
  /** The tree's packages and secrets, when it was analysed. */
  readonly scanned?: ScannedTree | undefined
  readonly startedAnalysis: string
}

const make = Effect.gen(function*() {
  const organizations = yield* OrganizationStore
  const analyzer = yield* Analyzer
  const checkout = yield* SourceCheckout
  const repositoryTools = yield* RepositoryTools
  const registeredRules = yield* RegisteredToolRules

  /** The enabled tools that run on the server, each with its enabled patterns and their parameters. */
  const analyzedTools = (repository: RepositoryRecord) =>
    Effect.gen(function*() {
      const tools = (yield* repositoryTools.tools(repository)).filter((t) => t.view.settings.isEnabled && !t.definition.isClientSide)
      return yield* Effect.forEach(tools, (tool) =>
        Effect.map(repositoryTools.patterns(repository, tool), (patterns): AnalyzedTool => ({
          uuid: tool.definition.uuid,
          name: tool.definition.name,
          // A choice is passed as one; without a choice the analyzer follows what it can read as data.
          usesConfigurationFile: tool.configurationFileChosen && tool.view.settings.usesConfigurationFile,
          usesConfigurationFileByDefault: !tool.configurationFileChosen,
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
      const configured = yield* analyzedTools(repository)
      // Checked at every analysis, not only when the option was set: the admin may have withdrawn it.
      const allowed = (yield* organizations.organizationSettings(repository.organizationId)).allowConfigurationFiles
      const refused = !allowed && configured.some((tool) => tool.usesConfigurationFile)
      // Refused, the choice falls back to the default: a configuration read as data runs no code.
      const tools = refused
        ? configured.map((tool) => tool.usesConfigurationFile ? { ...tool, usesConfigurationFile: false, usesConfigurationFileByDefault: true } : tool)
        : configured
      const startedAnalysis = yield* nowIso
      const stopped = yield* FiberRef.get(stoppedDeliveries)
      const outcome = stopped === undefined
        ? yield* Effect.either(measure(repository, sha, tools))
        : Either.left(analyserStopped(stopped))
      // A registered tool's rules become its patterns before its issues are stored (storage failing: the job is delivered again).
      if (Either.isRight(outcome)) {
        yield* Effect.forEach(outcome.right.discoveredRules ?? [], ({ rules, toolUuid }) => registeredRules.record(toolUuid, rules), { discard: true })
      }
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
  const tree = (repository: RepositoryRecord, sha: string): Effect.Effect<TreeAnalysis, ServiceUnavailable> =>
    Effect.gen(function*() {
      const { outcome, problems, startedAnalysis } = yield* analyseWithSettings(repository, sha)
      if (Either.isLeft(outcome)) return { results: Either.left(problems), startedAnalysis }
      const results = AnalysisResults.make({
        files: outcome.right.files,
        issues: yield* issueIdentity(outcome.right.findings),
        clones: outcome.right.clones
      })
      const { dependencies, secrets } = outcome.right
      return { results: Either.right(results), scanned: { dependencies, secrets }, startedAnalysis }
    })

  return withSpans("TreeAnalyses", { analyse: analyseWithSettings, tree })
})

/**
 * A commit's tree checked out and measured with the repository's enabled tools, patterns and goals:
 * the analysis of a branch's head and both sides of a pull request.
 */
export class TreeAnalyses extends Effect.Service<TreeAnalyses>()("@tidemark/core/TreeAnalyses", {
  effect: make,
  dependencies: [RepositoryTools.Default]
}) {}

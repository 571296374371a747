import { Command, Options } from "@effect/cli"
import type { RepositoryWithAnalysis } from "@tidemark/core"
import { Console, Duration, Effect, Option, Schedule, Schema } from "effect"
import { TidemarkClient, connectionOptions, withClient } from "./Client.js"
import { repositoryArg, repositoryLabel, repositoryPath } from "./Coordinates.js"
import { renderTable } from "./Table.js"

const branchOption = Options.text("branch").pipe(
  Options.withPseudoName("BRANCH"),
  Options.withDescription("the branch whose head to analyse (default: the default branch)"),
  Options.optional
)

const noWait = Options.boolean("no-wait").pipe(
  Options.withDescription("queue the analysis and return, without waiting for its result")
)

const timeout = Options.integer("timeout").pipe(
  Options.withPseudoName("SECONDS"),
  Options.withDefault(1_800),
  Options.withDescription("how long to wait for the result (default 1800 s)")
)

const orDash = (value: number | undefined, suffix = "") => value === undefined ? "-" : `${value}${suffix}`

/** The measures as a table, then the problems of the analysis, if any. */
export const analysisReport = (r: RepositoryWithAnalysis.RepositoryWithAnalysis) =>
  [
    renderTable(["measure", "value"], [
      ["grade", r.grade === undefined ? "-" : `${r.grade} (${r.gradeLetter ?? "?"})`],
      ["lines of code", orDash(r.loc)],
      ["issues", r.issuesCount === undefined ? "-" : `${r.issuesCount} (${r.issuesPercentage ?? 0} %)`],
      ["complex files", r.complexFilesCount === undefined ? "-" : `${r.complexFilesCount} (${r.complexFilesPercentage ?? 0} %)`],
      ["duplication", orDash(r.duplicationPercentage, " % of files")],
      ["languages", r.repository.languages.join(", ") || "-"]
    ]),
    ...r.repository.problems.map((problem) => `problem ${problem.code}: ${problem.message}`)
  ].join("\n")

/** The branch's last analysed commit is not the queued one yet. */
export class NotYet extends Schema.TaggedError<NotYet>()("NotYet", { message: Schema.String }) {}

/** The wait ran out; the analysis goes on on the server. */
export class AnalysisTimedOut extends Schema.TaggedError<AnalysisTimedOut>()("AnalysisTimedOut", { message: Schema.String }) {}

/**
 * `tidemark analyze`: queues an analysis (the reanalyze operation) and, unless told not to, follows
 * it until the branch's last analysed commit is the queued one, analysed after the request.
 */
const analyze = Command.make(
  "analyze",
  { repository: repositoryArg, branch: branchOption, noWait, timeout, ...connectionOptions },
  ({ branch, noWait, repository, timeout }) =>
    Effect.gen(function*() {
      const client = yield* TidemarkClient
      const path = repositoryPath(repository)
      const { data: queued } = yield* client.call(client.api.admin.reanalyzeRepository({
        path,
        urlParams: { branch: Option.getOrUndefined(branch) }
      }))
      yield* Console.log(`Queued an analysis of ${repositoryLabel(repository)} ${queued.branch} at ${queued.commitSha.slice(0, 12)}`)
      if (noWait) return

      const started = Date.now()
      const finished = client.call(client.api.repositories.getRepositoryWithAnalysis({
        path,
        urlParams: { branch: queued.branch }
      })).pipe(
        Effect.flatMap(({ data }) => {
          const commit = data.lastAnalysedCommit
          // Started after the request, so it read the settings as they were then: an earlier job of the
          // same commit may still be running (its threads starting, say) and end after the request.
          return commit?.sha === queued.commitSha && commit.endedAnalysis !== undefined &&
              (commit.startedAnalysis ?? "") >= queued.requestedAt
            ? Effect.succeed(data)
            : Effect.fail(new NotYet({ message: "the analysis has not finished" }))
        })
      )
      // A line every few seconds says the wait goes on; the analysis itself reports no steps.
      const progress = Effect.suspend(() =>
        Console.log(`  analysing... ${Math.round((Date.now() - started) / 1000)} s`)
      ).pipe(Effect.delay("5 seconds"), Effect.forever)
      const result = yield* finished.pipe(
        Effect.retry({ while: (e) => e._tag === "NotYet", schedule: Schedule.spaced("500 millis") }),
        Effect.raceFirst(Effect.zipRight(progress, Effect.never)),
        Effect.timeoutFail({
          duration: Duration.seconds(timeout),
          onTimeout: () => new AnalysisTimedOut({ message: `the analysis did not finish within ${timeout} s; it goes on on the server` })
        })
      )
      yield* Console.log(`Analysed ${queued.commitSha.slice(0, 12)} in ${Math.round((Date.now() - started) / 1000)} s`)
      yield* Console.log(analysisReport(result))
    })
).pipe(
  Command.withDescription("Analyse the head of a branch now (the reanalyze operation) and show the result."),
  withClient
)

export { analyze }

import { Command, Options } from "@effect/cli"
import type { ChangeViews, Pagination } from "@tidemark/core"
import { Console, Data, Duration, Effect, Ref, Schedule } from "effect"
import { TidemarkClient, type TidemarkClientService, connectionOptions, withClient } from "./Client.js"
import type { ClientError } from "./ClientError.js"
import { type RepositoryCoordinates, repositoryArg, repositoryLabel, repositoryPath } from "./Coordinates.js"
import { ExitCode } from "./ExitCode.js"
import { gateReport, judgedCommit, judgedPullRequest, type JudgedChange } from "./GateReport.js"

/** The exit codes of `tidemark gate`, which CI scripts read (0, a normal exit: up to standards). */
export const notUpToStandards = 1
export const cannotTell = 2
/** A usage error (no token, a malformed option) must not read as "not up to standards". */
export const gateUsageErrorCode = cannotTell

type Subject =
  | { readonly kind: "pullRequest"; readonly number: number }
  | { readonly kind: "commit"; readonly sha: string }

const subject: Options.Options<Subject> = Options.integer("pr").pipe(
  Options.withPseudoName("N"),
  Options.withDescription("the pull request's number (opened with PUT …/pull-requests/{N})"),
  Options.map((number): Subject => ({ kind: "pullRequest", number })),
  Options.orElse(
    Options.text("commit").pipe(
      Options.withPseudoName("SHA"),
      Options.withDescription("the full id of a commit of an analysed branch (e.g. $(git rev-parse HEAD))"),
      Options.map((sha): Subject => ({ kind: "commit", sha }))
    )
  )
)

const timeout = Options.integer("timeout").pipe(
  Options.withPseudoName("SECONDS"),
  Options.withDefault(600),
  Options.withDescription("how long to wait for the analysis (default 600 s); then exit 2")
)

/** The analysis is not there yet, and why, for the progress lines and the timeout's message. */
class Pending extends Data.TaggedError("Pending")<{ readonly why: string }> {}

/** What the wait ends with: the change's analysis, or why it cannot be analysed. */
type Outcome =
  | { readonly _tag: "Analysed"; readonly change: JudgedChange }
  | { readonly _tag: "Unanalysable"; readonly reason: string }

const analysed = (change: JudgedChange): Outcome => ({ _tag: "Analysed", change })
const unanalysable = (reason: string | undefined): Outcome => ({ _tag: "Unanalysable", reason: reason ?? "no reason given" })

/** A 404 while waiting: the pull request is not opened yet, the commit not fetched yet (or a wrong name: the timeout tells). */
const notFoundIsPending = (error: ClientError) =>
  error._tag === "ServerRejected" && (error.status === 404 || error.error === "NotFound") ? new Pending({ why: error.message }) : error

const pullRequestOutcome = (pr: ChangeViews.PullRequestWithAnalysis): Effect.Effect<Outcome, Pending> => {
  const head = pr.pullRequest.headCommitSha.slice(0, 12)
  if (pr.isAnalysing) return Effect.fail(new Pending({ why: `the head ${head} is being analysed` }))
  if (!pr.meta.analyzable) return Effect.succeed(unanalysable(pr.meta.reason))
  // Closed before any analysis, or analysed by a server that gave no verdict: nothing to judge yet.
  if (pr.isUpToStandards === undefined) return Effect.fail(new Pending({ why: `the head ${head} has no analysis yet` }))
  return Effect.succeed(analysed(judgedPullRequest(pr)))
}

const commitOutcome = (commit: ChangeViews.CommitWithAnalysis): Effect.Effect<Outcome, Pending> => {
  if (!commit.meta.analyzable) return Effect.succeed(unanalysable(commit.meta.reason))
  if (commit.quality?.isUpToStandards === undefined) {
    return Effect.fail(new Pending({ why: `the commit ${commit.commit.sha.slice(0, 12)} has no analysis yet` }))
  }
  return Effect.succeed(analysed(judgedCommit(commit)))
}

/** Every page of a list the API pages with a cursor. */
const allPages = <A, E>(
  page: (cursor: string | undefined) => Effect.Effect<{ readonly data: ReadonlyArray<A>; readonly pagination: Pagination.Pagination }, E>
): Effect.Effect<ReadonlyArray<A>, E> => {
  const from = (cursor: string | undefined, found: ReadonlyArray<A>): Effect.Effect<ReadonlyArray<A>, E> =>
    Effect.flatMap(page(cursor), ({ data, pagination }) =>
      pagination.cursor === undefined || data.length === 0 ? Effect.succeed([...found, ...data]) : from(pagination.cursor, [...found, ...data]))
  return from(undefined, [])
}

/** How one subject's analysis and new issues are read. */
const reader = (client: TidemarkClientService, at: RepositoryCoordinates, of: Subject) => {
  const path = repositoryPath(at)
  if (of.kind === "pullRequest") {
    const pullRequestPath = { ...path, pullRequestNumber: of.number }
    return {
      outcome: client.call(client.api.changes.getRepositoryPullRequest({ path: pullRequestPath })).pipe(
        Effect.mapError(notFoundIsPending),
        Effect.flatMap(pullRequestOutcome)
      ),
      newIssues: allPages((cursor) =>
        client.call(client.api.changes.listPullRequestIssues({ path: pullRequestPath, urlParams: { status: "new", limit: 100, cursor } }))
      )
    }
  }
  return {
    outcome: client.call(client.api.changes.getCommit({ path: { ...path, commitUuid: of.sha } })).pipe(
      Effect.mapError(notFoundIsPending),
      Effect.flatMap(commitOutcome)
    ),
    newIssues: allPages((cursor) =>
      client.call(client.api.changes.listCommitDeltaIssues({
        path: { ...path, srcCommitUuid: of.sha },
        urlParams: { status: "new", limit: 100, cursor }
      }))
    )
  }
}

/** Half a second at first, then longer, at most ten seconds between two questions. */
const backoff = Schedule.exponential("500 millis", 1.5).pipe(Schedule.union(Schedule.spaced("10 seconds")))

const cannotTellBecause = (why: string) => new ExitCode({ code: cannotTell, message: `cannot tell: ${why}` })

/**
 * Asks until the analysis is there, printing what it waits for every ten seconds; past `seconds`,
 * the last reason to wait is the failure's.
 */
const waitFor = <E>(outcome: Effect.Effect<Outcome, Pending | E>, seconds: number) =>
  Effect.gen(function*() {
    const started = Date.now()
    const waiting = yield* Ref.make("no answer yet")
    const progress = Ref.get(waiting).pipe(
      Effect.flatMap((why) => Console.log(`  waiting: ${why} (${Math.round((Date.now() - started) / 1000)} s)`)),
      Effect.delay("10 seconds"),
      Effect.forever
    )
    return yield* outcome.pipe(
      Effect.tapError((e) => (e instanceof Pending ? Ref.set(waiting, e.why) : Effect.void)),
      Effect.retry({ while: (e) => e instanceof Pending, schedule: backoff }),
      Effect.raceFirst(Effect.zipRight(progress, Effect.never)),
      Effect.timeout(Duration.seconds(Math.max(0, seconds))),
      Effect.catchTag("TimeoutException", () =>
        Effect.flatMap(Ref.get(waiting), (why) => Effect.fail(cannotTellBecause(`after ${seconds} s: ${why}`))))
    )
  })

const judge = (at: RepositoryCoordinates, of: Subject, seconds: number) =>
  Effect.gen(function*() {
    const client = yield* TidemarkClient
    const read = reader(client, at, of)
    const what = of.kind === "pullRequest" ? `pull request #${of.number}` : `commit ${of.sha.slice(0, 12)}`
    yield* Console.log(`Waiting for the analysis of ${what} of ${repositoryLabel(at)} (at most ${seconds} s)`)
    const outcome = yield* waitFor(read.outcome, seconds)
    if (outcome._tag === "Unanalysable") return yield* cannotTellBecause(`${what} cannot be analysed: ${outcome.reason}`)
    yield* Console.log(gateReport(outcome.change, yield* read.newIssues))
    if (!outcome.change.isUpToStandards) return yield* new ExitCode({ code: notUpToStandards, message: "" })
  }).pipe(
    Effect.catchIf((e): e is ClientError | Pending => !(e instanceof ExitCode), (e) => Effect.fail(cannotTellBecause(e.message)))
  )

/**
 * `tidemark gate`: the verdict of the repository's gate on a pull request or a commit, as an exit
 * code for CI, once the server has analysed it.
 */
export const gate = Command.make(
  "gate",
  { repository: repositoryArg, subject, timeout, ...connectionOptions },
  ({ repository, subject, timeout }) => judge(repository, subject, timeout)
).pipe(
  Command.withDescription(
    "Wait for the analysis of a pull request (--pr N) or a commit (--commit SHA), print its new issues and the " +
      "rules of the repository's gate, and exit 0 when it is up to standards, 1 when it is not, 2 when it cannot " +
      "tell (the analysis did not come within --timeout, the change cannot be analysed, an unknown repository or " +
      "pull request, a network or token error, a usage error). Coverage uploaded for the head or the commit before " +
      "the command runs is part of the verdict (the server reads it at once, without analysing again); coverage " +
      "uploaded later is not waited for. A read token of the organization is enough (--token or TIDEMARK_TOKEN)."
  ),
  withClient
)

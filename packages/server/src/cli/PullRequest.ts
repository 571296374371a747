import { Args, Command, Options } from "@effect/cli"
import { PullRequest } from "@tidemark/core"
import { Console, Effect, Option, Schema } from "effect"
import { TidemarkClient, connectionOptions, withClient } from "./Client.js"
import { type RepositoryCoordinates, repositoryArg, repositoryLabel, repositoryPath } from "./Coordinates.js"
import { decodeArgument } from "./SchemaInput.js"

/**
 * `tidemark pr open` and `tidemark pr close`: pull requests told to Tidemark by hand (or by a CI job)
 * where no git host sends webhooks. Both put the pull request with our extension
 * `PUT /api/v3/analysis/organizations/{provider}/{org}/repositories/{name}/pull-requests/{number}`.
 */

const PullRequestNumber = Schema.NumberFromString.pipe(Schema.int(), Schema.positive())

const numberArg = Args.text({ name: "number" }).pipe(
  Args.mapEffect(decodeArgument(PullRequestNumber)),
  Args.withDescription("the pull request's number on its git host")
)

const title = Options.text("title").pipe(Options.withPseudoName("TITLE"), Options.withDescription("the pull request's title"))
const from = Options.text("from").pipe(Options.withPseudoName("BRANCH"), Options.withDescription("its origin branch (the changes)"))
const to = Options.text("to").pipe(Options.withPseudoName("BRANCH"), Options.withDescription("its target branch (merged into)"))
const state = Options.choice("state", PullRequest.PullRequestState.literals).pipe(
  Options.withDescription("where it stands (default: open)"),
  Options.optional
)
const merged = Options.boolean("merged").pipe(Options.withDescription("it was merged, not just closed"))

const put = (at: RepositoryCoordinates, number: number, payload: PullRequest.PullRequestBody) =>
  Effect.flatMap(TidemarkClient, (client) =>
    client.call(client.api.pullRequestWrite.putRepositoryPullRequest({
      path: { ...repositoryPath(at), pullRequestNumber: number },
      payload
    })))

const open = Command.make(
  "open",
  { repository: repositoryArg, number: numberArg, title, from, to, state, ...connectionOptions },
  ({ from, number, repository, state, title, to }) =>
    Effect.gen(function*() {
      const chosen = Option.getOrElse(state, () => "open" as const)
      yield* put(repository, number, new PullRequest.PullRequestBody({ title, originBranch: from, targetBranch: to, state: chosen }))
      yield* Console.log(`Pull request #${number} of ${repositoryLabel(repository)} (${from} → ${to}) is ${chosen}`)
    })
).pipe(
  Command.withDescription("Open (or update) a pull request: Tidemark analyses its origin branch's head against its target."),
  withClient
)

const close = Command.make(
  "close",
  { repository: repositoryArg, number: numberArg, merged, ...connectionOptions },
  ({ merged, number, repository }) =>
    Effect.gen(function*() {
      const client = yield* TidemarkClient
      // The PUT replaces the whole pull request: what it keeps is read first.
      const { pullRequest } = yield* client.call(client.api.changes.getRepositoryPullRequest({
        path: { ...repositoryPath(repository), pullRequestNumber: number }
      }))
      const chosen = merged ? "merged" as const : "closed" as const
      yield* put(repository, number, new PullRequest.PullRequestBody({
        title: pullRequest.title,
        originBranch: pullRequest.originBranch ?? "",
        targetBranch: pullRequest.targetBranch ?? "",
        state: chosen
      }))
      yield* Console.log(`Pull request #${number} of ${repositoryLabel(repository)} is ${chosen}`)
    })
).pipe(
  Command.withDescription("Close a pull request, or mark it merged with --merged."),
  withClient
)

/** `tidemark pr ...` */
export const pr = Command.make("pr").pipe(
  Command.withDescription("Pull requests, where no git host sends webhooks."),
  Command.withSubcommands([open, close])
)

import { Command, Options } from "@effect/cli"
import { GitHostSettings } from "@tidemark/core"
import { Config, Console, Effect, Option, Redacted, Schema } from "effect"
import { TidemarkClient, connectionOptions, withClient } from "./Client.js"
import { type RepositoryCoordinates, repositoryArg, repositoryLabel, repositoryPath } from "./Coordinates.js"

/**
 * `tidemark repo git-host set|clear|show`: the token and API with which the server posts its
 * verdicts on a repository's commits to GitHub or GitLab. The token is read from an environment
 * variable, never from an argument (arguments show in process lists), and never printed.
 */

const defaultTokenVariable = "TIDEMARK_GIT_HOST_TOKEN"

/** The variable named by --token-env is unset or empty. */
export class MissingHostToken extends Schema.TaggedError<MissingHostToken>()("MissingHostToken", { variable: Schema.String }) {
  override get message() {
    return `no git host token: set ${this.variable} to a token of the repository's host (or name another variable with --token-env)`
  }
}

const tokenEnv = Options.text("token-env").pipe(
  Options.withPseudoName("VAR"),
  Options.withDefault(defaultTokenVariable),
  Options.withDescription(
    `the environment variable holding the host's token (default: ${defaultTokenVariable}); a GitHub token that may ` +
      "write commit statuses, or a GitLab token with the api scope"
  )
)

const apiUrl = Options.text("api-url").pipe(
  Options.withPseudoName("URL"),
  Options.optional,
  Options.withDescription(
    "the host's API, for GitHub Enterprise Server (https://HOST/api/v3) or a self-managed GitLab (https://HOST/api/v4); " +
      "default: https://api.github.com or https://gitlab.com/api/v4"
  )
)

const decorate = Options.boolean("decorate").pipe(
  Options.withDescription(
    "also write in the repository's pull requests: a comment on each new issue's line and one summary of the gate's verdict, " +
      "updated on every new head (the token must then be allowed to write pull request comments)"
  )
)

const hostToken = (variable: string) =>
  Config.redacted(variable).pipe(
    Effect.map((token) => Redacted.value(token).trim()),
    Effect.filterOrFail((token) => token.length > 0, () => new MissingHostToken({ variable })),
    Effect.catchTag("ConfigError", () => Effect.fail(new MissingHostToken({ variable })))
  )

const set = Command.make(
  "set",
  { repository: repositoryArg, tokenEnv, apiUrl, decorate, ...connectionOptions },
  ({ apiUrl, decorate, repository, tokenEnv }) =>
    Effect.gen(function*() {
      const client = yield* TidemarkClient
      const token = yield* hostToken(tokenEnv)
      const apiBaseUrl = Option.getOrUndefined(Option.map(apiUrl, (url) => url.trim()))
      yield* client.call(client.api.gitHost.setRepositoryGitHost({
        path: repositoryPath(repository),
        payload: new GitHostSettings.SetGitHostBody({ token, ...(apiBaseUrl === undefined ? {} : { apiBaseUrl }), decoratePullRequests: decorate })
      }))
      const what = decorate ? "Commit statuses and pull request comments" : "Commit statuses"
      yield* Console.log(`${what} of ${repositoryLabel(repository)} go to ${apiBaseUrl ?? "the host's public API"}`)
    })
).pipe(
  Command.withDescription("Set the token (and API) with which the server posts commit statuses to the repository's git host."),
  withClient
)

const clear = Command.make(
  "clear",
  { repository: repositoryArg, ...connectionOptions },
  ({ repository }) =>
    Effect.gen(function*() {
      const client = yield* TidemarkClient
      yield* client.call(client.api.gitHost.clearRepositoryGitHost({ path: repositoryPath(repository) }))
      yield* Console.log(`No commit statuses are sent for ${repositoryLabel(repository)} any more`)
    })
).pipe(Command.withDescription("Forget the repository's git host settings: no commit status is sent any more."), withClient)

const describeSettings = (
  at: RepositoryCoordinates,
  view: { readonly configured: boolean; readonly apiBaseUrl?: string | undefined; readonly decoratePullRequests?: boolean | undefined }
) =>
  view.configured
    ? `${repositoryLabel(at)}: commit statuses${view.decoratePullRequests === true ? " and pull request comments" : ""} sent to ${
      view.apiBaseUrl ?? "the host's public API"
    }`
    : `${repositoryLabel(at)}: no git host token set; no commit status is sent`

const show = Command.make(
  "show",
  { repository: repositoryArg, ...connectionOptions },
  ({ repository }) =>
    Effect.gen(function*() {
      const client = yield* TidemarkClient
      const { data } = yield* client.call(client.api.gitHost.getRepositoryGitHost({ path: repositoryPath(repository) }))
      yield* Console.log(describeSettings(repository, data))
    })
).pipe(Command.withDescription("Show whether the repository has a git host token set (never the token)."), withClient)

/** `tidemark repo git-host ...` */
export const gitHost = Command.make("git-host").pipe(
  Command.withDescription("Manage where the server posts its verdicts on the repository's commits (GitHub, GitLab)."),
  Command.withSubcommands([set, clear, show])
)

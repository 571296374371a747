import { Command, Options } from "@effect/cli"
import { FileSystem, Path } from "@effect/platform"
import { Bodies, Repository } from "@tidemark/core"
import { Console, Effect, Option } from "effect"
import { TidemarkClient, connectionOptions, withClient } from "./Client.js"
import { type RepositoryCoordinates, repositoryArg, repositoryLabel, repositoryPath } from "./Coordinates.js"
import { gitHost } from "./GitHost.js"

const git = Options.text("git").pipe(
  Options.withPseudoName("URL|PATH"),
  Options.withDescription(
    "where the server clones from: a URL, or a local directory (sent as an absolute path, so the " +
      "server must see the same file system); default: the provider's URL template"
  ),
  Options.optional
)

const visibility = Options.choice("visibility", Repository.Visibility.literals).pipe(
  Options.withDescription("Public repositories are readable without a token (default: Private, or unchanged)"),
  Options.optional
)

/**
 * A relative path means something on this machine only, while the server resolves it against its
 * own working directory: send what the user sees.
 */
const gitSource = (value: string) =>
  Effect.gen(function*() {
    const fs = yield* FileSystem.FileSystem
    const path = yield* Path.Path
    const local = yield* fs.exists(value).pipe(Effect.orElseSucceed(() => false))
    return local ? path.resolve(value) : value
  })

const summary = (repository: Repository.Repository, at: RepositoryCoordinates) => {
  const branch = repository.defaultBranch?.name ?? "(none)"
  const languages = repository.languages.length > 0 ? repository.languages.join(", ") : "(none detected)"
  return [
    `Added ${repositoryLabel(at)} (${repository.visibility})`,
    `  default branch: ${branch}`,
    `  languages: ${languages}`,
    ...repository.problems.map((problem) => `  note: ${problem.message}`)
  ].join("\n")
}

const add = Command.make(
  "add",
  { repository: repositoryArg, git, visibility, ...connectionOptions },
  ({ git, repository, visibility }) =>
    Effect.gen(function*() {
      const client = yield* TidemarkClient
      const gitUrl = Option.isSome(git) ? yield* gitSource(git.value) : undefined
      const { data } = yield* client.call(client.api.admin.addRepository({
        payload: new Bodies.AddRepositoryBody({
          provider: repository.provider,
          repositoryFullPath: `${repository.organization}/${repository.name}`,
          gitUrl,
          visibility: Option.getOrUndefined(visibility)
        })
      }))
      yield* Console.log(summary(data, repository))
    })
).pipe(
  Command.withDescription("Add a repository (or refresh one already added) by reading it with git."),
  withClient
)

/**
 * `tidemark repo webhook-secret`: a new webhook secret for the repository (the previous one stops
 * working), shown once and alone on the last line, with where each git host delivers.
 */
const webhookSecret = Command.make(
  "webhook-secret",
  { repository: repositoryArg, ...connectionOptions },
  ({ repository, url }) =>
    Effect.gen(function*() {
      const client = yield* TidemarkClient
      const { data } = yield* client.call(client.api.admin.createWebhookSecret({ path: repositoryPath(repository) }))
      yield* Console.log([
        `Webhook secret of ${repositoryLabel(repository)}; its git host delivers to`,
        `  GitHub (content type application/json, signed): ${url.replace(/\/+$/, "")}${data.githubPath}`,
        `  GitLab (secret token): ${url.replace(/\/+$/, "")}${data.gitlabPath}`,
        "shown once:",
        data.secret
      ].join("\n"))
    })
).pipe(
  Command.withDescription("Generate a repository's webhook secret (replacing any) for its GitHub or GitLab webhooks."),
  withClient
)

/** `tidemark repo ...` */
export const repo = Command.make("repo").pipe(
  Command.withDescription("Manage repositories."),
  Command.withSubcommands([add, webhookSecret, gitHost])
)

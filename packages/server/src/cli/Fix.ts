import { Command, Options } from "@effect/cli"
import { Console, Effect, Option } from "effect"
import { TidemarkClient, connectionOptions, withClient } from "./Client.js"
import { repositoryArg, repositoryLabel, repositoryPath } from "./Coordinates.js"

/**
 * `tidemark fix <repo> [--pr N] > fix.patch`: the tools' own fixes of a branch's latest analysis (or
 * of the issues a pull request adds) as a patch for `git apply` on the analysed commit, read with
 * getQuickfixesPatch or getPullRequestQuickfixesPatch.
 */

const pullRequest = Options.integer("pr").pipe(
  Options.withPseudoName("N"),
  Options.withDescription("the fixes of the issues this pull request adds, on its analysed head"),
  Options.optional
)

const branch = Options.text("branch").pipe(
  Options.withPseudoName("BRANCH"),
  Options.withDescription("the branch whose latest analysis is fixed (default: the repository's default branch)"),
  Options.optional
)

export const fix = Command.make(
  "fix",
  { repository: repositoryArg, pullRequest, branch, ...connectionOptions },
  ({ branch, pullRequest, repository }) =>
    Effect.gen(function*() {
      const client = yield* TidemarkClient
      const path = repositoryPath(repository)
      const { data } = yield* Option.match(pullRequest, {
        onNone: () => client.call(client.api.quickFixes.getQuickfixesPatch({ path, urlParams: { branch: Option.getOrUndefined(branch) } })),
        onSome: (number) => client.call(client.api.quickFixes.getPullRequestQuickfixesPatch({ path: { ...path, pullRequestNumber: number } }))
      })
      const patch = Buffer.from(data.patch, "base64").toString("utf8")
      const of = Option.match(pullRequest, { onNone: () => repositoryLabel(repository), onSome: (n) => `pull request ${n} of ${repositoryLabel(repository)}` })
      // Standard output is the patch alone, byte for byte (Console.log ends it with its last newline).
      if (patch === "") return yield* Console.error(`No fix to offer for ${of}.`)
      yield* Console.log(patch.endsWith("\n") ? patch.slice(0, -1) : patch)
    })
).pipe(
  Command.withDescription("Print the tools' fixes of a repository's issues as a patch for `git apply` (`--pr N`: a pull request's new issues)."),
  withClient
)

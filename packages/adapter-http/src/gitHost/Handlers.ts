import { HttpApiBuilder } from "@effect/platform"
import { GitHosts } from "@tidemark/core"
import { Effect } from "effect"
import { answer, answerData, repositoryAt } from "../HandlerShapes.js"
import { TidemarkApi } from "../TidemarkApi.js"

export const layer = HttpApiBuilder.group(TidemarkApi, "gitHost", (handlers) =>
  Effect.gen(function*() {
    const gitHosts = yield* GitHosts.GitHosts
    return handlers
      .handle("getRepositoryGitHost", ({ path }) => answerData((caller) => gitHosts.show(caller, repositoryAt(path))))
      .handle("setRepositoryGitHost", ({ path, payload }) => answer((caller) => gitHosts.configure(caller, repositoryAt(path), payload)))
      .handle("clearRepositoryGitHost", ({ path }) => answer((caller) => gitHosts.clear(caller, repositoryAt(path))))
  }))

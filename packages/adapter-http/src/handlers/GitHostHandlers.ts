import { HttpApiBuilder } from "@effect/platform"
import { GitHosts } from "@tidemark/core"
import { Effect } from "effect"
import { Caller } from "../Authentication.js"
import { analysisErrors } from "../ErrorMapping.js"
import { TidemarkApi } from "../TidemarkApi.js"
import { repositoryAt } from "./HandlerShapes.js"

export const layer = HttpApiBuilder.group(TidemarkApi, "gitHost", (handlers) =>
  Effect.gen(function*() {
    const gitHosts = yield* GitHosts
    return handlers
      .handle("getRepositoryGitHost", ({ path }) =>
        Effect.flatMap(Caller, (caller) => gitHosts.show(caller, repositoryAt(path))).pipe(
          Effect.map((data) => ({ data })),
          analysisErrors
        ))
      .handle("setRepositoryGitHost", ({ path, payload }) =>
        Effect.flatMap(Caller, (caller) => gitHosts.configure(caller, repositoryAt(path), payload)).pipe(analysisErrors))
      .handle("clearRepositoryGitHost", ({ path }) =>
        Effect.flatMap(Caller, (caller) => gitHosts.clear(caller, repositoryAt(path))).pipe(analysisErrors))
  }))

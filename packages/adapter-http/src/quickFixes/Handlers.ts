import { HttpApiBuilder } from "@effect/platform"
import { QuickFixes } from "@tidemark/core"
import { Effect } from "effect"
import { answer, experimental, repositoryAt } from "../HandlerShapes.js"
import { TidemarkApi } from "../TidemarkApi.js"

export const layer = HttpApiBuilder.group(TidemarkApi, "quickFixes", (handlers) =>
  Effect.gen(function*() {
    const quickFixes = yield* QuickFixes.QuickFixes
    return handlers
      .handle("hasQuickfixSuggestions", ({ path, urlParams }) =>
        Effect.zipLeft(answer((caller) => quickFixes.hasSuggestions(caller, repositoryAt(path), urlParams.branch)), experimental))
      .handle("getQuickfixesPatch", ({ path, urlParams }) =>
        Effect.zipLeft(answer((caller) => quickFixes.patch(caller, repositoryAt(path), urlParams.branch)), experimental))
      .handle("getPullRequestQuickfixesPatch", ({ path }) =>
        Effect.zipLeft(answer((caller) => quickFixes.pullRequest(caller, repositoryAt(path), path.pullRequestNumber)), experimental))
  }))

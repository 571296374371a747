import { HttpApiBuilder } from "@effect/platform"
import { PatternConfiguration } from "@tidemark/core"
import { Effect } from "effect"
import { answer, answerData, answerWith, repositoryAt } from "../HandlerShapes.js"
import { TidemarkApi } from "../TidemarkApi.js"

export const layer = HttpApiBuilder.group(TidemarkApi, "patterns", (handlers) =>
  Effect.gen(function*() {
    const patterns = yield* PatternConfiguration.PatternConfiguration
    return handlers
      .handle("listRepositoryToolPatterns", ({ path, urlParams }) =>
        answerWith(
          (caller) => patterns.list(caller, repositoryAt(path), path.toolUuid, urlParams),
          (page) => ({ data: page.data, pagination: page.pagination, meta: { totalEnabled: page.totalEnabled } })
        ))
      .handle("updateRepositoryToolPatterns", ({ path, payload, urlParams }) =>
        answer((caller) => patterns.update(caller, repositoryAt(path), path.toolUuid, urlParams, payload.enabled)))
      .handle("getRepositoryToolPattern", ({ path }) =>
        answerData((caller) => patterns.get(caller, repositoryAt(path), path.toolUuid, path.patternId)))
  }))

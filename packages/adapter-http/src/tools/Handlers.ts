import { HttpApiBuilder } from "@effect/platform"
import { ToolConfiguration } from "@tidemark/core"
import { Effect } from "effect"
import { answer, answerData, repositoryAt } from "../HandlerShapes.js"
import { TidemarkApi } from "../TidemarkApi.js"

export const layer = HttpApiBuilder.group(TidemarkApi, "tools", (handlers) =>
  Effect.gen(function*() {
    const tools = yield* ToolConfiguration.ToolConfiguration
    return handlers
      .handle("listRepositoryTools", ({ path }) => answerData((caller) => tools.listTools(caller, repositoryAt(path))))
      .handle("listRepositoryToolConflicts", ({ path }) => answerData((caller) => tools.conflicts(caller, repositoryAt(path))))
      .handle("configureTool", ({ path, payload }) =>
        answer((caller) => tools.configureTool(caller, repositoryAt(path), path.toolUuid, payload)))
  }))

import { Effect, Layer, Option } from "effect"
import type { ToolDefinition } from "../domain/ToolDefinitions.js"
import { ToolCatalogue } from "../ports/ToolCatalogue.js"

/** A catalogue fixed at start-up (the generated one, or a small one in tests). */
export const layer = (tools: ReadonlyArray<ToolDefinition>) => {
  const byUuid = new Map(tools.map((t) => [t.uuid, t]))
  return Layer.succeed(
    ToolCatalogue,
    ToolCatalogue.of({
      tools: Effect.succeed(tools),
      find: (uuid) => Effect.succeed(Option.fromNullable(byUuid.get(uuid)))
    })
  )
}

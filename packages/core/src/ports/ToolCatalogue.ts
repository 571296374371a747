import { Context, type Effect, type Option } from "effect"
import type { ToolDefinition } from "../domain/ToolDefinitions.js"

/** The analysis tools the installation knows, with their patterns. */
export class ToolCatalogue extends Context.Tag("@tidemark/core/ToolCatalogue")<
  ToolCatalogue,
  {
    readonly tools: Effect.Effect<ReadonlyArray<ToolDefinition>>
    readonly find: (uuid: string) => Effect.Effect<Option.Option<ToolDefinition>>
  }
>() {}

import { Effect, Layer, Option, Ref } from "effect"
import { type DiscoveredRule, type RegisteredTool, registeredToolDefinition } from "../domain/RegisteredTools.js"
import type { ToolDefinition } from "../domain/ToolDefinitions.js"
import { RegisteredToolRules } from "../ports/RegisteredToolRules.js"
import { ToolCatalogue } from "../ports/ToolCatalogue.js"

/**
 * The catalogue of an installation with registered tools: the shipped tools, then each registered
 * one with the rules its logs have named so far, read from storage at every use (a worker process
 * records them). The catalogue cannot fail: when storage does, the rules last read are served and
 * the failure logged.
 */
export const layer = (shipped: ReadonlyArray<ToolDefinition>, registered: ReadonlyArray<RegisteredTool>) =>
  Layer.effect(
    ToolCatalogue,
    Effect.gen(function*() {
      const store = yield* RegisteredToolRules
      const lastRead = yield* Ref.make(new Map<string, ReadonlyArray<DiscoveredRule>>())
      const byUuid = new Map(shipped.map((tool) => [tool.uuid, tool]))
      const rulesOf = (tool: RegisteredTool) =>
        store.rules(tool.uuid).pipe(
          Effect.tap((rules) => Ref.update(lastRead, (map) => new Map(map).set(tool.uuid, rules))),
          Effect.catchAll((error) =>
            Effect.zipRight(
              Effect.logWarning(`the rules of the registered tool ${tool.name} could not be read: ${error.message}`),
              Effect.map(Ref.get(lastRead), (map) => map.get(tool.uuid) ?? [])
            )
          )
        )
      const definitionOf = (tool: RegisteredTool) => Effect.map(rulesOf(tool), (rules) => registeredToolDefinition(tool, rules))
      return ToolCatalogue.of({
        tools: Effect.map(Effect.forEach(registered, definitionOf), (own) => [...shipped, ...own]),
        find: (uuid) => {
          const tool = registered.find((candidate) => candidate.uuid === uuid)
          return tool === undefined ? Effect.succeed(Option.fromNullable(byUuid.get(uuid))) : Effect.map(definitionOf(tool), Option.some)
        }
      })
    })
  )

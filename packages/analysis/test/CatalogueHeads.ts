import { toolHeads } from "@tidemark/catalogue/ToolHeads"
import type { ToolDefinitions } from "@tidemark/core"

/** The catalogue's tool of that name, without its patterns (they do not matter to a run). */
export const catalogueHead = (name: string): ToolDefinitions.ToolDefinition => {
  const found = toolHeads.find((tool) => tool.name === name)
  if (found === undefined) throw new Error(`the catalogue has no ${name} tool`)
  return found
}

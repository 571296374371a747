import { ToolDefinitions } from "@tidemark/core"
import { Schema } from "effect"
import { catalogueSource, ToolSource, toolData, versionOf } from "./ToolData.js"

export { catalogueSource, ToolSource }

/**
 * The analysis tools this installation ships, with their patterns. The data files are generated
 * from the linters' own rule metadata by `scripts/generate.ts`; they are decoded here once, when
 * the module loads, so a malformed file fails at start-up rather than on a request.
 */
export const catalogue: ReadonlyArray<ToolDefinitions.ToolDefinition> = Schema.decodeUnknownSync(Schema.Array(ToolDefinitions.ToolDefinition))(toolData).map((tool) => {
  const version = versionOf(tool.name)
  return version === undefined ? tool : new ToolDefinitions.ToolDefinition({ ...tool, version })
})

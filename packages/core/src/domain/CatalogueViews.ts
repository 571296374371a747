import { Schema } from "effect"
import type { ToolDefinition } from "./ToolDefinitions.js"

/**
 * The original API's catalogue tool (listTools). Tidemark runs its linters in process, from npm
 * packages, not from Docker images: `dockerImage` is empty. Every tool is configurable (its
 * patterns and parameters), none needs compilation or runs stand-alone on the client.
 */
export class CatalogueTool extends Schema.Class<CatalogueTool>("CatalogueTool")({
  uuid: Schema.String,
  name: Schema.String,
  version: Schema.String,
  shortName: Schema.String,
  documentationUrl: Schema.optional(Schema.String),
  sourceCodeUrl: Schema.optional(Schema.String),
  prefix: Schema.optional(Schema.String),
  needsCompilation: Schema.Boolean,
  configurationFilenames: Schema.Array(Schema.String),
  description: Schema.optional(Schema.String),
  dockerImage: Schema.String,
  languages: Schema.Array(Schema.String),
  clientSide: Schema.Boolean,
  standalone: Schema.Boolean,
  enabledByDefault: Schema.Boolean,
  configurable: Schema.Boolean
}) {}

export const catalogueToolOf = (tool: ToolDefinition): CatalogueTool =>
  CatalogueTool.make({
    uuid: tool.uuid,
    name: tool.name,
    version: tool.version ?? "",
    // "alphanumeric characters only and no spaces", as the API asks of a short name.
    shortName: tool.name.toLowerCase().replace(/[^a-z0-9]/g, ""),
    prefix: tool.patternPrefix,
    needsCompilation: false,
    configurationFilenames: tool.configurationFiles,
    dockerImage: "",
    languages: tool.languages,
    clientSide: tool.isClientSide,
    standalone: false,
    enabledByDefault: tool.enabledByDefault,
    configurable: true
  })

import { Schema } from "effect"
import { PatternDefinition } from "./Pattern.js"

/** A pattern as the catalogue ships it: the public definition plus the internal `recommended` flag. */
export class CataloguePattern extends Schema.Class<CataloguePattern>("CataloguePattern")({
  definition: PatternDefinition,
  recommended: Schema.Boolean
}) {}

/**
 * An analysis tool the service knows. `family` groups versions of one linter (ESLint v8 and
 * ESLint9) that must not both be enabled on a repository.
 */
export class ToolDefinition extends Schema.Class<ToolDefinition>("ToolDefinition")({
  uuid: Schema.String,
  name: Schema.String,
  /** The version of the linter the tool runs (its patterns were generated from it). */
  version: Schema.optional(Schema.String),
  /** Prefix of every pattern id of the tool, e.g. `ESLint9_`. */
  patternPrefix: Schema.String,
  family: Schema.String,
  isClientSide: Schema.Boolean,
  /** Languages the tool analyses; a tool is on by default for repositories using one of them. */
  languages: Schema.Array(Schema.String),
  enabledByDefault: Schema.Boolean,
  /** File names at a repository's root that configure the tool (e.g. `eslint.config.js`). */
  configurationFiles: Schema.Array(Schema.String),
  /** Those of `configurationFiles` the tool reads as data, without running the repository's code: followed by default. */
  readableConfigurationFiles: Schema.optional(Schema.Array(Schema.String)),
  patterns: Schema.Array(CataloguePattern)
}) {}

import { Schema } from "effect"
import { StandardRef } from "./Common.js"

export class ToolSettings extends Schema.Class<ToolSettings>("ToolSettings")({
  name: Schema.optional(Schema.String),
  isEnabled: Schema.Boolean,
  followsStandard: Schema.Boolean,
  isCustom: Schema.Boolean,
  hasConfigurationFile: Schema.Boolean,
  usesConfigurationFile: Schema.Boolean,
  enabledBy: Schema.Array(StandardRef)
}) {}

export class Tool extends Schema.Class<Tool>("Tool")({
  uuid: Schema.String,
  name: Schema.String,
  isClientSide: Schema.Boolean,
  settings: ToolSettings
}) {}

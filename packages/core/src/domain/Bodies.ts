import { Schema } from "effect"
import { ParameterValue } from "./Common.js"

export class PatternChange extends Schema.Class<PatternChange>("PatternChange")({
  id: Schema.String,
  enabled: Schema.Boolean,
  parameters: Schema.optional(Schema.Array(ParameterValue))
}) {}

export class ConfigureToolBody extends Schema.Class<ConfigureToolBody>("ConfigureToolBody")({
  enabled: Schema.optional(Schema.Boolean),
  useConfigurationFile: Schema.optional(Schema.Boolean),
  patterns: Schema.optional(Schema.Array(PatternChange))
}) {}

export class UpdatePatternsBody extends Schema.Class<UpdatePatternsBody>("UpdatePatternsBody")({
  enabled: Schema.Boolean
}) {}

export class SearchOrganizationRepositoriesWithAnalysis extends Schema.Class<SearchOrganizationRepositoriesWithAnalysis>(
  "SearchOrganizationRepositoriesWithAnalysis"
)({
  names: Schema.Array(Schema.String)
}) {}

import { Schema } from "effect"
import { ParameterValue, StandardRef } from "./Common.js"

export const Category = Schema.Literal(
  "Security",
  "ErrorProne",
  "CodeStyle",
  "Compatibility",
  "UnusedCode",
  "Complexity",
  "Comprehensibility",
  "Documentation",
  "BestPractice",
  "Performance"
)
export type Category = typeof Category.Type

/** Ordered from least to most severe; the order is what `sort=severity` uses. */
export const SeverityLevel = Schema.Literal("Info", "Warning", "High", "Error")
export type SeverityLevel = typeof SeverityLevel.Type
export const severityRank: Record<SeverityLevel, number> = { Info: 0, Warning: 1, High: 2, Error: 3 }

export class PatternParameterDefinition extends Schema.Class<PatternParameterDefinition>(
  "PatternParameterDefinition"
)({
  name: Schema.String,
  description: Schema.String,
  default: Schema.String
}) {}

export class PatternDefinition extends Schema.Class<PatternDefinition>("PatternDefinition")({
  id: Schema.String,
  title: Schema.optional(Schema.String),
  category: Category,
  subCategory: Schema.optional(Schema.String),
  level: SeverityLevel,
  severityLevel: SeverityLevel,
  description: Schema.optional(Schema.String),
  explanation: Schema.optional(Schema.String),
  /** Enabled by default when nothing else configures the pattern. */
  enabled: Schema.Boolean,
  languages: Schema.optional(Schema.Array(Schema.String)),
  timeToFix: Schema.optional(Schema.Int),
  parameters: Schema.Array(PatternParameterDefinition),
  rationale: Schema.optional(Schema.String),
  solution: Schema.optional(Schema.String),
  goodExamples: Schema.optional(Schema.Array(Schema.String)),
  badExamples: Schema.optional(Schema.Array(Schema.String)),
  tags: Schema.optional(Schema.Array(Schema.String))
}) {}

export class ConfiguredPattern extends Schema.Class<ConfiguredPattern>("ConfiguredPattern")({
  patternDefinition: PatternDefinition,
  enabled: Schema.Boolean,
  isCustom: Schema.Boolean,
  parameters: Schema.Array(ParameterValue),
  enabledBy: Schema.Array(StandardRef)
}) {}

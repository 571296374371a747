import { Schema } from "effect"
import { DateTimeString } from "./Rfc3339.js"

export const CoverageStatus = Schema.Literal("UpToDate", "Waiting", "Stopped", "None")

export class Coverage extends Schema.Class<Coverage>("Coverage")({
  filesUncovered: Schema.optional(Schema.Int),
  filesWithLowCoverage: Schema.optional(Schema.Int),
  coveragePercentage: Schema.optional(Schema.Int),
  coveragePercentageWithDecimals: Schema.optional(Schema.Number.pipe(Schema.finite())),
  numberTotalFiles: Schema.optional(Schema.Int),
  numberCoveredLines: Schema.optional(Schema.Int),
  numberCoverableLines: Schema.optional(Schema.Int),
  status: Schema.optional(CoverageStatus),
  lastCommitWithCoverage: Schema.optional(Schema.String),
  statusUpdatedAt: Schema.optional(DateTimeString),
  valueUpdatedAt: Schema.optional(DateTimeString)
}) {}

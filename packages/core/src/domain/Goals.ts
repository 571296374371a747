import { Schema } from "effect"

export class Goals extends Schema.Class<Goals>("Goals")({
  maxIssuePercentage: Schema.Int,
  maxDuplicatedFilesPercentage: Schema.Int,
  minCoveragePercentage: Schema.Int,
  maxComplexFilesPercentage: Schema.Int,
  fileDuplicationBlockThreshold: Schema.Int,
  fileComplexityValueThreshold: Schema.Int
}) {
  /** The original service's defaults (see shared/notes/api-facts.md). */
  static readonly defaults = new Goals({
    maxIssuePercentage: 20,
    maxDuplicatedFilesPercentage: 10,
    minCoveragePercentage: 60,
    maxComplexFilesPercentage: 10,
    fileDuplicationBlockThreshold: 1,
    fileComplexityValueThreshold: 20
  })
}

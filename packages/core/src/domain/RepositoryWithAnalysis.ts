import { Schema } from "effect"
import { Branch } from "./Branch.js"
import { Commit } from "./Commit.js"
import { Coverage } from "./Coverage.js"
import { Goals } from "./Goals.js"
import { Repository } from "./Repository.js"

export const GradeLetter = Schema.Literal("A", "B", "C", "D", "E", "F")
export type GradeLetter = typeof GradeLetter.Type

export class RepositoryWithAnalysis extends Schema.Class<RepositoryWithAnalysis>("RepositoryWithAnalysis")({
  lastAnalysedCommit: Schema.optional(Commit),
  grade: Schema.optional(Schema.Int),
  gradeLetter: Schema.optional(GradeLetter),
  issuesPercentage: Schema.optional(Schema.Int),
  issuesCount: Schema.optional(Schema.Int),
  loc: Schema.optional(Schema.Int),
  complexFilesPercentage: Schema.optional(Schema.Int),
  complexFilesCount: Schema.optional(Schema.Int),
  duplicationPercentage: Schema.optional(Schema.Int),
  repository: Repository,
  branch: Schema.optional(Branch),
  selectedBranch: Schema.optional(Branch),
  coverage: Schema.optional(Coverage),
  goals: Schema.optional(Goals)
}) {}

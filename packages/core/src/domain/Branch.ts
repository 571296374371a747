import { Schema } from "effect"

export const BranchType = Schema.Literal("Branch", "PullRequest")

export class Branch extends Schema.Class<Branch>("Branch")({
  id: Schema.Int,
  name: Schema.String,
  isDefault: Schema.Boolean,
  isEnabled: Schema.Boolean,
  lastUpdated: Schema.optional(Schema.String),
  branchType: BranchType,
  lastCommit: Schema.optional(Schema.String)
}) {}

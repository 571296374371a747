import { Schema } from "effect"
import { DateTimeString } from "./Rfc3339.js"

export const BranchType = Schema.Literal("Branch", "PullRequest")

export class Branch extends Schema.Class<Branch>("Branch")({
  id: Schema.Int,
  name: Schema.String,
  isDefault: Schema.Boolean,
  isEnabled: Schema.Boolean,
  lastUpdated: Schema.optional(DateTimeString),
  branchType: BranchType,
  lastCommit: Schema.optional(Schema.String)
}) {}

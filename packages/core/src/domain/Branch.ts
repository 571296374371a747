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

/**
 * A branch as listRepositoryBranches shows it: the original's Branch (`lastCommit` the head git
 * has, `lastUpdated` its time) with our extension's latest analysis of the branch, absent until
 * one ended.
 */
export class BranchListItem extends Branch.extend<BranchListItem>("BranchListItem")({
  lastAnalysedCommit: Schema.optional(Schema.String),
  lastAnalysed: Schema.optional(DateTimeString)
}) {}

/** updateRepositoryBranchConfiguration's body: without `isEnabled`, nothing changes. */
export class UpdateRepositoryBranchConfigurationBody extends Schema.Class<UpdateRepositoryBranchConfigurationBody>(
  "UpdateRepositoryBranchConfigurationBody"
)({
  isEnabled: Schema.optional(Schema.Boolean)
}) {}

/** reanalyzeCommitById's body: the commit by its sha (Tidemark's commits have no UUID). */
export class CommitUuidRequest extends Schema.Class<CommitUuidRequest>("CommitUuidRequest")({
  commitUuid: Schema.String,
  /** Accepted and without effect: the analysis caches are keyed by content and configuration. */
  cleanCache: Schema.optional(Schema.Boolean)
}) {}

export const BranchSort = Schema.Literal("name", "last-updated")
export type BranchSort = typeof BranchSort.Type
export const SortDirection = Schema.Literal("asc", "desc")
export type SortDirection = typeof SortDirection.Type

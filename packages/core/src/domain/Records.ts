import { Schema } from "effect"
import { ParameterValue } from "./Common.js"
import { Goals } from "./Goals.js"
import { Permission, Visibility } from "./Repository.js"

/** What the storage ports keep. Views (RepositoryWithAnalysis, Tool, ...) are built from these. */

export class Organization extends Schema.Class<Organization>("Organization")({
  id: Schema.Int,
  provider: Schema.String,
  name: Schema.String
}) {}

export class CommitRecord extends Schema.Class<CommitRecord>("CommitRecord")({
  id: Schema.Int,
  sha: Schema.String,
  authorName: Schema.String,
  authorEmail: Schema.String,
  commitTimestamp: Schema.String,
  message: Schema.String,
  parents: Schema.Array(Schema.String)
}) {}

export class BranchRecord extends Schema.Class<BranchRecord>("BranchRecord")({
  id: Schema.Int,
  name: Schema.String,
  isDefault: Schema.Boolean,
  isEnabled: Schema.Boolean,
  lastUpdated: Schema.String,
  lastCommitSha: Schema.String
}) {}

export class RepositoryRecord extends Schema.Class<RepositoryRecord>("RepositoryRecord")({
  id: Schema.Int,
  organizationId: Schema.Int,
  provider: Schema.String,
  owner: Schema.String,
  name: Schema.String,
  visibility: Visibility,
  gitUrl: Schema.String,
  languages: Schema.Array(Schema.String),
  /** File names at the root of the default branch, to detect tool configuration files. */
  rootFiles: Schema.Array(Schema.String),
  goals: Goals,
  addedAt: Schema.String,
  lastUpdated: Schema.String,
  /**
   * Whether new commits are analysed (the original's "following"): true when added; an unfollowed
   * repository keeps its data and is still listed, but no analysis of it is queued or run.
   */
  following: Schema.Boolean
}) {}

/** Everything that adding or refreshing a repository writes, in one unit. */
export class RepositorySnapshot extends Schema.Class<RepositorySnapshot>("RepositorySnapshot")({
  provider: Schema.String,
  owner: Schema.String,
  name: Schema.String,
  visibility: Visibility,
  gitUrl: Schema.String,
  languages: Schema.Array(Schema.String),
  rootFiles: Schema.Array(Schema.String),
  defaultBranch: Schema.String,
  branches: Schema.Array(Schema.Struct({ name: Schema.String, lastUpdated: Schema.String, lastCommitSha: Schema.String })),
  commits: Schema.Array(
    Schema.Struct({
      sha: Schema.String,
      authorName: Schema.String,
      authorEmail: Schema.String,
      commitTimestamp: Schema.String,
      message: Schema.String,
      parents: Schema.Array(Schema.String)
    })
  )
}) {}

/** A repository's own choice for a tool, outside any standard. Absent fields keep the default. */
export class ToolSetting extends Schema.Class<ToolSetting>("ToolSetting")({
  toolUuid: Schema.String,
  enabled: Schema.optional(Schema.Boolean),
  /** Absent when the repository never chose: the tool follows a configuration it can read without running code. */
  usesConfigurationFile: Schema.optional(Schema.Boolean)
}) {}

/** A repository's own choice for a pattern, outside any standard. */
export class PatternSetting extends Schema.Class<PatternSetting>("PatternSetting")({
  patternId: Schema.String,
  enabled: Schema.Boolean,
  parameters: Schema.Array(ParameterValue)
}) {}

export class StandardPattern extends Schema.Class<StandardPattern>("StandardPattern")({
  id: Schema.String,
  enabled: Schema.Boolean,
  parameters: Schema.Array(ParameterValue)
}) {}

export class StandardTool extends Schema.Class<StandardTool>("StandardTool")({
  uuid: Schema.String,
  enabled: Schema.Boolean,
  patterns: Schema.Array(StandardPattern)
}) {}

/** A coding standard of an organization: the tools and patterns it enforces. */
export class CodingStandard extends Schema.Class<CodingStandard>("CodingStandard")({
  id: Schema.Int,
  organizationId: Schema.Int,
  name: Schema.String,
  tools: Schema.Array(StandardTool),
  createdAt: Schema.String
}) {}

/** A standard applied to a repository; later applications win where two standards disagree. */
export class AppliedStandard extends Schema.Class<AppliedStandard>("AppliedStandard")({
  standard: CodingStandard,
  appliedAt: Schema.String,
  /** Monotonic order of application; breaks ties between equal timestamps. */
  sequence: Schema.Int
}) {}

/** `repository`: a repository token (the original service's project API token), for coverage uploads only. */
export const CredentialKind = Schema.Literal("admin", "api", "ingestion", "repository")
export type CredentialKind = typeof CredentialKind.Type

/** A stored secret: only its SHA-256 is kept; `id` is the public part of the secret. */
export class Credential extends Schema.Class<Credential>("Credential")({
  id: Schema.String,
  kind: CredentialKind,
  organizationId: Schema.optional(Schema.Int),
  /** The one repository a repository token may upload to. */
  repositoryId: Schema.optional(Schema.Int),
  permission: Permission,
  secretHash: Schema.String,
  createdAt: Schema.String,
  /** When it last authenticated, to the minute (Access records it at most once a minute); absent: never. */
  lastUsedAt: Schema.optional(Schema.String)
}) {}

import { Schema } from "effect"
import { Branch } from "./Branch.js"
import { Action, StandardRef } from "./Common.js"
import { DateTimeString } from "./Rfc3339.js"

export const Visibility = Schema.Literal("Public", "Private", "LoginPublic")
export type Visibility = typeof Visibility.Type

export const Permission = Schema.Literal("admin", "write", "read")
export type Permission = typeof Permission.Type

export const AddedState = Schema.Literal("NotAdded", "Added", "Following")

/** followAddedRepository's answer: the state the repository is in now. */
export class AddedStateResponse extends Schema.Class<AddedStateResponse>("AddedStateResponse")({ data: AddedState }) {}

/** A problem's `code` and `severity` are open strings (the spec leaves the sets open); README, "Analysis", lists ours. */
export class Problem extends Schema.Class<Problem>("Problem")({
  message: Schema.String,
  actions: Schema.Array(Action),
  code: Schema.String,
  severity: Schema.String
}) {}

export class Stack extends Schema.Class<Stack>("Stack")({
  commitUuid: Schema.optional(Schema.String),
  stackTags: Schema.Array(Schema.String),
  discoveredAt: Schema.optional(DateTimeString)
}) {}

export class Badges extends Schema.Class<Badges>("Badges")({
  grade: Schema.String,
  coverage: Schema.String
}) {}

export class Repository extends Schema.Class<Repository>("Repository")({
  repositoryId: Schema.optional(Schema.Int),
  provider: Schema.String,
  owner: Schema.String,
  name: Schema.String,
  fullPath: Schema.optional(Schema.String),
  visibility: Visibility,
  remoteIdentifier: Schema.optional(Schema.String),
  lastUpdated: Schema.optional(DateTimeString),
  permission: Schema.optional(Permission),
  problems: Schema.Array(Problem),
  languages: Schema.Array(Schema.String),
  stack: Schema.optional(Stack),
  defaultBranch: Schema.optional(Branch),
  badges: Schema.optional(Badges),
  codingStandardId: Schema.optional(Schema.Int),
  codingStandardName: Schema.optional(Schema.String),
  standards: Schema.Array(StandardRef),
  addedState: AddedState,
  gatePolicyId: Schema.optional(Schema.Int),
  gatePolicyName: Schema.optional(Schema.String)
}) {}

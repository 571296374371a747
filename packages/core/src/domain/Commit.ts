import { Schema } from "effect"

export class Commit extends Schema.Class<Commit>("Commit")({
  sha: Schema.String,
  id: Schema.Int,
  commitTimestamp: Schema.String,
  authorName: Schema.String,
  authorEmail: Schema.String,
  message: Schema.String,
  startedAnalysis: Schema.optional(Schema.String),
  endedAnalysis: Schema.optional(Schema.String),
  isMergeCommit: Schema.optional(Schema.Boolean),
  gitHref: Schema.optional(Schema.String),
  parents: Schema.optional(Schema.Array(Schema.String))
}) {}

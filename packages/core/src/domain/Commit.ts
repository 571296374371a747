import { Schema } from "effect"
import { DateTimeString } from "./Rfc3339.js"

export class Commit extends Schema.Class<Commit>("Commit")({
  sha: Schema.String,
  id: Schema.Int,
  commitTimestamp: DateTimeString,
  authorName: Schema.String,
  authorEmail: Schema.String,
  message: Schema.String,
  startedAnalysis: Schema.optional(DateTimeString),
  endedAnalysis: Schema.optional(DateTimeString),
  isMergeCommit: Schema.optional(Schema.Boolean),
  gitHref: Schema.optional(Schema.String),
  parents: Schema.optional(Schema.Array(Schema.String))
}) {}

import { Schema } from "effect"
import { IssueCounts } from "./IssueLoad.js"

/**
 * The results a client-side tool reported for one commit in a SARIF log: counted with the commit's
 * issues. One per repository, commit and tool (the log's `tool.driver.name`); a new upload of the
 * same tool replaces it.
 */
export class ImportedIssues extends Schema.Class<ImportedIssues>("ImportedIssues")({
  repositoryId: Schema.Int,
  commitSha: Schema.String,
  tool: Schema.String,
  uploadedAt: Schema.String,
  counts: IssueCounts
}) {}

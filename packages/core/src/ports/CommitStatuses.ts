import { Context, Effect, Schema } from "effect"
import type { RepositoryRecord } from "../domain/Records.js"

/** The verdict on a commit as a git host shows it beside the commit (GitHub's four states; GitLab maps them). */
export class CommitVerdict extends Schema.Class<CommitVerdict>("CommitVerdict")({
  state: Schema.Literal("pending", "success", "failure", "error"),
  /** One line: why (the host cuts it at 140 characters). */
  description: Schema.String,
  /** Where the verdict is explained: the pull request's or commit's page of Tidemark's dashboard. */
  targetUrl: Schema.optional(Schema.String),
  /** Names the check, so that a later verdict replaces the earlier one: "Tidemark" or "Tidemark / pull request". */
  context: Schema.String
}) {}

/**
 * Tells a repository's git host the verdict on one of its commits, when the repository has a host
 * token configured (none: nothing is sent). Never fails: a host that refuses or is down is retried,
 * then logged; the verdict stays in Tidemark either way. Without an adapter (the core embedded as
 * a library, a test), nothing is sent.
 */
export class CommitStatuses extends Context.Reference<CommitStatuses>()("@tidemark/core/CommitStatuses", {
  defaultValue: (): {
    readonly publish: (repository: RepositoryRecord, sha: string, verdict: CommitVerdict) => Effect.Effect<void>
  } => ({ publish: () => Effect.void })
}) {}

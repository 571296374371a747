import { Context, Effect } from "effect"
import type { Decoration } from "../domain/PullRequestDecoration.js"
import type { RepositoryRecord } from "../domain/Records.js"

/**
 * Writes Tidemark's comments and summary in a pull request on the repository's git host, with the
 * token of its git host settings: posts what is new, updates in place what is there (told by the
 * markers of PullRequestDecoration), and marks the comments of issues the head no longer has. Never
 * fails: a host that refuses or is down is retried, then logged. Without an adapter (the core
 * embedded as a library, a test), nothing is written.
 */
export class PullRequestDecorations extends Context.Reference<PullRequestDecorations>()("@tidemark/core/PullRequestDecorations", {
  defaultValue: (): {
    readonly decorate: (repository: RepositoryRecord, pullRequest: number, decoration: Decoration) => Effect.Effect<void>
  } => ({ decorate: () => Effect.void })
}) {}

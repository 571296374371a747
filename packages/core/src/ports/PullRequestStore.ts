import { Context, type Effect, type Option } from "effect"
import type { ServiceUnavailable } from "../domain/Errors.js"
import type { PullRequestBypass, PullRequestInput, PullRequestRecord, PullRequestState } from "../domain/PullRequest.js"

/**
 * Whose pull requests: those of these repositories, or of an organization's repositories (only
 * those named in `repositoryNames`, exactly, when given), which the store finds itself rather than
 * the caller reading every repository of the organization for their ids.
 */
export type PullRequestScope =
  | { readonly repositoryIds: ReadonlyArray<number> }
  | { readonly organizationId: number; readonly repositoryNames?: ReadonlyArray<string> | undefined }

export type PullRequestQuery = PullRequestScope & {
  /** Case-insensitive substring of the title, the origin branch or the author's name or username. */
  readonly search?: string | undefined
  readonly states?: ReadonlyArray<PullRequestState> | undefined
  /** Keyset: the `(updated, id)` of the last pull request of the previous page. */
  readonly after?: { readonly updated: string; readonly id: number } | undefined
  readonly limit: number
}

/**
 * The pull requests of repositories, one per repository and number: the most recently updated
 * first (then by id, descending).
 */
export class PullRequestStore extends Context.Tag("@tidemark/core/PullRequestStore")<
  PullRequestStore,
  {
    /** Creates the pull request, or replaces the one with the same repository and number (keeping its id and bypass). */
    readonly upsert: (input: PullRequestInput) => Effect.Effect<PullRequestRecord, ServiceUnavailable>
    /** Records the bypass of a pull request's gate, replacing an earlier one (nothing for an unknown pull request). */
    readonly bypass: (repositoryId: number, number: number, bypass: PullRequestBypass) => Effect.Effect<void, ServiceUnavailable>
    readonly find: (repositoryId: number, number: number) => Effect.Effect<Option.Option<PullRequestRecord>, ServiceUnavailable>
    readonly list: (query: PullRequestQuery) => Effect.Effect<{
      readonly items: ReadonlyArray<PullRequestRecord>
      readonly total: number
    }, ServiceUnavailable>
  }
>() {}

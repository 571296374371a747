import { Either, Schema } from "effect"
import { CommitSha } from "../CommitSha.js"
import { PullRequestAuthor, PullRequestNumber } from "../PullRequest.js"
import type { InvalidInput } from "../Errors.js"
import { decodeDelivery, type GitHostDelivery, ignoredDelivery, pushedBranch } from "./GitHostDelivery.js"
import { ProviderTimestamp } from "./ProviderTimestamp.js"

/**
 * GitHub's webhook deliveries of a repository (`X-GitHub-Event`):
 * - `pull_request` with action `opened`, `synchronize`, `reopened`, `edited` or `closed` → the pull
 *   request as it now is (`closed` with `merged: true` is merged); other actions (labels,
 *   reviewers, ...) → nothing;
 * - `push` of a branch (`refs/heads/…`) → that branch pushed, or deleted (`deleted: true`); a tag → nothing;
 * - `ping` and every other event → nothing.
 */

const PullRequestPayload = Schema.Struct({
  action: Schema.String,
  pull_request: Schema.Struct({
    number: PullRequestNumber,
    title: Schema.String,
    state: Schema.Literal("open", "closed"),
    merged: Schema.optional(Schema.NullOr(Schema.Boolean)),
    updated_at: ProviderTimestamp,
    user: Schema.Struct({ login: Schema.String, avatar_url: Schema.optional(Schema.String) }),
    head: Schema.Struct({ ref: Schema.String, sha: CommitSha }),
    base: Schema.Struct({ ref: Schema.String })
  })
})

const PushPayload = Schema.Struct({ ref: Schema.String, deleted: Schema.optional(Schema.Boolean) })

const decodePullRequest = decodeDelivery(PullRequestPayload)
const decodePush = decodeDelivery(PushPayload)

const recordedActions: ReadonlySet<string> = new Set(["opened", "synchronize", "reopened", "edited", "closed"])

const pullRequestDelivery = ({ action, pull_request: pr }: typeof PullRequestPayload.Type): GitHostDelivery =>
  recordedActions.has(action)
    ? {
      _tag: "PullRequestChange",
      number: pr.number,
      title: pr.title,
      author: new PullRequestAuthor({
        name: pr.user.login,
        username: pr.user.login,
        ...(pr.user.avatar_url === undefined ? {} : { avatarUrl: pr.user.avatar_url })
      }),
      originBranch: pr.head.ref,
      targetBranch: pr.base.ref,
      state: pr.state === "open" ? "open" : pr.merged === true ? "merged" : "closed",
      headSha: pr.head.sha,
      updated: pr.updated_at
    }
    : ignoredDelivery(`pull_request ${action}`)

const pushDelivery = ({ deleted, ref }: typeof PushPayload.Type): GitHostDelivery => {
  const branch = pushedBranch(ref)
  return branch === undefined ? ignoredDelivery(`push ${ref}`) : { _tag: "BranchPush", branch, deleted: deleted === true }
}

/** What a GitHub delivery asks, from its event header and its body's text. */
export const gitHubDelivery = (event: string, body: string): Either.Either<GitHostDelivery, InvalidInput> => {
  switch (event) {
    case "pull_request":
      return Either.map(decodePullRequest(body), pullRequestDelivery)
    case "push":
      return Either.map(decodePush(body), pushDelivery)
    default:
      return Either.right(ignoredDelivery(event))
  }
}

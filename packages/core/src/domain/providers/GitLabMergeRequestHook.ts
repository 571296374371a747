import { Either, Schema } from "effect"
import { CommitSha } from "../CommitSha.js"
import { PullRequestAuthor, PullRequestNumber } from "../PullRequest.js"
import type { InvalidInput } from "../Errors.js"
import { decodeDelivery, type GitHostDelivery, ignoredDelivery, pushedBranch } from "./GitHostDelivery.js"
import { ProviderTimestamp } from "./ProviderTimestamp.js"

/**
 * GitLab's webhook deliveries of a project (`X-Gitlab-Event`):
 * - `Merge Request Hook` with action `open`, `reopen`, `update`, `close` or `merge` (or none) → the
 *   merge request as it now is; approvals and other actions → nothing. The hook's `user` is who
 *   acted, so it names the author only on `open`;
 * - `Push Hook` of a branch → that branch pushed, or deleted (`after` is all zeros); a tag → nothing;
 * - every other event → nothing.
 */

const MergeRequestPayload = Schema.Struct({
  user: Schema.Struct({
    name: Schema.String,
    username: Schema.optional(Schema.String),
    email: Schema.optional(Schema.String),
    avatar_url: Schema.optional(Schema.NullOr(Schema.String))
  }),
  object_attributes: Schema.Struct({
    iid: PullRequestNumber,
    title: Schema.String,
    source_branch: Schema.String,
    target_branch: Schema.String,
    state: Schema.Literal("opened", "closed", "merged", "locked"),
    action: Schema.optional(Schema.String),
    updated_at: ProviderTimestamp,
    last_commit: Schema.Struct({ id: CommitSha })
  })
})

const PushPayload = Schema.Struct({ ref: Schema.String, after: Schema.String })

const decodeMergeRequest = decodeDelivery(MergeRequestPayload)
const decodePush = decodeDelivery(PushPayload)

const recordedActions: ReadonlySet<string> = new Set(["open", "reopen", "update", "close", "merge"])

const stateOf = { opened: "open", locked: "open", closed: "closed", merged: "merged" } as const

const authorOf = (user: typeof MergeRequestPayload.Type["user"]) =>
  new PullRequestAuthor({
    name: user.name,
    ...(user.username === undefined ? {} : { username: user.username }),
    ...(user.email === undefined || user.email === "" ? {} : { email: user.email }),
    ...(user.avatar_url === undefined || user.avatar_url === null ? {} : { avatarUrl: user.avatar_url })
  })

const mergeRequestDelivery = ({ object_attributes: mr, user }: typeof MergeRequestPayload.Type): GitHostDelivery =>
  mr.action === undefined || recordedActions.has(mr.action)
    ? {
      _tag: "PullRequestChange",
      number: mr.iid,
      title: mr.title,
      author: mr.action === "open" ? authorOf(user) : undefined,
      originBranch: mr.source_branch,
      targetBranch: mr.target_branch,
      state: stateOf[mr.state],
      headSha: mr.last_commit.id,
      updated: mr.updated_at
    }
    : ignoredDelivery(`Merge Request Hook ${mr.action}`)

const pushDelivery = ({ after, ref }: typeof PushPayload.Type): GitHostDelivery => {
  const branch = pushedBranch(ref)
  return branch === undefined
    ? ignoredDelivery(`Push Hook ${ref}`)
    : { _tag: "BranchPush", branch, deleted: /^0+$/.test(after) }
}

/** What a GitLab delivery asks, from its event header and its body's text. */
export const gitLabDelivery = (event: string, body: string): Either.Either<GitHostDelivery, InvalidInput> => {
  switch (event) {
    case "Merge Request Hook":
      return Either.map(decodeMergeRequest(body), mergeRequestDelivery)
    case "Push Hook":
      return Either.map(decodePush(body), pushDelivery)
    default:
      return Either.right(ignoredDelivery(event))
  }
}

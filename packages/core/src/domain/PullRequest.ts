import { Schema } from "effect"
import { IgnoredBy } from "./Triage.js"

/** Where a pull request stands: merged and closed ones are kept, with their last analysis. */
export const PullRequestState = Schema.Literal("open", "closed", "merged")
export type PullRequestState = typeof PullRequestState.Type

/**
 * A pull request's number on its git host: positive, and stored as a PostgreSQL integer (int4),
 * as GitHub and GitLab number them. Anything else names no pull request: the client's 400.
 */
export const PullRequestNumber = Schema.Int.pipe(
  Schema.between(1, 2_147_483_647, { message: () => "expected a pull request number from 1 to 2147483647" })
).annotations({ jsonSchema: { type: "integer", format: "int32", minimum: 1, maximum: 2_147_483_647 } })

/** Who opened a pull request, as its git host names them. */
export class PullRequestAuthor extends Schema.Class<PullRequestAuthor>("PullRequestAuthor")({
  name: Schema.String,
  username: Schema.optional(Schema.String),
  email: Schema.optional(Schema.String),
  avatarUrl: Schema.optional(Schema.String)
}) {}

/**
 * A pull request's gate set aside (bypassPullRequestAnalysis): who and when, and the head it was
 * given for. It holds for that head only: a push brings a new analysis, judged by the gate again.
 */
export class PullRequestBypass extends Schema.Class<PullRequestBypass>("PullRequestBypass")({
  by: IgnoredBy,
  at: Schema.String,
  headSha: Schema.String
}) {}

/**
 * A pull (merge) request of a repository, numbered by its git host: it asks to merge its origin
 * branch, whose head is `headSha`, into its target branch. Its analysis is kept apart (ChangeStore).
 */
export class PullRequestRecord extends Schema.Class<PullRequestRecord>("PullRequestRecord")({
  /** Tidemark's own id, unique across repositories (the API's `id`). */
  id: Schema.Int,
  repositoryId: Schema.Int,
  number: PullRequestNumber,
  title: Schema.String,
  author: PullRequestAuthor,
  originBranch: Schema.String,
  targetBranch: Schema.String,
  state: PullRequestState,
  /** The origin branch's head when the pull request was last opened or pushed to. */
  headSha: Schema.String,
  /** The last time the pull request was opened, pushed to, edited or closed. */
  updated: Schema.String,
  /** The last bypass of its gate; storage without one answers null. */
  bypass: Schema.optionalWith(PullRequestBypass, { nullable: true })
}) {}

/** What opening or updating a pull request writes: the record without its id, nor its bypass (which upserts keep). */
export type PullRequestInput = Omit<PullRequestRecord, "id" | "bypass">

/** The bypass that holds for the analysis of `analysedHead`: one given for that head. */
export const bypassOf = (pullRequest: PullRequestRecord, analysedHead: string): PullRequestBypass | undefined =>
  pullRequest.bypass !== undefined && pullRequest.bypass.headSha === analysedHead ? pullRequest.bypass : undefined

/**
 * What a client says of a pull request it opens, updates or closes (our extension's PUT and
 * `tidemark pr`): the host's number is in the path, the head is the origin branch's in git.
 */
export class PullRequestBody extends Schema.Class<PullRequestBody>("PullRequestBody")({
  title: Schema.String,
  originBranch: Schema.NonEmptyString,
  targetBranch: Schema.NonEmptyString,
  /** `open` unless given. */
  state: Schema.optional(PullRequestState)
}) {}

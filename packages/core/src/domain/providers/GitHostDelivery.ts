import { Either, ParseResult, Schema } from "effect"
import { refuseNul } from "../Common.js"
import { InvalidInput } from "../Errors.js"
import type { PullRequestAuthor, PullRequestState } from "../PullRequest.js"

/**
 * What a git host's webhook delivery asks of Tidemark, whichever the host: record a pull request
 * as the host now shows it, refresh a pushed branch, or nothing.
 */
export type GitHostDelivery = PullRequestChange | BranchPush | IgnoredDelivery

/** A pull (merge) request opened, pushed to, edited, closed or merged on the host. */
export interface PullRequestChange {
  readonly _tag: "PullRequestChange"
  readonly number: number
  readonly title: string
  /** Who opened it, when the delivery says (a known pull request keeps the author it has). */
  readonly author?: PullRequestAuthor | undefined
  readonly originBranch: string
  readonly targetBranch: string
  readonly state: PullRequestState
  /** The origin branch's head as the host names it. */
  readonly headSha: string
  /** RFC 3339. */
  readonly updated: string
}

/** A branch pushed to, or deleted. */
export interface BranchPush {
  readonly _tag: "BranchPush"
  readonly branch: string
  readonly deleted: boolean
}

/** An event Tidemark does not act on (a ping, a label, a tag pushed), named for the answer. */
export interface IgnoredDelivery {
  readonly _tag: "IgnoredDelivery"
  readonly event: string
}

export const ignoredDelivery = (event: string): IgnoredDelivery => ({ _tag: "IgnoredDelivery", event })

const branchRef = /^refs\/heads\/(.+)$/

/** The branch a pushed ref names; none for a tag or any other ref. */
export const pushedBranch = (ref: string): string | undefined => branchRef.exec(ref)?.[1]

/**
 * Decodes a delivery's body (its exact text) with a payload schema: malformed JSON, a payload
 * missing what the event needs or a string holding NUL (its strings are stored) is the client's
 * error, naming the field.
 */
export const decodeDelivery = <A, I>(schema: Schema.Schema<A, I>) => {
  const decode = Schema.decodeUnknownEither(Schema.parseJson(schema, { reviver: refuseNul }))
  return (body: string): Either.Either<A, InvalidInput> =>
    Either.mapLeft(decode(body), (error) =>
      new InvalidInput({ field: "body", reason: ParseResult.TreeFormatter.formatErrorSync(error) }))
}

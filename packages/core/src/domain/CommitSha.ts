import { Effect, Either, ParseResult, Schema } from "effect"
import { InvalidInput } from "./Errors.js"

/**
 * A full commit id as git names it: 40 hexadecimal digits (SHA-1), or 64 in SHA-256 repositories,
 * lower-cased. Every commit id a client or a git host sends decodes with it before it is stored or
 * looked up: a head sent as `../../user/repos` is not a commit, and an abbreviated id can never be
 * matched with an analysed commit later.
 */
export const CommitSha = Schema.Lowercase.pipe(
  Schema.pattern(/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/, {
    message: () => "expected a full commit id (40 or 64 hexadecimal digits)"
  })
).annotations({ identifier: "CommitSha" })

const decode = Schema.decodeUnknownEither(CommitSha)

/** A commit id a client sent in `field`, lower-cased, or InvalidInput naming the field. */
export const commitShaOf = (value: string, field = "commitSha"): Effect.Effect<string, InvalidInput> =>
  Either.match(decode(value), {
    onLeft: (error) => Effect.fail(new InvalidInput({ field, reason: ParseResult.TreeFormatter.formatErrorSync(error) })),
    onRight: Effect.succeed
  })

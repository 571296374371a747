import type { SqlError } from "@effect/sql/SqlError"
import { Errors } from "@tidemark/core"
import { Effect, type ParseResult } from "effect"

/** What went wrong, with the driver's own message when there is one (it names the constraint). */
const reasonOf = (error: SqlError | ParseResult.ParseError): string => {
  if (error._tag === "ParseError") return `storage returned an unexpected row: ${error.message}`
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : ""
  return `storage failed (${error.message}${cause})`
}

/**
 * The ports promise `ServiceUnavailable` when storage fails: a lost connection, a violated
 * constraint or a row that does not decode is a failure a caller can report, never a defect.
 */
export const orUnavailable = <A, R>(
  effect: Effect.Effect<A, SqlError | ParseResult.ParseError, R>
): Effect.Effect<A, Errors.ServiceUnavailable, R> =>
  Effect.mapError(effect, (error) => new Errors.ServiceUnavailable({ reason: reasonOf(error), cause: error }))

import { Redaction } from "@tidemark/core"
import { Cause, Console, Effect, Option } from "effect"

/**
 * How the command and the server it hands over to tell a failure on stderr. A failure a user can
 * act on is one `error: ...` line without a stack trace, or nothing where `messageOf` answers
 * undefined (it was already shown, as @effect/cli shows usage errors with the help text). Defects
 * are bugs: shown in full. Both redacted, like every log line: a failure may quote a URL with its
 * credentials.
 */
export const reportFailure = <E>(messageOf: (failure: E) => string | undefined) => (cause: Cause.Cause<E>) =>
  Option.match(Cause.failureOption(cause), {
    onNone: () => Cause.isInterruptedOnly(cause) ? Effect.void : Console.error(Redaction.redactSecrets(Cause.pretty(cause))),
    onSome: (failure) => {
      const message = messageOf(failure)
      return message === undefined ? Effect.void : Console.error(`error: ${Redaction.redactSecrets(message)}`)
    }
  })

import { Cause, Exit, Option, Predicate, Schema } from "effect"

/**
 * Ends a command with an exit code of its own, for commands whose code is an answer a script reads
 * (`tidemark gate`: 1 not up to standards, 2 cannot tell). A message is printed like any failure's
 * (`error: ...`); an empty one means the command has already said everything on stdout.
 */
export class ExitCode extends Schema.TaggedError<ExitCode>()("ExitCode", {
  code: Schema.Int,
  message: Schema.String
}) {}

export const isExitCode = (failure: unknown): failure is ExitCode => Predicate.isTagged(failure, "ExitCode")

/**
 * The process's exit code: a command's own, 1 for any other failure, 0 on success and on
 * interruption (Ctrl-C), as `runMain` does by default.
 */
export const exitCodeOf = <E, A>(exit: Exit.Exit<A, E>): number => {
  if (Exit.isSuccess(exit) || Cause.isInterruptedOnly(exit.cause)) return 0
  return Option.match(Cause.failureOption(exit.cause), {
    onNone: () => 1,
    onSome: (failure) => (isExitCode(failure) ? failure.code : 1)
  })
}

import { Command, ValidationError } from "@effect/cli"
import { Redaction } from "@tidemark/core"
import { Cause, Console, Effect, Option } from "effect"
import { version } from "../Version.js"
import { analyze } from "./Analyze.js"
import { coverage } from "./Coverage.js"
import { key, token } from "./Credential.js"
import { metrics } from "./Metrics.js"
import { org } from "./Organization.js"
import { pr } from "./PullRequest.js"
import { repo } from "./Repo.js"
import { serve } from "./Serve.js"
import { standard } from "./Standard.js"
import { worker } from "./Worker.js"

/** The `tidemark` command: the server, and the admin commands that call it over HTTP. */
export const command = Command.make("tidemark").pipe(
  Command.withDescription("Tidemark: a self-hosted code-analysis and delivery-metrics service."),
  Command.withSubcommands([serve, worker, repo, pr, analyze, coverage, token, key, org, standard, metrics])
)

const cli = Command.run(command, { name: "tidemark", version })

type Failure = Cause.Cause<Effect.Effect.Error<ReturnType<typeof cli>>>

/**
 * Failures a user can act on become one `error: ...` line on stderr, without a stack trace; usage
 * errors were already shown by @effect/cli with the help text. Defects are bugs: shown in full.
 * Both redacted, like every log line (a failure may quote a URL with its credentials).
 */
const report = (cause: Failure) =>
  Option.match(Cause.failureOption(cause), {
    onNone: () => Cause.isInterruptedOnly(cause) ? Effect.void : Console.error(Redaction.redactSecrets(Cause.pretty(cause))),
    onSome: (failure) =>
      ValidationError.isValidationError(failure)
        ? Effect.void
        : Console.error(`error: ${Redaction.redactSecrets(failure.message)}`)
  })

export const run = (argv: ReadonlyArray<string>) =>
  cli(argv).pipe(Effect.tapErrorCause(report), Effect.provide(Redaction.redactingLogger))

import { Command, ValidationError } from "@effect/cli"
import { Redaction } from "@tidemark/core"
import { Effect } from "effect"
import { reportFailure } from "../FailureReport.js"
import { version } from "../Version.js"
import { advisories } from "./Advisories.js"
import { analyze } from "./Analyze.js"
import { coverage } from "./Coverage.js"
import { key, token } from "./Credential.js"
import { ExitCode, isExitCode } from "./ExitCode.js"
import { fix } from "./Fix.js"
import { gate, gateUsageErrorCode } from "./Gate.js"
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
  Command.withSubcommands([serve, worker, repo, pr, analyze, coverage, gate, fix, token, key, org, standard, metrics, advisories])
)

const cli = Command.run(command, { name: "tidemark", version })

/** Usage errors were already shown by @effect/cli with the help text, as was an exit code's own output. */
const messageOf = (failure: Effect.Effect.Error<ReturnType<typeof cli>>) =>
  ValidationError.isValidationError(failure) || (isExitCode(failure) && failure.message === "") ? undefined : failure.message

/** The command named by the arguments (`node bin.js <command> ...`): the first that is not an option. */
const commandName = (argv: ReadonlyArray<string>) => argv.slice(2).find((arg) => !arg.startsWith("-"))

/**
 * A usage error exits 1, except for a command whose 1 means something else (`gate`: not up to
 * standards): a misconfigured CI step must not read as a verdict.
 */
const usageErrorCode = (argv: ReadonlyArray<string>) => (commandName(argv) === "gate" ? gateUsageErrorCode : 1)

export const run = (argv: ReadonlyArray<string>) =>
  cli(argv).pipe(
    Effect.tapErrorCause(reportFailure(messageOf)),
    Effect.catchIf(ValidationError.isValidationError, () => new ExitCode({ code: usageErrorCode(argv), message: "" })),
    Effect.provide(Redaction.redactingLogger)
  )

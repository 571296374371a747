/**
 * `tidemark serve` and `tidemark worker` as the command hands them over: the settings read from the
 * environment, the process's layer run until it stops or `signal` aborts, failures told on stderr
 * as the command tells its own. Answers the exit code.
 *
 * The command's own modules are bundled into one file (dist/bin.js: a client command starts in a
 * third of the CPU time); these are not. The server's modules share the core's classes and
 * Effect's with the analysis package, loaded from node_modules, so one copy of each must serve
 * them all: this module runs them on its own runtime and talks to the command in plain values.
 */
import * as NodeContext from "@effect/platform-node/NodeContext"
import { Redaction } from "@tidemark/core"
import { Cause, Effect, Exit } from "effect"
import { reportFailure } from "./FailureReport.js"
import { runUntilWorkerStops, serverLayer, workerOnlyLayer } from "./Server.js"
import { serverConfig } from "./ServerConfig.js"
import { InvalidSettings, ListenFailed } from "./ServerFailures.js"

export type ServerMode = "serve" | "worker"

const program = (mode: ServerMode) =>
  serverConfig.pipe(
    Effect.mapError((error) => new InvalidSettings({ detail: String(error) })),
    Effect.flatMap((config) =>
      mode === "serve"
        ? runUntilWorkerStops(serverLayer(config)).pipe(
          Effect.catchTag("ServeError", (error) =>
            new ListenFailed({
              host: config.host,
              port: config.port,
              reason: error.cause instanceof Error ? error.cause.message : String(error.cause)
            }))
        )
        : runUntilWorkerStops(workerOnlyLayer(config))
    )
  )

/** Runs `mode` until it stops (exit code 1) or `signal` aborts (0, once the layer has closed). */
export const runServer = async (mode: ServerMode, signal: AbortSignal): Promise<number> => {
  const exit = await Effect.runPromiseExit(
    program(mode).pipe(
      Effect.tapErrorCause(reportFailure((failure: { readonly message: string }) => failure.message)),
      Effect.provide(NodeContext.layer),
      Effect.provide(Redaction.redactingLogger)
    ),
    { signal }
  )
  return Exit.isSuccess(exit) || Cause.isInterruptedOnly(exit.cause) ? 0 : 1
}

import { Command } from "@effect/cli"
import { Effect, Schema } from "effect"
import { type ServerConfig, serverConfig } from "../ServerConfig.js"

/** A setting of the environment that does not parse (PORT=abc). */
export class InvalidSettings extends Schema.TaggedError<InvalidSettings>()("InvalidSettings", {
  detail: Schema.String
}) {
  override get message() {
    return `invalid settings in the environment: ${this.detail}`
  }
}

/** The HTTP server could not start: the port is taken, the host is not an address of this machine... */
export class ListenFailed extends Schema.TaggedError<ListenFailed>()("ListenFailed", {
  host: Schema.String,
  port: Schema.Number,
  reason: Schema.String
}) {
  override get message() {
    return `cannot listen on ${this.host}:${this.port}: ${this.reason}`
  }
}

/**
 * The server's modules (storage, queue, analysers) are loaded only when a server starts: the client
 * commands, run many times a day in scripts and CI, start in a fraction of the time without them.
 */
export const serverModule = Effect.promise(() => import("../Server.js"))

const launch = (config: ServerConfig) =>
  serverModule.pipe(
    Effect.flatMap(({ runUntilWorkerStops, serverLayer }) => runUntilWorkerStops(serverLayer(config))),
    Effect.catchTag("ServeError", (error) =>
      new ListenFailed({
        host: config.host,
        port: config.port,
        reason: error.cause instanceof Error ? error.cause.message : String(error.cause)
      }))
  )

/** `tidemark serve`: runs the bundled server until interrupted; every setting comes from the environment. */
export const serve = Command.make("serve", {}, () =>
  serverConfig.pipe(
    Effect.mapError((error) => new InvalidSettings({ detail: String(error) })),
    Effect.flatMap(launch)
  )).pipe(
    Command.withDescription(
      "Run the Tidemark server. Settings come from the environment: PORT (8080), HOST (0.0.0.0), " +
        "TIDEMARK_DATA_DIR (./.tidemark), TIDEMARK_ADMIN_TOKEN (generated and printed once when unset), " +
        "TIDEMARK_MAX_BODY_BYTES, TIDEMARK_GIT_URL_GH|GL|BB, TIDEMARK_PUBLIC_URL (the dashboard's address, for commit status links)."
    )
  )

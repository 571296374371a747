import { Command } from "@effect/cli"
import { Effect, Layer, Schema } from "effect"
import { serverLayer } from "../Server.js"
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

const launch = (config: ServerConfig) =>
  Layer.launch(serverLayer(config)).pipe(
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
        "TIDEMARK_MAX_BODY_BYTES, TIDEMARK_GIT_URL_GH|GL|BB."
    )
  )

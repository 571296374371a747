import { Schema } from "effect"

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

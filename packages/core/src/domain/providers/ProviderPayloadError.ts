import { Schema } from "effect"
import { IngestionProvider } from "../IngestionEnvelope.js"

/**
 * A provider payload of a relevant event (a push, a successful deployment, a resolved incident)
 * that cannot become core events: a field is missing or malformed, an id is longer than core
 * allows, a timestamp is not a date-time. The worker dead-letters the payload with the reason.
 */
export class ProviderPayloadError extends Schema.TaggedError<ProviderPayloadError>()("ProviderPayloadError", {
  provider: IngestionProvider,
  reason: Schema.String
}) {
  override get message() {
    return `${this.provider} payload: ${this.reason}`
  }
}

import { Either, Predicate } from "effect"
import type { IngestionProvider } from "../IngestionEnvelope.js"
import type { Event } from "../IngestionEvents.js"
import { mapGitHubPayload } from "./GitHub.js"
import { mapGitLabPayload } from "./GitLab.js"
import { mapJiraPayload } from "./Jira.js"
import { mapPagerDutyPayload } from "./PagerDuty.js"
import { ProviderPayloadError } from "./ProviderPayloadError.js"
import type { ProviderHeaders, ProviderMapping } from "./ProviderMapping.js"

const mappings: { readonly [P in IngestionProvider]: ProviderMapping } = {
  github: mapGitHubPayload,
  gitlab: mapGitLabPayload,
  pagerduty: mapPagerDutyPayload,
  jira: mapJiraPayload
}

/**
 * Maps a payload accepted by pushData (`POST /v1/ingestion/{provider}`) to core's events.
 * - `Right([])`: an event the delivery metrics do not use (a ping, an issue comment, a deployment
 *   still in progress, an incident still open). The worker acknowledges it and stores nothing.
 * - `Right(events)`: changes, a deployment or incidents, each valid under core's `Event` schema.
 * - `Left(ProviderPayloadError)`: a relevant event that is malformed, or whose ids or times break
 *   a rule of the ingestion API; retrying cannot help, the worker dead-letters it with the reason.
 *
 * `headers` are the request's headers with lower-case names; only the providers' event headers
 * (`x-github-event`, `x-gitlab-event`) are read.
 */
export const mapProviderPayload = (
  provider: IngestionProvider,
  headers: ProviderHeaders,
  payload: unknown
): Either.Either<ReadonlyArray<Event>, ProviderPayloadError> =>
  Predicate.isRecord(payload)
    ? mappings[provider](headers, payload)
    : Either.left(new ProviderPayloadError({ provider, reason: "expected a JSON object" }))

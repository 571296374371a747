import { Either, Schema } from "effect"
import { decodePayload, ignored, type JsonObject, makeIncident, type ProviderMapping } from "./ProviderMapping.js"
import { ProviderTimestamp } from "./ProviderTimestamp.js"

/**
 * Jira webhooks (`webhookEvent`): `jira:issue_created` and `jira:issue_updated` of an issue of an
 * incident type that has a `resolutiondate` → an Incident (id = the issue key, created =
 * `fields.created`, resolved = `fields.resolutiondate`). An incident issue not yet resolved, an
 * issue of another type and every other webhook event map to nothing. Jira's timestamps
 * (`2024-05-01T12:00:00.000+0000`) are rewritten to RFC 3339 (`+00:00`).
 */

/**
 * The incident type is recognised by name, case-insensitively: `Incident`, and `[System] Incident`,
 * the name Jira Service Management gives the incident type of its IT service projects.
 */
export const isIncidentIssueType = (name: string): boolean => /^(\[system\]\s*)?incident$/i.test(name.trim())

const Envelope = Schema.Struct({ webhookEvent: Schema.String })

/** What makes an issue event relevant: the issue's type, and whether it is resolved. */
const IssueRelevance = Schema.Struct({
  issue: Schema.Struct({
    key: Schema.String,
    fields: Schema.Struct({
      issuetype: Schema.Struct({ name: Schema.String }),
      // `null` until the issue is resolved, and again once it is reopened.
      resolutiondate: Schema.optional(Schema.Unknown)
    })
  })
})

const ResolvedIssue = Schema.Struct({
  issue: Schema.Struct({
    fields: Schema.Struct({ created: ProviderTimestamp, resolutiondate: ProviderTimestamp })
  })
})

const decodeEnvelope = decodePayload(Envelope, "jira")
const decodeIssueRelevance = decodePayload(IssueRelevance, "jira")
const decodeResolvedIssue = decodePayload(ResolvedIssue, "jira")

const resolvedIncident = (payload: JsonObject, webhookEvent: string, key: string) =>
  Either.flatMap(decodeResolvedIssue(payload, webhookEvent), ({ issue: { fields } }) =>
    Either.map(
      makeIncident("jira", `issue '${key}'`, {
        $type: "incident",
        incident_id: key,
        time_created: fields.created,
        time_resolved: fields.resolutiondate
      }),
      (incident) => [incident]
    ))

const issueEvent = (payload: JsonObject, webhookEvent: string) =>
  Either.flatMap(decodeIssueRelevance(payload, webhookEvent), ({ issue }) =>
    isIncidentIssueType(issue.fields.issuetype.name) && issue.fields.resolutiondate != null
      ? resolvedIncident(payload, webhookEvent, issue.key)
      : ignored)

/** Every Jira webhook names its event: a payload without `webhookEvent` is refused, not ignored. */
export const mapJiraPayload: ProviderMapping = (_headers, payload) =>
  Either.flatMap(decodeEnvelope(payload, "webhook"), ({ webhookEvent }) =>
    webhookEvent === "jira:issue_created" || webhookEvent === "jira:issue_updated"
      ? issueEvent(payload, webhookEvent)
      : ignored)

import { describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import { Incident } from "../../src/domain/IngestionEvents.js"
import { isIncidentIssueType, mapJiraPayload } from "../../src/domain/providers/Jira.js"
import created from "./fixtures/jira/issue_created-incident.json"
import bugResolved from "./fixtures/jira/issue_updated-bug-resolved.json"
import resolved from "./fixtures/jira/issue_updated-incident-resolved.json"
import { expectReDecodes, reasonOf } from "./ProviderAssertions.js"

const checkoutIncident = new Incident({
  $type: "incident",
  incident_id: "OPS-42",
  time_created: "2024-05-01T12:00:00.000+00:00",
  time_resolved: "2024-05-01T13:45:10.123+00:00"
})

const withFields = (fields: Partial<typeof resolved.issue.fields>) => ({
  ...resolved,
  issue: { ...resolved.issue, fields: { ...resolved.issue.fields, ...fields } }
})

const withIssueType = (name: string) => withFields({ issuetype: { ...resolved.issue.fields.issuetype, name } })

describe("Jira", () => {
  it("maps a resolved issue of the Incident type to an incident, times rewritten to RFC 3339", () => {
    const mapped = mapJiraPayload({}, resolved)
    expect(mapped).toEqual(Either.right([checkoutIncident]))
    expectReDecodes(Either.getOrThrow(mapped))
  })

  it("maps an incident created already resolved (jira:issue_created with a resolutiondate)", () => {
    const createdResolved = { ...resolved, webhookEvent: "jira:issue_created" }
    expect(mapJiraPayload({}, createdResolved)).toEqual(Either.right([checkoutIncident]))
  })

  it("keeps the offset of the Jira instance's time zone", () => {
    const mapped = mapJiraPayload({}, withFields({
      created: "2024-05-01T17:30:00.000+0530",
      resolutiondate: "2024-05-01T19:15:10.123+0530"
    }))
    expect(mapped).toEqual(Either.right([
      new Incident({
        ...checkoutIncident,
        time_created: "2024-05-01T17:30:00.000+05:30",
        time_resolved: "2024-05-01T19:15:10.123+05:30"
      })
    ]))
  })

  it("maps an incident not yet resolved to nothing", () => {
    expect(mapJiraPayload({}, created)).toEqual(Either.right([]))
    const { resolutiondate: _, ...fields } = resolved.issue.fields
    expect(mapJiraPayload({}, { ...resolved, issue: { ...resolved.issue, fields } })).toEqual(Either.right([]))
  })

  it("maps resolved issues of other types to nothing", () => {
    expect(mapJiraPayload({}, bugResolved)).toEqual(Either.right([]))
    expect(mapJiraPayload({}, withIssueType("Incident Review"))).toEqual(Either.right([]))
  })

  it("recognises the incident type case-insensitively, and Jira Service Management's [System] Incident", () => {
    expect(["Incident", "incident", "INCIDENT", " Incident ", "[System] Incident"].map(isIncidentIssueType))
      .toEqual([true, true, true, true, true])
    expect(["Incidents", "Major incident", "Bug", "Story"].map(isIncidentIssueType))
      .toEqual([false, false, false, false])
    expect(mapJiraPayload({}, withIssueType("[System] Incident"))).toEqual(Either.right([checkoutIncident]))
  })

  it("maps other webhook events to nothing", () => {
    for (const webhookEvent of ["jira:issue_deleted", "comment_created", "worklog_updated", "sprint_started"]) {
      expect(mapJiraPayload({}, { ...resolved, webhookEvent })).toEqual(Either.right([]))
    }
  })

  describe("malformed payloads", () => {
    it("refuses a payload without webhookEvent", () => {
      const { webhookEvent: _, ...anonymous } = resolved
      expect(reasonOf(mapJiraPayload({}, anonymous))).toBe("webhook: webhookEvent: is missing")
    })

    it("refuses an issue event without its issue type", () => {
      const { issuetype: _, ...fields } = resolved.issue.fields
      expect(reasonOf(mapJiraPayload({}, { ...resolved, issue: { ...resolved.issue, fields } }))).toBe(
        "jira:issue_updated: issue.fields.issuetype: is missing"
      )
    })

    it("refuses an incident whose resolutiondate is not a date-time", () => {
      expect(reasonOf(mapJiraPayload({}, withFields({ resolutiondate: "01/05/2024 13:45" })))).toBe(
        "jira:issue_updated: issue.fields.resolutiondate: expected an RFC 3339 date-time, e.g. 2024-05-01T12:00:00Z"
      )
    })

    it("refuses an incident resolved before it was created", () => {
      expect(reasonOf(mapJiraPayload({}, withFields({ resolutiondate: "2024-05-01T11:59:59.999+0000" })))).toBe(
        "issue 'OPS-42': time_created must be before time_resolved"
      )
    })

    it("refuses an issue key longer than 40 characters", () => {
      const key = "OPERATIONS-AND-SITE-RELIABILITY-ENGINEERING-42"
      expect(reasonOf(mapJiraPayload({}, { ...resolved, issue: { ...resolved.issue, key } }))).toBe(
        `issue '${key}': incident_id: expected 1 to 40 characters`
      )
    })
  })
})

import { describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import type { IngestionProvider } from "../../src/domain/IngestionEnvelope.js"
import { mapProviderPayload } from "../../src/domain/providers/ProviderPayload.js"
import { ProviderPayloadError } from "../../src/domain/providers/ProviderPayloadError.js"
import githubDeployment from "./fixtures/github/deployment.json"
import githubInProgress from "./fixtures/github/deployment_status-in_progress.json"
import githubSuccess from "./fixtures/github/deployment_status-success.json"
import githubPing from "./fixtures/github/ping.json"
import githubTagCreated from "./fixtures/github/push-tag-created.json"
import githubPush from "./fixtures/github/push.json"
import gitlabDeployment from "./fixtures/gitlab/deployment-success.json"
import gitlabPipeline from "./fixtures/gitlab/pipeline.json"
import gitlabPush from "./fixtures/gitlab/push.json"
import gitlabTagPush from "./fixtures/gitlab/tag_push.json"
import jiraCreated from "./fixtures/jira/issue_created-incident.json"
import jiraBugResolved from "./fixtures/jira/issue_updated-bug-resolved.json"
import jiraResolved from "./fixtures/jira/issue_updated-incident-resolved.json"
import pagerdutyV2Resolve from "./fixtures/pagerduty/v2-incident-resolve.json"
import pagerdutyPriorityUpdated from "./fixtures/pagerduty/v3-incident-priority_updated.json"
import pagerdutyResolved from "./fixtures/pagerduty/v3-incident-resolved.json"
import pagerdutyTriggered from "./fixtures/pagerduty/v3-incident-triggered.json"
import { expectReDecodes, reasonOf } from "./ProviderAssertions.js"

interface Fixture {
  readonly provider: IngestionProvider
  readonly file: string
  readonly payload: unknown
  readonly headers: Readonly<Record<string, string>>
  /** `$type` of each event the payload maps to. */
  readonly events: ReadonlyArray<string>
}

const fixture = (
  provider: IngestionProvider,
  file: string,
  payload: unknown,
  headers: Readonly<Record<string, string>>,
  events: ReadonlyArray<string>
): Fixture => ({ provider, file, payload, headers, events })

const github = (event: string) => ({ "x-github-event": event })
const gitlab = (event: string) => ({ "x-gitlab-event": event })

const fixtures: ReadonlyArray<Fixture> = [
  fixture("github", "push", githubPush, github("push"), ["change"]),
  fixture("github", "push-tag-created", githubTagCreated, github("push"), []),
  fixture("github", "deployment", githubDeployment, github("deployment"), []),
  fixture("github", "deployment_status-success", githubSuccess, github("deployment_status"), ["deployment"]),
  fixture("github", "deployment_status-in_progress", githubInProgress, github("deployment_status"), []),
  fixture("github", "ping", githubPing, github("ping"), []),
  fixture("gitlab", "push", gitlabPush, gitlab("Push Hook"), ["change", "change"]),
  fixture("gitlab", "tag_push", gitlabTagPush, gitlab("Tag Push Hook"), []),
  fixture("gitlab", "deployment-success", gitlabDeployment, gitlab("Deployment Hook"), ["deployment"]),
  fixture("gitlab", "pipeline", gitlabPipeline, gitlab("Pipeline Hook"), []),
  fixture("pagerduty", "v3-incident-triggered", pagerdutyTriggered, {}, []),
  fixture("pagerduty", "v3-incident-resolved", pagerdutyResolved, {}, ["incident"]),
  fixture("pagerduty", "v3-incident-priority_updated", pagerdutyPriorityUpdated, {}, []),
  fixture("pagerduty", "v2-incident-resolve", pagerdutyV2Resolve, {}, ["incident"]),
  fixture("jira", "issue_created-incident", jiraCreated, {}, []),
  fixture("jira", "issue_updated-incident-resolved", jiraResolved, {}, ["incident"]),
  fixture("jira", "issue_updated-bug-resolved", jiraBugResolved, {}, [])
]

describe("mapProviderPayload", () => {
  describe.each(fixtures)("fixture $provider/$file.json", ({ events, headers, payload, provider }) => {
    it(`maps to [${events.join(", ")}], each event valid under core's Event schema`, () => {
      const mapped = Either.getOrThrow(mapProviderPayload(provider, headers, payload))
      expect(mapped.map((event) => event.$type)).toEqual(events)
      expectReDecodes(mapped)
    })
  })

  it("dispatches on the provider: a payload maps only under its own provider", () => {
    expect(Either.getOrThrow(mapProviderPayload("github", github("push"), githubPush))).toHaveLength(1)
    expect(mapProviderPayload("gitlab", {}, githubPush)).toEqual(Either.right([]))
    expect(reasonOf(mapProviderPayload("jira", {}, githubPush))).toBe("webhook: webhookEvent: is missing")
    expect(reasonOf(mapProviderPayload("pagerduty", {}, jiraResolved))).toBe(
      "expected a V3 webhook (an `event` object) or a V2 webhook (a `messages` array)"
    )
  })

  it("refuses a payload that is not a JSON object, for every provider", () => {
    const providers: ReadonlyArray<IngestionProvider> = ["github", "gitlab", "pagerduty", "jira"]
    for (const provider of providers) {
      for (const payload of [null, [], [githubPush], "push", 42, true]) {
        expect(mapProviderPayload(provider, {}, payload)).toEqual(
          Either.left(new ProviderPayloadError({ provider, reason: "expected a JSON object" }))
        )
      }
    }
  })

  it("fails with a tagged ProviderPayloadError whose message names the provider", () => {
    const mapped = mapProviderPayload("gitlab", gitlab("Push Hook"), { object_kind: "push" })
    const error = Either.getOrThrow(Either.flip(mapped))
    expect(error).toBeInstanceOf(ProviderPayloadError)
    expect(error._tag).toBe("ProviderPayloadError")
    expect(error.message).toBe("gitlab payload: push: commits: is missing")
  })
})

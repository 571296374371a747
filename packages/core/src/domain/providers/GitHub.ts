import { Either, Predicate, Schema } from "effect"
import {
  decodePayload,
  ignored,
  type JsonObject,
  makeChange,
  makeDeployment,
  type ProviderHeaders,
  type ProviderMapping
} from "./ProviderMapping.js"
import { ProviderTimestamp } from "./ProviderTimestamp.js"

/**
 * GitHub webhooks (`X-GitHub-Event` header):
 * - `push` → one Change per commit in `commits` (id = the commit sha, time = its timestamp,
 *   source `git`). Every commit is mapped, however many: the 40-entry limit is on a deployment's
 *   `changes`, not on a push. A push without commits (a tag, a deleted branch) maps to nothing.
 * - `deployment_status` with state `success` → a Deployment (id = the deployment id, time = the
 *   status's `created_at`, changes = the deployed sha). Other states (pending, in_progress,
 *   failure, error, inactive) map to nothing: a deployment counts once it succeeded.
 * - `deployment` (created, not yet deployed), `ping` and every other event → nothing.
 */

const Commit = Schema.Struct({ id: Schema.String, timestamp: ProviderTimestamp }).annotations({
  identifier: "GitHubCommit"
})

const Push = Schema.Struct({ commits: Schema.Array(Commit) })

const DeploymentState = Schema.Struct({
  deployment_status: Schema.Struct({ state: Schema.String })
})

const SuccessfulDeployment = Schema.Struct({
  deployment_status: Schema.Struct({ created_at: ProviderTimestamp }),
  deployment: Schema.Struct({ id: Schema.Union(Schema.Int, Schema.NonEmptyString), sha: Schema.NonEmptyString }),
  // Read only to name the source: whatever its shape, it never refuses a deployment.
  workflow_run: Schema.optional(Schema.Unknown)
})

const decodePush = decodePayload(Push, "github")
const decodeDeploymentState = decodePayload(DeploymentState, "github")
const decodeSuccessfulDeployment = decodePayload(SuccessfulDeployment, "github")

/**
 * The event name from the header; without it (a payload relayed without its headers) from the
 * payload's shape, which only needs to recognise the events that map to something: only a
 * `deployment_status` payload has a top-level `deployment_status`, only a `push` a `pusher`.
 */
const eventName = (headers: ProviderHeaders, payload: JsonObject): string | undefined =>
  headers["x-github-event"] ??
    ("deployment_status" in payload ? "deployment_status" : "pusher" in payload ? "push" : undefined)

const pushChanges = (payload: JsonObject) =>
  Either.flatMap(decodePush(payload, "push"), ({ commits }) =>
    Either.all(commits.map((commit) =>
      makeChange("github", `push commit '${commit.id}'`, {
        $type: "change",
        change_id: commit.id,
        time_created: commit.timestamp,
        source: "git"
      })
    )))

const successfulDeployment = (payload: JsonObject) =>
  Either.flatMap(decodeSuccessfulDeployment(payload, "deployment_status"), (decoded) => {
    const { deployment, deployment_status, workflow_run } = decoded
    const deployId = String(deployment.id)
    return Either.map(
      makeDeployment("github", `deployment '${deployId}'`, {
        $type: "deployment",
        deploy_id: deployId,
        time_created: deployment_status.created_at,
        changes: [deployment.sha],
        // A deployment made by an Actions job carries its workflow run; others (made through the
        // REST API by another system) say nothing about the system, so no source is claimed.
        ...(Predicate.isRecord(workflow_run) ? { source: "github-actions" as const } : {})
      }),
      (event) => [event]
    )
  })

const deploymentStatus = (payload: JsonObject) =>
  Either.flatMap(decodeDeploymentState(payload, "deployment_status"), ({ deployment_status }) =>
    deployment_status.state === "success" ? successfulDeployment(payload) : ignored)

export const mapGitHubPayload: ProviderMapping = (headers, payload) => {
  switch (eventName(headers, payload)) {
    case "push":
      return pushChanges(payload)
    case "deployment_status":
      return deploymentStatus(payload)
    default:
      return ignored
  }
}

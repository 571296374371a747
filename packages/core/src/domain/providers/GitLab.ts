import { Either, ParseResult, Schema } from "effect"
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
 * GitLab webhooks (`X-Gitlab-Event` header, `object_kind` in the payload):
 * - push → one Change per commit in `commits` (id, timestamp; source `git`). GitLab lists at most
 *   the 20 newest commits of a push (`total_commits_count` has the real number): the older ones
 *   are not in the payload and cannot be mapped.
 * - deployment with status `success` → a Deployment (id = `deployment_id`, time =
 *   `status_changed_at`, changes = the deployed sha). The Deployment Hook carries no full sha
 *   field: the sha is the last segment of `commit_url` (`…/-/commit/<sha>`); `short_sha` would
 *   not match the ids of the pushed changes. Other statuses (running, failed, canceled) → nothing.
 * - tag pushes (no new commits), pipelines, jobs, merge requests and the rest → nothing.
 */

const Commit = Schema.Struct({ id: Schema.String, timestamp: ProviderTimestamp }).annotations({
  identifier: "GitLabCommit"
})

const Push = Schema.Struct({ commits: Schema.Array(Commit) })

const DeploymentStatus = Schema.Struct({ status: Schema.String })

const commitUrlSha = /\/commit\/([0-9a-fA-F]{7,64})\/?$/

/** The deployed sha, read from `commit_url` (the hook has no full sha field). */
const ShaFromCommitUrl = Schema.transformOrFail(Schema.String, Schema.String, {
  strict: true,
  decode: (url, _, ast) => {
    const sha = commitUrlSha.exec(url)?.[1]
    return sha === undefined
      ? ParseResult.fail(new ParseResult.Type(ast, url, "expected a URL ending in /commit/<sha>"))
      : ParseResult.succeed(sha)
  },
  encode: (sha, _, ast) => ParseResult.fail(new ParseResult.Forbidden(ast, sha, "a commit URL is not rebuilt"))
})

const SuccessfulDeployment = Schema.Struct({
  deployment_id: Schema.Int,
  status_changed_at: ProviderTimestamp,
  commit_url: ShaFromCommitUrl,
  // Read only to name the source: whatever its shape, it never refuses a deployment.
  deployable_url: Schema.optional(Schema.Unknown)
})

const decodePush = decodePayload(Push, "gitlab")
const decodeDeploymentStatus = decodePayload(DeploymentStatus, "gitlab")
const decodeSuccessfulDeployment = decodePayload(SuccessfulDeployment, "gitlab")

const kindFromHeader = (header: string | undefined): string | undefined => {
  switch (header) {
    case "Push Hook":
      return "push"
    case "Tag Push Hook":
      return "tag_push"
    case "Deployment Hook":
      return "deployment"
    default:
      return undefined
  }
}

/**
 * `object_kind` when the payload has one (system hooks send pushes under the header
 * `System Hook`); the header otherwise, so a push hook that lost its `object_kind` is still
 * decoded as a push, and refused if it is malformed.
 */
const kindOf = (headers: ProviderHeaders, payload: JsonObject): string | undefined =>
  typeof payload["object_kind"] === "string" ? payload["object_kind"] : kindFromHeader(headers["x-gitlab-event"])

const pushChanges = (payload: JsonObject) =>
  Either.flatMap(decodePush(payload, "push"), ({ commits }) =>
    Either.all(commits.map((commit) =>
      makeChange("gitlab", `push commit '${commit.id}'`, {
        $type: "change",
        change_id: commit.id,
        time_created: commit.timestamp,
        source: "git"
      })
    )))

const successfulDeployment = (payload: JsonObject) =>
  Either.flatMap(decodeSuccessfulDeployment(payload, "deployment"), (decoded) => {
    const { commit_url: sha, deployable_url, deployment_id, status_changed_at } = decoded
    const deployId = String(deployment_id)
    return Either.map(
      makeDeployment("gitlab", `deployment '${deployId}'`, {
        $type: "deployment",
        deploy_id: deployId,
        time_created: status_changed_at,
        changes: [sha],
        // `deployable_url` is the CI job that deployed; it is null for deployments created through
        // the API by an outside system, which then is not named.
        ...(typeof deployable_url === "string" ? { source: "gitlab-ci" as const } : {})
      }),
      (event) => [event]
    )
  })

const deployment = (payload: JsonObject) =>
  Either.flatMap(decodeDeploymentStatus(payload, "deployment"), ({ status }) =>
    status === "success" ? successfulDeployment(payload) : ignored)

export const mapGitLabPayload: ProviderMapping = (headers, payload) => {
  switch (kindOf(headers, payload)) {
    case "push":
      return pushChanges(payload)
    case "deployment":
      return deployment(payload)
    default:
      return ignored
  }
}

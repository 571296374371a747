import { HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import * as ApiErrors from "../ApiErrors.js"
import { RepositoryParams } from "../ApiParams.js"

/**
 * Webhook deliveries of git hosts, one endpoint per repository and host (our extension). No
 * api-token: each delivery is authenticated by the repository's webhook secret (issued by the admin
 * API's `createWebhookSecret`), which GitHub signs the body with and GitLab sends as a header. The
 * body is read as raw bytes by the handler, since a signature covers exactly what was sent.
 */

export class WebhookReceipt extends Schema.Class<WebhookReceipt>("WebhookReceipt")({
  /** The event the host named in its header. */
  event: Schema.String,
  /** `duplicate`: the delivery was taken in already (a retry or a replay) and nothing was done again. */
  outcome: Schema.Literal("pullRequestRecorded", "branchRefreshed", "ignored", "duplicate")
}) {}

export const GitHubWebhookHeaders = Schema.Struct({
  "x-github-event": Schema.optional(Schema.String),
  "x-hub-signature-256": Schema.optional(Schema.String),
  "x-github-delivery": Schema.optional(Schema.String)
})

export const GitLabWebhookHeaders = Schema.Struct({
  "x-gitlab-event": Schema.optional(Schema.String),
  "x-gitlab-token": Schema.optional(Schema.String),
  "idempotency-key": Schema.optional(Schema.String),
  "x-gitlab-event-uuid": Schema.optional(Schema.String)
})

/** The API the hooks are served under (see TidemarkApi.ts). */
export const prefix = "/api/v3"
const hookPath = "/hooks/:provider/:remoteOrganizationName/repositories/:repositoryName"

/** Where a repository's git hosts deliver, as the admin tells whoever sets the webhooks up. */
export const webhookPaths = (path: { provider: string; remoteOrganizationName: string; repositoryName: string }) => {
  const base = `${prefix}/hooks/${encodeURIComponent(path.provider)}/${encodeURIComponent(path.remoteOrganizationName)}/repositories/${
    encodeURIComponent(path.repositoryName)
  }`
  return { githubPath: `${base}/github`, gitlabPath: `${base}/gitlab` }
}

/** The JSON the hosts send, described for the document only: the handler reads the raw body. */
const deliveryBody = "A GitHub (`pull_request`, `push`, `ping`) or GitLab (`Merge Request Hook`, `Push Hook`) webhook payload, as JSON."

export class GitHostWebhookGroup extends HttpApiGroup.make("gitHostWebhooks")
  .add(
    HttpApiEndpoint.post("receiveGitHubWebhook", `${hookPath}/github`)
      .setPath(RepositoryParams)
      .setHeaders(GitHubWebhookHeaders)
      .addSuccess(Schema.Struct({ data: WebhookReceipt }))
      .annotate(
        OpenApi.Description,
        `A GitHub delivery, signed in X-Hub-Signature-256 with the repository's webhook secret. ${deliveryBody}`
      )
  )
  .add(
    HttpApiEndpoint.post("receiveGitLabWebhook", `${hookPath}/gitlab`)
      .setPath(RepositoryParams)
      .setHeaders(GitLabWebhookHeaders)
      .addSuccess(Schema.Struct({ data: WebhookReceipt }))
      .annotate(OpenApi.Description, `A GitLab delivery, with the repository's webhook secret in X-Gitlab-Token. ${deliveryBody}`)
  )
  .pipe(ApiErrors.webhooks)
{}

/** A repository's webhook secret, shown once, and where its git host delivers (paths under this server). */
export class IssuedWebhookSecret extends Schema.Class<IssuedWebhookSecret>("IssuedWebhookSecret")({
  secret: Schema.String,
  githubPath: Schema.String,
  gitlabPath: Schema.String
}) {}

/** Admin: the secret the deliveries are authenticated with. */
export const createWebhookSecret = HttpApiEndpoint.post(
  "createWebhookSecret",
  "/admin/organizations/:provider/:remoteOrganizationName/repositories/:repositoryName/webhook-secret"
)
  .setPath(RepositoryParams)
  .addSuccess(Schema.Struct({ data: IssuedWebhookSecret }), { status: 201 })
  .annotate(
    OpenApi.Description,
    "Generates the repository's webhook secret, replacing any: GitHub signs its deliveries with it, GitLab sends it as X-Gitlab-Token. Kept as it is (an HMAC needs it), shown once."
  )
